// /call/:bookingId — the consultation room (spec §2, "Call screen"; docs/product-rules.md, "Calls"),
// on a page of its own (app/layout/FocusedLayout). The server decides who may enter and when; this
// file loads the room and explains a refusal; RoomScreen.tsx is the room itself.
import { Component, useEffect, type ReactNode } from "react";
import { Button, Callout, Container, Flex, Heading, Spinner, Text } from "@radix-ui/themes";
import { ExclamationTriangleIcon } from "@radix-ui/react-icons";
import { useQuery } from "convex/react";
import { Link as RouterLink, useNavigate, useParams } from "react-router-dom";
import { api } from "@convex/_generated/api";
import { errorCodeOf, errorMessage } from "@/lib/text/errors";
import { PageTitle } from "@/components/PageTitle";
import { RoomScreen, useDashboardPath } from "./RoomScreen";
import { ChatRoomScreen } from "./chat/ChatRoomScreen";

export const ACCESS_DENIED = "Non hai accesso a questo consulto";
const REDIRECT_AFTER_MS = 4_000;

export function CallPage() {
  const { bookingId = "" } = useParams();
  return (
    <Container size="2" px={{ initial: "4", sm: "5" }} pt={{ initial: "2", sm: "4" }} pb={{ initial: "6", sm: "8" }}>
      <RoomBoundary key={bookingId}>
        <CallRoom bookingId={bookingId} />
      </RoomBoundary>
    </Container>
  );
}

/** Catches the room query's refusal (not a party, not found, not confirmed) to explain it. */
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
      <PageTitle title={title} />
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
        <PageTitle title="Consulto" />
        <Heading as="h1" size="7">
          Consulto
        </Heading>
        <Flex justify="center" py="9" role="status" aria-label="Caricamento del consulto">
          <Spinner size="3" />
        </Flex>
      </Flex>
    );
  }
  // A chat shows the conversation instead of the audio; the window, presence and end are the same.
  return room.consultationType === "chat" ? <ChatRoomScreen room={room} /> : <RoomScreen room={room} />;
}
