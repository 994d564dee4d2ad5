// A listed psychic as the public lists show it (the catalogue's pages, the home page, a profile's head): the
// card's fields and validators, read from the profile, its photo and its figures.
import { v } from "convex/values";
import type { Doc } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import { consultationType, specialization, specialty, type ConsultationType } from "../../framework/validators";
import { offeredTypesOf, startingPrice } from "../../model/psychics";
import { psychicFiguresOf } from "../../model/psychicFigures";
import { psychicFigureSumsOf } from "../figures/psychicFigures";

export const publicCard = v.object({
  id: v.id("psychicProfiles"),
  // The readable address (/psychics/selene); null on a profile published before slugs, until the migration.
  slug: v.union(v.string(), v.null()),
  psychicName: v.string(),
  photoUrl: v.union(v.string(), v.null()),
  bio: v.string(),
  specialties: v.array(specialty),
  specializations: v.array(specialization),
  rating: v.union(v.number(), v.null()),
  reviewCount: v.number(),
  isAvailable: v.boolean(),
  minPriceCents: v.number(),
  minDurationMinutes: v.number(),
  // Voice and/or chat, voice first (model/psychics.ts offeredTypesOf).
  consultationTypes: v.array(consultationType),
  // Psychic figures (model/psychicFigures.ts): consultations given, and the share on time (null while 'Nuovo').
  consultationsGiven: v.number(),
  onTimePercent: v.union(v.number(), v.null()),
  // Whether an admin recorded a passed verification call: the only ground for the word 'Verificato'.
  verified: v.boolean(),
});

/** A listed profile as every public list shows it; `type`, when the list is filtered by it, sets the starting price. */
export async function toPublicCard(ctx: QueryCtx, profile: Doc<"psychicProfiles">, type?: ConsultationType | null) {
  const photoUrl = profile.photoStorageId
    ? await ctx.storage.getUrl(profile.photoStorageId)
    : (profile.photoUrl ?? null);
  return {
    id: profile._id,
    slug: profile.slug ?? null,
    psychicName: profile.psychicName,
    photoUrl,
    bio: profile.bio,
    specialties: profile.specialties,
    specializations: profile.specializations,
    rating: profile.rating ?? null,
    reviewCount: profile.reviewCount,
    isAvailable: profile.isAvailable,
    ...startingPrice(profile, type),
    consultationTypes: offeredTypesOf(profile),
    ...cardFigures(psychicFiguresOf(await psychicFigureSumsOf(ctx, profile._id), 0)),
    verified: profile.verificationCallCompleted,
  };
}

const cardFigures = ({ consultationsGiven, onTimePercent }: { consultationsGiven: number; onTimePercent: number | null }) => ({
  consultationsGiven,
  onTimePercent,
});


const firstFreeValue = v.union(v.null(), v.object({ date: v.string(), time: v.string() }));
export const listedCard = v.object({
  ...publicCard.fields,
  // With `now` only: the first free half hour (slot engine), and whether it is today in Rome.
  firstFree: v.optional(firstFreeValue),
  freeToday: v.optional(v.boolean()),
  // The card's first topic the search named ('soldi' → 'Denaro e Finanze'); null without one.
  matchedTopic: v.union(specialization, v.null()),
});
