// 'Avvisami' (docs/product-rules.md, "Favourites and 'Avvisami'"): on a psychic's booking page, a
// client with no free time on the chosen day (or facing a fully booked psychic) asks to be told when a
// time frees; lib/bookings/availabilityAlerts.ts answers each wish once, after the write that freed the time.
import { v } from "convex/values";
import type { Id } from "./_generated/dataModel";
import type { QueryCtx } from "./_generated/server";
import { listedProfile } from "./lib/platform/access";
import { blockingOver, notifyFreedTime as notifyFreedTimeNow } from "./lib/bookings/availabilityAlerts";
import { fail } from "./framework/errors";
import { clientMutation, clientQuery, internalMutation } from "./lib/platform/functions";
import { parseDate, requireInstant } from "./framework/time";
import { durationMinutes, type DurationMinutes } from "./framework/validators";
import { bookableDates, firstDateWithFreeTime, isAlertOver, MAX_ALERTS_PER_CLIENT, worksOn, type Offer } from "./model/availabilityAlerts";
import { lastBookableDate, utcTodayInRome } from "./model/slots";

/** A wish's day: a date of the bookable calendar (from today), or undefined for any day. */
function requireAlertDay(date: string | undefined, nowMs: number): string | undefined {
  if (date === undefined) return undefined;
  parseDate(date);
  if (date < utcTodayInRome(nowMs) || date > lastBookableDate(nowMs)) return fail("INVALID_INPUT", { field: "date" });
  return date;
}

/** Whether `date` (or, without one, any day of the calendar) has a free time for `minutes`. */
async function hasFreeTimeOn(
  ctx: QueryCtx,
  profile: Offer & { _id: Id<"psychicProfiles"> },
  date: string | undefined,
  minutes: DurationMinutes,
  nowMs: number,
) {
  const dates = date === undefined ? bookableDates(nowMs) : [date];
  const blocking = await blockingOver(ctx, profile._id, dates, nowMs);
  return firstDateWithFreeTime(profile, dates, minutes, blocking, nowMs) !== null;
}

async function ownAlert(ctx: QueryCtx, clientId: Id<"users">, psychicProfileId: Id<"psychicProfiles">, date: string | undefined) {
  // A client's wishes for one psychic are a handful (MAX_ALERTS_PER_CLIENT in all); "any day" has no date to match.
  const mine = await ctx.db
    .query("availabilityAlerts")
    .withIndex("by_client_psychic_date", (q) => q.eq("clientId", clientId).eq("psychicProfileId", psychicProfileId))
    .take(MAX_ALERTS_PER_CLIENT + 1);
  return mine.find((alert) => alert.date === date) ?? null;
}

/**
 * On the booking page: whether the viewer waits for this day and for any day of this psychic, and
 * whether the psychic is fully booked (no free time in the whole calendar for `durationMinutes`).
 * Null when the public cannot see the psychic.
 */
export const getMineForPsychic = clientQuery({
  args: { psychicProfileId: v.string(), date: v.string(), durationMinutes, now: v.number() },
  returns: v.union(v.null(), v.object({ day: v.boolean(), anyDay: v.boolean(), fullyBooked: v.boolean() })),
  handler: async (ctx, { psychicProfileId, date, durationMinutes: minutes, now }) => {
    requireInstant(now);
    parseDate(date);
    const profile = await listedProfile(ctx, psychicProfileId);
    if (profile === null) return null;
    return {
      day: (await ownAlert(ctx, ctx.viewerId, profile._id, date)) !== null,
      anyDay: (await ownAlert(ctx, ctx.viewerId, profile._id, undefined)) !== null,
      fullyBooked: !(await hasFreeTimeOn(ctx, profile, undefined, minutes, now)),
    };
  },
});

/**
 * 'Avvisami': the viewer waits for a free time of this psychic on `date` (or any day, without it) for
 * `durationMinutes`. Only while there is none (TIMES_STILL_FREE otherwise), for a day of the calendar the psychic works,
 * at most MAX_ALERTS_PER_CLIENT at once; asking again changes nothing.
 */
export const subscribe = clientMutation({
  args: { psychicProfileId: v.string(), date: v.optional(v.string()), durationMinutes },
  returns: v.null(),
  handler: async (ctx, { psychicProfileId, date: asked, durationMinutes: minutes }) => {
    const now = Date.now();
    const date = requireAlertDay(asked, now);
    const profile = await listedProfile(ctx, psychicProfileId);
    if (profile === null) return fail("NOT_FOUND");
    // Only a day the psychic works and is full (NOT_A_WORKING_DAY otherwise).
    if (date !== undefined && !worksOn(profile.availability, date)) return fail("NOT_A_WORKING_DAY");
    if ((await ownAlert(ctx, ctx.viewerId, profile._id, date)) !== null) return null;
    if (await hasFreeTimeOn(ctx, profile, date, minutes, now)) return fail("TIMES_STILL_FREE");
    const mine = await ctx.db
      .query("availabilityAlerts")
      .withIndex("by_client_psychic_date", (q) => q.eq("clientId", ctx.viewerId))
      .take(MAX_ALERTS_PER_CLIENT);
    if (mine.filter((alert) => !isAlertOver(alert, now)).length >= MAX_ALERTS_PER_CLIENT) return fail("ALERT_LIMIT_REACHED");
    await ctx.db.insert("availabilityAlerts", {
      clientId: ctx.viewerId,
      psychicProfileId: profile._id,
      date,
      durationMinutes: minutes,
      createdAt: now,
    });
    return null;
  },
});

/** The viewer no longer waits for this psychic on `date` (or any day, without it); none to end changes nothing. */
export const unsubscribe = clientMutation({
  args: { psychicProfileId: v.string(), date: v.optional(v.string()) },
  returns: v.null(),
  handler: async (ctx, { psychicProfileId, date }) => {
    if (date !== undefined) parseDate(date);
    const profileId = ctx.db.normalizeId("psychicProfiles", psychicProfileId);
    if (profileId === null) return fail("NOT_FOUND");
    const alert = await ownAlert(ctx, ctx.viewerId, profileId, date);
    if (alert !== null) await ctx.db.delete("availabilityAlerts", alert._id);
    return null;
  },
});

/** Internal: scheduled by lib/bookings/availabilityAlerts.ts after a write that may have freed this psychic's time. */
export const notifyFreedTime = internalMutation({
  args: { psychicProfileId: v.id("psychicProfiles"), dates: v.optional(v.array(v.string())) },
  returns: v.number(),
  handler: async (ctx, { psychicProfileId, dates }) => notifyFreedTimeNow(ctx, psychicProfileId, dates, Date.now()),
});

/** Wishes read per run of the daily clean-up. */
const OVER_BATCH = 500;

/** Internal (daily): wishes whose day is over end without a word. */
export const removeOver = internalMutation({
  args: {},
  returns: v.number(),
  handler: async (ctx) => {
    const now = Date.now();
    const today = utcTodayInRome(now);
    // Only wishes with a day ("" sorts after a missing day), before today; a long backlog takes a few days.
    const over = await ctx.db
      .query("availabilityAlerts")
      .withIndex("by_date", (q) => q.gte("date", "").lt("date", today))
      .take(OVER_BATCH);
    for (const alert of over) await ctx.db.delete("availabilityAlerts", alert._id);
    return over.length;
  },
});
