import { Badge, Button, Card, Flex, Link, Text } from "@radix-ui/themes";
import { ExternalLinkIcon } from "@radix-ui/react-icons";
import type { FunctionReturnType } from "convex/server";
import { Link as RouterLink } from "react-router-dom";
import type { api } from "@convex/_generated/api";
import { clientBookingBadge, refundLabel } from "@/lib/bookingStatus";
import { formatCents, formatItalianDate, formatMinutes } from "@/lib/format";
import { paths } from "@/lib/paths";

export type ClientBooking = FunctionReturnType<typeof api.bookings.listMine>["bookings"][number];

type Props = {
  booking: ClientBooking;
  now: number;
  /** Today's list offers the way into the call; the others do not. */
  showJoin?: boolean;
  /** Today's list leaves out the date. */
  showDate?: boolean;
};

/** One consultation as its client sees it: when, with whom, its state and what they can do next. */
export function ClientBookingRow({ booking, now, showJoin = false, showDate = true }: Props) {
  const badge = clientBookingBadge(booking, now);
  const refund = booking.status === "cancelled" ? refundLabel(booking.refundStatus) : null;
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
            </Text>
          </Flex>
          <Flex align="center" gap="2" wrap="wrap">
            <Badge color={badge.color}>{badge.label}</Badge>
            {refund ? <Badge color={refund === "Rimborsato" ? "green" : "amber"}>{refund}</Badge> : null}
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
          </Flex>
        </Flex>
      </Card>
    </li>
  );
}
