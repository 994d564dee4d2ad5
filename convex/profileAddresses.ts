// Readable profile addresses (`/psychics/selene`, lib/psychics/profileAddress.ts): the one-off migration that gives
// profiles published before slugs existed their own. Internal: no client can call it.
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalMutation } from "./lib/platform/functions";
import { ensureSlug } from "./lib/psychics/profileAddress";

/** Profiles read per transaction; each may read a few slug candidates too. */
const PAGE_SIZE = 100;

/**
 * Migration, run once after deploying the slugs: `npx convex run profileAddresses:assignMissingSlugs '{}'`.
 * Gives every profile ever published (approved, pending or rejected; a draft gets its slug at its first
 * Publish) that has none its slug from its public name, a page at a time, each page scheduling the next.
 * Running it again changes nothing: a slug, once given, is kept.
 */
export const assignMissingSlugs = internalMutation({
  args: { cursor: v.optional(v.union(v.string(), v.null())) },
  returns: v.object({ assigned: v.number(), done: v.boolean() }),
  handler: async (ctx, { cursor = null }) => {
    const page = await ctx.db.query("psychicProfiles").paginate({ numItems: PAGE_SIZE, cursor });
    let assigned = 0;
    for (const profile of page.page) {
      if (profile.slug !== undefined || profile.profileStatus === "draft") continue;
      await ensureSlug(ctx, profile);
      assigned++;
    }
    if (!page.isDone) await ctx.scheduler.runAfter(0, internal.profileAddresses.assignMissingSlugs, { cursor: page.continueCursor });
    return { assigned, done: page.isDone };
  },
});
