// The platform's figures as plain rules (docs/product-rules.md, "Contact and admin"): the counters,
// their months, the commission and what a booking paid. What each document adds to them, and the
// recount, are in model/figureContributions.ts.
import type { AccountType, ContactStatus } from "../framework/validators";
import { COMMISSION_PERCENT } from "./bookings";
import type { CounterMetric, StoredCounterMetric } from "./counterMetrics";

export type { CounterMetric } from "./counterMetrics";

/** "all", or a Europe/Rome calendar month "YYYY-MM". */
export const ALL_TIME = "all";

/** The platform's share of an amount, rounded per payment exactly as psychics' earnings are. */
export function commissionOf(amountCents: number): number {
  return Math.round((amountCents * COMMISSION_PERCENT) / 100);
}

export const accountMetric: Record<AccountType, CounterMetric> = { client: "clients", psychic: "psychics" };

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

/** A counter's key; a stored row's legacy metric makes a key no recount produces. */
export const counterKey = (metric: StoredCounterMetric, period: string) => `${metric}|${period}`;
