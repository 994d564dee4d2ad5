// Who gets what back when a paid consultation is cancelled, by why it is cancelled (docs/product-rules.md,
// "Payments and refunds", "Calls", "Accounts"). The server cancels with these amounts and the texts that
// state the rules (terms, FAQs, dialogs, emails) are checked against them (tests/ui/ruleTexts.test.tsx,
// tests/convex/ruleTexts.test.ts). Plain functions over values: no ctx, no clock.
import type { CancellationReason } from "../framework/validators";
import { clientCancellationRefund } from "./bookingChanges";

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
