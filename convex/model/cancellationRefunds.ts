// When a paid consultation may be cancelled and who gets what back (docs/product-rules.md, "Payments and
// refunds", "Calls", "Accounts"): the client's refund windows, and the refund by why it is cancelled. The
// server cancels with these amounts and the texts that state the rules (terms, FAQs, dialogs, emails) are
// checked against them (tests/ui/ruleTexts.test.tsx, tests/convex/ruleTexts.test.ts). Plain functions over
// values: no ctx, no clock.
import type { ErrorCode } from "../framework/errors";
import type { BookingStatus, CancellationReason } from "../framework/validators";

const HOUR_MS = 60 * 60_000;

/** Cancelled this long before the start or earlier, the client gets everything back. */
export const FULL_REFUND_NOTICE_MS = 24 * HOUR_MS;
/** Cancelled this long before the start or earlier (and after the full-refund limit), half. */
export const HALF_REFUND_NOTICE_MS = 2 * HOUR_MS;
/** The share of the price a cancellation in the middle window refunds. */
export const HALF_REFUND_PERCENT = 50;

/** Which refund a client's cancellation gets: everything, half, or nothing. */
export type RefundWindow = "full" | "half" | "none";

/** The window of a cancellation at `nowMs`: the edges (exactly 24 h, exactly 2 h before) belong to the better one. */
export function clientRefundWindow(startsAt: number, nowMs: number): RefundWindow {
  const notice = startsAt - nowMs;
  if (notice >= FULL_REFUND_NOTICE_MS) return "full";
  if (notice >= HALF_REFUND_NOTICE_MS) return "half";
  return "none";
}

/**
 * The refund in cents for `window` of a payment of `paidCents`: whole cents, never negative, never more
 * than was paid. Half of an odd amount is rounded up, in the client's favour.
 */
export function refundCentsFor(window: RefundWindow, paidCents: number): number {
  const paid = Math.max(0, Math.floor(paidCents));
  const refund = window === "full" ? paid : window === "half" ? Math.ceil((paid * HALF_REFUND_PERCENT) / 100) : 0;
  return Math.min(paid, Math.max(0, refund));
}

/** What a client's cancellation at `nowMs` refunds. */
export function clientCancellationRefund(booking: { startsAt: number; priceCents: number }, nowMs: number) {
  const window = clientRefundWindow(booking.startsAt, nowMs);
  return { window, refundCents: refundCentsFor(window, booking.priceCents) };
}

/** Why a confirmed booking cannot be cancelled now (by either party), or null: only before its start. */
export function cancellationRefusal(booking: { status: BookingStatus; startsAt: number }, nowMs: number): ErrorCode | null {
  if (booking.status !== "confirmed") return "INVALID_STATE";
  return nowMs < booking.startsAt ? null : "CANCELLATION_NOT_ALLOWED";
}

type Priced = { startsAt: number; priceCents: number };

/**
 * What a cancellation for `reason` at `nowMs` refunds, in cents. A client's own cancellation and a client's
 * account deletion follow the client's windows at that moment (deleting the account is no way around them);
 * whatever the psychic or the platform causes (the psychic cancels, leaves, does not come; a payment too late)
 * refunds everything.
 */
export function cancellationRefundCents(reason: CancellationReason, booking: Priced, nowMs: number): number {
  switch (reason) {
    case "client_cancelled":
    case "client_account_deleted":
      return clientCancellationRefund(booking, nowMs).refundCents;
    case "psychic_cancelled":
    case "psychic_account_deleted":
    case "psychic_no_show":
    case "late_payment":
      return booking.priceCents;
  }
}

/** Whose account is deleted. */
export type DeletionSide = "client" | "psychic";

/**
 * Which of a leaving person's confirmed consultations their deletion cancels: a client's that have not
 * started (one under way is held and completes as usual, the psychic paid); a psychic's that have not
 * ended, the one under way included (nobody is left to hold it).
 */
export function deletionCancels(side: DeletionSide, booking: { startsAt: number; endsAt: number }, nowMs: number): boolean {
  return side === "client" ? booking.startsAt > nowMs : booking.endsAt > nowMs;
}

/** The reason a deletion cancels with. */
export const deletionReason = (side: DeletionSide): "client_account_deleted" | "psychic_account_deleted" =>
  side === "client" ? "client_account_deleted" : "psychic_account_deleted";

/** What a deletion by `side` at `nowMs` refunds on a consultation it cancels. */
export function deletionRefundCents(side: DeletionSide, booking: Priced, nowMs: number): number {
  return cancellationRefundCents(deletionReason(side), booking, nowMs);
}

/**
 * How long a refund takes to reach the card, in working days: the card networks' time, not ours, stated the
 * same everywhere a refund is promised (docs/product-rules.md, "Payments and refunds").
 */
export const REFUND_ARRIVAL_WORKING_DAYS = { from: 5, to: 10 } as const;
