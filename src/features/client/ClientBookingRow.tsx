import { Badge, Button, Card, Flex, Link, Text } from "@radix-ui/themes";
import { ExternalLinkIcon } from "@radix-ui/react-icons";
import type { FunctionReturnType } from "convex/server";
import { Link as RouterLink } from "react-router-dom";
import type { api } from "@convex/_generated/api";
import { useNeedsConnection } from "@/components/NeedsConnection";
import { bookingStates, clientRefundNotes, refundStates, type StateBadge } from "@/lib/text/states";
import { formatCents, formatItalianDate, formatMinutes, formatRomeDate } from "@/lib/text/format";
import { paths } from "@/lib/paths";
import { isReportable } from "@convex/model/consultationReports";
import { rescheduleRefusal } from "@convex/model/rescheduling";
import { RefundTerms } from "@/components/booking/RefundTerms";
import { isPastChat, joinWords, ReadConversationLink } from "@/components/booking/ConsultationLinks";
import { limits } from "@/lib/text/rules";
import { consultationTypeOf, consultationWords } from "@/lib/text/consultationTypes";
import { DocumentPdfButton } from "@/components/fiscal/DocumentDownloads";
import { documentKindWords } from "@/components/fiscal/documentWords";
import { CancelBookingDialog } from "./CancelBookingDialog";
import { ReportConsultation } from "./ReportConsultationDialog";
import type { ReceiptRow } from "./useMyReceipts";

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
  /** The consultation's receipt and credit notes, each with its PDF (the past consultations' list). */
  receipts?: ReceiptRow[];
};

/** The refund of a cancelled consultation: on its way, failed, or arrived (with its date), with its amount when partial. */
function refundBadge(booking: ClientBooking): StateBadge | null {
  const state = booking.refund;
  if (state === null) return null;
  const { label, color } = refundStates[state];
  // Only money on its way or arrived has an amount; a partial one says how much.
  const partial = state !== "not_refunded" && booking.refundCents !== null && booking.refundCents < booking.priceCents;
  const amount = partial ? ` (${formatCents(booking.refundCents!)})` : "";
  const date = state === "refunded" && booking.refundedAt !== null ? ` il ${formatRomeDate(booking.refundedAt)}` : "";
  return { label: `${label}${date}${amount}`, color };
}

/**
 * Why 'Sposta' is not offered on a consultation still to come, by the server's own rule
 * (`rescheduleRefusal`): moved the most times allowed, or less than the notice left. Null when it can be moved.
 */
function moveRefusalNote(booking: Pick<ClientBooking, "status" | "startsAt" | "rescheduleCount">, now: number): string | null {
  switch (rescheduleRefusal(booking, now)) {
    case "RESCHEDULE_LIMIT_REACHED":
      return `Già spostato ${limits.maxReschedules}`;
    case "RESCHEDULE_TOO_LATE":
      return `Non più spostabile: mancano meno di ${limits.rescheduleNotice}`;
    default:
      return null;
  }
}

/** The booking page in its "move" mode, for the same psychic, type and duration. */
function reschedulePath(booking: ClientBooking): string {
  const type = booking.consultationType === "chat" ? "&type=chat" : "";
  return `${paths.psychicBook(booking.psychicProfileId)}?reschedule=${booking.id}&duration=${booking.durationMinutes}${type}`;
}

/** One consultation as its client sees it: when, with whom, its state and what they can do next. */
export function ClientBookingRow({ booking, now, showJoin = false, showDate = true, showChanges = false, receipts = [] }: Props) {
  const state = booking.state;
  const badge = bookingStates[state];
  const refund = refundBadge(booking);
  const refundNote = booking.refund === null ? undefined : clientRefundNotes[booking.refund];
  const when = `${formatItalianDate(booking.scheduledDate)} alle ${booking.scheduledTime}`;
  const cancellable = showChanges && booking.status === "confirmed" && booking.cancellableUntil !== null && booking.cancellableUntil > now;
  const movable = showChanges && booking.reschedulableUntil !== null && booking.reschedulableUntil >= now;
  // Where moving and cancelling are offered, a consultation to come says why it cannot be moved and what cancelling refunds.
  const ahead = showChanges && booking.status === "confirmed" && booking.startsAt > now;
  const unmovable = ahead && !movable ? moveRefusalNote(booking, now) : null;
  const moved =
    // "Già spostato 2 volte" below says it already.
    unmovable !== null && booking.rescheduleCount > 1
      ? ""
      : booking.rescheduleCount === 1
        ? " · spostato una volta"
        : booking.rescheduleCount > 1
          ? ` · spostato ${booking.rescheduleCount} volte`
          : "";
  const payable = state === "awaiting_payment" && booking.checkoutUrl !== null;
  const canJoin = showJoin && booking.status === "confirmed" && booking.endsAt > now;
  const join = joinWords[consultationTypeOf(booking)];
  // "Selene · Consulto in chat · 30 minuti · 50,00 €"
  const facts = [
    booking.psychicName,
    consultationWords(booking),
    formatMinutes(booking.durationMinutes),
    formatCents(booking.priceCents),
  ].join(" · ");
  const withWhom = `con ${booking.psychicName}`;
  // Paying, joining, moving and cancelling are never queued offline: disabled, with one note saying why.
  const connection = useNeedsConnection();
  const offline = connection.offline;
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
              {facts}
              {moved}
            </Text>
            {unmovable ? (
              <Text size="2" color="gray">
                {unmovable}
              </Text>
            ) : null}
            {ahead ? <RefundTerms booking={booking} now={now} inline /> : null}
            {refundNote ? (
              <Text size="2">
                {refundNote}{" "}
                <Link asChild size="2">
                  <RouterLink to={paths.contact}>Hai domande? Scrivici</RouterLink>
                </Link>
              </Text>
            ) : null}
          </Flex>
          <Flex align="center" gap="2" wrap="wrap">
            <Badge color={badge.color}>{badge.label}</Badge>
            {refund ? <Badge color={refund.color}>{refund.label}</Badge> : null}
            {payable && !offline ? (
              <Link href={booking.checkoutUrl!} size="2" weight="medium">
                Completa il pagamento <ExternalLinkIcon aria-hidden />
              </Link>
            ) : null}
            {canJoin && offline ? (
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
            {isPastChat(booking, now) ? <ReadConversationLink bookingId={booking.id} about={`${withWhom} del ${when}`} /> : null}
            {movable && offline ? (
              <Button size="2" variant="soft" disabled aria-describedby={connection.describedBy}>
                Sposta
              </Button>
            ) : movable ? (
              <Button asChild size="2" variant="soft">
                <RouterLink to={reschedulePath(booking)} aria-label={`Sposta il consulto con ${booking.psychicName} del ${when}`}>
                  Sposta
                </RouterLink>
              </Button>
            ) : null}
            {cancellable ? <CancelBookingDialog bookingId={booking.id} psychicName={booking.psychicName} when={when} connection={connection} /> : null}
            {/* A consultation that has started or been held can be reported to the team. */}
            {isReportable(booking, now) ? <ReportConsultation bookingId={booking.id} psychicName={booking.psychicName} when={when} /> : null}
            {receipts.map((receipt) => (
              <DocumentPdfButton
                key={receipt._id}
                documentId={receipt._id}
                kind={receipt.kind}
                number={receipt.number}
                label={documentKindWords[receipt.kind]}
              />
            ))}
            {payable || canJoin || movable || cancellable ? connection.note : null}
          </Flex>
        </Flex>
      </Card>
    </li>
  );
}
