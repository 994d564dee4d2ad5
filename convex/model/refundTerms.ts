// One booking's own cancellation terms, as dates and amounts (docs/product-rules.md, "Payments and refunds"):
// the general rule ("24 ore prima…") applied to this start and this price, so the booking page before paying,
// the success page, the confirmation email and the dashboard row all promise exactly what a cancellation
// would refund. Plain functions over values: no ctx, no clock.
import {
  FULL_REFUND_NOTICE_MS,
  HALF_REFUND_NOTICE_MS,
  HALF_REFUND_PERCENT,
  clientRefundWindow,
  refundCentsFor,
  type RefundWindow,
} from "./cancellationRefunds";
import { formatCents } from "./format";

/** The deadlines of one booking and what a cancellation refunds before each. */
type RefundTerms = {
  /** The window a cancellation at `nowMs` falls in. */
  window: RefundWindow;
  /** The last instant of the full refund (inclusive, as `clientRefundWindow` decides edges). */
  fullUntil: number;
  /** The last instant of the half refund. */
  halfUntil: number;
  fullCents: number;
  halfCents: number;
};

export function refundTermsOf(booking: { startsAt: number; priceCents: number }, nowMs: number): RefundTerms {
  return {
    window: clientRefundWindow(booking.startsAt, nowMs),
    fullUntil: booking.startsAt - FULL_REFUND_NOTICE_MS,
    halfUntil: booking.startsAt - HALF_REFUND_NOTICE_MS,
    fullCents: refundCentsFor("full", booking.priceCents),
    halfCents: refundCentsFor("half", booking.priceCents),
  };
}

const deadlineFormat = new Intl.DateTimeFormat("it-IT", {
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "Europe/Rome",
});

/** "dom 29 nov, 14:00": a deadline in Rome time, as the terms state it. */
export function formatDeadline(ms: number): string {
  const parts: Record<string, string> = {};
  for (const part of deadlineFormat.formatToParts(ms)) parts[part.type] = part.value;
  return `${parts.weekday.replace(".", "")} ${parts.day} ${parts.month.replace(".", "")}, ${parts.hour}:${parts.minute}`;
}

/** The lines of one booking's terms at `nowMs`, the best refund first; only deadlines still ahead. */
export function refundTermsLines(booking: { startsAt: number; priceCents: number }, nowMs: number): string[] {
  const terms = refundTermsOf(booking, nowMs);
  const full = formatCents(terms.fullCents);
  const half = formatCents(terms.halfCents);
  const hours = (ms: number) => (ms === 3_600_000 ? "un'ora" : `${ms / 3_600_000} ore`);
  switch (terms.window) {
    case "full":
      return [
        `Rimborso completo (${full}) se annulli entro ${formatDeadline(terms.fullUntil)}.`,
        `Rimborso del ${HALF_REFUND_PERCENT}% (${half}) se annulli entro ${formatDeadline(terms.halfUntil)}.`,
        "Dopo, o in caso di assenza, nessun rimborso.",
      ];
    case "half":
      return [
        `Inizia tra meno di ${hours(FULL_REFUND_NOTICE_MS)}: annullando entro ${formatDeadline(terms.halfUntil)} ricevi il ${HALF_REFUND_PERCENT}% (${half}).`,
        "Dopo, o in caso di assenza, nessun rimborso.",
      ];
    case "none":
      return [`Inizia tra meno di ${hours(HALF_REFUND_NOTICE_MS)}: annullando non ricevi alcun rimborso.`];
  }
}

/** The same terms as one sentence, for an email or a summary. */
export function refundTermsText(booking: { startsAt: number; priceCents: number }, nowMs: number): string {
  return refundTermsLines(booking, nowMs).join(" ");
}
