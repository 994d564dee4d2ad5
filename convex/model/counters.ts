// The platform's figures as plain rules (docs/product-rules.md, "Contact and admin"): which events
// move which counter, in which month, and how to recount them all from the records. The live
// counters (lib/counters.ts) and the recount both follow these rules, so they always agree.
import { utcMsToRome } from "../lib/time";
import type { AccountType, ContactStatus } from "../lib/validators";
import { COMMISSION_PERCENT } from "./bookings";
import type { CounterMetric } from "./counterMetrics";

export { counterMetric, type CounterMetric } from "./counterMetrics";

/** "all", or a Europe/Rome calendar month "YYYY-MM". */
export const ALL_TIME = "all";

export function monthOf(ms: number): string {
  return utcMsToRome(ms).date.slice(0, 7);
}

/** The platform's share of an amount, rounded per payment exactly as readers' earnings are. */
export function commissionOf(amountCents: number): number {
  return Math.round((amountCents * COMMISSION_PERCENT) / 100);
}

export const accountMetric: Record<AccountType, CounterMetric> = { client: "clients", psychic: "readers" };

export const messageMetric: Record<ContactStatus, CounterMetric> = {
  unread: "unreadMessages",
  read: "readMessages",
  replied: "repliedMessages",
};

/** The fields of a booking the figures read. */
export type BookingMoney = {
  clientId: string;
  psychicUserId: string;
  startsAt: number;
  priceCents: number;
  paidAt?: number;
  cancelReason?: string;
  refundCents?: number;
  refundStatus?: string;
  refundedAt?: number;
};

/** A booking confirmed by its payment; a late payment was refunded instead of confirmed. */
export function isPaidConsultation(booking: BookingMoney): boolean {
  return booking.paidAt !== undefined && booking.cancelReason !== "late_payment";
}

/** What the client paid: the price, or for a late payment the whole amount that goes back. */
export function paidAmount(booking: BookingMoney): number {
  return booking.cancelReason === "late_payment" ? (booking.refundCents ?? booking.priceCents) : booking.priceCents;
}

/** Per-person figures: a client's bookings and spending, a reader's bookings and takings. */
export type PersonTotals = { bookings: number; amountCents: number; lastBookingStartsAt?: number };

export type Recount = {
  /** "metric|period" → value; zero values left out. */
  platform: Map<string, number>;
  people: Map<string, PersonTotals>;
};

export const counterKey = (metric: CounterMetric, period: string) => `${metric}|${period}`;

/** Every counter, recomputed from the accounts, bookings and messages as they are now. */
export function recount(input: {
  accounts: ReadonlyArray<{ accountType?: AccountType; _creationTime: number }>;
  bookings: ReadonlyArray<BookingMoney>;
  messageStatuses: ReadonlyArray<ContactStatus>;
}): Recount {
  const platform = new Map<string, number>();
  const add = (metric: CounterMetric, delta: number, at?: number) => {
    for (const period of at === undefined ? [ALL_TIME] : [ALL_TIME, monthOf(at)]) {
      const key = counterKey(metric, period);
      platform.set(key, (platform.get(key) ?? 0) + delta);
    }
  };
  const people = new Map<string, PersonTotals>();
  const person = (id: string) => {
    const totals = people.get(id) ?? { bookings: 0, amountCents: 0 };
    people.set(id, totals);
    return totals;
  };
  for (const account of input.accounts) {
    if (account.accountType !== undefined) add(accountMetric[account.accountType], 1, account._creationTime);
  }
  for (const booking of input.bookings) {
    if (booking.paidAt === undefined) continue;
    const amount = paidAmount(booking);
    add("revenueCents", amount, booking.paidAt);
    add("commissionCents", commissionOf(amount), booking.paidAt);
    for (const id of [booking.clientId, booking.psychicUserId]) {
      const totals = person(id);
      totals.amountCents += amount;
      if (isPaidConsultation(booking)) {
        totals.bookings += 1;
        totals.lastBookingStartsAt = Math.max(totals.lastBookingStartsAt ?? 0, booking.startsAt);
      }
    }
    if (isPaidConsultation(booking)) add("consultations", 1, booking.paidAt);
    if (booking.refundStatus === "succeeded" && booking.refundCents && booking.refundedAt !== undefined) {
      add("revenueCents", -booking.refundCents, booking.refundedAt);
      add("commissionCents", -commissionOf(booking.refundCents), booking.refundedAt);
      for (const id of [booking.clientId, booking.psychicUserId]) person(id).amountCents -= booking.refundCents;
    }
  }
  for (const status of input.messageStatuses) add(messageMetric[status], 1);
  for (const [key, value] of platform) if (value === 0) platform.delete(key);
  return { platform, people };
}
