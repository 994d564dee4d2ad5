// Readers as the public sees them. Only profiles that are publicly visible AND approved exist
// for visitors (spec §4); everything else is invisible here.
import { v } from "convex/values";
import type { Doc } from "./_generated/dataModel";
import type { QueryCtx } from "./_generated/server";
import { query } from "./lib/functions";
import { specialty } from "./lib/validators";
import { startingPrice } from "./model/psychics";

/** How many readers the home page features (spec §9). */
export const FEATURED_READERS = 3;

export const publicCard = v.object({
  id: v.id("psychicProfiles"),
  psychicName: v.string(),
  photoUrl: v.union(v.string(), v.null()),
  bio: v.string(),
  specialties: v.array(specialty),
  rating: v.union(v.number(), v.null()),
  reviewCount: v.number(),
  isAvailable: v.boolean(),
  minPriceEuros: v.number(),
  minDurationMinutes: v.number(),
});

async function toPublicCard(ctx: QueryCtx, profile: Doc<"psychicProfiles">) {
  const photoUrl = profile.photoStorageId
    ? await ctx.storage.getUrl(profile.photoStorageId)
    : (profile.photoUrl ?? null);
  return {
    id: profile._id,
    psychicName: profile.psychicName,
    photoUrl,
    bio: profile.bio,
    specialties: profile.specialties,
    rating: profile.rating ?? null,
    reviewCount: profile.reviewCount,
    isAvailable: profile.isAvailable,
    ...startingPrice(profile),
  };
}

/** The home page's best-rated public readers; readers with no reviews yet come last. */
export const listFeatured = query({
  args: {},
  returns: v.array(publicCard),
  handler: async (ctx) => {
    const profiles = await ctx.db
      .query("psychicProfiles")
      .withIndex("by_visibility_status_rating", (q) =>
        q.eq("isPubliclyVisible", true).eq("profileStatus", "approved"),
      )
      .order("desc")
      .take(FEATURED_READERS);
    return Promise.all(profiles.map((profile) => toPublicCard(ctx, profile)));
  },
});
