// /call/:bookingId — the consultation room (spec §2, "Call screen"; docs/product-rules.md, "Calls").
// The server decides who may enter and when; the page mirrors it: a countdown before the room opens
// (5 minutes early), the conference during the paid window, and a refusal afterwards.
import { Component, useEffect, type ReactNode } from "react";
import { Button, Callout, Card, Container, Flex, Heading, Spinner, Text } from "@radix-ui/themes";
import { ArrowLeftIcon, ExclamationTriangleIcon } from "@radix-ui/react-icons";
import { useQuery } from "convex/react";
import { Link as RouterLink, useNavigate, useParams } from "react-router-dom";
import { api } from "@convex/_generated/api";
import { errorCodeOf, errorMessage } from "@/lib/errors";
import { formatItalianDate } from "@/lib/format";
import { homePathFor } from "@/lib/paths";
import { limits } from "@/lib/rules";
import { useViewer } from "@/lib/session";
import { useNow } from "@/lib/useNow";
import { countdown, mmss, type Room } from "./callTypes";
import { ConferencePanel } from "./ConferencePanel";
import { useConference } from "./useConference";

export const ACCESS_DENIED = "Non hai accesso a questo consulto";
export const NO_LONGER_AVAILABLE = "Il consulto non è più disponibile";
const REDIRECT_AFTER_MS = 4_000;

/** The signed-in person's dashboard (the spec's /dashboard, each role's own). */
function useDashboardPath(): string {
  const viewer = useViewer();
  return viewer ? homePathFor(viewer) : "/dashboard";
}

export function CallPage() {
  const { bookingId = "" } = useParams();
  return (
    <Container size="2" px={{ initial: "4", sm: "5" }} py={{ initial: "5", sm: "7" }}>
      <RoomBoundary key={bookingId}>
        <CallRoom bookingId={bookingId} />
      </RoomBoundary>
    </Container>
  );
}

/** Catches the room query's refusal (not a party, not found, not confirmed, not voice) to explain it. */
class RoomBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  render() {
    return this.state.error === null ? this.props.children : <RoomRefused error={this.state.error} />;
  }
}

function RoomRefused({ error }: { error: unknown }) {
  const code = errorCodeOf(error);
  const message =
    code === "FORBIDDEN"
      ? ACCESS_DENIED
      : code === "NOT_FOUND"
        ? "Consulto non trovato."
        : errorMessage(error, "Impossibile caricare i dettagli del consulto.");
  return <LeaveWithMessage title="Accesso al consulto non riuscito" message={message} tone="red" />;
}

/** A message, then the dashboard after a few seconds (or at once with the button). */
function LeaveWithMessage({ title, message, tone }: { title: string; message: string; tone: "red" | "gray" }) {
  const dashboard = useDashboardPath();
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(dashboard, { replace: true }), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [dashboard, navigate]);
  return (
    <Flex direction="column" gap="4" py="6">
      <Heading as="h1" size="6">
        {title}
      </Heading>
      <Callout.Root color={tone} role="alert">
        <Callout.Icon>
          <ExclamationTriangleIcon />
        </Callout.Icon>
        <Callout.Text>{message}</Callout.Text>
      </Callout.Root>
      <Text color="gray" size="2">
        Tra pochi secondi torni alla dashboard.
      </Text>
      <Button asChild variant="soft" style={{ alignSelf: "start" }}>
        <RouterLink to={dashboard}>Vai alla dashboard</RouterLink>
      </Button>
    </Flex>
  );
}

function CallRoom({ bookingId }: { bookingId: string }) {
  const room = useQuery(api.calls.getRoom, { bookingId });
  if (room === undefined) {
    return (
      <Flex direction="column" gap="4">
        <Heading as="h1" size="7">
          Conferenza Audio
        </Heading>
        <Flex justify="center" py="9" role="status" aria-label="Caricamento del consulto">
          <Spinner size="3" />
        </Flex>
      </Flex>
    );
  }
  return <RoomScreen room={room} />;
}

function RoomScreen({ room }: { room: Room }) {
  const now = useNow(1000);
  const conference = useConference(room, now);
  const dashboard = useDashboardPath();
  const over = room.bookingStatus === "ended" || now >= room.endsAt;
  const before = now < room.opensAt;

  // 'Termina' or the end of the window after being in the call: 'Chiamata terminata', then home.
  if (conference.state === "ended" && conference.hadCall) {
    return <LeaveWithMessage title="Conferenza Audio" message="Chiamata terminata" tone="gray" />;
  }

  if (room.bookingStatus === "psychic_absent") {
    return (
      <LeaveWithMessage
        title="Conferenza Audio"
        message={
          room.party === "client"
            ? "Il cartomante non si è presentato: il consulto è annullato e ti rimborsiamo l'intero importo."
            : `Il consulto è stato annullato perché non sei entrato entro ${limits.psychicGrace} dall'inizio; il cliente è stato rimborsato.`
        }
        tone="red"
      />
    );
  }

  return (
    <Flex direction="column" gap="5">
      <Flex direction="column" gap="2">
        <Button asChild variant="ghost" size="2" style={{ alignSelf: "start" }}>
          <RouterLink to={dashboard}>
            <ArrowLeftIcon aria-hidden /> Torna alla dashboard
          </RouterLink>
        </Button>
        <Heading as="h1" size="7">
          Conferenza Audio
        </Heading>
        <Text color="gray">
          {formatItalianDate(room.scheduledDate)}, ore {room.scheduledTime}
        </Text>
        {!over && !before && (
          <Text aria-live="off">
            Tempo rimanente:{" "}
            <strong data-testid="remaining" style={{ fontVariantNumeric: "tabular-nums" }}>
              {mmss(Math.min((room.endsAt - now) / 1000, room.durationMinutes * 60))}
            </strong>
          </Text>
        )}
      </Flex>

      {over ? (
        <Callout.Root color="gray" role="status">
          <Callout.Text>{NO_LONGER_AVAILABLE}: il tempo del consulto è scaduto.</Callout.Text>
        </Callout.Root>
      ) : before ? (
        <Card size="3">
          <Flex direction="column" gap="2" role="timer" aria-label="Tempo all'apertura della stanza">
            <Heading as="h2" size="4">
              La stanza non è ancora aperta
            </Heading>
            <Text>
              Potrai entrare {limits.earlyAccess} prima dell'inizio per preparare l'audio. Apertura tra{" "}
              <strong>{countdown(room.opensAt - now)}</strong>.
            </Text>
          </Flex>
        </Card>
      ) : (
        <ConferencePanel room={room} conference={conference} />
      )}
    </Flex>
  );
}
