// A psychic's figures beside the rating on the public profile (docs/product-rules.md, "Psychic figures
// and the list's order"): read from the rows the triggers keep, never by scanning bookings.
import { v } from "convex/values";
import { query } from "./lib/platform/functions";
import { listedProfileAt } from "./lib/psychics/profileAddress";
import { psychicFiguresAt } from "./lib/figures/psychicFigures";
import { requireInstant } from "./framework/time";
import { CANCELLATION_WINDOW_DAYS, MIN_GIVEN_FOR_FIGURES } from "./model/psychicFigures";

/**
 * Consultations given, the share of consultations due the psychic joined within five minutes of the start
 * (null while fewer than MIN_GIVEN_FOR_FIGURES were given: 'Nuovo'), and the psychic's own cancellations in
 * the last 90 Rome days up to the day of `now`. `now` comes from the page, rounded (a query must not read
 * the clock). The profile by its address (the slug or the id). Null for a profile the public cannot see.
 */
export const getForProfile = query({
  args: { id: v.string(), now: v.number() },
  returns: v.union(
    v.null(),
    v.object({
      consultationsGiven: v.number(),
      onTimePercent: v.union(v.number(), v.null()),
      psychicCancellations90Days: v.number(),
      isNew: v.boolean(),
      minimumGiven: v.number(),
      windowDays: v.number(),
    }),
  ),
  handler: async (ctx, { id, now }) => {
    requireInstant(now);
    const profile = await listedProfileAt(ctx, id);
    if (profile === null) return null;
    return { ...(await psychicFiguresAt(ctx, profile._id, now)), minimumGiven: MIN_GIVEN_FOR_FIGURES, windowDays: CANCELLATION_WINDOW_DAYS };
  },
});
