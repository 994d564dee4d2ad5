// What a cancellation refunds, in words, read from the server's own rule (convex/model/cancellationRefunds.ts)
// rather than typed: the sentence asks the rule what it refunds at each edge of the client's windows, so a
// change of behaviour there (a deletion refunding in full, say) changes every sentence that states it.
import { FULL_REFUND_NOTICE_MS, HALF_REFUND_NOTICE_MS } from "@convex/model/cancellationRefunds";
import { cancellationRefundCents, deletionCancels, deletionReason, type DeletionSide } from "@convex/model/cancellationRefunds";
import type { CancellationReason } from "@convex/framework/validators";
import { limits } from "./rules";

const PROBE_PRICE_CENTS = 10_000;

/** The percent of the price a cancellation for `reason` refunds when made `noticeMs` before the start. */
function refundPercent(reason: CancellationReason, noticeMs: number): number {
  return (cancellationRefundCents(reason, { startsAt: noticeMs, priceCents: PROBE_PRICE_CENTS }, 0) * 100) / PROBE_PRICE_CENTS;
}

/** The refund at the three stretches the rules know: from the full-refund edge on, down to the half-refund edge, after it. */
function refundsOf(reason: CancellationReason) {
  return {
    early: refundPercent(reason, FULL_REFUND_NOTICE_MS),
    middle: refundPercent(reason, HALF_REFUND_NOTICE_MS),
    late: refundPercent(reason, HALF_REFUND_NOTICE_MS - 1),
  };
}

/** True when a cancellation for `reason` gives everything back, however late. */
function refundsInFull(reason: CancellationReason): boolean {
  const { early, middle, late } = refundsOf(reason);
  return early === 100 && middle === 100 && late === 100;
}

const percentWords = (percent: number) => (percent === 100 ? "completo" : percent === 0 ? "nessuno" : `del ${percent}%`);

/**
 * "rimborso completo", or the windows: "rimborso completo fino a 24 ore prima dell'inizio, del 50% fino a 2 ore
 * prima, nessuno dopo".
 */
export function refundText(reason: CancellationReason): string {
  if (refundsInFull(reason)) return "rimborso completo";
  const { early, middle, late } = refundsOf(reason);
  return `rimborso ${percentWords(early)} fino a ${limits.fullRefundNotice} prima dell'inizio, ${percentWords(middle)} fino a ${limits.halfRefundNotice} prima, ${percentWords(late)} dopo`;
}

/** True when `reason` refunds exactly as the client's own cancellation does, at every stretch. */
function refundsAsClientCancels(reason: CancellationReason): boolean {
  const own = refundsOf("client_cancelled");
  const other = refundsOf(reason);
  return own.early === other.early && own.middle === other.middle && own.late === other.late;
}

/** Whether a side's deletion cancels a consultation already under way. */
const cancelsUnderWay = (side: DeletionSide) => deletionCancels(side, { startsAt: -1, endsAt: 1 }, 0);

/**
 * What deleting an account does to the consultations already paid, for the person deleting (`you`, on their
 * own dialog) or told in the third person (the terms), from the server's rules for each side.
 */
export function deletionText(side: DeletionSide, voice: "you" | "terms"): string {
  const reason = deletionReason(side);
  const which = cancelsUnderWay(side) ? "non ancora conclusi, compreso quello in corso," : "non ancora iniziati";
  const asOwn = refundsAsClientCancels(reason)
    ? voice === "you"
      ? " come se li annullassi tu in quel momento"
      : " come se li annullasse il cliente in quel momento"
    : "";
  const whom = side === "psychic" ? " ai clienti" : "";
  const underWay = cancelsUnderWay(side) ? "" : "; un consulto già iniziato si conclude regolarmente";
  return `i consulti già pagati e ${which} vengono annullati${asOwn ? `${asOwn},` : ""} con ${refundText(reason)}${whom}${underWay}`;
}
