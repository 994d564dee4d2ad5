import { Badge, Button, Card, Flex, Link, Text } from "@radix-ui/themes";
import { ExternalLinkIcon } from "@radix-ui/react-icons";
import type { FunctionReturnType } from "convex/server";
import { Link as RouterLink } from "react-router-dom";
import type { api } from "@convex/_generated/api";
import { clientBookingBadge, refundLabel } from "@/lib/bookingStatus";
import { formatCents, formatItalianDate, formatMinutes, formatRomeDate } from "@/lib/format";
import { paths } from "@/lib/paths";
import { CancelBookingDialog } from "./CancelBookingDialog";

export type ClientBooking = FunctionReturnType<typeof api.bookings.listMine>["bookings"][number];

type Props = {
  booking: ClientBooking;
  now: number;
  /** Today's list offers the way into the call; the others do not. */
  showJoin?: boolean;
  /** Today's list leaves out the date. */
  showDate?: boolean;
  /** Where a confirmed consultation can be cancelled or moved (the upcoming lists). */
  showChanges?: boolean;
};

/** The refund of a cancelled consultation: on its way, or arrived, with its amount when partial. */
function refundNote(booking: ClientBooking): string | null {
  if (booking.status !== "cancelled") return null;
  const label = refundLabel(booking.refundStatus);
  if (label === null) return booking.cancelledBy === "client" ? "Nessun rimborso" : null;
  const partial = booking.refundCents !== null && booking.refundCents < booking.priceCents;
  const amount = partial ? ` (${formatCents(booking.refundCents!)})` : "";
  if (label === "Rimborsato" && booking.refundedAt !== null) return `Rimborsato il ${formatRomeDate(booking.refundedAt)}${amount}`;
  return `${label}${amount}`;
}

/** The booking page in its "move" mode, for the same psychic and duration. */
export function reschedulePath(booking: ClientBooking): string {
  return `${paths.psychicBook(booking.psychicProfileId)}?reschedule=${booking.id}&duration=${booking.durationMinutes}`;
}

/** One consultation as its client sees it: when, with whom, its state and what they can do next. */
export function ClientBookingRow({ booking, now, showJoin = false, showDate = true, showChanges = false }: Props) {
  const badge = clientBookingBadge(booking, now);
  const refund = refundNote(booking);
  const when = `${formatItalianDate(booking.scheduledDate)} alle ${booking.scheduledTime}`;
  const cancellable = showChanges && booking.status === "confirmed" && booking.cancellableUntil !== null && booking.cancellableUntil > now;
  const movable = showChanges && booking.reschedulableUntil !== null && booking.reschedulableUntil >= now;
  const moved = booking.rescheduleCount === 1 ? " · spostato una volta" : booking.rescheduleCount > 1 ? ` · spostato ${booking.rescheduleCount} volte` : "";
  const payable = badge.label === "Pagamento in corso" && booking.checkoutUrl !== null;
  const canJoin = showJoin && booking.status === "confirmed" && booking.endsAt > now;
  return (
    <li>
      <Card size="2">
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Flex direction="column" gap="1">
            <Text weight="bold">
              {showDate ? `${formatItalianDate(booking.scheduledDate)}, ` : ""}
              {booking.scheduledTime}
            </Text>
            <Text size="2" color="gray">
              {booking.psychicName} · {formatMinutes(booking.durationMinutes)} · {formatCents(booking.priceCents)}
              {moved}
            </Text>
          </Flex>
          <Flex align="center" gap="2" wrap="wrap">
            <Badge color={badge.color}>{badge.label}</Badge>
            {refund ? (
              <Badge color={refund.startsWith("Rimborsato") ? "green" : refund === "Nessun rimborso" ? "gray" : "amber"}>
                {refund}
              </Badge>
            ) : null}
            {payable ? (
              <Link href={booking.checkoutUrl!} size="2" weight="medium">
                Completa il pagamento <ExternalLinkIcon aria-hidden />
              </Link>
            ) : null}
            {canJoin ? (
              <Button asChild size="2">
                <RouterLink
                  to={paths.call(booking.id)}
                  aria-label={`Entra nel consulto con ${booking.psychicName} delle ${booking.scheduledTime}`}
                >
                  Entra
                </RouterLink>
              </Button>
            ) : null}
            {movable ? (
              <Button asChild size="2" variant="soft">
                <RouterLink to={reschedulePath(booking)} aria-label={`Sposta il consulto con ${booking.psychicName} del ${when}`}>
                  Sposta
                </RouterLink>
              </Button>
            ) : null}
            {cancellable ? <CancelBookingDialog bookingId={booking.id} psychicName={booking.psychicName} when={when} /> : null}
          </Flex>
        </Flex>
      </Card>
    </li>
  );
}
