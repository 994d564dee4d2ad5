// Paying psychics (docs/product-rules.md, "Payouts"): Stripe Connect's separate charges and transfers.
// The client pays the platform; when a consultation is held, the psychic's share of what the platform
// kept is transferred to their connected account, from that booking's charge. Pure: the rules only.
import { netEarningsCents } from "./bookings";

/** A psychic's Connect account as the app shows it. */
export type PayoutAccountState = "not_started" | "requirements_due" | "pending_verification" | "enabled";

/** What a transfer of a psychic's share is waiting for, or where it got. */
export type TransferState = "awaiting_onboarding" | "scheduled" | "pending" | "transferred" | "failed" | "withheld";

/** Why a share is owed: a held consultation, or what a client's late cancellation left with the platform. */
export type ShareReason = "consultation" | "cancellation";

/** Refused transfers are tried again after these delays, then left for the admin's 'Riprova'. */
export const TRANSFER_RETRY_MINUTES = [1, 5, 25] as const;

/** Every consultation's money moves under this group at Stripe: the charge, the transfer, any reversal. */
export function transferGroupOf(bookingId: string): string {
  return `booking_${bookingId}`;
}

/**
 * The psychic's share of `grossCents` the platform kept: the gross less the 15 % commission, the
 * commission rounded to the nearest cent (half up), so commission + share is exactly the gross.
 */
export function shareOf(grossCents: number): { grossCents: number; commissionCents: number; amountCents: number } {
  const amountCents = netEarningsCents(grossCents);
  return { grossCents, commissionCents: grossCents - amountCents, amountCents };
}

/** What Stripe says of a connected account, as the webhook and a retrieval carry it. */
export type ConnectAccountFacts = {
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
  transfersActive: boolean;
  currentlyDue: string[];
  pendingVerification: string[];
};

/**
 * The account's state: enabled once Stripe lets it receive transfers and pay out; requirements due while
 * Stripe asks for something; pending verification while Stripe checks what it was given; not started
 * before the psychic submitted anything.
 */
export function payoutStateOf(facts: ConnectAccountFacts): PayoutAccountState {
  if (facts.payoutsEnabled && facts.transfersActive) return "enabled";
  if (!facts.detailsSubmitted && facts.currentlyDue.length > 0) return "not_started";
  if (facts.currentlyDue.length > 0) return "requirements_due";
  return "pending_verification";
}

/** Where a newly owed share starts: waiting for the account, waiting for its time, or ready to send. */
export function initialTransferState(dueAt: number, now: number, accountEnabled: boolean): TransferState {
  if (dueAt > now) return "scheduled";
  return accountEnabled ? "pending" : "awaiting_onboarding";
}

/** After a refused attempt: the delay before the next one, or null when the admin must retry. */
export function retryDelayMs(attempts: number): number | null {
  const minutes = TRANSFER_RETRY_MINUTES[attempts - 1];
  return minutes === undefined ? null : minutes * 60_000;
}

/** Italian IVA on the platform's commission, which is a service to the psychic; the commission includes it. */
export const COMMISSION_VAT_PERCENT = 22;

/** The IVA contained in a commission of `commissionCents` (22 % included: 22/122 of it), to the cent. */
export function vatIncludedIn(commissionCents: number): number {
  return Math.round((commissionCents * COMMISSION_VAT_PERCENT) / (100 + COMMISSION_VAT_PERCENT));
}

/** True for a month written "YYYY-MM". */
export function isStatementMonth(month: string): boolean {
  return /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
}

/**
 * What goes back from a psychic's transferred share when the client gets `takenCents` more of the gross
 * (`grossCents`: what the platform still keeps) back: enough that what stays with the psychic is exactly
 * the share of what the platform now keeps, so the books balance to the cent; never more than is left.
 */
export function reversalFor(share: { grossCents: number; amountCents: number; reversedCents?: number }, takenCents: number): number {
  const left = share.amountCents - (share.reversedCents ?? 0);
  if (takenCents <= 0 || left <= 0) return 0;
  const stays = shareOf(Math.max(0, share.grossCents - takenCents)).amountCents;
  return Math.max(0, Math.min(left, left - stays));
}

/** One paid booking's money, as the reconciliation reads it (cents). */
export type BookingMoney = {
  paidCents: number;
  refundedCents: number;
  disputedCents: number;
  /** The psychic's share: transferred and reversed at Stripe, or still owed (not yet transferred). */
  transferredCents: number;
  reversedCents: number;
  owedCents: number;
};

/** The fields of a booking, its share and its reversals that its money reads. */
export type MoneyOfBooking = {
  status: string;
  priceCents: number;
  cancelReason?: string;
  refundCents?: number;
  disputeCents?: number;
};
export type MoneyOfShare = { state: string; amountCents: number };
export type MoneyOfReversal = { state: string; amountCents: number };

/** One paid booking's money, from the booking, its share (null before one is made) and the share's reversals. */
export function bookingMoney(booking: MoneyOfBooking, share: MoneyOfShare | null, reversals: readonly MoneyOfReversal[]): BookingMoney {
  const refundedCents = booking.refundCents ?? 0;
  const disputedCents = booking.disputeCents ?? 0;
  // A late or wrong-amount payment was refunded whole: what was paid is what went back.
  const paidCents = booking.cancelReason === "late_payment" ? refundedCents : booking.priceCents;
  const base = { paidCents, refundedCents, disputedCents };
  if (share === null) {
    // A confirmed consultation still to come owes its share after it; anything else owes nothing.
    const owedCents = booking.status === "confirmed" ? shareOf(Math.max(0, booking.priceCents - refundedCents - disputedCents)).amountCents : 0;
    return { ...base, transferredCents: 0, reversedCents: 0, owedCents };
  }
  const reversedCents = reversals.filter((reversal) => reversal.state === "reversed").reduce((sum, reversal) => sum + reversal.amountCents, 0);
  const transferred = share.state === "transferred";
  return { ...base, transferredCents: transferred ? share.amountCents : 0, reversedCents, owedCents: transferred ? 0 : share.amountCents };
}

/** A month's books as sums: each paid booking's money and the commission on what the platform kept of it. */
export type MonthBooks = BookingMoney & { commissionCents: number };
export const MONTH_BOOKS_FIELDS = ["paidCents", "refundedCents", "disputedCents", "transferredCents", "reversedCents", "owedCents", "commissionCents"] as const;

/** What one paid booking adds to its month's books. */
export function monthBooksOf(money: BookingMoney): MonthBooks {
  return { ...money, commissionCents: shareOf(Math.max(0, money.paidCents - money.refundedCents - money.disputedCents)).commissionCents };
}

/** The month's books with what does not add up: zero when every cent is accounted for. */
export function reconcileBooks(month: string, books: MonthBooks): MonthReconciliation {
  const differenceCents =
    books.paidCents - books.refundedCents - books.disputedCents - (books.transferredCents - books.reversedCents + books.owedCents) - books.commissionCents;
  return { month, ...books, differenceCents };
}

/** The month's bookings' money summed, with the platform's commission and what does not add up. */
export type MonthReconciliation = BookingMoney & {
  month: string;
  /** 15 % of what the platform kept, booking by booking. */
  commissionCents: number;
  /** paid − refunded − disputed − (transferred − reversed + owed) − commission: zero when every cent is accounted for. */
  differenceCents: number;
};

/**
 * The month's books: what clients paid less what went back to them equals what went to the psychics
 * (transferred less reversed, plus what is still owed) plus the platform's commission on what it kept, to
 * the cent. Each booking counts in the Rome month it was paid; any difference is shown, never hidden.
 */
export function reconcileMonth(month: string, bookings: readonly BookingMoney[]): MonthReconciliation {
  const total = (pick: (booking: BookingMoney) => number) => bookings.reduce((sum, booking) => sum + pick(booking), 0);
  const commissionCents = total((booking) => shareOf(Math.max(0, booking.paidCents - booking.refundedCents - booking.disputedCents)).commissionCents);
  const row = {
    month,
    paidCents: total((booking) => booking.paidCents),
    refundedCents: total((booking) => booking.refundedCents),
    disputedCents: total((booking) => booking.disputedCents),
    transferredCents: total((booking) => booking.transferredCents),
    reversedCents: total((booking) => booking.reversedCents),
    owedCents: total((booking) => booking.owedCents),
    commissionCents,
  };
  const differenceCents =
    row.paidCents - row.refundedCents - row.disputedCents - (row.transferredCents - row.reversedCents + row.owedCents) - row.commissionCents;
  return { ...row, differenceCents };
}
