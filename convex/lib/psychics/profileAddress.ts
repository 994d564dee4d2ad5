// A profile's readable address (docs/product-rules.md, "Psychics"): `/psychics/selene`. The slug is
// given once, at the first Publish (or by the seed and the migration), unique among profiles, and kept
// afterwards whatever the name becomes, so a link shared once keeps working; the id keeps working too.
import type { Doc } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { isListed } from "../../model/psychics";
import { isSlugShaped, slugCandidate, slugOf } from "../../model/profileSlug";

/** Candidates tried in order ('selene', 'selene-2'…) before one that cannot collide is taken. */
const MAX_NUMBERED_CANDIDATES = 50;

async function slugTaken(ctx: QueryCtx, slug: string): Promise<boolean> {
  // A slug that reads as a profile's id would make that address ambiguous: never given.
  if (ctx.db.normalizeId("psychicProfiles", slug) !== null) return true;
  const holder = await ctx.db
    .query("psychicProfiles")
    .withIndex("by_slug", (q) => q.eq("slug", slug))
    .first();
  return holder !== null;
}

/** The first free slug for `name`: its own, else with -2, -3…; past those, with the profile's id. */
async function freeSlugFor(ctx: QueryCtx, name: string, profileId: Doc<"psychicProfiles">["_id"]): Promise<string> {
  const base = slugOf(name);
  for (let n = 1; n <= MAX_NUMBERED_CANDIDATES; n++) {
    const candidate = slugCandidate(base, n);
    if (!(await slugTaken(ctx, candidate))) return candidate;
  }
  // Fifty namesakes: the id's tail is unique by construction.
  return `${base.slice(0, 40).replace(/-+$/, "")}-${profileId.slice(-8)}`;
}

/** Gives the profile its slug from its public name unless it has one already (a slug never changes). */
export async function ensureSlug(ctx: MutationCtx, profile: Doc<"psychicProfiles">): Promise<string> {
  if (profile.slug !== undefined) return profile.slug;
  const slug = await freeSlugFor(ctx, profile.psychicName, profile._id);
  await ctx.db.patch("psychicProfiles", profile._id, { slug });
  return slug;
}

/** `ensureSlug` for a profile known by its id (the seed and the demo's scenes, right after inserting it). */
export async function giveSlug(ctx: MutationCtx, profileId: Doc<"psychicProfiles">["_id"]): Promise<string | null> {
  const profile = await ctx.db.get("psychicProfiles", profileId);
  return profile === null ? null : ensureSlug(ctx, profile);
}

/**
 * A listed profile by its address, the slug or the id (old links and the app's own id links), or null:
 * missing, hidden, unapproved and suspended look alike (lib/platform/access.ts `listedProfile`).
 */
export async function listedProfileAt(ctx: QueryCtx, address: string): Promise<Doc<"psychicProfiles"> | null> {
  const profileId = ctx.db.normalizeId("psychicProfiles", address);
  let profile: Doc<"psychicProfiles"> | null = null;
  if (profileId !== null) profile = await ctx.db.get("psychicProfiles", profileId);
  else if (isSlugShaped(address)) {
    profile = await ctx.db
      .query("psychicProfiles")
      .withIndex("by_slug", (q) => q.eq("slug", address))
      .first();
  }
  return profile !== null && isListed(profile) ? profile : null;
}
