// The spending limit a client sets for themselves (docs/product-rules.md, "Spending limit"): a monthly
// ceiling in cents, or a pause of 7, 30 or 90 days. Anything that makes the client spend less counts at
// once; anything that lets them spend more (raising or removing the limit, ending a pause early) only
// after a day of cooling off. Pure rules over plain values; the Rome calendar comes from framework/time.ts.
import { addDays } from "./nextAvailability";
import { romeDateOf, romeMonthBounds, romeMonthOf, romeToUtcMs } from "../framework/time";

/** How long a change that lets the client spend more waits before it counts. */
export const COOL_OFF_MS = 24 * 60 * 60 * 1000;
/** The pauses a client may choose, in days. */
export const PAUSE_DAYS = [7, 30, 90] as const;
type PauseDays = (typeof PAUSE_DAYS)[number];
/** The highest monthly limit accepted (10 000 €): anything above it is no limit at all. */
export const MAX_LIMIT_CENTS = 1_000_000;

/** The stored state (one row per client); `null` limit: none. */
export type SpendingLimitState = {
  limitCents: number | null;
  /** A raise or removal waiting for its cooling-off day. */
  pendingLimit?: { limitCents: number | null; effectiveAt: number };
  /** The last Rome day (inclusive) on which every checkout is refused. */
  pausedThrough?: string;
  /** An early end of the pause asked for: it ends at this instant unless its last day comes first. */
  pauseEndsEarlyAt?: number;
};

export const NO_LIMIT: SpendingLimitState = { limitCents: null };

/** The limit that counts at `now`: a waiting raise once its day has passed. */
export function effectiveLimit(state: SpendingLimitState, now: number): number | null {
  if (state.pendingLimit !== undefined && now >= state.pendingLimit.effectiveAt) return state.pendingLimit.limitCents;
  return state.limitCents;
}

/** The Rome day through which the pause refuses checkouts at `now`, or null when none does. */
export function activePauseThrough(state: SpendingLimitState, now: number): string | null {
  if (state.pausedThrough === undefined || romeDateOf(now) > state.pausedThrough) return null;
  if (state.pauseEndsEarlyAt !== undefined && now >= state.pauseEndsEarlyAt) return null;
  return state.pausedThrough;
}

/** The state with what has come into force by `now` folded in, so a new change starts from it. */
export function settled(state: SpendingLimitState, now: number): SpendingLimitState {
  const limitCents = effectiveLimit(state, now);
  const pending = state.pendingLimit !== undefined && now < state.pendingLimit.effectiveAt ? state.pendingLimit : undefined;
  const pausedThrough = activePauseThrough(state, now) ?? undefined;
  return {
    limitCents,
    ...(pending ? { pendingLimit: pending } : {}),
    ...(pausedThrough ? { pausedThrough, ...(state.pauseEndsEarlyAt !== undefined ? { pauseEndsEarlyAt: state.pauseEndsEarlyAt } : {}) } : {}),
  };
}

export function isValidLimit(cents: number | null): boolean {
  return cents === null || (Number.isSafeInteger(cents) && cents > 0 && cents <= MAX_LIMIT_CENTS);
}

/**
 * A new monthly limit (`null`: none). Lower than the one in force: at once, and any waiting raise is
 * dropped. Higher, or none: in force a day later. The same as in force: only drops a waiting change.
 */
export function withLimit(state: SpendingLimitState, limitCents: number | null, now: number): SpendingLimitState {
  const current = settled(state, now);
  const { pendingLimit: _dropped, ...rest } = current;
  const lowers = limitCents !== null && (current.limitCents === null || limitCents < current.limitCents);
  if (lowers) return { ...rest, limitCents };
  if (limitCents === current.limitCents) return rest;
  return { ...rest, pendingLimit: { limitCents, effectiveAt: now + COOL_OFF_MS } };
}

/** A pause of `days` from today (Rome): at once, and never shortening one already running. */
export function withPause(state: SpendingLimitState, days: PauseDays, now: number): SpendingLimitState {
  const current = settled(state, now);
  const through = addDays(romeDateOf(now), days - 1);
  const { pauseEndsEarlyAt: _cancelled, ...rest } = current;
  return { ...rest, pausedThrough: current.pausedThrough !== undefined && current.pausedThrough > through ? current.pausedThrough : through };
}

/** Ending a pause early: it ends a day later (or on its last day, whichever comes first). */
export function withPauseEnded(state: SpendingLimitState, now: number): SpendingLimitState {
  const current = settled(state, now);
  if (current.pausedThrough === undefined || current.pauseEndsEarlyAt !== undefined) return current;
  return { ...current, pauseEndsEarlyAt: now + COOL_OFF_MS };
}

/** The first instant after the pause's last Rome day (the day after it, at midnight in Rome). */
export function pauseEndInstant(pausedThrough: string): number {
  return romeToUtcMs(addDays(pausedThrough, 1), "00:00");
}

/** The Rome calendar month `now` is in, as UTC instants: where the month's spend is counted. */
export function spendMonthOf(now: number): { month: string; from: number; to: number } {
  const month = romeMonthOf(now);
  return { month, ...romeMonthBounds(month) };
}

/** What one booking counts towards its client's month: what was paid, less what was (or is being) refunded. */
type SpendFacts = {
  status: string;
  priceCents: number;
  paidAt?: number;
  holdExpiresAt?: number;
  refundCents?: number;
  refundStatus?: "pending" | "succeeded" | "failed";
};

/**
 * A paid booking counts in the Rome month of its payment, net of a refund requested or made (a full
 * refund: nothing; a failed one: the whole price). A live hold counts its price in the current month,
 * so checkouts opened side by side cannot pass the limit together.
 */
export function spendOf(booking: SpendFacts, now: number): number {
  if (booking.paidAt !== undefined) {
    const refunded = booking.refundStatus === undefined || booking.refundStatus === "failed" ? 0 : (booking.refundCents ?? 0);
    return Math.max(0, booking.priceCents - refunded);
  }
  if (booking.status === "pending_payment" && (booking.holdExpiresAt ?? 0) > now) return booking.priceCents;
  return 0;
}

type SpendRefusal =
  { code: "SPENDING_PAUSED"; pausedThrough: string } | { code: "SPENDING_LIMIT_REACHED"; limitCents: number; remainingCents: number };

/** Why a checkout of `priceCents` is refused at `now`, given what the month already counts; null if it may go on. */
export function whySpendRefused(state: SpendingLimitState, spentCents: number, priceCents: number, now: number): SpendRefusal | null {
  const pausedThrough = activePauseThrough(state, now);
  if (pausedThrough !== null) return { code: "SPENDING_PAUSED", pausedThrough };
  const limitCents = effectiveLimit(state, now);
  if (limitCents === null || spentCents + priceCents <= limitCents) return null;
  return { code: "SPENDING_LIMIT_REACHED", limitCents, remainingCents: Math.max(0, limitCents - spentCents) };
}
