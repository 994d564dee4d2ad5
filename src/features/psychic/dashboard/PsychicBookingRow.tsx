import { Badge, Button, Card, Flex, Text } from "@radix-ui/themes";
import { Link as RouterLink } from "react-router-dom";
import type { FunctionReturnType } from "convex/server";
import type { api } from "@convex/_generated/api";
import { useNeedsConnection } from "@/components/NeedsConnection";
import { formatCents, formatItalianDate, formatMinutes } from "@/lib/text/format";
import { paths } from "@/lib/paths";
import { bookingStates } from "@/lib/text/states";
import { consultationTypeOf, consultationWords } from "@/lib/text/consultationTypes";
import { isPastChat, joinWords, ReadConversationLink } from "@/components/booking/ConsultationLinks";
import { CancelByPsychicDialog } from "./CancelByPsychicDialog";

type PsychicBooking = FunctionReturnType<typeof api.bookings.listForPsychic>["today"][number];

/** "Spostato dal cliente", "Spostato 2 volte dal cliente"; null for a booking never moved. */
function movedLabel(rescheduleCount: number): string | null {
  if (rescheduleCount <= 0) return null;
  return rescheduleCount === 1 ? "Spostato dal cliente" : `Spostato ${rescheduleCount} volte dal cliente`;
}

/**
 * One of today's or the next consultations: when, who, what, the client's notes; the way into the
 * call today; and cancelling it while it has not started.
 */
export function PsychicBookingRow({ booking, now, today = false }: { booking: PsychicBooking; now: number; today?: boolean }) {
  const state = booking.state;
  const over = state !== "upcoming" && state !== "live";
  const moved = movedLabel(booking.rescheduleCount);
  const canCancel = booking.cancellableUntil !== null && now < booking.cancellableUntil;
  const canJoin = today && !over;
  const join = joinWords[consultationTypeOf(booking)];
  const withWhom = `con ${booking.clientName}`;
  // Joining and cancelling are never queued offline: disabled, with one note saying why.
  const connection = useNeedsConnection();
  return (
    <li>
      <Card size="2">
        <Flex direction="column" gap="2">
          <Flex justify="between" align="center" gap="3" wrap="wrap">
            <Flex direction="column" gap="1">
              <Text weight="bold">
                {today ? "" : `${formatItalianDate(booking.scheduledDate)}, `}
                {booking.scheduledTime} · {booking.clientName}
              </Text>
              <Text size="2" color="gray">
                {consultationWords(booking)} · {formatMinutes(booking.durationMinutes)} · {formatCents(booking.priceCents)}
              </Text>
            </Flex>
            <Flex align="center" gap="2" wrap="wrap">
              {moved ? (
                <Badge color="blue" variant="soft" highContrast>
                  {moved}
                </Badge>
              ) : null}
              {/* Those to come need no badge: the list says so. */}
              {state === "upcoming" ? null : (
                <Badge color={bookingStates[state].color} highContrast>
                  {bookingStates[state].label}
                </Badge>
              )}
              {canJoin && connection.offline ? (
                <Button size="2" disabled aria-describedby={connection.describedBy}>
                  {join.text}
                </Button>
              ) : canJoin ? (
                <Button asChild size="2">
                  <RouterLink to={paths.call(booking.id)} aria-label={join.name(`${withWhom} delle ${booking.scheduledTime}`)}>
                    {join.text}
                  </RouterLink>
                </Button>
              ) : null}
              {isPastChat(booking, now) ? (
                <ReadConversationLink
                  bookingId={booking.id}
                  about={`${withWhom} del ${formatItalianDate(booking.scheduledDate)} alle ${booking.scheduledTime}`}
                />
              ) : null}
              {canCancel ? (
                <CancelByPsychicDialog
                  bookingId={booking.id}
                  clientName={booking.clientName}
                  when={`${formatItalianDate(booking.scheduledDate)} alle ${booking.scheduledTime}`}
                  priceCents={booking.priceCents}
                  connection={connection}
                />
              ) : null}
              {canJoin || canCancel ? connection.note : null}
            </Flex>
          </Flex>
          {booking.notes ? (
            <Text as="p" size="2" style={{ whiteSpace: "pre-line" }}>
              <Text weight="medium">Note del cliente: </Text>
              {booking.notes}
            </Text>
          ) : null}
        </Flex>
      </Card>
    </li>
  );
}
