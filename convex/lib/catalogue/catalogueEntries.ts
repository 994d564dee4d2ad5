// Keeps the catalogue's rows (model/catalogueEntries.ts) in step with what they are derived from: a profile's
// every write (the profiles' trigger), a booking that may block or free time (the bookings' trigger), and time
// itself — a first free half hour stops being bookable, a new day opens — through the free-time job, which
// recomputes the rows whose `recheckAt` has come (psychics:refreshFreeTimes, every few minutes).
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { catalogueEntriesOf, EVERY_PSYCHIC, sameEntry, type FreeTime } from "../../model/catalogueEntries";
import { isListed } from "../../model/psychics";
import { NOTICE_MINUTES } from "../../model/slots";
import { romeDateOf, romeToUtcMs } from "../../framework/time";
import { addDays } from "../../model/nextAvailability";
import { freeTimeOf } from "../psychics/freeTime";

const MINUTE_MS = 60 * 1000;

/**
 * The first free half hour as an instant, and when the answer can change with no write: when that half hour
 * comes within the booking notice (it is no longer bookable), or, with none free, at the next Rome midnight
 * (the calendar's horizon moves a day). Bookings and holds that block or free time are writes: their trigger
 * recomputes at once.
 */
async function catalogueFreeTime(ctx: MutationCtx, profile: Doc<"psychicProfiles">, now: number): Promise<FreeTime> {
  const { firstFree } = await freeTimeOf(ctx, profile, now);
  const nextMidnight = romeToUtcMs(addDays(romeDateOf(now), 1), "00:00");
  if (firstFree === null) return { freeAt: null, recheckAt: nextMidnight };
  const freeAt = romeToUtcMs(firstFree.date, firstFree.time);
  // Never due at once: the job that recomputes due rows must not find the one it just wrote.
  return { freeAt, recheckAt: Math.max(now + MINUTE_MS, Math.min(freeAt - NOTICE_MINUTES * MINUTE_MS, nextMidnight)) };
}

/** Brings a profile's rows to what it is now (none once unlisted or deleted), writing only what changed. */
export async function syncCatalogueEntries(ctx: MutationCtx, profileId: Id<"psychicProfiles">, now = Date.now()): Promise<void> {
  const profile = await ctx.db.get("psychicProfiles", profileId);
  const wanted = profile !== null && isListed(profile) ? catalogueEntriesOf(profile, await catalogueFreeTime(ctx, profile, now)) : [];
  const stored = await ctx.db
    .query("catalogueEntries")
    .withIndex("by_profile", (q) => q.eq("profileId", profileId))
    .collect();
  const byFacet = new Map(stored.map((row) => [row.facet, row]));
  for (const entry of wanted) {
    const row = byFacet.get(entry.facet);
    byFacet.delete(entry.facet);
    if (row === undefined) {
      await ctx.db.insert("catalogueEntries", { profileId, ...entry });
      await countInFacet(ctx, entry.facet, 1);
    } else if (!sameEntry(row, entry)) await ctx.db.replace("catalogueEntries", row._id, { profileId, ...entry });
  }
  for (const row of byFacet.values()) {
    await ctx.db.delete("catalogueEntries", row._id);
    await countInFacet(ctx, row.facet, -1);
  }
}

/** One psychic more (or fewer) in a facet's count. */
async function countInFacet(ctx: MutationCtx, facet: string, change: 1 | -1): Promise<void> {
  const counter = await ctx.db
    .query("catalogueFacets")
    .withIndex("by_facet", (q) => q.eq("facet", facet))
    .unique();
  if (counter === null) await ctx.db.insert("catalogueFacets", { facet, psychics: Math.max(0, change) });
  else await ctx.db.patch("catalogueFacets", counter._id, { psychics: Math.max(0, counter.psychics + change) });
}

const blocksTimeAtAll = (booking: Doc<"bookings"> | null) => booking !== null && (booking.status === "confirmed" || booking.status === "pending_payment");

/**
 * The psychics whose free time a booking write may move: one that blocks time (a hold, a confirmed booking)
 * before or after, whose status, times, hold or psychic changed. A past consultation written as completed
 * moves nothing.
 */
export function bookingMovesFreeTime(before: Doc<"bookings"> | null, after: Doc<"bookings"> | null): Array<Id<"psychicProfiles">> {
  if (!blocksTimeAtAll(before) && !blocksTimeAtAll(after)) return [];
  const same =
    before !== null &&
    after !== null &&
    before.status === after.status &&
    before.startsAt === after.startsAt &&
    before.endsAt === after.endsAt &&
    before.psychicProfileId === after.psychicProfileId &&
    before.holdExpiresAt === after.holdExpiresAt;
  if (same) return [];
  return [...new Set([before?.psychicProfileId, after?.psychicProfileId].filter((id): id is Id<"psychicProfiles"> => id !== undefined))];
}

/** How many psychics one run of the free-time job recomputes before it schedules the next. */
export const FREE_TIMES_PER_RUN = 100;

/** The psychics whose first free time is due to be computed again at `now`, at most `limit`. */
export async function dueForFreeTime(ctx: MutationCtx, now: number, limit: number): Promise<Array<Id<"psychicProfiles">>> {
  const rows = await ctx.db
    .query("catalogueEntries")
    .withIndex("by_facet_recheck", (q) => q.eq("facet", EVERY_PSYCHIC).lte("recheckAt", now))
    .take(limit);
  return rows.map((row) => row.profileId);
}
