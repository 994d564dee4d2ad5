// Reviews as the public reads them: real ones, one per completed booking, newest first.
import { v } from "convex/values";
import { listedProfile } from "./lib/access";
import { query } from "./lib/functions";
import { reviewRating } from "./lib/validators";

/** How many reviews a profile page shows. */
export const REVIEWS_SHOWN = 50;

export const listForProfile = query({
  args: { psychicProfileId: v.string() },
  returns: v.array(
    v.object({
      id: v.id("reviews"),
      clientName: v.string(),
      rating: reviewRating,
      comment: v.string(),
      createdAt: v.number(),
    }),
  ),
  handler: async (ctx, { psychicProfileId }) => {
    const profile = await listedProfile(ctx, psychicProfileId);
    if (profile === null) return [];
    const reviews = await ctx.db
      .query("reviews")
      .withIndex("by_psychicProfile", (q) => q.eq("psychicProfileId", profile._id))
      .order("desc")
      .take(REVIEWS_SHOWN);
    return reviews.map((review) => ({
      id: review._id,
      clientName: review.clientName,
      rating: review.rating,
      comment: review.comment,
      createdAt: review._creationTime,
    }));
  },
});
