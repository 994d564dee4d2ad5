// Consent at checkout (docs/product-rules.md, "Consent at checkout"): before paying, the client asks for
// the consultation on the chosen date and acknowledges the cancellation terms (Codice del Consumo,
// art. 59). 'Paga e prenota' stays disabled until the box is ticked, and says why; the server refuses
// a checkout without it too.
import { Checkbox, Flex, Link, Text } from "@radix-ui/themes";
import { paths } from "@/lib/paths";
import { PAY_BLOCKER_TARGET } from "./payBlocker";

/** Why 'Paga e prenota' waits, while the box is not ticked. */
const CONSENT_NEEDED_HINT = "Per pagare spunta la casella qui sopra: è la tua richiesta esplicita del consulto in quella data.";

type Props = {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The hint's id, so the pay button can point at it (aria-describedby). */
  hintId: string;
  disabled?: boolean;
};

export function CheckoutConsent({ checked, onChange, hintId, disabled = false }: Props) {
  return (
    <Flex direction="column" gap="2">
      <Text as="label" size="2">
        <Flex gap="2" align="start">
          <Checkbox id={PAY_BLOCKER_TARGET.consent} mt="1" size="3" checked={checked} disabled={disabled} onCheckedChange={(value) => onChange(value === true)} />
          <span>
            Chiedo che il consulto si svolga nella data e all'ora scelte e dichiaro di aver letto le{" "}
            <Link href={paths.terms} target="_blank" rel="noopener">
              condizioni di cancellazione e rimborso
            </Link>
            : trattandosi di un servizio prenotato per una data precisa, non si applica il diritto di recesso di 14 giorni (art. 59 del Codice del
            Consumo).
          </span>
        </Flex>
      </Text>
      {checked ? null : (
        <Text as="p" size="1" color="gray" id={hintId}>
          {CONSENT_NEEDED_HINT}
        </Text>
      )}
    </Flex>
  );
}
