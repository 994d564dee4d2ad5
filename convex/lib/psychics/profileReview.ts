// Changes to an approved profile while the `psychic_approval_required` switch is on
// (docs/product-rules.md, "Psychics"): a new name, bio or photo waits in `pendingChanges` for an
// admin, and the public keeps seeing the approved fields until then. With the switch off, or
// before the first approval (the profile is not public yet), edits apply at once. Every write of
// what a review covers goes through `withReviewVersion`, so an admin's decision names what they read.
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { ADMIN_LIMITS } from "../../model/admin";
import { cleanText } from "../../model/contact";
import { nextReviewVersion } from "../../model/psychics";
import { fail } from "../../framework/errors";
import type { VerificationCallOutcome } from "../../framework/validators";
import { readSetting } from "../platform/settings";
import { deleteOwnedFile } from "../platform/uploads";

type Profile = Doc<"psychicProfiles">;
type PublicFields = { psychicName: string; bio: string; photoStorageId?: Id<"_storage"> };
const cleared = { pendingChanges: undefined, changesSubmittedAt: undefined };

/**
 * What waits for an admin, oldest first: new profiles pending review, then approved ones with changes
 * waiting (model/admin.ts, waitsForReview, is the same rule); at most `limit` of each.
 */
export async function reviewQueue(ctx: QueryCtx, limit: number): Promise<Profile[]> {
  const pending = await ctx.db
    .query("psychicProfiles")
    .withIndex("by_status", (q) => q.eq("profileStatus", "pending"))
    .take(limit);
  const changed = await ctx.db
    .query("psychicProfiles")
    .withIndex("by_changesSubmittedAt", (q) => q.gt("changesSubmittedAt", 0))
    .take(limit);
  return [...new Map([...pending, ...changed].map((profile) => [profile._id, profile])).values()];
}

/**
 * A profile patch with the review version it leads to: one more when it changes the name, bio, photo or
 * the changes waiting (docs/product-rules.md, "Contact and admin"), so an approval of what the admin
 * read is refused once the psychic changed any of it.
 */
export function withReviewVersion<P extends Partial<Profile>>(profile: Profile, patch: P): P & { reviewVersion?: number } {
  const reviewVersion = nextReviewVersion(profile, { ...profile, ...patch });
  return reviewVersion === (profile.reviewVersion ?? 0) ? patch : { ...patch, reviewVersion };
}

/**
 * The profile an admin decides on, as they read it: refused (PROFILE_CHANGED, nothing written) when the
 * name, bio, photo or waiting changes moved on since the admin's list gave them `reviewVersion`.
 */
export async function reviewedProfileX(ctx: MutationCtx, id: Id<"psychicProfiles">, reviewVersion: number): Promise<Profile> {
  if (!Number.isSafeInteger(reviewVersion) || reviewVersion < 0) return fail("INVALID_INPUT", { field: "reviewVersion" });
  const profile = (await ctx.db.get("psychicProfiles", id)) ?? fail("NOT_FOUND");
  return (profile.reviewVersion ?? 0) === reviewVersion ? profile : fail("PROFILE_CHANGED");
}

async function editsNeedReview(ctx: MutationCtx, profile: Profile): Promise<boolean> {
  return profile.profileStatus === "approved" && (await readSetting(ctx, "psychic_approval_required"));
}

/** Deletes a photo that is no longer anyone's choice (only when the server recorded it as the psychic's). */
async function dropPhoto(ctx: MutationCtx, profile: Profile, storageId: Id<"_storage"> | undefined, keep: Array<Id<"_storage"> | undefined>) {
  if (storageId !== undefined && !keep.includes(storageId)) await deleteOwnedFile(ctx, profile.userId, storageId);
}

/** The fields the public will see once everything pending is applied, and the patch that applies it. */
async function applyAll(ctx: MutationCtx, profile: Profile, next: PublicFields) {
  if (next.photoStorageId !== profile.photoStorageId) await dropPhoto(ctx, profile, profile.photoStorageId, [next.photoStorageId]);
  return { ...next, ...cleared };
}

/**
 * The psychic's new name and bio: written at once, or kept as pending changes. Returns the fields to
 * write on the profile itself (none when they wait for review).
 */
export async function submitNameAndBio(ctx: MutationCtx, profile: Profile, psychicName: string, bio: string) {
  const pending = profile.pendingChanges;
  if (!(await editsNeedReview(ctx, profile))) {
    return pending === undefined
      ? { psychicName, bio }
      : applyAll(ctx, profile, { psychicName, bio, photoStorageId: pending.photoStorageId ?? profile.photoStorageId });
  }
  const unchanged = psychicName === profile.psychicName && bio === profile.bio;
  if (unchanged && pending?.photoStorageId === undefined) return cleared;
  if (pending !== undefined && pending.psychicName === psychicName && pending.bio === bio) return {};
  return {
    pendingChanges: { psychicName, bio, ...(pending?.photoStorageId ? { photoStorageId: pending.photoStorageId } : {}) },
    changesSubmittedAt: Date.now(),
  };
}

/** The psychic's new photo (already proven theirs): shown at once, or kept for review. */
export async function submitPhoto(ctx: MutationCtx, profile: Profile, storageId: Id<"_storage">) {
  const pending = profile.pendingChanges;
  if (!(await editsNeedReview(ctx, profile))) {
    await dropPhoto(ctx, profile, pending?.photoStorageId, [storageId]);
    const next = { psychicName: pending?.psychicName ?? profile.psychicName, bio: pending?.bio ?? profile.bio, photoStorageId: storageId };
    await ctx.db.patch("psychicProfiles", profile._id, withReviewVersion(profile, await applyAll(ctx, profile, next)));
    return;
  }
  await dropPhoto(ctx, profile, pending?.photoStorageId, [storageId, profile.photoStorageId]);
  await ctx.db.patch(
    "psychicProfiles",
    profile._id,
    withReviewVersion(profile, {
      pendingChanges: { psychicName: pending?.psychicName ?? profile.psychicName, bio: pending?.bio ?? profile.bio, photoStorageId: storageId },
      changesSubmittedAt: Date.now(),
    }),
  );
}

/** An admin accepts the pending changes: the public sees them from now on. */
export async function approvePendingChanges(ctx: MutationCtx, profile: Profile) {
  const pending = profile.pendingChanges;
  if (pending === undefined) return {};
  return applyAll(ctx, profile, {
    psychicName: pending.psychicName,
    bio: pending.bio,
    photoStorageId: pending.photoStorageId ?? profile.photoStorageId,
  });
}

/** An admin turns the pending changes down: the approved fields stay, a refused new photo is deleted. */
export async function discardPendingChanges(ctx: MutationCtx, profile: Profile) {
  await dropPhoto(ctx, profile, profile.pendingChanges?.photoStorageId, [profile.photoStorageId]);
  return cleared;
}

/**
 * 'Verificati' is true (docs/product-rules.md, "Contact and admin"): a profile, or changes to it, are approved
 * only once an admin recorded a passed verification call with the psychic.
 */
export function requireVerificationCall(profile: Profile) {
  if (!profile.verificationCallCompleted) fail("VERIFICATION_CALL_REQUIRED");
}

/**
 * An admin records the verification call: who (the admin), when (now), how it went and an optional note
 * (up to ADMIN_LIMITS.verificationNoteLength). A failed call can be followed by another; a passed one is final.
 */
export async function recordVerificationCall(
  ctx: MutationCtx,
  profile: Profile,
  call: { recordedBy: Id<"users">; outcome: VerificationCallOutcome; note?: string },
) {
  const note = call.note === undefined || call.note.trim() === "" ? undefined : cleanText(call.note, ADMIN_LIMITS.verificationNoteLength);
  if (note === null) return fail("INVALID_INPUT", { field: "note" });
  if (profile.verificationCallCompleted) return fail("INVALID_STATE");
  await ctx.db.patch("psychicProfiles", profile._id, {
    verificationCallCompleted: call.outcome === "passed",
    verificationCall: { recordedBy: call.recordedBy, recordedAt: Date.now(), outcome: call.outcome, ...(note ? { note } : {}) },
  });
}
