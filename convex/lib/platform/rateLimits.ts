// Limits against abuse (docs/product-rules.md, "Limits against abuse"). Fixed windows, counted in the same
// transaction as the work they guard, so a refused request writes nothing else.
// The limits on bookings (upcoming consultations per client, holds per psychic's date, the pause after
// repeated full refunds) count rows, not requests: model/bookingLimits.ts, read by lib/bookings/bookingLimits.ts.
// The counters live in the rate limiter component's own tables (convex/convex.config.ts), written in the caller's
// transaction: a limit and the work it guards commit or roll back together.
import { RateLimiter, type RateLimitConfig } from "@convex-dev/rate-limiter";
import { components } from "../../_generated/api";
import type { MutationCtx, QueryCtx } from "../../_generated/server";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const LIMITS = {
  /** Reset-code emails per address: at most 5 an hour. */
  passwordResetByEmail: { kind: "fixed window", rate: 5, period: HOUR_MS },
  /** Upload URLs per person: a psychic changing a photo needs a few, never hundreds. */
  uploadUrlByUser: { kind: "fixed window", rate: 20, period: HOUR_MS },
  /** Contact messages per sender mailbox (`mailboxOf`: a+1@x and a@x are one): at most 5 an hour. */
  contactByEmail: { kind: "fixed window", rate: 5, period: HOUR_MS },
  /** Contact messages per network origin: at most 10 an hour. */
  contactByOrigin: { kind: "fixed window", rate: 10, period: HOUR_MS },
  /**
   * Sign-up emails per mailbox: each code sent (a sign-up, each 'Invia un nuovo codice') and the notice to an
   * address that has an account; typing a code counts nothing. At most 3 an hour.
   */
  signUpCodesByEmail: { kind: "fixed window", rate: 3, period: HOUR_MS },
  /** Sign-up attempts per network origin: at most 10 an hour. */
  signUpByOrigin: { kind: "fixed window", rate: 10, period: HOUR_MS },
  /** Checkouts opened per network origin: at most 20 an hour. */
  checkoutsByOrigin: { kind: "fixed window", rate: 20, period: HOUR_MS },
  /**
   * Payment holds (each opens a checkout) a client starts, released or lapsed ones included, so letting a
   * hold lapse and taking it again is no way to keep a time blocked: at most 6 a day.
   */
  holdsByClient: { kind: "fixed window", rate: 6, period: DAY_MS },
  /** Origin passes per network origin: far more than any person needs, few enough to keep the table small. */
  originPassesByOrigin: { kind: "fixed window", rate: 120, period: HOUR_MS },
  /** A call party's microphone switches: a burst of 10, then one every 3 seconds (the heartbeat mends a refused one). */
  callMuteByUser: { kind: "token bucket", rate: 20, period: 60 * 1000, capacity: 10 },
  /** A chat party's messages: a burst of 10, then one every 2 seconds (faster than anyone types and reads). */
  chatMessagesByUser: { kind: "token bucket", rate: 30, period: 60 * 1000, capacity: 10 },
  /** Contact messages per signed-in account, whatever address it types: at most 10 a day. */
  contactByUser: { kind: "fixed window", rate: 10, period: DAY_MS },
  /** The admin's reminders to finish the payouts' onboarding, per psychic: one, then the next 24 hours later (a bucket, not a window that resets). */
  onboardingReminderByPsychic: { kind: "token bucket", rate: 1, period: DAY_MS, capacity: 1 },
  /**
   * Requests to Resend, the whole team's: its default rate, 2 a second (raise it with the team's limit). The emails
   * that come in batches reserve their turn (lib/email/outbox.ts), so a batch is spread out instead of refused.
   */
  resendRequests: { kind: "token bucket", rate: 2, period: 1000, capacity: 2 },
} satisfies Record<string, RateLimitConfig>;

export type LimitName = keyof typeof LIMITS;
interface LimitArgs {
  name: LimitName;
  key: string;
}
/** `retryAt`: when a refused request could succeed (ms since the epoch). */
type LimitResult = { ok: true; retryAt: undefined } | { ok: false; retryAt: number };

const limiter = new RateLimiter(components.rateLimiter, LIMITS);

const result = (status: { ok: boolean; retryAfter?: number }, now: number): LimitResult =>
  status.ok ? { ok: true, retryAt: undefined } : { ok: false, retryAt: now + (status.retryAfter ?? 0) };

/** Takes one from the limit `name` for `key`; a refused request takes nothing. */
export async function rateLimit(ctx: MutationCtx, { name, key }: LimitArgs): Promise<LimitResult> {
  return result(await limiter.limit(ctx, name, { key }), Date.now());
}

/** Whether one more request would pass, taking nothing. */
export async function checkRateLimit(ctx: QueryCtx | MutationCtx, { name, key }: LimitArgs): Promise<LimitResult> {
  return result(await limiter.check(ctx, name, { key }), Date.now());
}

/** Takes one from the limit `name` now or, once it is spent, earmarks the next one free: how many ms until then. */
export async function reserveRateLimit(ctx: MutationCtx, name: LimitName): Promise<number> {
  return (await limiter.limit(ctx, name, { reserve: true })).retryAfter ?? 0;
}

/** Forgets the limit's count for `key` (a deleted account's). */
export async function resetRateLimit(ctx: MutationCtx, { name, key }: LimitArgs): Promise<void> {
  await limiter.reset(ctx, name, { key });
}
