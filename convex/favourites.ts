// A client's favourite psychics (docs/product-rules.md, "Favourites and 'Avvisami'"): a star on cards
// and profiles, and the 'Preferiti' list on the dashboard. Only clients star; only listed psychics can
// be starred, and a psychic hidden later simply drops out of the list.
import { v } from "convex/values";
import { listedProfile } from "./lib/platform/access";
import { fail } from "./framework/errors";
import { clientMutation, clientQuery } from "./lib/platform/functions";
import { isListed } from "./model/psychics";

/** The most favourites a client keeps; the list reads no more. */
export const MAX_FAVOURITES = 100;

const favourite = v.object({
  psychicProfileId: v.id("psychicProfiles"),
  psychicName: v.string(),
  photoUrl: v.union(v.string(), v.null()),
  isAvailable: v.boolean(),
});

/** The viewer's starred psychics that the public can still see, latest starred first. Live. */
export const listMine = clientQuery({
  args: {},
  returns: v.array(favourite),
  handler: async (ctx) => {
    const rows = await ctx.db
      .query("favouritePsychics")
      .withIndex("by_client", (q) => q.eq("clientId", ctx.viewerId))
      .order("desc")
      .take(MAX_FAVOURITES);
    const listed = [];
    for (const row of rows) {
      const profile = await ctx.db.get("psychicProfiles", row.psychicProfileId);
      if (profile === null || !isListed(profile)) continue;
      const photoUrl = profile.photoStorageId ? await ctx.storage.getUrl(profile.photoStorageId) : (profile.photoUrl ?? null);
      listed.push({ psychicProfileId: profile._id, psychicName: profile.psychicName, photoUrl, isAvailable: profile.isAvailable });
    }
    return listed;
  },
});

/**
 * Stars or unstars a psychic; idempotent (starring twice keeps one row, unstarring one never starred
 * changes nothing). Starring needs a listed psychic; unstarring works whatever the psychic's state.
 */
export const setMine = clientMutation({
  args: { psychicProfileId: v.string(), starred: v.boolean() },
  returns: v.null(),
  handler: async (ctx, { psychicProfileId, starred }) => {
    const profileId = ctx.db.normalizeId("psychicProfiles", psychicProfileId);
    if (profileId === null) return fail("NOT_FOUND");
    const existing = await ctx.db
      .query("favouritePsychics")
      .withIndex("by_client_psychic", (q) => q.eq("clientId", ctx.viewerId).eq("psychicProfileId", profileId))
      .first();
    if (!starred) {
      if (existing !== null) await ctx.db.delete("favouritePsychics", existing._id);
      return null;
    }
    if (existing !== null) return null;
    if ((await listedProfile(ctx, profileId)) === null) return fail("NOT_FOUND");
    const count = (
      await ctx.db
        .query("favouritePsychics")
        .withIndex("by_client", (q) => q.eq("clientId", ctx.viewerId))
        .take(MAX_FAVOURITES)
    ).length;
    if (count >= MAX_FAVOURITES) return fail("INVALID_INPUT", { field: "psychicProfileId" });
    await ctx.db.insert("favouritePsychics", { clientId: ctx.viewerId, psychicProfileId: profileId, createdAt: Date.now() });
    return null;
  },
});
