// The names of the platform's counters, apart from their rules (model/counters.ts) so the schema
// imports nothing but validators.
import { literals } from "convex-helpers/validators";
import type { Infer } from "convex/values";

/**
 * - clients, readers: accounts of that type (a month counts the accounts created in it that still exist);
 * - consultations: bookings confirmed by a payment, in the month they were paid;
 * - revenueCents: money taken minus money given back, in the month each moved (a payment that
 *   arrived too late counts until its refund succeeds: until then the platform holds it);
 * - commissionCents: the platform's 15 % of the same amounts;
 * - messages by status: all time only.
 */
export const counterMetric = literals(
  "clients",
  "readers",
  "consultations",
  "revenueCents",
  "commissionCents",
  "unreadMessages",
  "readMessages",
  "repliedMessages",
);
export type CounterMetric = Infer<typeof counterMetric>;

