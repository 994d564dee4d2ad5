// The catalogue's rows (docs/product-rules.md, "Catalogue and search"): one per listed psychic per facet — every
// psychic ('tutti'), each of their topics, techniques and consultation types — each carrying the sort keys of the
// list's three orders, so a filter is an index range read in the order asked, a page at a time, however many
// psychics there are. Pure: lib/catalogue/catalogueEntries.ts writes them, psychics:listPage reads them.
import { specializations, type ConsultationType, type DurationMinutes, type Specialization, type Specialty } from "../framework/validators";
import { centsPerMinute } from "./catalogueOrder";
import { isListed, offeredTypesOf, startingPrice, type StoredOffer } from "./psychics";
import { foldForSearch, searchWords } from "./textSearch";
import { matchCard, meaningfulWords, topicsNamedBy } from "./topicSearch";

/** The facet every listed psychic has a row in. */
export const EVERY_PSYCHIC = "tutti";
export const topicFacet = (topic: string) => `ambito:${topic}`;
export const techniqueFacet = (technique: string) => `tecnica:${technique}`;
export const typeFacet = (type: ConsultationType) => `tipo:${type}`;

/** `freeAt` of a psychic with no free half hour in the calendar's horizon: after every instant. */
export const NO_FREE_TIME = 8.64e15;

/** What a row is derived from: the profile, and its first free half hour as the slot engine found it. */
type ProfileForCatalogue = StoredOffer & {
  psychicName: string;
  specialties: readonly Specialty[];
  specializations: readonly Specialization[];
  availableDurations: DurationMinutes[];
  isAvailable: boolean;
  rating?: number;
  reviewCount: number;
  isPubliclyVisible: boolean;
  profileStatus: string;
  suspendedAt?: number;
};

/** The first free half hour's start (ms), null when none; and when that answer must be looked at again. */
export type FreeTime = { freeAt: number | null; recheckAt: number };

/** One row: the facet, the three orders' keys, and what the other filters read. */
type CatalogueEntry = {
  facet: string;
  // The default order (model/psychicFigures.ts compareForList): taking consultations first, then the higher
  // rating (none below every rating), more reviews, the name; all ascending, so the index reads it forwards.
  closed: boolean;
  ratingKey: number;
  reviewsKey: number;
  nameKey: string;
  // The lowest price a minute: of the row's type on a type's row, of every type offered on the others.
  centsPerMinute: number;
  // 'Prima disponibilità' (NO_FREE_TIME when none) and when it is computed again (lib/catalogue/catalogueEntries.ts).
  freeAt: number;
  recheckAt: number;
  // What a second filter reads on a row of another facet.
  topics: Specialization[];
  techniques: Specialty[];
  types: ConsultationType[];
  typeCentsPerMinute: Partial<Record<ConsultationType, number>>;
  searchText: string;
};

/** The rows a profile has: none when it is not listed (hidden, unapproved, suspended). */
export function catalogueEntriesOf(profile: ProfileForCatalogue, free: FreeTime): CatalogueEntry[] {
  if (!isListed(profile)) return [];
  const types = offeredTypesOf(profile);
  const typeCentsPerMinute = Object.fromEntries(types.map((type) => [type, centsPerMinute(startingPrice(profile, type))]));
  const shared = {
    closed: !profile.isAvailable,
    ratingKey: -(profile.rating ?? -1),
    reviewsKey: -profile.reviewCount,
    nameKey: foldForSearch(profile.psychicName),
    freeAt: free.freeAt ?? NO_FREE_TIME,
    recheckAt: free.recheckAt,
    topics: [...profile.specializations],
    techniques: [...profile.specialties],
    types,
    typeCentsPerMinute,
    searchText: "",
  };
  const everyType = centsPerMinute(startingPrice(profile));
  return [
    // Only this row is searched (the others would repeat it): the other filters are read from its fields.
    { facet: EVERY_PSYCHIC, ...shared, centsPerMinute: everyType, searchText: searchTextOf(profile) },
    ...profile.specializations.map((topic) => ({ facet: topicFacet(topic), ...shared, centsPerMinute: everyType })),
    ...profile.specialties.map((technique) => ({ facet: techniqueFacet(technique), ...shared, centsPerMinute: everyType })),
    ...types.map((type) => ({ facet: typeFacet(type), ...shared, centsPerMinute: typeCentsPerMinute[type]! })),
  ];
}

/** The profile's fields its rows and its free time are derived from. */
const CATALOGUE_INPUTS = [
  "isPubliclyVisible", "profileStatus", "suspendedAt", "psychicName", "specialties", "specializations", "availableDurations",
  "isAvailable", "rating", "reviewCount", "hourlyRateCents", "hourlyRateEuros", "pricesCents", "pricing", "consultationTypes",
  "chatPricesCents", "availability",
] as const;

/** Whether a profile write changed what its rows are derived from (a note, a review version, a slug change nothing). */
export function catalogueInputsChanged(before: Record<string, unknown> | null, after: Record<string, unknown> | null): boolean {
  if (before === null || after === null) return before !== after;
  return CATALOGUE_INPUTS.some((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
}

/** Whether a stored row already holds `entry` (so an unchanged profile writes nothing). */
export function sameEntry(stored: CatalogueEntry, entry: CatalogueEntry): boolean {
  return JSON.stringify(comparable(stored)) === JSON.stringify(comparable(entry));
}

function comparable(entry: CatalogueEntry) {
  const { facet, closed, ratingKey, reviewsKey, nameKey, centsPerMinute, freeAt, recheckAt, topics, techniques, types, typeCentsPerMinute, searchText } = entry;
  return [facet, closed, ratingKey, reviewsKey, nameKey, centsPerMinute, freeAt, recheckAt, topics, techniques, types, [typeCentsPerMinute.voice, typeCentsPerMinute.chat], searchText];
}

/** What a person filters the list by. */
export type CatalogueFilter = {
  specialty?: string | null;
  specialization?: string | null;
  consultationType?: ConsultationType | null;
  /** The highest starting price a minute, in cents (of the type chosen, else the lowest of the types offered). */
  maxCentsPerMinute?: number | null;
};

/**
 * The facet whose rows a query reads: the type's when the price is what is ordered or capped and a type is
 * chosen (its rows carry that type's price), else the narrowest chosen (a topic, a technique, a type), else all.
 */
export function facetFor(filter: CatalogueFilter, orderedByPrice: boolean): string {
  const type = filter.consultationType ?? null;
  if (type && (orderedByPrice || filter.maxCentsPerMinute != null)) return typeFacet(type);
  if (filter.specialization) return topicFacet(filter.specialization);
  if (filter.specialty) return techniqueFacet(filter.specialty);
  if (type) return typeFacet(type);
  return EVERY_PSYCHIC;
}

/** Whether a row read from `facetFor`'s facet meets the other filters too. */
export function entryMatches(entry: CatalogueEntry, filter: CatalogueFilter): boolean {
  if (filter.specialization && !(entry.topics as readonly string[]).includes(filter.specialization)) return false;
  if (filter.specialty && !(entry.techniques as readonly string[]).includes(filter.specialty)) return false;
  const type = filter.consultationType ?? null;
  if (type && !entry.types.includes(type)) return false;
  if (filter.maxCentsPerMinute != null) {
    const price = type ? entry.typeCentsPerMinute[type] : entry.centsPerMinute;
    if (price === undefined || price > filter.maxCentsPerMinute) return false;
  }
  return true;
}

// The search (docs/product-rules.md, "Catalogue and search"; model/topicSearch.ts matchCard): every word typed begins
// a word of the name or of a technique, or names one of the psychic's topics. Convex's search index matches whole
// words (the last one typed as a beginning too) and any of them, so a row's search text holds every beginning of
// its words and a word for each topic; the index then finds the rows one typed word may match, and matchCard,
// applied to those, keeps exactly the rows every word matches.

/** The word a topic stands for in the search text ('ambito0' … in the product's order of topics). */
function topicWord(topic: string): string {
  return `ambito${specializations.indexOf(topic as Specialization)}`;
}

/** Every beginning of every word of the name and the techniques, and the topics' words. */
export function searchTextOf(profile: Pick<ProfileForCatalogue, "psychicName" | "specialties" | "specializations">): string {
  const beginnings = new Set<string>();
  for (const word of [profile.psychicName, ...profile.specialties].flatMap(searchWords)) {
    for (let end = 1; end <= word.length; end++) beginnings.add(word.slice(0, end));
  }
  return [...beginnings, ...profile.specializations.map(topicWord)].join(" ");
}

/** The most words of a query put to the search index one by one. */
const WORDS_ASKED = 4;

/**
 * What to ask the search index for `query`: for each meaningful word, numbers and then the longest first (the narrowest),
 * that word and the topics it names; the rows one answer finds are the only ones that can match the whole query.
 * Empty for a blank search.
 */
export function searchIndexQueries(query: string): string[] {
  // A number names few psychics (and no topic): asked first, then the longer words.
  const hasDigit = (word: string) => (/\d/.test(word) ? 0 : 1);
  const words = [...new Set(meaningfulWords(query))].sort((a, b) => hasDigit(a) - hasDigit(b) || b.length - a.length).slice(0, WORDS_ASKED);
  return words.map((word) => [...topicsNamedBy(word).map(topicWord), word].join(" "));
}

/** Whether a row matches the whole query (matchCard on the row's name, techniques and topics), and the topic it named. */
export function entryMatchesSearch(entry: Pick<CatalogueEntry, "nameKey" | "techniques" | "topics">, query: string) {
  return matchCard({ psychicName: entry.nameKey, specialties: entry.techniques, specializations: entry.topics }, query);
}

/**
 * A row's place in `order`, as that order's index reads it (schema.ts, catalogueEntries); by price with a type
 * chosen, that type's price, as the type's rows hold it.
 */
function orderKey(entry: OrderedEntry, order: "rating" | "price" | "soonest", type: ConsultationType | null) {
  const rating = [entry.ratingKey, entry.reviewsKey, entry.nameKey];
  if (order === "price") return [Number(entry.closed), type ? (entry.typeCentsPerMinute[type] ?? Infinity) : entry.centsPerMinute, ...rating];
  if (order === "soonest") return [entry.freeAt, Number(entry.closed), ...rating];
  return [Number(entry.closed), ...rating];
}

type OrderedEntry = Pick<CatalogueEntry, "closed" | "ratingKey" | "reviewsKey" | "nameKey" | "centsPerMinute" | "freeAt" | "typeCentsPerMinute">;

/** Orders rows as `order`'s index would (for the few a search finds, ordered in memory). */
export function compareEntries(order: "rating" | "price" | "soonest", type: ConsultationType | null = null) {
  return (a: OrderedEntry, b: OrderedEntry) => {
    const ka = orderKey(a, order, type);
    const kb = orderKey(b, order, type);
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i]! < kb[i]! ? -1 : 1;
    return 0;
  };
}
