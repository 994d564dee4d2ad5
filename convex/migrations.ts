// Conversions of documents stored under an older shape. Each is internal and idempotent: `seed:run`
// (what `npm start` runs) applies the ones a kept data folder still needs; on a deployment, run them by
// hand (`npx convex run migrations:hourlyRatesToCents`, then `migrations:pricesToCents`, then `migrations:fillCatalogue`,
// each until it answers `isDone`, passing its `continueCursor` as `cursor`).
import { v } from "convex/values";
import type { Doc } from "./_generated/dataModel";
import type { MutationCtx, QueryCtx } from "./_generated/server";
import { internalMutation, internalQuery } from "./lib/platform/functions";
import { hourlyRateCentsOf, pricesCentsOf } from "./model/psychics";
import { syncCatalogueEntries } from "./lib/catalogue/catalogueEntries";

/** Profiles converted per call, so a large table is converted in several transactions. */
const PROFILES_PER_PAGE = 100;

/** The fields in which older profiles hold whole euros. */
type EuroField = "hourlyRateEuros" | "pricing";

/** Whether some profile still holds `field` (schema.ts, psychicProfiles). */
function profilesHold(field: EuroField) {
  return async (ctx: QueryCtx) =>
    (await ctx.db
      .query("psychicProfiles")
      // No index names a field only old documents hold: a scan, once per start of a kept data folder.
      // eslint-disable-next-line @convex-dev/no-filter-in-query
      .filter((q) => q.neq(q.field(field), undefined))
      .first()) !== null;
}

const pageArgs = { cursor: v.optional(v.union(v.string(), v.null())) };
const pageResult = v.object({ converted: v.number(), isDone: v.boolean(), continueCursor: v.string() });

/**
 * One page of profiles, from `cursor`: a profile holding `field` gets what `inCents` makes of it, the old
 * field removed; a converted one is left alone. Call again with `continueCursor` until `isDone`.
 */
function profilesToCents(field: EuroField, inCents: (profile: Doc<"psychicProfiles">) => Partial<Doc<"psychicProfiles">>) {
  return async (ctx: MutationCtx, { cursor }: { cursor?: string | null }) => {
    const { page, isDone, continueCursor } = await ctx.db
      .query("psychicProfiles")
      .paginate({ numItems: PROFILES_PER_PAGE, cursor: cursor ?? null });
    let converted = 0;
    for (const profile of page) {
      if (profile[field] === undefined) continue;
      await ctx.db.patch("psychicProfiles", profile._id, { ...inCents(profile), [field]: undefined });
      converted += 1;
    }
    return { converted, isDone, continueCursor };
  };
}

export const hourlyRatesInEuros = internalQuery({ args: {}, returns: v.boolean(), handler: profilesHold("hourlyRateEuros") });
/** `hourlyRateEuros` → `hourlyRateCents` (euros × 100, a whole number of cents). */
export const hourlyRatesToCents = internalMutation({
  args: pageArgs,
  returns: pageResult,
  handler: profilesToCents("hourlyRateEuros", (profile) => ({ hourlyRateCents: hourlyRateCentsOf(profile) })),
});

export const pricesInEuros = internalQuery({ args: {}, returns: v.boolean(), handler: profilesHold("pricing") });
/** `pricing` → `pricesCents` (each length's euros × 100, whole cents). */
export const pricesToCents = internalMutation({
  args: pageArgs,
  returns: pageResult,
  handler: profilesToCents("pricing", (profile) => ({ pricesCents: pricesCentsOf(profile) })),
});

/** Whether the catalogue's rows are missing: the best-rated listed profile has none (a kept data folder from before them). */
export const catalogueMissing = internalQuery({
  args: {},
  returns: v.boolean(),
  handler: async (ctx) => {
    const listed = await ctx.db
      .query("psychicProfiles")
      .withIndex("by_visibility_status_suspension_rating", (q) => q.eq("isPubliclyVisible", true).eq("profileStatus", "approved").eq("suspendedAt", undefined))
      .first();
    if (listed === null) return false;
    return (await ctx.db.query("catalogueEntries").withIndex("by_profile", (q) => q.eq("profileId", listed._id)).first()) === null;
  },
});

/** One page of profiles given their catalogue rows (lib/catalogue/catalogueEntries.ts); a profile with them is left as it is. */
export const fillCatalogue = internalMutation({
  args: pageArgs,
  returns: pageResult,
  handler: async (ctx, { cursor }) => {
    const { page, isDone, continueCursor } = await ctx.db.query("psychicProfiles").paginate({ numItems: PROFILES_PER_PAGE, cursor: cursor ?? null });
    for (const profile of page) await syncCatalogueEntries(ctx, profile._id);
    return { converted: page.length, isDone, continueCursor };
  },
});
