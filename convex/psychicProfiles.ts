// A psychic's own profile: created with defaults on first visit, edited, published, hidden,
// switched available or not. Every rule is checked here (convex/model/profileRules.ts); while an
// admin's suspension stands, nothing here makes the profile public.
import { v, type Infer } from "convex/values";
import type { Doc } from "./_generated/dataModel";
import type { MutationCtx, QueryCtx } from "./_generated/server";
import { fail } from "./framework/errors";
import { internal } from "./_generated/api";
import { ownPsychicProfile, ownPsychicProfileX } from "./lib/platform/access";
import { checkFreedTimeLater } from "./lib/bookings/availabilityAlerts";
import { internalMutation, psychicAction, psychicMutation, psychicQuery } from "./lib/platform/functions";
import { submitNameAndBio, submitPhoto, withReviewVersion } from "./lib/psychics/profileReview";
import { ensureSlug } from "./lib/psychics/profileAddress";
import { issueUploadUrl } from "./lib/platform/uploads";
import { readSettings } from "./lib/platform/settings";
import {
  durationMinutes,
  consultationType,
  pricesCents,
  profileStatus,
  specialization,
  specialty,
  weeklyAvailability,
  type ConsultationType,
  type PricesCents,
} from "./framework/validators";
import { acceptsCurrentConduct } from "./model/conduct";
import { hourlyRateCentsOf, offeredTypesOf, pricesCentsOf, suspensionOf } from "./model/psychics";
import {
  DEFAULT_PRICES_CENTS,
  checkProfile,
  defaultAvailability,
  normaliseAvailability,
  PHOTO_MAX_BYTES,
  photoRefusal,
  publishOutcome,
} from "./model/profileRules";
import { readUploadContentType } from "./model/uploads";
import { bookingsOutsideHours as outsideHours } from "./model/availabilityChange";

const ownProfile = v.object({
  id: v.id("psychicProfiles"),
  psychicName: v.string(),
  photoUrl: v.union(v.string(), v.null()),
  bio: v.string(),
  specialties: v.array(specialty),
  specializations: v.array(specialization),
  yearsExperience: v.number(),
  availableDurations: v.array(durationMinutes),
  pricesCents,
  consultationTypes: v.array(consultationType),
  chatPricesCents: pricesCents,
  availability: weeklyAvailability,
  profileStatus,
  adminNotes: v.union(v.string(), v.null()),
  isAvailable: v.boolean(),
  isPubliclyVisible: v.boolean(),
  rating: v.union(v.number(), v.null()),
  reviewCount: v.number(),
  // Name, bio or photo changed after approval and waiting for an admin; the fields above show them.
  // Optional in the shape so screens written before it need not set it; the server always does.
  changesInReview: v.optional(v.boolean()),
  // An admin's suspension: the note the psychic reads and since when (who suspended stays with the admins).
  suspension: v.union(v.null(), v.object({ note: v.string(), suspendedAt: v.number() })),
});

/** The psychic sees their own latest name, bio and photo, including changes still in review. */
async function toOwnProfile(ctx: QueryCtx, profile: Doc<"psychicProfiles">): Promise<Infer<typeof ownProfile>> {
  const pending = profile.pendingChanges;
  const photoStorageId = pending?.photoStorageId ?? profile.photoStorageId;
  return {
    id: profile._id,
    psychicName: pending?.psychicName ?? profile.psychicName,
    photoUrl: photoStorageId ? await ctx.storage.getUrl(photoStorageId) : (profile.photoUrl ?? null),
    bio: pending?.bio ?? profile.bio,
    specialties: profile.specialties,
    specializations: profile.specializations,
    yearsExperience: profile.yearsExperience,
    availableDurations: profile.availableDurations,
    pricesCents: pricesCentsOf(profile),
    consultationTypes: offeredTypesOf(profile),
    chatPricesCents: profile.chatPricesCents ?? {},
    availability: profile.availability,
    profileStatus: profile.profileStatus,
    adminNotes: profile.adminNotes ?? null,
    isAvailable: profile.isAvailable,
    isPubliclyVisible: profile.isPubliclyVisible,
    rating: profile.rating ?? null,
    reviewCount: profile.reviewCount,
    changesInReview: pending !== undefined,
    suspension: suspensionOf(profile),
  };
}

/** Only an admin lifts a suspension: until then the psychic cannot make the profile public. */
function refuseWhileSuspended(profile: Doc<"psychicProfiles">) {
  if (profile.suspendedAt !== undefined) fail("PROFILE_SUSPENDED");
}

/** The psychic's profile; null until `ensureMine` has created it. */
export const getMine = psychicQuery({
  args: {},
  returns: v.union(ownProfile, v.null()),
  handler: async (ctx) => {
    const profile = await ownPsychicProfile(ctx, ctx.viewerId);
    return profile === null ? null : toOwnProfile(ctx, profile);
  },
});

/** Creates the default profile on a psychic's first visit; a no-op afterwards. */
export const ensureMine = psychicMutation({
  args: {},
  returns: v.id("psychicProfiles"),
  handler: async (ctx) => {
    const existing = await ownPsychicProfile(ctx, ctx.viewerId);
    if (existing !== null) return existing._id;
    return ctx.db.insert("psychicProfiles", {
      userId: ctx.viewerId,
      psychicName: ctx.viewer.name ?? "",
      bio: "",
      specialties: ["Tarocchi"],
      specializations: [],
      yearsExperience: 1,
      totalConsultations: 0,
      reviewCount: 0,
      isAvailable: true,
      isPubliclyVisible: false,
      profileStatus: "draft",
      verificationCallCompleted: false,
      hourlyRateCents: 5000,
      pricesCents: { "30": DEFAULT_PRICES_CENTS[30] },
      consultationTypes: ["voice"],
      availableDurations: [30],
      availability: defaultAvailability(),
    });
  },
});

const editableFields = {
  psychicName: v.string(),
  bio: v.string(),
  specialties: v.array(specialty),
  specializations: v.array(specialization),
  yearsExperience: v.number(),
  availableDurations: v.array(durationMinutes),
  pricesCents,
  // Absent (a screen from before chat): the types and chat prices stay as stored.
  consultationTypes: v.optional(v.array(consultationType)),
  chatPricesCents: v.optional(pricesCents),
  availability: weeklyAvailability,
};

type EditableFields = {
  psychicName: string;
  bio: string;
  specialties: Doc<"psychicProfiles">["specialties"];
  specializations: Doc<"psychicProfiles">["specializations"];
  yearsExperience: number;
  availableDurations: Doc<"psychicProfiles">["availableDurations"];
  pricesCents: PricesCents;
  consultationTypes?: ConsultationType[];
  chatPricesCents?: PricesCents;
  availability: Doc<"psychicProfiles">["availability"];
};

/** Checks every rule and writes the editable fields. */
async function applyEdits(ctx: MutationCtx, profile: Doc<"psychicProfiles">, edits: EditableFields) {
  const fields = {
    ...edits,
    consultationTypes: edits.consultationTypes ?? offeredTypesOf(profile),
    chatPricesCents: edits.chatPricesCents ?? profile.chatPricesCents ?? {},
  };
  const violation = checkProfile(fields);
  if (violation !== null) return fail(violation.code, { field: violation.field });
  // Prices only for offered durations: a stale price can never be charged.
  const pricesFor = (table: PricesCents) =>
    Object.fromEntries(fields.availableDurations.flatMap((minutes) => (table[String(minutes)] === undefined ? [] : [[String(minutes), table[String(minutes)]]])));
  const prices = pricesFor(fields.pricesCents);
  const patch = {
    // Name and bio of an approved profile may have to wait for review (lib/psychics/profileReview.ts).
    ...(await submitNameAndBio(ctx, profile, fields.psychicName.trim(), fields.bio.trim())),
    specialties: fields.specialties,
    specializations: [...new Set(fields.specializations)],
    yearsExperience: fields.yearsExperience,
    availableDurations: [...fields.availableDurations].sort((a, b) => a - b),
    // A profile still holding whole euros is converted here too.
    pricesCents: prices,
    pricing: undefined,
    hourlyRateCents: prices["60"] ?? hourlyRateCentsOf(profile),
    hourlyRateEuros: undefined,
    consultationTypes: offeredTypesOf(fields),
    chatPricesCents: pricesFor(fields.chatPricesCents),
    availability: normaliseAvailability(fields.availability),
  };
  // A changed name or bio moves the review version on (lib/psychics/profileReview.ts).
  await ctx.db.patch("psychicProfiles", profile._id, withReviewVersion(profile, patch));
  // New hours may free a day someone waits for ('Avvisami').
  await checkFreedTimeLater(ctx, profile._id);
}

export const saveMine = psychicMutation({
  args: editableFields,
  returns: v.null(),
  handler: async (ctx, fields) => {
    await applyEdits(ctx, await ownPsychicProfileX(ctx, ctx.viewerId), fields);
    return null;
  },
});

/**
 * Saves and publishes: approved and public at once, or pending an admin's review when the
 * `psychic_approval_required` switch is on (docs/product-rules.md). Refused, saving nothing, while
 * an admin's suspension stands, and until the psychic has accepted the current code of conduct
 * (convex/conduct.ts).
 */
export const publishMine = psychicMutation({
  args: editableFields,
  returns: v.object({ profileStatus }),
  handler: async (ctx, fields) => {
    const profile = await ownPsychicProfileX(ctx, ctx.viewerId);
    refuseWhileSuspended(profile);
    await applyEdits(ctx, profile, fields);
    // After the profile's own checks, so an incomplete profile hears that first; the refusal undoes the edits.
    if (!acceptsCurrentConduct(profile.conductAcceptance)) fail("CONDUCT_NOT_ACCEPTED");
    const { psychic_approval_required } = await readSettings(ctx);
    const outcome = publishOutcome(profile.profileStatus, psychic_approval_required);
    await ctx.db.patch("psychicProfiles", profile._id, {
      ...outcome,
      ...(outcome.profileStatus === "approved" ? { approvedAt: profile.approvedAt ?? Date.now() } : {}),
    });
    // The readable address, from the name as published; kept from then on (lib/psychics/profileAddress.ts).
    await ensureSlug(ctx, (await ctx.db.get("psychicProfiles", profile._id)) ?? profile);
    return { profileStatus: outcome.profileStatus };
  },
});

/**
 * An upload URL for the psychic's new photo, recorded as theirs (convex/lib/platform/uploads.ts), with that
 * record's id: the browser sends the file as `uploadContentType(type, uploadId)` (model/uploads.ts).
 */
export const generatePhotoUploadUrl = psychicMutation({
  args: {},
  returns: v.object({ uploadUrl: v.string(), uploadId: v.id("uploads") }),
  handler: async (ctx) => issueUploadUrl(ctx, ctx.viewerId, "psychic_photo"),
});

/**
 * Takes the psychic's own upload as their photo. The file must be one they uploaded through a URL
 * issued to them, named in its Content-Type (anything else is refused and left alone); its bytes are
 * checked (model/profileRules.ts photoRefusal): JPEG, PNG or WebP up to 5 MB, no HTML or script inside,
 * uploaded as exactly the media type its bytes prove (so it is stored and served as that type);
 * otherwise it is deleted and refused.
 */
export const setMyPhoto = psychicAction({
  args: { storageId: v.id("_storage") },
  returns: v.null(),
  handler: async (ctx, { storageId }) => {
    // Only read here; nothing is checked or deleted before the claim proves the file the caller's.
    const blob = await ctx.storage.get(storageId);
    if (blob === null) return fail("NOT_FOUND", { field: "storageId" });
    const uploadId = await ctx.runMutation(internal.uploads.claim, {
      ownerId: ctx.viewerId,
      storageId,
      purpose: "psychic_photo",
      uploadedAs: blob.type,
    });
    // Over the limit is refused before its bytes are read; the Blob's type is the one it was uploaded as.
    const { mediaType } = readUploadContentType(blob.type);
    const refusal =
      blob.size > PHOTO_MAX_BYTES ? "INVALID_PHOTO" : photoRefusal(new Uint8Array(await blob.arrayBuffer()), mediaType);
    if (refusal !== null) {
      await ctx.runMutation(internal.uploads.discardClaimed, { uploadId });
      return fail(refusal);
    }
    await ctx.runMutation(internal.psychicProfiles.attachPhoto, { userId: ctx.viewerId, uploadId });
    return null;
  },
});

/**
 * Internal: only setMyPhoto, after checking the file, attaches it: shown at once, or kept for review
 * (lib/psychics/profileReview.ts). A replaced photo is deleted only when the server recorded it as this
 * psychic's upload.
 */
export const attachPhoto = internalMutation({
  args: { userId: v.id("users"), uploadId: v.id("uploads") },
  returns: v.null(),
  handler: async (ctx, { userId, uploadId }) => {
    const upload = await ctx.db.get("uploads", uploadId);
    if (upload === null || upload.ownerId !== userId || upload.status !== "claimed" || !upload.storageId) {
      return fail("UPLOAD_NOT_OWNED");
    }
    const profile = await ownPsychicProfileX(ctx, userId);
    await ctx.db.patch("uploads", uploadId, { status: "attached" });
    await submitPhoto(ctx, profile, upload.storageId);
    return null;
  },
});

/** Open or closed to new consultations; the public list follows live. */
export const setAvailable = psychicMutation({
  args: { isAvailable: v.boolean() },
  returns: v.null(),
  handler: async (ctx, { isAvailable }) => {
    const profile = await ownPsychicProfileX(ctx, ctx.viewerId);
    await ctx.db.patch("psychicProfiles", profile._id, { isAvailable });
    // Open again: days someone waits for may have free time ('Avvisami').
    if (isAvailable) await checkFreedTimeLater(ctx, profile._id);
    return null;
  },
});

/** The paid consultations the editor's draft hours would leave out: at most this many upcoming ones are looked at. */
const UPCOMING_LOOKED_AT = 100;

/**
 * The editor's warning before saving new hours: the paid (confirmed) upcoming consultations they leave
 * outside. Saving stays allowed and those consultations keep their time (model/availabilityChange.ts).
 */
export const bookingsOutsideHours = psychicQuery({
  args: { availability: weeklyAvailability },
  returns: v.array(
    v.object({ id: v.id("bookings"), scheduledDate: v.string(), scheduledTime: v.string(), durationMinutes: v.number(), startsAt: v.number() }),
  ),
  handler: async (ctx, { availability }) => {
    const profile = await ownPsychicProfile(ctx, ctx.viewerId);
    if (profile === null) return [];
    const upcoming = await ctx.db
      .query("bookings")
      .withIndex("by_psychicProfile_startsAt", (q) => q.eq("psychicProfileId", profile._id).gt("startsAt", Date.now()))
      .take(UPCOMING_LOOKED_AT);
    const paid = upcoming.filter((booking) => booking.status === "confirmed");
    return outsideHours(paid, availability).map(({ _id, scheduledDate, scheduledTime, durationMinutes, startsAt }) => ({
      id: _id,
      scheduledDate,
      scheduledTime,
      durationMinutes,
      startsAt,
    }));
  },
});

/**
 * Shown in or hidden from the public list; hiding never changes the approval. A suspended psychic may
 * hide the profile but not show it.
 */
export const setPubliclyVisible = psychicMutation({
  args: { isPubliclyVisible: v.boolean() },
  returns: v.null(),
  handler: async (ctx, { isPubliclyVisible }) => {
    const profile = await ownPsychicProfileX(ctx, ctx.viewerId);
    if (isPubliclyVisible) refuseWhileSuspended(profile);
    await ctx.db.patch("psychicProfiles", profile._id, { isPubliclyVisible });
    return null;
  },
});
