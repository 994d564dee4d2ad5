// Paying psychics (docs/product-rules.md, "Payouts"): Stripe Connect's separate charges and transfers.
// The client pays the platform; when a consultation is held, the psychic's share of what the platform
// kept is transferred to their connected account, from that booking's charge. Pure: the rules only.
import { romeDateOf, weekdayOf } from "../framework/time";
import { netEarningsCents } from "./bookings";
import { addDays } from "./nextAvailability";

/** A psychic's Connect account as the app shows it. */
export type PayoutAccountState = "not_started" | "requirements_due" | "pending_verification" | "enabled";

/** What a transfer of a psychic's share is waiting for, or where it got. */
export type TransferState = "awaiting_onboarding" | "scheduled" | "pending" | "transferred" | "failed" | "withheld";

/** Why a share is owed: a consultation given, or what a client's late cancellation left with the platform. */
export type ShareReason = "consultation" | "cancellation";

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

/**
 * The Rome date of Stripe's next payout to the psychic's bank (the accounts are made with a weekly schedule
 * anchored on Monday, model/stripeRequests.ts PAYOUT_SCHEDULE): the first Monday after today. What is
 * 'Disponibile' then goes out that day; a transfer still 'In arrivo' goes on the first Monday after Stripe
 * makes it available. On a Monday, that day's payout has already been made: the next one is a week later.
 */
export function nextPayoutDate(now: number): string {
  const today = romeDateOf(now);
  for (let days = 1; days <= 7; days++) {
    const date = addDays(today, days);
    if (weekdayOf(date) === "monday") return date;
  }
  return addDays(today, 7);
}
