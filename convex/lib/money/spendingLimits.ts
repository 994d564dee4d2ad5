// The client's spending limit as the checkout and the settings read it (model/spendingLimit.ts has the rules).
import type { Doc, Id } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import { MAX_LIVE_HOLDS } from "../../model/bookings";
import { NO_LIMIT, spendMonthOf, spendOf, whySpendRefused, type SpendingLimitState } from "../../model/spendingLimit";
import { fail } from "../../framework/errors";

export async function spendingLimitRow(ctx: QueryCtx, clientId: Id<"users">): Promise<Doc<"spendingLimits"> | null> {
  return ctx.db
    .query("spendingLimits")
    .withIndex("by_clientId", (q) => q.eq("clientId", clientId))
    .unique();
}

export function stateOf(row: Doc<"spendingLimits"> | null): SpendingLimitState {
  if (row === null) return NO_LIMIT;
  const { limitCents, pendingLimit, pausedThrough, pauseEndsEarlyAt } = row;
  return { limitCents, pendingLimit, pausedThrough, pauseEndsEarlyAt };
}

/**
 * What the client's Rome month of `now` already counts: bookings paid in it, net of refunds, plus
 * the live holds (a checkout in progress). A month's payments are bounded by the holds a client may
 * open (model/bookings.ts), so reading them all is small.
 */
export async function monthSpendCents(ctx: QueryCtx, clientId: Id<"users">, now: number): Promise<number> {
  const { from, to } = spendMonthOf(now);
  const paid = await ctx.db
    .query("bookings")
    .withIndex("by_client_paidAt", (q) => q.eq("clientId", clientId).gte("paidAt", from).lt("paidAt", to))
    .collect();
  const holds = await ctx.db
    .query("bookings")
    .withIndex("by_client_status_startsAt", (q) => q.eq("clientId", clientId).eq("status", "pending_payment"))
    .take(MAX_LIVE_HOLDS * 10);
  const unpaidHolds = holds.filter((booking) => booking.paidAt === undefined);
  return [...paid, ...unpaidHolds].reduce((sum, booking) => sum + spendOf(booking, now), 0);
}

/** Refuses a checkout of `priceCents` the client's pause or monthly limit does not allow (model/spendingLimit.ts). */
export async function requireWithinSpendingLimit(ctx: QueryCtx, clientId: Id<"users">, priceCents: number, now: number) {
  const row = await spendingLimitRow(ctx, clientId);
  if (row === null) return;
  const refusal = whySpendRefused(stateOf(row), await monthSpendCents(ctx, clientId, now), priceCents, now);
  if (refusal !== null) fail(refusal.code, refusal);
}

/**
 * Whether the client's pause or monthly limit, as they stand when a payment lands, refuse `booking`: a checkout
 * left open past a pause, or paid after the client opened another within the limit, is refunded, not confirmed.
 */
export async function spendRefusedAtPayment(ctx: QueryCtx, booking: Doc<"bookings">, now: number): Promise<boolean> {
  const row = await spendingLimitRow(ctx, booking.clientId);
  if (row === null) return false;
  // This booking's own live hold is what is being paid: it does not count against itself.
  const spent = (await monthSpendCents(ctx, booking.clientId, now)) - spendOf(booking, now);
  return whySpendRefused(stateOf(row), spent, booking.priceCents, now) !== null;
}
