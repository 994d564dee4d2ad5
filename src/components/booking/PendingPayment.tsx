// A client's own payment hold, shown as theirs (docs/product-rules.md, "Slots and holds"): on the booking
// page and at the top of the dashboard, 'Hai un pagamento in sospeso per le 09:30' with the way back to
// the hosted checkout and 'Cambia orario', which releases the hold at once on the server, so the time is
// free again for everyone (the client included) without waiting for the hold to end.
import { useState } from "react";
import { Button, Callout, Flex, Text } from "@radix-ui/themes";
import { ClockIcon, ExternalLinkIcon } from "@radix-ui/react-icons";
import { HOLD_MARGIN_MINUTES } from "@convex/model/bookings";
import { useNeedsConnection } from "@/components/NeedsConnection";
import { toast } from "@/components/toast";
import { consultationWords } from "@/lib/text/consultationTypes";
import { errorMessage } from "@/lib/text/errors";
import { formatCents, formatItalianDate, formatMinutes, formatRomeTime } from "@/lib/text/format";
import { useReleaseHold, type LiveHold } from "@/lib/client/holds";

const pendingPaymentMessages = {
  releaseFailed: "Impossibile liberare l'orario. Riprova.",
  released: "Orario liberato: scegli quello che preferisci.",
} as const;

/** 'Hai un pagamento in sospeso per le 09:30', with the date when it is not today's. */
function pendingPaymentTitle(hold: Pick<LiveHold, "scheduledDate" | "scheduledTime">, today: string): string {
  return hold.scheduledDate === today
    ? `Hai un pagamento in sospeso per le ${hold.scheduledTime}`
    : `Hai un pagamento in sospeso per ${formatItalianDate(hold.scheduledDate)} alle ${hold.scheduledTime}`;
}

type Props = {
  hold: LiveHold;
  /** Today's Rome date: today's hold says only its time. */
  today: string;
  /** After the server released it ('Cambia orario'): the page shows the freed times. */
  onReleased?: (hold: LiveHold) => void;
};

export function PendingPayment({ hold, today, onReleased }: Props) {
  const release = useReleaseHold();
  const [releasing, setReleasing] = useState(false);
  // Paying is never started offline: the button waits, disabled, and says why.
  const connection = useNeedsConnection();
  const title = pendingPaymentTitle(hold, today);
  // The Checkout Session ends a little before the hold (model/bookings.ts, HOLD_MARGIN_MINUTES).
  const payableUntil = formatRomeTime(hold.holdExpiresAt - HOLD_MARGIN_MINUTES * 60_000);
  const what = `${hold.psychicName}, ${formatItalianDate(hold.scheduledDate)} alle ${hold.scheduledTime}`;
  // "Selene · Consulto in chat · 30 minuti · 50,00 €"
  const facts = [hold.psychicName, consultationWords(hold), formatMinutes(hold.durationMinutes), formatCents(hold.priceCents)].join(" · ");

  const changeTime = async () => {
    setReleasing(true);
    try {
      await release({ bookingId: hold.id });
      toast.success(pendingPaymentMessages.released);
      onReleased?.(hold);
    } catch (error) {
      toast.error(errorMessage(error, pendingPaymentMessages.releaseFailed));
      setReleasing(false);
    }
  };

  return (
    <Callout.Root color="amber" variant="surface" size="2">
      <Callout.Icon>
        <ClockIcon />
      </Callout.Icon>
      <Flex direction="column" gap="3">
        <Flex direction="column" gap="1">
          <Text as="p" weight="bold" size="3">
            {title}
          </Text>
          <Text as="p" size="2">
            {facts}. L'orario è riservato per te fino alle {payableUntil}: completa il pagamento o scegline un altro.
          </Text>
        </Flex>
        <Flex gap="2" wrap="wrap">
          {connection.offline ? (
            <Button size="3" style={{ minHeight: 44 }} disabled aria-describedby={connection.describedBy}>
              Completa il pagamento
            </Button>
          ) : (
            <Button asChild size="3" style={{ minHeight: 44 }}>
              <a href={hold.checkoutUrl} aria-label={`Completa il pagamento: ${what}`}>
                Completa il pagamento
                <ExternalLinkIcon aria-hidden />
              </a>
            </Button>
          )}
          <Button
            size="3"
            variant="soft"
            color="gray"
            style={{ minHeight: 44 }}
            loading={releasing}
            onClick={() => void changeTime()}
            aria-label={`Cambia orario: libera ${what}`}
          >
            Cambia orario
          </Button>
        </Flex>
        {connection.note}
      </Flex>
    </Callout.Root>
  );
}
