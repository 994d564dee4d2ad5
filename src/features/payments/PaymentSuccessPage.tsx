// /payment-success?session_id=…: the paid booking, flipping live from 'Pagamento in corso'
// to 'Confermato' when the payment is fulfilled, by the webhook or by the check this page asks for.
import { useEffect, useRef, useState } from "react";
import { Button, Callout, Card, Container, Flex, Heading, Skeleton, Text } from "@radix-ui/themes";
import { CalendarIcon, CheckCircledIcon, ExclamationTriangleIcon, SpeakerLoudIcon } from "@radix-ui/react-icons";
import { useAction, useQuery } from "convex/react";
import { Link as RouterLink, useSearchParams } from "react-router-dom";
import { api } from "@convex/_generated/api";
import type { ConsultationType } from "@convex/framework/validators";
import { ErrorBoundary } from "@/components/ErrorBoundary";
import { RefundTerms } from "@/components/booking/RefundTerms";
import { toast } from "@/components/toast";
import { bookingStates, clientRefundNotes } from "@/lib/text/states";
import { paths } from "@/lib/paths";
import { limits } from "@/lib/text/rules";
import { useNow } from "@/lib/time/useNow";
import { BookingFacts } from "./BookingFacts";
import { saveFile } from "@/lib/browser/saveFile";

/** The message when a paid session cannot be found for the viewer. */
export const DETAILS_NOT_FOUND = "Non è stato possibile recuperare i dettagli del consulto.";

export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get("session_id");
  return (
    <Container size="2" px={{ initial: "4", sm: "5" }} py={{ initial: "6", sm: "8" }}>
      {sessionId ? (
        <ErrorBoundary key={sessionId} fallback={<DetailsNotFound />}>
          <PaidBooking sessionId={sessionId} />
        </ErrorBoundary>
      ) : (
        <DetailsNotFound />
      )}
    </Container>
  );
}

function PaidBooking({ sessionId }: { sessionId: string }) {
  const confirm = useAction(api.payments.confirmFromSuccessPage);
  const booking = useQuery(api.bookings.getMineByCheckoutSession, { sessionId });
  const [confirming, setConfirming] = useState(true);
  const asked = useRef(false);

  // Once per page: ask the server to check the session with Stripe, in case the webhook is late.
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    confirm({ sessionId })
      .catch(() => undefined)
      .finally(() => setConfirming(false));
  }, [confirm, sessionId]);

  if (booking === null && !confirming) return <DetailsNotFound />;
  if (!booking) {
    // The page's own shape at once, the facts filling in: never a lone spinner on a blank page.
    return (
      <Flex direction="column" gap="5" role="status" aria-label="Verifica del pagamento" aria-busy="true">
        <Flex direction="column" gap="2">
          <Heading as="h1" size={{ initial: "7", sm: "8" }}>
            Stiamo verificando il pagamento
          </Heading>
          <Text as="p" size="3" color="gray">
            Un istante: controlliamo con Stripe che il pagamento sia arrivato.
          </Text>
        </Flex>
        <Card size="3">
          <Flex direction="column" gap="3">
            <Skeleton height="24px" width="40%" />
            <Skeleton height="18px" width="70%" />
            <Skeleton height="18px" width="55%" />
            <Skeleton height="18px" width="30%" />
          </Flex>
        </Card>
      </Flex>
    );
  }

  const state = booking.payment;
  const refunded = state === "cancelled" && booking.refundStatus !== null;
  return (
    <Flex direction="column" gap="5">
      <Flex direction="column" gap="2">
        <Heading as="h1" size={{ initial: "7", sm: "8" }}>
          {state === "confirmed"
            ? "Pagamento completato"
            : state === "awaiting_payment"
              ? "Stiamo confermando il pagamento"
              : "Consulto non confermato"}
        </Heading>
        <Text as="p" size="3" color="gray">
          {state === "confirmed"
            ? "Grazie! Il tuo consulto è prenotato."
            : state === "awaiting_payment"
              ? "Il pagamento è stato ricevuto dal circuito della carta: la conferma arriva in pochi istanti e questa pagina si aggiorna da sola."
              : refunded
                ? booking.refund === "refund_failed"
                  ? `Il pagamento è arrivato quando l'orario non era più disponibile. ${clientRefundNotes.refund_failed}`
                  : `Il pagamento è arrivato quando l'orario non era più disponibile: ti rimborsiamo l'intero importo. I rimborsi arrivano sulla carta in ${limits.refundArrival}.`
                : "Questo consulto non risulta pagato."}
        </Text>
      </Flex>
      <Card size="3">
        <BookingFacts booking={booking} badge={bookingStates[state]} />
      </Card>
      {state === "confirmed" ? <NextSteps booking={booking} /> : null}
      <Flex gap="3" wrap="wrap">
        <Button asChild size="3">
          <RouterLink to={paths.dashboard}>Vai alla dashboard</RouterLink>
        </Button>
        <Button asChild size="3" variant="outline">
          <RouterLink to={paths.psychics}>Scopri altri cartomanti</RouterLink>
        </Button>
      </Flex>
    </Flex>
  );
}

type PaidSummary = {
  id: string;
  psychicName: string;
  consultationType: ConsultationType;
  scheduledDate: string;
  scheduledTime: string;
  startsAt: number;
  endsAt: number;
  durationMinutes: number;
  priceCents: number;
  rescheduleCount: number;
};

/**
 * The calendar file, the same invitation the confirmation email attaches (convex/email/bookingEmails.ts),
 * built here on request: its builder loads only when asked for.
 */
async function downloadInvitation(booking: PaidSummary) {
  const { bookingInvitation } = await import("@convex/email/bookingEmails");
  const invitation = bookingInvitation({
    ...booking,
    bookingId: booking.id,
    clientName: "",
    siteUrl: window.location.origin,
    sequence: booking.rescheduleCount,
  });
  saveFile(invitation.filename, new Blob([invitation.content], { type: "text/calendar;charset=utf-8" }));
}

/** Where the consultation happens, as the confirmation email words it: the call's page, or the chat's. */
const roomPage = { voice: "La pagina della chiamata", chat: "La pagina della chat" } as const satisfies Record<ConsultationType, string>;

function NextSteps({ booking }: { booking: PaidSummary }) {
  // The terms as they stand now: a page left open past a deadline drops that line.
  const now = useNow();
  // A chat needs no microphone: its page is only for writing.
  const voice = booking.consultationType === "voice";
  return (
    <Card size="3" asChild>
      <section aria-labelledby="next-steps-title">
        <Heading as="h2" size="4" mb="3" id="next-steps-title">
          Prossimi passi
        </Heading>
        <Flex direction="column" gap="4">
          <Flex direction="column" gap="2" asChild>
            <ul style={{ margin: 0, paddingLeft: "var(--space-5)" }}>
              <li>
                <Text>
                  {roomPage[booking.consultationType]} si apre {limits.earlyAccess} prima dell'inizio: la trovi nella tua dashboard.
                </Text>
              </li>
              <li>
                <Text>Ti stiamo inviando un'email di conferma con l'invito per il calendario.</Text>
              </li>
            </ul>
          </Flex>
          <Flex gap="3" wrap="wrap">
            <Button
              size="2"
              variant="soft"
              onClick={() => void downloadInvitation(booking).catch(() => toast.error("Impossibile preparare il file del calendario. Riprova."))}
            >
              <CalendarIcon aria-hidden /> Aggiungi al calendario (.ics)
            </Button>
            {voice ? (
              <Button asChild size="2" variant="soft">
                {/* The call's own device check ('Prepara audio'), the one used before entering. */}
                <RouterLink to={paths.call(booking.id)} aria-describedby="mic-test-note">
                  <SpeakerLoudIcon aria-hidden /> Prova il microfono
                </RouterLink>
              </Button>
            ) : null}
          </Flex>
          {voice ? (
            <Text as="p" size="2" color="gray" id="mic-test-note">
              «Prepara audio», nella pagina della chiamata, apre il microfono e ne mostra il livello, dal browser e senza installare nulla
              (da {limits.earlyAccess} prima dell'inizio).
            </Text>
          ) : null}
          <Flex direction="column" gap="2" asChild>
            <section aria-labelledby="refund-terms-title">
              <Heading as="h3" size="3" id="refund-terms-title">
                Se devi annullare
              </Heading>
              <RefundTerms booking={booking} now={now} label="Condizioni di annullamento di questo consulto" />
            </section>
          </Flex>
        </Flex>
      </section>
    </Card>
  );
}

function DetailsNotFound() {
  return (
    <Flex direction="column" gap="4">
      <Heading as="h1" size={{ initial: "7", sm: "8" }}>
        Riepilogo del pagamento
      </Heading>
      <Callout.Root color="red" role="alert">
        <Callout.Icon>
          <ExclamationTriangleIcon />
        </Callout.Icon>
        <Callout.Text>{DETAILS_NOT_FOUND}</Callout.Text>
      </Callout.Root>
      <Text as="p" color="gray">
        Se hai completato un pagamento, il consulto compare nella tua dashboard appena è confermato.
      </Text>
      <Flex gap="3" wrap="wrap">
        <Button asChild>
          <RouterLink to={paths.dashboard}>
            <CheckCircledIcon />
            Vai alla dashboard
          </RouterLink>
        </Button>
        <Button asChild variant="outline">
          <RouterLink to={paths.psychics}>Scopri altri cartomanti</RouterLink>
        </Button>
      </Flex>
    </Flex>
  );
}
