// The names of the platform's counters, apart from their rules (model/counters.ts) so the schema
// imports nothing but validators.
import { literals } from "convex-helpers/validators";
import type { Infer } from "convex/values";

/**
 * - clients, psychics: accounts of that type (a month counts the accounts created in it that still exist);
 * - consultations: bookings confirmed by a payment, in the month they were paid;
 * - revenueCents: money taken minus money given back, in the month each moved (a payment that
 *   arrived too late counts until its refund succeeds: until then the platform holds it);
 * - commissionCents: the platform's 15 % of the same amounts;
 * - messages by status: all time only;
 * - listedPsychics, listedReviews, listedStars: the profiles the public list shows (public, approved, not
 *   suspended), their reviews and the sum of those reviews' stars, all time only: the home page's trust
 *   figures, read from three rows however many psychics there are;
 * - verifiedPsychics: the listed profiles whose verification call passed, the home page's 'cartomanti verificati'.
 */
const metrics = [
  "clients",
  "psychics",
  "consultations",
  "revenueCents",
  "commissionCents",
  "unreadMessages",
  "readMessages",
  "repliedMessages",
  "listedPsychics",
  "listedReviews",
  "listedStars",
  "verifiedPsychics",
] as const;
export const counterMetric = literals(...metrics);
export type CounterMetric = Infer<typeof counterMetric>;

/**
 * What `platformFigures.metric` may hold: a metric, or "readers", the name an older database's rows give
 * "psychics". Convex and the embedded backend refuse a schema that stored documents do not match, so the
 * schema keeps accepting that name.
 * Nothing writes it and the admin overview does not read it; `admin:recountFigures` deletes those
 * rows (and writes the "psychics" ones). Drop "readers" once every database has been recounted.
 */
export const storedCounterMetric = literals(...metrics, "readers");
export type StoredCounterMetric = Infer<typeof storedCounterMetric>;
