// Fills a deployment with many published demo psychics (demo/scale.ts), for benches and tests of the catalogue at
// a national launch's size. Internal, so no client can call it; by hand:
//   npx convex run demoScale:fill '{"count": 1000}'
// `count` is how many scaled psychics the deployment holds afterwards: the missing ones are added, a batch per
// transaction (each profile's counters and address come through the triggers), those already there are kept.
// They have no password: nobody signs in as them.
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { giveSlug } from "./lib/psychics/profileAddress";
import { internalAction, internalMutation, internalQuery } from "./lib/platform/functions";
import { publishedDemoProfile } from "./demo/profiles";
import { scaledPsychic } from "./demo/scale";

/** Psychics written per transaction: well inside Convex's limits on documents written and index ranges read. */
const BATCH = 100;
/** The most a deployment is filled to here (the launch's target is tens of thousands of psychics). */
const MAX_COUNT = 50_000;

/** Whether the n-th scaled psychic is there already (its account's email). */
export const has = internalQuery({
  args: { n: v.number() },
  returns: v.boolean(),
  handler: async (ctx, { n }) =>
    (await ctx.db
      .query("users")
      .withIndex("email", (q) => q.eq("email", scaledPsychic(n).email))
      .first()) !== null,
});

/** Writes the scaled psychics `from` to `to` (inclusive) that are missing: account, approved profile, address. */
export const insertBatch = internalMutation({
  args: { from: v.number(), to: v.number() },
  returns: v.number(),
  handler: async (ctx, { from, to }) => {
    const now = Date.now();
    const approver = await ctx.db
      .query("adminGrants")
      .first()
      .then((grant) => grant?.userId);
    let added = 0;
    for (let n = from; n <= to; n++) {
      const psychic = scaledPsychic(n);
      const existing = await ctx.db
        .query("users")
        .withIndex("email", (q) => q.eq("email", psychic.email))
        .first();
      if (existing !== null) continue;
      const userId = await ctx.db.insert("users", {
        email: psychic.email,
        name: psychic.psychicName,
        emailVerificationTime: now,
        accountType: "psychic",
        consentGivenAt: now,
      });
      const profileId = await ctx.db.insert("psychicProfiles", publishedDemoProfile(psychic, userId, now, approver ?? null));
      await giveSlug(ctx, profileId);
      added++;
    }
    return added;
  },
});

/** Brings the deployment to `count` scaled psychics; answers how many were added. */
export const fill = internalAction({
  args: { count: v.number() },
  returns: v.object({ added: v.number() }),
  handler: async (ctx, { count }) => {
    if (!Number.isInteger(count) || count < 0 || count > MAX_COUNT) throw new Error(`count: un intero da 0 a ${MAX_COUNT}`);
    let added = 0;
    for (let from = 1; from <= count; from += BATCH) {
      const to = Math.min(count, from + BATCH - 1);
      // A batch whose last psychic is there was written whole (one transaction): skipped without writing.
      if (await ctx.runQuery(internal.demoScale.has, { n: to })) continue;
      added += await ctx.runMutation(internal.demoScale.insertBatch, { from, to });
    }
    return { added };
  },
});
