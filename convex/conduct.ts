// The code of conduct (model/conduct.ts): the psychic reads which version they accepted and accepts
// the current one. Publishing (psychicProfiles.publishMine) asks for the current version.
import { v } from "convex/values";
import { ownPsychicProfile, ownPsychicProfileX } from "./lib/platform/access";
import { fail } from "./framework/errors";
import { psychicMutation, psychicQuery } from "./lib/platform/functions";
import { conductAcceptance } from "./framework/validators";
import { CONDUCT_VERSION } from "./model/conduct";

/** The current version and the psychic's last acceptance (null before any, or before the profile exists). */
export const getMine = psychicQuery({
  args: {},
  returns: v.object({ currentVersion: v.number(), accepted: v.union(conductAcceptance, v.null()) }),
  handler: async (ctx) => {
    const profile = await ownPsychicProfile(ctx, ctx.viewerId);
    return { currentVersion: CONDUCT_VERSION, accepted: profile?.conductAcceptance ?? null };
  },
});

/**
 * The psychic accepts the version they read. A version other than the current one (the page was open
 * while the code changed) is refused, so nobody accepts a text they did not see. Accepting again the
 * version already accepted keeps the first time.
 */
export const acceptMine = psychicMutation({
  args: { version: v.number() },
  returns: conductAcceptance,
  handler: async (ctx, { version }) => {
    const profile = await ownPsychicProfileX(ctx, ctx.viewerId);
    if (version !== CONDUCT_VERSION) return fail("CONDUCT_OUTDATED");
    if (profile.conductAcceptance?.version === CONDUCT_VERSION) return profile.conductAcceptance;
    const acceptance = { version: CONDUCT_VERSION, acceptedAt: Date.now() };
    await ctx.db.patch("psychicProfiles", profile._id, { conductAcceptance: acceptance });
    return acceptance;
  },
});
