// Conversions of documents stored under an older shape. Each is internal and idempotent: `seed:run`
// (what `npm start` runs) applies the ones a kept data folder still needs; on a deployment, run them by
// hand (`npx convex run migrations:hourlyRatesToCents`, then `migrations:pricesToCents`, each until it answers `isDone`).
import { v } from "convex/values";
import { internalMutation, internalQuery } from "./lib/platform/functions";
import { hourlyRateCentsOf, pricesCentsOf } from "./model/psychics";

/** Profiles converted per call, so a large table is converted in several transactions. */
const PROFILES_PER_PAGE = 100;

/** Whether some profile still holds its hourly rate in whole euros (schema.ts, psychicProfiles). */
export const hourlyRatesInEuros = internalQuery({
  args: {},
  returns: v.boolean(),
  handler: async (ctx) =>
    (await ctx.db
      .query("psychicProfiles")
      // No index names a field only old documents hold: a scan, once per start of a kept data folder.
      // eslint-disable-next-line @convex-dev/no-filter-in-query
      .filter((q) => q.neq(q.field("hourlyRateEuros"), undefined))
      .first()) !== null,
});

/**
 * One page of profiles, from `cursor`: a profile holding `hourlyRateEuros` gets `hourlyRateCents`
 * (euros × 100, a whole number of cents) and loses the old field; a converted one is left alone.
 * Call again with `continueCursor` until `isDone`.
 */
export const hourlyRatesToCents = internalMutation({
  args: { cursor: v.optional(v.union(v.string(), v.null())) },
  returns: v.object({ converted: v.number(), isDone: v.boolean(), continueCursor: v.string() }),
  handler: async (ctx, { cursor }) => {
    const { page, isDone, continueCursor } = await ctx.db
      .query("psychicProfiles")
      .paginate({ numItems: PROFILES_PER_PAGE, cursor: cursor ?? null });
    let converted = 0;
    for (const profile of page) {
      if (profile.hourlyRateEuros === undefined) continue;
      await ctx.db.patch("psychicProfiles", profile._id, { hourlyRateCents: hourlyRateCentsOf(profile), hourlyRateEuros: undefined });
      converted += 1;
    }
    return { converted, isDone, continueCursor };
  },
});

/** Whether some profile still holds its prices in whole euros (schema.ts, psychicProfiles). */
export const pricesInEuros = internalQuery({
  args: {},
  returns: v.boolean(),
  handler: async (ctx) =>
    (await ctx.db
      .query("psychicProfiles")
      // No index names a field only old documents hold: a scan, once per start of a kept data folder.
      // eslint-disable-next-line @convex-dev/no-filter-in-query
      .filter((q) => q.neq(q.field("pricing"), undefined))
      .first()) !== null,
});

/**
 * One page of profiles, from `cursor`: a profile holding `pricing` gets `pricesCents` (each length's
 * euros × 100, whole cents) and loses the old field; a converted one is left alone. Call again with
 * `continueCursor` until `isDone`.
 */
export const pricesToCents = internalMutation({
  args: { cursor: v.optional(v.union(v.string(), v.null())) },
  returns: v.object({ converted: v.number(), isDone: v.boolean(), continueCursor: v.string() }),
  handler: async (ctx, { cursor }) => {
    const { page, isDone, continueCursor } = await ctx.db
      .query("psychicProfiles")
      .paginate({ numItems: PROFILES_PER_PAGE, cursor: cursor ?? null });
    let converted = 0;
    for (const profile of page) {
      if (profile.pricing === undefined) continue;
      await ctx.db.patch("psychicProfiles", profile._id, { pricesCents: pricesCentsOf(profile), pricing: undefined });
      converted += 1;
    }
    return { converted, isDone, continueCursor };
  },
});
