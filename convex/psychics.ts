// Psychics as the public sees them. Only listed profiles (publicly visible AND approved AND not
// suspended, model/psychics.ts `isListed`) exist for visitors; everything else is invisible here.
import { v } from "convex/values";
import type { QueryCtx } from "./_generated/server";
import { listedProfile } from "./lib/platform/access";
import { listedCard, publicCard, toPublicCard } from "./lib/psychics/publicCard";
import { listedProfileAt } from "./lib/psychics/profileAddress";
import { blockingIntervals } from "./lib/bookings/bookingTime";
import { readCounter } from "./lib/figures/figureRows";
import { fail } from "./framework/errors";
import { query } from "./lib/platform/functions";
import { literals } from "convex-helpers/validators";
import {
  consultationType,
  durationMinutes,
  specialization,
  specializations,
  specialty,
  weeklyAvailability,
  type Specialization,
} from "./framework/validators";
import { listOrders } from "./model/catalogueOrder";
import { MAX_FIRST_FREE_IDS, NEXT_DAYS_HORIZON, nextFreeDays } from "./model/nextAvailability";
import { freeTimeOf } from "./lib/psychics/freeTime";
import { averageOfStars, matchesSearch, offeredPrices, searchCatalogue } from "./model/psychics";
import { MAX_LISTED_PSYCHICS } from "./model/psychicFigures";
import { requireInstant } from "./framework/time";

/** How many psychics the home page features. */
const FEATURED_PSYCHICS = 3;

/** The listed profiles (`isListed`, as an index range: no suspension), best rated first. */
function listedByRating(ctx: QueryCtx) {
  return ctx.db
    .query("psychicProfiles")
    .withIndex("by_visibility_status_suspension_rating", (q) =>
      q.eq("isPubliclyVisible", true).eq("profileStatus", "approved").eq("suspendedAt", undefined),
    )
    .order("desc");
}

/** The home page's best-rated public psychics; psychics with no reviews yet come last. */
export const listFeatured = query({
  args: {},
  returns: v.array(publicCard),
  handler: async (ctx) => {
    const profiles = await listedByRating(ctx).take(FEATURED_PSYCHICS);
    return Promise.all(profiles.map((profile) => toPublicCard(ctx, profile)));
  },
});


/** Longer searches match nothing a psychic writes; refusing them keeps every evaluation cheap. */
const MAX_SEARCH_LENGTH = 100;

/**
 * The public list (docs/product-rules.md, "Catalogue and search"): searched by name, technique and topic with
 * its synonyms (model/topicSearch.ts), filtered by one technique, one topic and 'Disponibili oggi', in the
 * order asked (model/catalogueOrder.ts); with `now`, each card's first free time and whether it is today,
 * from the slot engine. When nothing matches, the topics to suggest. Also the filters' options: the
 * techniques and topics of every listed psychic, whatever is searched. `now` comes from the page, rounded.
 */
export const listPublic = query({
  args: {
    search: v.optional(v.string()),
    specialty: v.optional(v.union(specialty, v.null())),
    specialization: v.optional(v.union(specialization, v.null())),
    consultationType: v.optional(v.union(consultationType, v.null())),
    availableToday: v.optional(v.boolean()),
    order: v.optional(literals(...listOrders)),
    now: v.optional(v.number()),
  },
  returns: v.object({
    psychics: v.array(listedCard),
    specialties: v.array(specialty),
    specializations: v.array(specialization),
    suggestedTopics: v.array(specialization),
  }),
  handler: async (
    ctx,
    { search = "", specialty: specialtyFilter = null, specialization: specializationFilter = null, consultationType: typeFilter = null, availableToday, order, now },
  ) => {
    if (search.length > MAX_SEARCH_LENGTH) return fail("INVALID_INPUT", { field: "search" });
    if (now !== undefined) requireInstant(now);
    // Free times need the clock the page sends: a query must not read its own.
    else if (availableToday || order === "soonest") return fail("INVALID_INPUT", { field: "now" });
    const profiles = await listedByRating(ctx).take(MAX_LISTED_PSYCHICS);
    const specialtiesOffered = [...new Set(profiles.flatMap((profile) => profile.specialties))].sort((a, b) =>
      a.localeCompare(b, "it"),
    );
    // Topics keep the product's order (love first), as the editor lists them.
    const topicsOffered = new Set(profiles.flatMap((profile) => profile.specializations));
    const offered = specializations.filter((topic) => topicsOffered.has(topic));
    // Free times are read only for the psychics the words and filters keep (all of them on the page's call).
    const filter = { specialty: specialtyFilter, specialization: specializationFilter, consultationType: typeFilter };
    const kept = profiles.filter((profile) => matchesSearch(profile, search, filter));
    const cards = await Promise.all(
      kept.map(async (profile) => ({
        ...(await toPublicCard(ctx, profile, typeFilter)),
        ...(now === undefined ? {} : await freeTimeOf(ctx, profile, now)),
      })),
    );
    const found = searchCatalogue(cards, { search, ...filter, availableToday, order }, offered);
    return {
      psychics: found.psychics.map((card) => ({ ...card, matchedTopic: card.matchedTopic as Specialization | null })),
      specialties: specialtiesOffered,
      specializations: offered,
      suggestedTopics: found.suggestedTopics as Specialization[],
    };
  },
});

/**
 * The home page's figures, from real data only: how many listed psychics passed the verification call
 * ('cartomanti verificati'), how many consultations were booked and paid (the platform's stored
 * counter) and the average of the listed psychics' reviews (null before the first review).
 */
export const getTrustFigures = query({
  args: {},
  returns: v.object({
    verifiedPsychics: v.number(),
    paidConsultations: v.number(),
    averageRating: v.union(v.number(), v.null()),
    reviewCount: v.number(),
  }),
  handler: async (ctx) => {
    // Counters the triggers keep (lib/platform/triggers.ts): four rows, however many psychics and reviews.
    const reviewCount = await readCounter(ctx, "listedReviews");
    const stars = await readCounter(ctx, "listedStars");
    return {
      verifiedPsychics: await readCounter(ctx, "verifiedPsychics"),
      paidConsultations: await readCounter(ctx, "consultations"),
      averageRating: averageOfStars(stars, reviewCount),
      reviewCount,
    };
  },
});

/**
 * A public profile page by its address, the slug (`selene`) or the id (old links); null for a missing,
 * hidden, unapproved or suspended profile.
 */
export const getPublicProfile = query({
  args: { id: v.string() },
  returns: v.union(
    v.null(),
    v.object({
      ...publicCard.fields,
      yearsExperience: v.number(),
      availableDurations: v.array(durationMinutes),
      // Each offered type at each offered length, voice first (model/psychics.ts offeredPrices).
      prices: v.array(v.object({ type: consultationType, minutes: durationMinutes, priceCents: v.number() })),
      availability: weeklyAvailability,
    }),
  ),
  handler: async (ctx, { id }) => {
    const profile = await listedProfileAt(ctx, id);
    if (profile === null) return null;
    return {
      ...(await toPublicCard(ctx, profile)),
      yearsExperience: profile.yearsExperience,
      availableDurations: profile.availableDurations,
      prices: offeredPrices(profile),
      availability: profile.availability,
    };
  },
});

/**
 * "Prossime disponibilità" (docs/product-rules.md): the next three days with free time, from the weekly
 * schedule minus confirmed bookings and unexpired payment holds. `now` comes from the page,
 * rounded to a few minutes, because a query must not read the clock (its result is cached).
 * Empty for a profile the public cannot see or a psychic not taking consultations.
 */
export const listNextAvailability = query({
  args: { id: v.string(), now: v.number() },
  returns: v.array(
    v.object({ date: v.string(), ranges: v.array(v.object({ from: v.string(), to: v.string() })) }),
  ),
  handler: async (ctx, { id, now }) => {
    requireInstant(now);
    // The profile page asks by its address: the slug or the id.
    const profile = await listedProfileAt(ctx, id);
    if (profile === null || !profile.isAvailable) return [];
    const window = { startsAt: now - 2 * 60 * 60 * 1000, endsAt: now + (NEXT_DAYS_HORIZON + 1) * 24 * 60 * 60 * 1000 };
    const blocking = await blockingIntervals(ctx, profile._id, window, now, undefined, 2000);
    return nextFreeDays(profile.availability, blocking, now);
  },
});

/**
 * 'Prima disponibilità' for the cards of the list and the home page: for each listed psychic taking
 * consultations among `ids`, the first free half hour within `NEXT_DAYS_HORIZON` days, or null when none.
 * Ids of profiles the public cannot see, or of psychics not taking consultations, are left out.
 * `now` comes from the page, rounded (see `listNextAvailability`).
 */
export const listFirstFree = query({
  args: { ids: v.array(v.string()), now: v.number() },
  returns: v.array(v.object({ id: v.id("psychicProfiles"), first: v.union(v.null(), v.object({ date: v.string(), time: v.string() })) })),
  handler: async (ctx, { ids, now }) => {
    requireInstant(now);
    if (ids.length > MAX_FIRST_FREE_IDS) return fail("INVALID_INPUT", { field: "ids" });
    const answers = [];
    for (const id of new Set(ids)) {
      const profile = await listedProfile(ctx, id);
      if (profile === null || !profile.isAvailable) continue;
      answers.push({ id: profile._id, first: (await freeTimeOf(ctx, profile, now)).firstFree });
    }
    return answers;
  },
});
