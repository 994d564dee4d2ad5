// Plain rules about psychic profiles, shared by queries and tests; no database access here.
import type { DurationMinutes, Pricing, Specialty } from "../lib/validators";

export type ProfileForCard = {
  psychicName: string;
  bio: string;
  specialties: Specialty[];
  rating?: number;
  reviewCount: number;
  isAvailable: boolean;
  hourlyRateEuros: number;
  pricing: Pricing;
  availableDurations: DurationMinutes[];
};

/** Euros for one duration: the psychic's price, else the hourly rate pro rata. */
export function priceFor(profile: Pick<ProfileForCard, "pricing" | "hourlyRateEuros">, minutes: number): number {
  const listed = profile.pricing[String(minutes)];
  return listed ?? Math.round((profile.hourlyRateEuros * minutes) / 60);
}

/**
 * "Da €{min price}/{min duration}min" on cards: the lowest price among the offered durations and
 * the shortest offered duration. A profile offering nothing shows the 30-minute default.
 */
export function startingPrice(profile: Pick<ProfileForCard, "pricing" | "hourlyRateEuros" | "availableDurations">) {
  const durations = profile.availableDurations.length > 0 ? profile.availableDurations : [30];
  return {
    minPriceEuros: Math.min(...durations.map((minutes) => priceFor(profile, minutes))),
    minDurationMinutes: Math.min(...durations),
  };
}

/** Case-insensitive substring match on name, any specialty or bio; exact specialty filter. */
export function matchesSearch(
  card: { psychicName: string; specialties: string[]; bio: string },
  search: string,
  specialtyFilter: string | null,
): boolean {
  if (specialtyFilter !== null && !card.specialties.includes(specialtyFilter)) return false;
  const needle = search.trim().toLocaleLowerCase("it");
  if (!needle) return true;
  return (
    card.psychicName.toLocaleLowerCase("it").includes(needle) ||
    card.bio.toLocaleLowerCase("it").includes(needle) ||
    card.specialties.some((name) => name.toLocaleLowerCase("it").includes(needle))
  );
}

/**
 * "This profile is listed": the public may see it, book it and read its reviews only when it is
 * publicly visible AND approved (docs/product-rules.md, "Psychics"). The one place this rule lives;
 * psychics.ts reads the same rule as an index range.
 */
export function isListed(profile: { isPubliclyVisible: boolean; profileStatus: string }): boolean {
  return profile.isPubliclyVisible && profile.profileStatus === "approved";
}

