// A chat consultation's room (docs/product-rules.md, "Chat consultations"): the same page, window, presence
// and end as a call (RoomScreen.tsx), with the conversation instead of the audio. Opening the page inside the
// window is being in the room; the input closes for both at the end, and the conversation stays, for the
// client to read and download, and for the psychic for 30 days.
import { Component, useMemo, type ReactNode } from "react";
import { Button, Callout, Card, Flex, Heading, Text, VisuallyHidden } from "@radix-ui/themes";
import { useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { romeDateOf } from "@convex/framework/time";
import { roomLine } from "@convex/model/calls";
import { isTyping } from "@convex/model/chats";
import { NOTES_AND_CALLS_MONTHS } from "@convex/model/retention";
import { PageTitle } from "@/components/PageTitle";
import { useIsOffline } from "@/lib/browser/connection";
import { errorMessage } from "@/lib/text/errors";
import { formatItalianDate, formatMinutes } from "@/lib/text/format";
import { limits } from "@/lib/text/rules";
import { useNow } from "@/lib/time/useNow";
import { AfterTheCall } from "../AfterTheCall";
import { ClientNotes } from "../ClientNotes";
import { countdown, mmss, type Room } from "../callTypes";
import { END_WARNING, END_WARNING_SECONDS, remainingAnnouncement, roomLineText } from "../roomWords";
import { ChatComposer } from "./ChatComposer";
import { ChatConversation } from "./ChatConversation";
import { CHAT_CLOSED, transcriptFileName, transcriptText } from "./chatWords";
import { useChatOutbox } from "./useChatOutbox";
import { useChatPresence } from "./useChatPresence";
import { useMarkRead } from "./useMarkRead";
import "./chat.css";
import { saveFile } from "@/lib/browser/saveFile";

export function ChatRoomScreen({ room }: { room: Room }) {
  const now = useNow(1000);
  const names =
    room.party === "client" ? { self: room.client.name, other: room.psychic.name } : { self: room.psychic.name, other: room.client.name };
  const inWindow = room.bookingStatus === "confirmed" && now >= room.opensAt && now < room.endsAt;
  useChatPresence(room.bookingId, inWindow);
  const line = roomLine({ ...room, selfConnected: inWindow }, now);
  const secondsLeft = Math.ceil((room.endsAt - now) / 1000);
  const counting = now >= room.startsAt && line !== "ended";

  return (
    <Flex direction="column" gap="4">
      <PageTitle title={`Chat con ${names.other}`} />
      <Flex direction="column" gap="1">
        <Text size="2" weight="medium" color="gray">
          Consulto in chat
        </Text>
        <Heading as="h1" size={{ initial: "6", sm: "7" }}>
          Consulto con {names.other}
        </Heading>
        <Text color="gray" size="2">
          {formatItalianDate(room.scheduledDate)}, ore {room.scheduledTime} · {formatMinutes(room.durationMinutes)}
        </Text>
      </Flex>

      <Card size="1">
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Text as="p" weight="bold" role="status" data-testid="room-line">
            {roomLineText(line, names.other, "chat")}
          </Text>
          <ChatClock room={room} now={now} ended={line === "ended"} />
        </Flex>
        {counting && secondsLeft > 0 && secondsLeft <= END_WARNING_SECONDS && (
          <Callout.Root color="amber" mt="2" size="1" data-testid="end-warning">
            <Callout.Text>{END_WARNING}</Callout.Text>
          </Callout.Root>
        )}
        <VisuallyHidden>
          <span role="status" aria-live="polite" data-testid="time-announcer">
            {counting ? remainingAnnouncement(secondsLeft) : ""}
          </span>
        </VisuallyHidden>
      </Card>

      {line === "before" ? (
        <Text as="p" color="gray">
          La chat si apre {limits.earlyAccess} prima dell'inizio: potrai scrivere da qui.
        </Text>
      ) : (
        <ConversationBoundary>
          <Conversation room={room} names={names} open={line !== "ended"} now={now} />
        </ConversationBoundary>
      )}

      {line === "ended" && (
        <Card size="2">
          <AfterTheCall room={room} otherName={names.other} />
        </Card>
      )}

      {room.party === "psychic" && <ClientNotes room={room} />}
    </Flex>
  );
}

function ChatClock({ room, now, ended }: { room: Room; now: number; ended: boolean }) {
  if (ended) return null;
  if (now < room.opensAt) {
    return (
      <Text role="timer" aria-label="Tempo all'apertura della chat" style={{ fontVariantNumeric: "tabular-nums" }}>
        Apertura tra {countdown(room.opensAt - now)}
      </Text>
    );
  }
  const startsLater = now < room.startsAt;
  const seconds = startsLater ? (room.startsAt - now) / 1000 : Math.min((room.endsAt - now) / 1000, room.durationMinutes * 60);
  return (
    <Text role="timer" aria-live="off" data-testid="remaining" style={{ fontVariantNumeric: "tabular-nums" }}>
      {startsLater ? "Inizio tra " : "Tempo rimasto "}
      <strong>{mmss(seconds)}</strong>
    </Text>
  );
}

type Names = { self: string; other: string };

/** The live conversation while the window is open, the transcript after it. */
function Conversation({ room, names, open, now }: { room: Room; names: Names; open: boolean; now: number }) {
  const conversation = useQuery(api.chats.listMessages, { bookingId: room.bookingId });
  const offline = useIsOffline();
  const messages = useMemo(() => conversation?.messages ?? [], [conversation]);
  const stored = useMemo(() => new Set(messages.flatMap((message) => (message.clientMessageId ? [message.clientMessageId] : []))), [messages]);
  const outbox = useChatOutbox(room.bookingId, stored);
  useMarkRead(room.bookingId, messages);
  const otherTyping = open && isTyping(room.chat?.otherTypingAt ?? undefined, now);

  if (conversation === undefined) {
    return (
      <Text as="p" color="gray" role="status">
        Caricamento della conversazione…
      </Text>
    );
  }
  return (
    <Flex direction="column" gap="3" className="chat-room">
      <ChatConversation
        messages={messages}
        pending={outbox.pending}
        offline={offline}
        names={names}
        otherReadUpTo={room.chat?.otherReadUpTo ?? null}
        otherTyping={otherTyping}
        onRetry={open ? outbox.retry : undefined}
        onDiscard={outbox.discard}
        emptyText={open ? `Nessun messaggio ancora: scrivi a ${names.other} per iniziare.` : "In questo consulto non è stato scritto nessun messaggio."}
      />
      {open ? (
        <ChatComposer bookingId={room.bookingId} onSend={outbox.send} />
      ) : (
        <Flex direction="column" gap="2">
          <Callout.Root color="gray" size="1">
            <Callout.Text>{CHAT_CLOSED}</Callout.Text>
          </Callout.Root>
          <TranscriptActions room={room} messages={messages} readsUntil={conversation.psychicReadsUntil} />
        </Flex>
      )}
    </Flex>
  );
}

function TranscriptActions({
  room,
  messages,
  readsUntil,
}: {
  room: Room;
  messages: ReadonlyArray<{ mine: boolean; party: "client" | "psychic"; body: string; sentAt: number }>;
  readsUntil: number;
}) {
  const download = () => {
    const text = transcriptText(
      { psychicName: room.psychic.name, clientName: room.client.name, scheduledDate: room.scheduledDate, scheduledTime: room.scheduledTime },
      messages,
    );
    saveFile(transcriptFileName(room.psychic.name, room.scheduledDate), new Blob([text], { type: "text/plain;charset=utf-8" }));
  };
  return (
    <Flex direction="column" gap="1" align="start">
      {messages.length > 0 && (
        <Button variant="soft" onClick={download} style={{ minHeight: 44 }}>
          Scarica la conversazione
        </Button>
      )}
      <Text size="1" color="gray">
        {room.party === "client"
          ? `La conversazione resta nella tua dashboard finché hai l'account, per al massimo ${NOTES_AND_CALLS_MONTHS} mesi.`
          : `Puoi rileggere la conversazione fino a ${formatItalianDate(romeDateOf(readsUntil))}.`}
      </Text>
    </Flex>
  );
}

/** The psychic's 30 days are over (TRANSCRIPT_EXPIRED), or the conversation could not be read: said in place. */
class ConversationBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  render() {
    if (this.state.error === null) return this.props.children;
    return (
      <Callout.Root color="gray" role="alert">
        <Callout.Text>{errorMessage(this.state.error, "Impossibile caricare la conversazione.")}</Callout.Text>
      </Callout.Root>
    );
  }
}

