// The session screen: who (both names and portraits), one state line true for both sides (the
// server's facts through model/calls.ts roomLine, with this page's clock), the time left in the paid
// window with a warning two minutes before its end (and the minutes left read out at 5, 2 and 1), the
// other party's microphone when off, the call's controls, the client's notes for the psychic, and at
// the end what comes next (AfterTheCall.tsx).
import { Avatar, Callout, Card, Flex, Heading, Text, VisuallyHidden } from "@radix-ui/themes";
import { roomLine, type RoomLine } from "@convex/model/calls";
import { PageTitle } from "@/components/PageTitle";
import { formatItalianDate, formatMinutes } from "@/lib/text/format";
import { limits } from "@/lib/text/rules";
import { useNow } from "@/lib/time/useNow";
import { AfterTheCall } from "./AfterTheCall";
import { CallControls } from "./CallControls";
import { ClientNotes } from "./ClientNotes";
import { countdown, mmss, type Room } from "./callTypes";
import { END_WARNING, END_WARNING_SECONDS, initialsOf, mutedLine, RECONNECTING, remainingAnnouncement, roomLineText, showsReconnecting } from "./roomWords";
import { useConference } from "./useConference";

export { useDashboardPath } from "./AfterTheCall";

const lineColor: Record<RoomLine, string> = {
  before: "var(--gray-11)",
  ended: "var(--gray-12)",
  in_call: "var(--green-11)",
  waiting_for_other: "var(--amber-11)",
  other_left: "var(--amber-11)",
  other_waiting: "var(--accent-11)",
  self_left: "var(--gray-11)",
  nobody_in: "var(--gray-11)",
};

export function RoomScreen({ room }: { room: Room }) {
  const now = useNow(1000);
  const conference = useConference(room, now);
  const otherName = room.party === "client" ? room.psychic.name : room.client.name;
  const selfConnected = conference.state === "connecting" || conference.state === "connected";
  const line = roomLine({ ...room, selfConnected }, now);
  const reconnecting = conference.state === "connected" && conference.audio === "reconnecting" && showsReconnecting(line, room.other);
  const open = line !== "before" && line !== "ended";
  const secondsLeft = Math.ceil((room.endsAt - now) / 1000);
  // The warning and the minutes read out count the paid window only, once it has started.
  const counting = now >= room.startsAt && !(room.settled && now < room.endsAt);
  const otherMuted = room.other.muted && (line === "in_call" || line === "other_waiting");

  return (
    <Flex direction="column" gap="5">
      <PageTitle title={`Consulto con ${otherName}`} />
      <Flex direction="column" gap="1">
        {/* The spec's name for the room, above whom it is with. */}
        <Text size="2" weight="medium" color="gray">
          Conferenza Audio
        </Text>
        <Heading as="h1" size="7">
          Consulto con {otherName}
        </Heading>
        <Text color="gray">
          {formatItalianDate(room.scheduledDate)}, ore {room.scheduledTime} · {formatMinutes(room.durationMinutes)}
        </Text>
      </Flex>

      <People room={room} />

      <Card size="3">
        <Flex direction="column" align="center" gap="3" style={{ textAlign: "center" }}>
          <Text
            as="p"
            size="5"
            weight="bold"
            role="status"
            aria-live="polite"
            data-testid="room-line"
            style={{ color: reconnecting ? "var(--amber-11)" : lineColor[line] }}
          >
            {reconnecting ? RECONNECTING : roomLineText(line, otherName)}
          </Text>
          {/* Always there, so a screen reader hears it change: the other party's microphone went off or on. */}
          <Text as="p" size="2" color="amber" role="status" data-testid="other-muted">
            {otherMuted ? mutedLine(otherName) : ""}
          </Text>
          {open && counting && secondsLeft <= END_WARNING_SECONDS && (
            <Callout.Root color="amber" data-testid="end-warning">
              <Callout.Text>{END_WARNING}</Callout.Text>
            </Callout.Root>
          )}
          <RoomClock room={room} line={line} now={now} />
          {/* The minutes left, read out at 5, 2 and 1 minutes and at the end, never every second. */}
          <VisuallyHidden>
            <span role="status" aria-live="polite" data-testid="time-announcer">
              {counting ? remainingAnnouncement(secondsLeft) : ""}
            </span>
          </VisuallyHidden>
          {line === "ended" ? (
            <AfterTheCall room={room} otherName={otherName} />
          ) : line !== "before" ? (
            <CallControls room={room} conference={conference} otherName={otherName} />
          ) : null}
        </Flex>
      </Card>

      {room.party === "psychic" && <ClientNotes room={room} />}
    </Flex>
  );
}

/** Both people: the psychic's photo (or initial) and the client's initials, each with their name. */
function People({ room }: { room: Room }) {
  const people = [
    { role: "Cartomante", name: room.psychic.name, photoUrl: room.psychic.photoUrl },
    { role: "Cliente", name: room.client.name, photoUrl: null },
  ];
  return (
    <Flex asChild justify="center" gap={{ initial: "5", sm: "8" }} wrap="wrap" m="0" p="0" style={{ listStyle: "none" }}>
      <ul aria-label="Partecipanti al consulto">
        {people.map((person) => (
          <Flex asChild key={person.role} direction="column" align="center" gap="2" style={{ minWidth: 0, maxWidth: 180 }}>
            <li>
              <Avatar size="7" radius="full" src={person.photoUrl ?? undefined} fallback={initialsOf(person.name)} alt="" aria-hidden />
              <Text weight="bold" align="center" style={{ overflowWrap: "anywhere" }}>
                {person.name}
              </Text>
              <Text size="2" color="gray">
                {person.role}
              </Text>
            </li>
          </Flex>
        ))}
      </ul>
    </Flex>
  );
}

/** Before the room opens: the countdown to it. Inside the window: the time to the start, then the time left. */
function RoomClock({ room, line, now }: { room: Room; line: RoomLine; now: number }) {
  if (line === "ended") return null;
  if (line === "before") {
    return (
      <Flex direction="column" gap="1" role="timer" aria-label="Tempo all'apertura della stanza">
        <Text size="6" weight="bold" style={{ fontVariantNumeric: "tabular-nums" }}>
          Apertura tra {countdown(room.opensAt - now)}
        </Text>
        <Text size="2" color="gray">
          Potrai entrare {limits.earlyAccess} prima dell'inizio per preparare l'audio.
        </Text>
      </Flex>
    );
  }
  const startsLater = now < room.startsAt;
  const seconds = startsLater ? (room.startsAt - now) / 1000 : Math.min((room.endsAt - now) / 1000, room.durationMinutes * 60);
  return (
    <Flex direction="column" align="center" gap="0">
      <Text size="2" color="gray" id="orologio-consulto">
        {startsLater ? "Inizio tra" : "Tempo rimasto"}
      </Text>
      <Text
        size="9"
        weight="bold"
        role="timer"
        aria-labelledby="orologio-consulto"
        aria-live="off"
        data-testid="remaining"
        style={{ fontVariantNumeric: "tabular-nums", lineHeight: 1.1 }}
      >
        {mmss(seconds)}
      </Text>
    </Flex>
  );
}
