// The client's own spending limit, in settings (docs/product-rules.md, "Spending limit"). The checkout
// (payments.ts createHold) enforces it; these read and change it. Lowering the limit or starting a pause
// counts at once; raising, removing or ending a pause early a day later (model/spendingLimit.ts).
import { v } from "convex/values";
import type { MutationCtx } from "./_generated/server";
import { fail } from "./framework/errors";
import { clientMutation, clientQuery } from "./lib/platform/functions";
import { monthSpendCents, spendingLimitRow, stateOf } from "./lib/money/spendingLimits";
import { requireInstant } from "./framework/time";
import {
  activePauseThrough,
  effectiveLimit,
  isValidLimit,
  settled,
  withLimit,
  withPause,
  withPauseEnded,
  type SpendingLimitState,
} from "./model/spendingLimit";
import type { Id } from "./_generated/dataModel";

const nullableCents = v.union(v.number(), v.null());

const limitView = v.object({
  limitCents: nullableCents,
  pendingLimit: v.union(v.object({ limitCents: nullableCents, effectiveAt: v.number() }), v.null()),
  pausedThrough: v.union(v.string(), v.null()),
  pauseEndsEarlyAt: v.union(v.number(), v.null()),
  spentCents: v.number(),
  remainingCents: nullableCents,
});

/** The limit and pause in force at the page's `now`, what is waiting, and the Rome month's spend so far. */
export const getMine = clientQuery({
  args: { now: v.number() },
  returns: limitView,
  handler: async (ctx, { now }) => {
    requireInstant(now);
    const state = settled(stateOf(await spendingLimitRow(ctx, ctx.viewerId)), now);
    const spentCents = await monthSpendCents(ctx, ctx.viewerId, now);
    const limitCents = effectiveLimit(state, now);
    const pausedThrough = activePauseThrough(state, now);
    return {
      limitCents,
      pendingLimit: state.pendingLimit ?? null,
      pausedThrough,
      pauseEndsEarlyAt: pausedThrough === null ? null : (state.pauseEndsEarlyAt ?? null),
      spentCents,
      remainingCents: limitCents === null ? null : Math.max(0, limitCents - spentCents),
    };
  },
});

async function save(ctx: MutationCtx, clientId: Id<"users">, change: (state: SpendingLimitState, now: number) => SpendingLimitState) {
  const now = Date.now();
  const row = await spendingLimitRow(ctx, clientId);
  const next = change(stateOf(row), now);
  const fields = {
    limitCents: next.limitCents,
    pendingLimit: next.pendingLimit,
    pausedThrough: next.pausedThrough,
    pauseEndsEarlyAt: next.pauseEndsEarlyAt,
    updatedAt: now,
  };
  if (row === null) await ctx.db.insert("spendingLimits", { clientId, ...fields });
  else await ctx.db.replace("spendingLimits", row._id, { clientId, ...fields });
  return null;
}

/** A monthly limit in whole cents (`null`: none); a lower one counts at once, a higher one or none in 24 hours. */
export const setMonthlyLimit = clientMutation({
  args: { limitCents: nullableCents },
  returns: v.null(),
  handler: async (ctx, { limitCents }) => {
    if (!isValidLimit(limitCents)) return fail("INVALID_INPUT", { field: "limitCents" });
    return save(ctx, ctx.viewerId, (state, now) => withLimit(state, limitCents, now));
  },
});

/** A pause of 7, 30 or 90 days from today: every checkout is refused through its last day, at once. */
export const startPause = clientMutation({
  args: { days: v.union(v.literal(7), v.literal(30), v.literal(90)) },
  returns: v.null(),
  handler: async (ctx, { days }) => save(ctx, ctx.viewerId, (state, now) => withPause(state, days, now)),
});

/** Ends the running pause early: 24 hours from now (or on its last day, if that comes first). */
export const endPause = clientMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    const row = await spendingLimitRow(ctx, ctx.viewerId);
    if (activePauseThrough(stateOf(row), Date.now()) === null) return fail("INVALID_STATE");
    return save(ctx, ctx.viewerId, withPauseEnded);
  },
});
