// Origin passes (convex/lib/platform/originPasses.ts): issued by the HTTP action that sees the client's
// address, removed by the hourly job once expired. All internal.
import { v } from "convex/values";
import { internalMutation } from "./lib/platform/functions";
import { rateLimit } from "./lib/platform/rateLimits";
import { ORIGIN_PASS_MINUTES } from "./model/origins";

const MINUTE_MS = 60_000;

export const issue = internalMutation({
  args: { token: v.string(), origin: v.union(v.string(), v.null()) },
  returns: v.object({ ok: v.boolean(), expiresAt: v.number() }),
  handler: async (ctx, { token, origin }) => {
    const expiresAt = Date.now() + ORIGIN_PASS_MINUTES * MINUTE_MS;
    // One origin asking for thousands of passes would only fill the table: it gets none past the limit.
    if (origin !== null && !(await rateLimit(ctx, { name: "originPassesByOrigin", key: origin })).ok) {
      return { ok: false, expiresAt };
    }
    await ctx.db.insert("originPasses", { token, expiresAt, ...(origin !== null ? { origin } : {}) });
    return { ok: true, expiresAt };
  },
});

/** Expired passes and pending sign-ups go; a bounded batch, the next run takes the rest. */
export const removeExpired = internalMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    const now = Date.now();
    const passes = await ctx.db
      .query("originPasses")
      .withIndex("by_expiresAt", (q) => q.lte("expiresAt", now))
      .take(500);
    for (const pass of passes) await ctx.db.delete("originPasses", pass._id);
    const signUps = await ctx.db
      .query("pendingSignUps")
      .withIndex("by_expiresAt", (q) => q.lte("expiresAt", now))
      .take(500);
    for (const signUp of signUps) await ctx.db.delete("pendingSignUps", signUp._id);
    return null;
  },
});
