// The client's next consultation, first on the dashboard (on a phone it is the first screen): when, with
// whom, and the way into the room once it opens, or when it opens.
import { Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { EnterIcon } from "@radix-ui/react-icons";
import { Link as RouterLink } from "react-router-dom";
import { callOpensAt } from "@convex/model/calls";
import { romeDateOf } from "@convex/framework/time";
import { useNeedsConnection } from "@/components/NeedsConnection";
import { formatMinutes, formatRomeTime, formatShortDate } from "@/lib/text/format";
import { paths } from "@/lib/paths";
import { consultationTypeOf, consultationWords } from "@/lib/text/consultationTypes";
import type { ClientBooking } from "./ClientBookingRow";

/** The paid consultation that has not ended yet and starts first; undefined when there is none. */
export function nextConsultationOf(bookings: ClientBooking[], now: number): ClientBooking | undefined {
  return bookings.filter((booking) => booking.status === "confirmed" && booking.endsAt > now).sort((a, b) => a.startsAt - b.startsAt)[0];
}

/** "oggi alle 14:00", "domani alle 10:30", "gio 3 dic alle 10:30": a Rome date and time near `now`. */
function dayAndTime(date: string, time: string, now: number): string {
  const today = romeDateOf(now);
  const tomorrow = romeDateOf(Date.parse(`${today}T12:00:00Z`) + 24 * 3_600_000);
  const day = date === today ? "oggi" : date === tomorrow ? "domani" : formatShortDate(date);
  return `${day} alle ${time}`;
}

/** The way in and when it opens, in the words of the booking's type: the call's room, or the chat. */
const roomWords = {
  voice: { enter: "Entra nella stanza", opens: "La stanza si apre" },
  chat: { enter: "Entra nella chat", opens: "La chat si apre" },
} as const;

export function NextConsultation({ booking, now }: { booking: ClientBooking; now: number }) {
  const opensAt = callOpensAt(booking.startsAt);
  const room = roomWords[consultationTypeOf(booking)];
  const open = now >= opensAt;
  const connection = useNeedsConnection();
  const when = dayAndTime(booking.scheduledDate, booking.scheduledTime, now);
  return (
    <Card size="3" asChild>
      <section aria-labelledby="next-consultation-title">
        <Flex direction="column" gap="3">
          <Heading as="h2" size="5" id="next-consultation-title">
            Il tuo prossimo consulto
          </Heading>
          <Flex direction="column" gap="1">
            <Text size="6" weight="bold">
              {when.charAt(0).toLocaleUpperCase("it") + when.slice(1)}
            </Text>
            <Text color="gray">
              {consultationWords(booking)} con {booking.psychicName} · {formatMinutes(booking.durationMinutes)}
            </Text>
          </Flex>
          {open && connection.offline ? (
            <Flex direction="column" gap="2" align="start">
              <Button size="3" disabled aria-describedby={connection.describedBy}>
                <EnterIcon aria-hidden /> {room.enter}
              </Button>
              {connection.note}
            </Flex>
          ) : open ? (
            <Button asChild size="3" style={{ alignSelf: "start" }}>
              <RouterLink to={paths.call(booking.id)}>
                <EnterIcon aria-hidden /> {room.enter}
              </RouterLink>
            </Button>
          ) : (
            <Text as="p" size="2">
              {room.opens} {dayAndTime(romeDateOf(opensAt), formatRomeTime(opensAt), now)}.
            </Text>
          )}
        </Flex>
      </section>
    </Card>
  );
}
