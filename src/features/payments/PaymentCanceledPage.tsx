// /payment-canceled?booking_id=…: the client left the hosted checkout. Their hold is
// released at once, so the time is free again on every open booking page, and they can retry:
// 'Riprova la prenotazione' opens the booking page on the same length, day and time, with the notes
// they wrote. The notes come back from the released booking, which only its client may read, into
// this tab's storage under the psychic (where the booking page keeps them); never sent anywhere else.
import { useEffect, useRef } from "react";
import { Button, Card, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { ReloadIcon } from "@radix-ui/react-icons";
import { useMutation, useQuery } from "convex/react";
import { Link as RouterLink, useSearchParams } from "react-router-dom";
import { api } from "@convex/_generated/api";
import { ErrorBoundary } from "@/components/ErrorBoundary";
import { paths } from "@/lib/paths";
import { useViewer } from "@/lib/account/session";
import { notesKey } from "@/lib/browser/useSessionText";

export function PaymentCanceledPage() {
  const [params] = useSearchParams();
  const bookingId = params.get("booking_id");
  const viewer = useViewer();
  const isClient = viewer != null && viewer.accountType === "client" && !viewer.isAdmin;
  const ownBookingId = isClient ? bookingId : null;

  return (
    <Container size="2" px={{ initial: "4", sm: "5" }} py={{ initial: "6", sm: "8" }}>
      <Flex direction="column" gap="5">
        <Heading as="h1" size={{ initial: "7", sm: "8" }}>
          Pagamento annullato
        </Heading>
        <Card size="3">
          <Flex direction="column" gap="3">
            <Text as="p" size="3">
              Il pagamento non è stato completato e non ti è stato addebitato nulla.
            </Text>
            <Text as="p" color="gray">
              L'orario che avevi scelto non è più riservato per te. Puoi riprovare subito o scegliere un altro cartomante; per qualsiasi problema
              scrivici.
            </Text>
          </Flex>
        </Card>
        <Flex gap="3" wrap="wrap">
          {ownBookingId ? (
            // A booking id that is not the viewer's, or unknown, simply offers no retry link.
            <ErrorBoundary key={ownBookingId} fallback={null}>
              <ReleaseAndRetry bookingId={ownBookingId} />
            </ErrorBoundary>
          ) : null}
          <Button asChild size="3" variant="outline">
            <RouterLink to={paths.psychics}>Torna ai cartomanti</RouterLink>
          </Button>
          <Button asChild size="3" variant="outline" color="gray">
            <RouterLink to={paths.contact}>Contattaci</RouterLink>
          </Button>
        </Flex>
      </Flex>
    </Container>
  );
}

function ReleaseAndRetry({ bookingId }: { bookingId: string }) {
  const release = useMutation(api.holds.releaseMine);
  const booking = useQuery(api.bookings.getMine, { bookingId });
  const released = useRef(false);

  // Once: frees the hold now rather than when it would expire (a paid or other booking is left alone by the server).
  useEffect(() => {
    if (released.current) return;
    released.current = true;
    release({ bookingId }).catch(() => undefined);
  }, [release, bookingId]);

  if (!booking) return null;
  // Same psychic, same length, day and time (the retry goes to that booking's psychic; a time taken
  // meanwhile is unchosen there, with a note).
  const retry = `${paths.psychicBook(booking.psychicProfileId)}?${new URLSearchParams({
    duration: String(booking.durationMinutes),
    date: booking.scheduledDate,
    time: booking.scheduledTime,
  }).toString()}`;
  return (
    <Button asChild size="3">
      <RouterLink to={retry} onClick={() => keepNotes(booking.psychicProfileId, booking.notes)}>
        <ReloadIcon />
        Riprova la prenotazione
      </RouterLink>
    </Button>
  );
}

/** The booking page's notes for this psychic (`useSessionText`'s key), unless the tab already has newer ones. */
function keepNotes(psychicProfileId: string, notes: string | null): void {
  if (!notes) return;
  const key = notesKey(psychicProfileId);
  try {
    if (!window.sessionStorage.getItem(key)) window.sessionStorage.setItem(key, notes);
  } catch {
    // Storage refused (a private window's quota): the retry keeps the time, without the notes.
  }
}
