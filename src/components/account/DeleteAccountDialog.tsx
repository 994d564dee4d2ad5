import { useState } from "react";
import { AlertDialog, Button, Flex, Text } from "@radix-ui/themes";
import { TrashIcon } from "@radix-ui/react-icons";
import { useNeedsConnection } from "@/components/NeedsConnection";
import { FISCAL_RECORD_YEARS } from "@convex/model/fiscal";
import { deletionText } from "@/lib/text/refundPromises";

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const deleteAccountDialogText = {
  title: "Sei sicuro?",
  description: "Questa azione non può essere annullata. Il tuo account e tutti i dati associati verranno eliminati definitivamente.",
  // docs/product-rules.md, "Accounts": what happens to consultations still to come, for each side, worded from
  // the rule the deletion applies (src/lib/text/refundPromises.ts).
  bookings: {
    client: `${capitalized(deletionText("client", "you"))}. Le scadenze e gli importi di ogni consulto sono nella tua dashboard. Il cartomante sarà avvisato via email.`,
    psychic: `${capitalized(deletionText("psychic", "you"))}, che saranno avvisati via email; per quei consulti non ricevi alcun compenso.`,
  },
  // docs/product-rules.md, "Accounts": DAC7 (D.Lgs. 32/2023) requires a paid psychic's fiscal data for 10 years, and
  // "Fiscal documents": receipts and invoices issued are fiscal records, kept as issued.
  fiscal: {
    client: "Le ricevute e le note di credito dei tuoi consulti restano conservate come documenti fiscali, come prevede la legge.",
    psychic:
      `Se hai ricevuto compensi, per obbligo di legge nome e cognome, codice fiscale, data di nascita, indirizzo e IBAN restano conservati a parte, solo per la comunicazione DAC7 all'Agenzia delle Entrate, per ${FISCAL_RECORD_YEARS} anni dalla fine dell'ultimo anno in cui hai ricevuto compensi; poi vengono cancellati. Le ricevute emesse a tuo nome ai clienti e le fatture di Arcano restano conservate come documenti fiscali.`,
  },
} as const;

/**
 * The delete button and its confirmation. The dialog stays open while the deletion runs, and
 * again if it fails, so a second click is never needed to see what happened.
 */
export function DeleteAccountDialog({ onConfirm, audience }: { onConfirm: () => Promise<boolean>; audience: "client" | "psychic" }) {
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // Deleting an account is never queued offline: it must happen while the person watches, or not at all.
  const connection = useNeedsConnection();

  const confirm = async () => {
    setDeleting(true);
    const deleted = await onConfirm();
    setDeleting(false);
    if (deleted) setOpen(false);
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (deleting ? undefined : setOpen(next))}>
      <AlertDialog.Trigger>
        <Button color="red" variant="soft" disabled={connection.offline} aria-describedby={connection.describedBy}>
          <TrashIcon />
          Elimina account
        </Button>
      </AlertDialog.Trigger>
      {connection.note}
      <AlertDialog.Content maxWidth="460px">
        <AlertDialog.Title>{deleteAccountDialogText.title}</AlertDialog.Title>
        <AlertDialog.Description size="2">{deleteAccountDialogText.description}</AlertDialog.Description>
        <Text as="p" size="2" color="gray" mt="2">
          {deleteAccountDialogText.bookings[audience]}
        </Text>
        {deleteAccountDialogText.fiscal[audience] ? (
          <Text as="p" size="2" color="gray" mt="2">
            {deleteAccountDialogText.fiscal[audience]}
          </Text>
        ) : null}
        <Flex gap="3" mt="4" justify="end" wrap="wrap">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray" disabled={deleting}>
              Indietro
            </Button>
          </AlertDialog.Cancel>
          <Button color="red" highContrast disabled={deleting || connection.offline} onClick={() => void confirm()}>
            {deleting ? "Eliminazione..." : "Elimina definitivamente"}
          </Button>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
