// The public catalogue at any size (docs/product-rules.md, "Catalogue and search"): every listed psychic, a page at
// a time, filtered by topic, technique, type, price and 'Disponibili oggi' and read in the order asked, from the
// catalogue's rows (model/catalogueEntries.ts) through their indexes: a page reads about as many rows as it shows.
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { literals } from "convex-helpers/validators";
import { internal } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import { fail } from "./framework/errors";
import { requireInstant, romeDateOf, romeToUtcMs } from "./framework/time";
import { consultationType, specialization, specializations, specialties, specialty, type Specialization } from "./framework/validators";
import { internalMutation, query } from "./lib/platform/functions";
import { dueForFreeTime, FREE_TIMES_PER_RUN, syncCatalogueEntries } from "./lib/catalogue/catalogueEntries";
import { rowsInOrder } from "./lib/catalogue/catalogueRows";
import { freeTimeOf } from "./lib/psychics/freeTime";
import { listedCard, toPublicCard } from "./lib/psychics/publicCard";
import { compareEntries, entryMatches, EVERY_PSYCHIC, entryMatchesSearch, facetFor, searchIndexQueries, techniqueFacet, topicFacet, type CatalogueFilter } from "./model/catalogueEntries";
import { DEFAULT_ORDER, listOrders } from "./model/catalogueOrder";
import { addDays } from "./model/nextAvailability";

/** The most cards one page holds. */
const MAX_PAGE_SIZE = 48;
/** The most rows one page reads past the ones it shows (rare filter combinations): the rest on the next page. */
const MAX_ROWS_READ = 600;
/** A price cap beyond any price a minute (cents). */
const MAX_PRICE_CAP_CENTS = 100_000;
/** Longer searches match nothing a psychic writes; refusing them keeps every evaluation cheap. */
const MAX_SEARCH_LENGTH = 100;
/**
 * A search finding at most this many rows orders them in memory and pages through them by position; one finding
 * more (a word most psychics have, as 'tarocchi') reads the facet's rows in order and keeps those that match.
 */
export const SEARCH_CANDIDATES = 200;
/** More than the facets there are: every psychic, each topic, technique and type. */
const MAX_FACETS = 1 + specializations.length + specialties.length + 2;
/** The cursor of a page of a search ordered in memory: its position. */
const AT = "posizione:";

/**
 * The catalogue a page at a time (`usePaginatedQuery`): listed psychics matching the filters, in the order asked
 * (default: rating), each card with its first free half hour at `now` (the page's clock, rounded) and whether it
 * is today. The order follows each row's stored free time, which the free-time job keeps within minutes of the
 * slot engine's; the card's own time is the slot engine's at `now`.
 */
export const listPage = query({
  args: {
    paginationOpts: paginationOptsValidator,
    search: v.optional(v.string()),
    specialty: v.optional(v.union(specialty, v.null())),
    specialization: v.optional(v.union(specialization, v.null())),
    consultationType: v.optional(v.union(consultationType, v.null())),
    maxCentsPerMinute: v.optional(v.union(v.number(), v.null())),
    availableToday: v.optional(v.boolean()),
    order: v.optional(literals(...listOrders)),
    now: v.number(),
  },
  returns: paginationResultValidator(listedCard),
  handler: async (ctx, { paginationOpts, search = "", availableToday = false, order = DEFAULT_ORDER, now, ...chosen }) => {
    requireInstant(now);
    if (search.length > MAX_SEARCH_LENGTH) return fail("INVALID_INPUT", { field: "search" });
    const { numItems } = paginationOpts;
    if (!Number.isInteger(numItems) || numItems < 1 || numItems > MAX_PAGE_SIZE) return fail("INVALID_INPUT", { field: "paginationOpts" });
    const cap = chosen.maxCentsPerMinute ?? null;
    if (cap !== null && (!Number.isInteger(cap) || cap < 0 || cap > MAX_PRICE_CAP_CENTS)) return fail("INVALID_INPUT", { field: "maxCentsPerMinute" });
    const filter: CatalogueFilter = { specialty: chosen.specialty ?? null, specialization: chosen.specialization ?? null, consultationType: chosen.consultationType ?? null, maxCentsPerMinute: cap };
    const endOfToday = availableToday ? romeToUtcMs(addDays(romeDateOf(now), 1), "00:00") : null;

    // Each psychic's profile and free time, read once for the filter and the card.
    const live = new Map<Id<"psychicProfiles">, Promise<{ profile: Doc<"psychicProfiles"> | null; freeToday: boolean; firstFree: { date: string; time: string } | null }>>();
    const liveOf = (profileId: Id<"psychicProfiles">) => {
      let found = live.get(profileId);
      if (!found) {
        found = (async () => {
          const profile = await ctx.db.get("psychicProfiles", profileId);
          if (profile === null) return { profile, freeToday: false, firstFree: null };
          return { profile, ...(await freeTimeOf(ctx, profile, now)) };
        })();
        live.set(profileId, found);
      }
      return found;
    };

    const facet = facetFor(filter, order === "price");
    const asked = searchIndexQueries(search);
    const searched = asked.length > 0;
    const matches = async (row: Doc<"catalogueEntries">) => {
      if (!entryMatches(row, filter)) return false;
      if (searched && !entryMatchesSearch(row, search).matches) return false;
      if (endOfToday === null) return true;
      // The stored time says who may be free today; the slot engine at `now` says who is.
      return row.freeAt < endOfToday && (await liveOf(row.profileId)).freeToday;
    };
    const toCards = async (rows: Array<Doc<"catalogueEntries">>) => {
      const cards = [];
      for (const row of rows) {
        const { profile, firstFree, freeToday } = await liveOf(row.profileId);
        if (profile === null) continue;
        const matchedTopic = !searched ? null : (entryMatchesSearch(row, search).matchedTopic as Specialization | null);
        cards.push({ ...(await toPublicCard(ctx, profile, filter.consultationType)), firstFree, freeToday, matchedTopic });
      }
      return cards;
    };

    const { cursor, endCursor } = paginationOpts;
    const position = (at: string) => {
      const n = Number(at.slice(AT.length));
      return Number.isInteger(n) && n >= 0 ? n : fail("INVALID_INPUT", { field: "paginationOpts" });
    };
    if (!searched && cursor?.startsWith(AT)) return fail("INVALID_INPUT", { field: "paginationOpts" });
    if (searched && (cursor === null || cursor.startsWith(AT))) {
      // The first word (longest first) the index finds few rows for; with none such, the rows are read in order below.
      let found: Array<Doc<"catalogueEntries">> | null = null;
      for (const text of asked) {
        const rows = await ctx.db
          .query("catalogueEntries")
          .withSearchIndex("search_text", (q) => q.search("searchText", text).eq("facet", EVERY_PSYCHIC))
          .take(SEARCH_CANDIDATES + 1);
        if (rows.length <= SEARCH_CANDIDATES || cursor !== null) {
          found = rows;
          break;
        }
      }
      if (found !== null) {
        const kept = [];
        for (const row of found) if (await matches(row)) kept.push(row);
        kept.sort(compareEntries(order, filter.consultationType ?? null));
        const from = cursor === null ? 0 : position(cursor);
        const to = endCursor?.startsWith(AT) ? position(endCursor) : from + numItems;
        return { page: await toCards(kept.slice(from, to)), isDone: to >= kept.length, continueCursor: `${AT}${to}` };
      }
    }

    const rows = rowsInOrder(ctx, facet, order, filter, endOfToday).filterWith(matches);
    const result = await rows.paginate({ ...paginationOpts, maximumRowsRead: MAX_ROWS_READ });
    const cards = await toCards(result.page);
    return { ...result, page: cards };
  },
});

/**
 * The filters' options and the header search's counts: the topics (in the product's order) and the techniques
 * (alphabetical) some listed psychic offers, and how many listed psychics offer each, from the facets' counts.
 */
export const listFacets = query({
  args: {},
  returns: v.object({
    specialties: v.array(specialty),
    specializations: v.array(specialization),
    psychicsByTopic: v.record(v.string(), v.number()),
    psychicsByTechnique: v.record(v.string(), v.number()),
  }),
  handler: async (ctx) => {
    const counts = new Map((await ctx.db.query("catalogueFacets").take(MAX_FACETS)).map((row) => [row.facet, row.psychics]));
    const topics = specializations.filter((topic) => (counts.get(topicFacet(topic)) ?? 0) > 0);
    const techniques = specialties.filter((technique) => (counts.get(techniqueFacet(technique)) ?? 0) > 0).sort((a, b) => a.localeCompare(b, "it"));
    return {
      specialties: techniques,
      specializations: topics,
      psychicsByTopic: Object.fromEntries(topics.map((topic) => [topic, counts.get(topicFacet(topic))!])),
      psychicsByTechnique: Object.fromEntries(techniques.map((technique) => [technique, counts.get(techniqueFacet(technique))!])),
    };
  },
});

/**
 * The free-time job (crons.ts): the psychics whose first free half hour is no longer bookable, or whose day has
 * turned, are computed again, a batch at a time, the next batch scheduled until none is due.
 */
export const refreshFreeTimes = internalMutation({
  args: {},
  returns: v.object({ refreshed: v.number() }),
  handler: async (ctx) => {
    const now = Date.now();
    const due = await dueForFreeTime(ctx, now, FREE_TIMES_PER_RUN);
    for (const profileId of due) await syncCatalogueEntries(ctx, profileId, now);
    if (due.length === FREE_TIMES_PER_RUN) await ctx.scheduler.runAfter(0, internal.catalogue.refreshFreeTimes, {});
    return { refreshed: due.length };
  },
});
