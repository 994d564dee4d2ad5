// Plain rules about psychic profiles, shared by queries and tests; no database access here.
import { DEFAULT_ORDER, sortForList, type ListOrder, type OrderedCard } from "./catalogueOrder";
import { matchCard, nearestTopics, type SearchableCard } from "./topicSearch";
import { consultationTypes, type ConsultationType, type DurationMinutes, type PricesCents, type Pricing, type Specialty } from "../framework/validators";

type ProfileForCard = {
  psychicName: string;
  bio: string;
  specialties: Specialty[];
  rating?: number;
  reviewCount: number;
  isAvailable: boolean;
  availableDurations: DurationMinutes[];
} & StoredOffer;

/**
 * The hourly rate as stored: cents. A profile stored before rates were cents holds whole euros until
 * `migrations:hourlyRatesToCents` converts it; only `hourlyRateCentsOf` reads the old field.
 */
type StoredRate = { hourlyRateCents?: number; hourlyRateEuros?: number };

/** The hourly rate in cents, of a converted profile or of one still holding whole euros. */
export function hourlyRateCentsOf(profile: StoredRate): number {
  return profile.hourlyRateCents ?? Math.round((profile.hourlyRateEuros ?? 0) * 100);
}

/**
 * The price of each length as stored: cents. A profile stored before prices were cents holds whole euros
 * in `pricing` until `migrations:pricesToCents` converts it; only `pricesCentsOf` reads the old field.
 */
type StoredPrices = { pricesCents?: PricesCents; pricing?: Pricing };

/** The price of each length in cents, of a converted profile or of one still holding whole euros. */
export function pricesCentsOf(profile: StoredPrices): PricesCents {
  if (profile.pricesCents !== undefined) return profile.pricesCents;
  return Object.fromEntries(Object.entries(profile.pricing ?? {}).map(([minutes, euros]) => [minutes, Math.round(euros * 100)]));
}

/** Cents for one duration: the psychic's price, else the hourly rate pro rata, to the whole euro. */
export function durationPriceCents(profile: StoredPrices & StoredRate, minutes: number): number {
  const listed = pricesCentsOf(profile)[String(minutes)];
  return listed ?? Math.round((hourlyRateCentsOf(profile) * minutes) / 6000) * 100;
}

/**
 * What a psychic offers, as stored: the consultation types (absent on a profile from before chat: voice
 * only) and the chat price of each length in cents (voice keeps `pricesCents`, the hourly rate its fallback).
 */
export type StoredOffer = StoredPrices & StoredRate & { consultationTypes?: ConsultationType[]; chatPricesCents?: PricesCents };

/** The types a psychic offers, voice before chat whatever order they were stored in. */
export function offeredTypesOf(profile: Pick<StoredOffer, "consultationTypes">): ConsultationType[] {
  const stored = profile.consultationTypes ?? ["voice"];
  return consultationTypes.filter((type) => stored.includes(type));
}

/** Cents for `minutes` of `type`, or null when the psychic does not offer that type at that length. */
export function consultationPriceCents(profile: StoredOffer, type: ConsultationType, minutes: number): number | null {
  if (!offeredTypesOf(profile).includes(type)) return null;
  if (type === "voice") return durationPriceCents(profile, minutes);
  return profile.chatPricesCents?.[String(minutes)] ?? null;
}

/** Every price a psychic offers: each offered type at each offered length, voice first, shortest first. */
export function offeredPrices(profile: StoredOffer & { availableDurations: DurationMinutes[] }) {
  return offeredTypesOf(profile).flatMap((type) =>
    profile.availableDurations.flatMap((minutes) => {
      const priceCents = consultationPriceCents(profile, type, minutes);
      return priceCents === null ? [] : [{ type, minutes, priceCents }];
    }),
  );
}

/**
 * "Da €{min price}/{min duration}min" on cards: the lowest price among the offered types and durations (of
 * `type` alone when the list is filtered by it), in cents, and the shortest offered duration. A profile
 * offering nothing shows the 30-minute default.
 */
export function startingPrice(profile: Pick<ProfileForCard, "availableDurations"> & StoredOffer, type?: ConsultationType | null) {
  const durations: DurationMinutes[] = profile.availableDurations.length > 0 ? profile.availableDurations : [30];
  const prices = offeredPrices({ ...profile, availableDurations: durations }).filter((price) => !type || price.type === type);
  const cents = prices.length > 0 ? prices.map((price) => price.priceCents) : durations.map((minutes) => durationPriceCents(profile, minutes));
  return {
    minPriceCents: Math.min(...cents),
    minDurationMinutes: Math.min(...durations),
  };
}

/**
 * The list's filter: one technique (`specialty`), one topic (`specialization`) and/or one consultation type,
 * each exact; absent means all.
 */
type ListFilter = { specialty?: string | null; specialization?: string | null; consultationType?: ConsultationType | null };

/** A card or profile that says which types it offers. */
type Offering = { consultationTypes?: ConsultationType[] };

/**
 * The public list's search (model/topicSearch.ts `matchCard`): every word typed begins a word of the name or
 * of a technique, or names one of the psychic's topics by its words or synonyms; the bio is not searched.
 * The filter is exact.
 */
export function matchesSearch(card: SearchableCard & Offering, search: string, filter: ListFilter = {}): boolean {
  if (filter.specialty && !card.specialties.includes(filter.specialty)) return false;
  if (filter.specialization && !card.specializations.includes(filter.specialization)) return false;
  if (filter.consultationType && !offeredTypesOf(card).includes(filter.consultationType)) return false;
  return matchCard(card, search).matches;
}

/** What a person asks of the list: words, a technique, a topic, only psychics free today, an order. */
type CatalogueQuery = ListFilter & { search?: string; availableToday?: boolean; order?: ListOrder };

/** A card as the list searches and sorts it; `freeToday` comes from the server's slot engine. */
type CatalogueCard = SearchableCard & OrderedCard & Offering & { freeToday?: boolean };

/**
 * The list a person sees (docs/product-rules.md, "Catalogue and search"): the cards matching the words and
 * the filters, each saying which of its topics the words named, in the order asked; when nothing matches,
 * the nearest topics among `offeredTopics` to suggest. The server's listPublic and the page apply this same
 * function, so the page can answer each keystroke from one subscription.
 */
export function searchCatalogue<Card extends CatalogueCard>(
  cards: readonly Card[],
  { search = "", specialty = null, specialization = null, consultationType = null, availableToday = false, order = DEFAULT_ORDER }: CatalogueQuery,
  offeredTopics: readonly string[],
): { psychics: Array<Card & { matchedTopic: string | null }>; suggestedTopics: string[] } {
  const found: Array<Card & { matchedTopic: string | null }> = [];
  for (const card of cards) {
    if (specialty && !card.specialties.includes(specialty)) continue;
    if (specialization && !card.specializations.includes(specialization)) continue;
    if (consultationType && !offeredTypesOf(card).includes(consultationType)) continue;
    if (availableToday && card.freeToday !== true) continue;
    const { matches, matchedTopic } = matchCard(card, search);
    if (matches) found.push({ ...card, matchedTopic });
  }
  const asked = search.trim() !== "" || Boolean(specialty) || Boolean(specialization) || Boolean(consultationType) || availableToday;
  return {
    psychics: sortForList(found, order),
    suggestedTopics: found.length === 0 && asked ? nearestTopics(search, offeredTopics.filter((topic) => topic !== specialization)) : [],
  };
}

/**
 * "This profile is listed": the public may see it, book it and read its reviews only when it is
 * publicly visible AND approved AND not suspended by an admin (docs/product-rules.md, "Psychics").
 * The one place this rule lives; psychics.ts reads the same rule as an index range.
 */
export function isListed(profile: { isPubliclyVisible: boolean; profileStatus: string; suspendedAt?: number }): boolean {
  return profile.isPubliclyVisible && profile.profileStatus === "approved" && profile.suspendedAt === undefined;
}

/** An admin's suspension as the psychic and the admins read it (the note and since when), or null. */
export function suspensionOf(profile: { suspendedAt?: number; suspensionNote?: string }): { note: string; suspendedAt: number } | null {
  return profile.suspendedAt === undefined ? null : { note: profile.suspensionNote ?? "", suspendedAt: profile.suspendedAt };
}

/** What an admin's review covers: the name, bio and photo the public would see, and the changes waiting. */
type ReviewedContent = {
  psychicName: string;
  bio: string;
  photoStorageId?: string;
  pendingChanges?: { psychicName: string; bio: string; photoStorageId?: string };
};

function sameReviewed(a: ReviewedContent, b: ReviewedContent): boolean {
  const pa = a.pendingChanges;
  const pb = b.pendingChanges;
  const samePending =
    pa === undefined || pb === undefined
      ? pa === pb
      : pa.psychicName === pb.psychicName && pa.bio === pb.bio && pa.photoStorageId === pb.photoStorageId;
  return a.psychicName === b.psychicName && a.bio === b.bio && a.photoStorageId === b.photoStorageId && samePending;
}

/**
 * The review version after a write (docs/product-rules.md, "Contact and admin"): one more when anything
 * a review covers changed, the same otherwise; a profile that never had one is at 0.
 */
export function nextReviewVersion(before: ReviewedContent & { reviewVersion?: number }, after: ReviewedContent): number {
  const current = before.reviewVersion ?? 0;
  return sameReviewed(before, after) ? current : current + 1;
}


/** The listed psychics' average rating, to one decimal: their reviews' stars over their reviews; null without reviews. */
export function averageOfStars(stars: number, reviewCount: number): number | null {
  return reviewCount === 0 ? null : Math.round((stars / reviewCount) * 10) / 10;
}
