// Bookings as people see them: the booking page's live free times, the client's and the reader's
// lists, and releasing an unpaid hold. Queries take a coarse `now` from the page (they must not read
// the clock); holds end through a scheduled function that changes the booking, which re-runs them.
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { Doc } from "./_generated/dataModel";
import type { QueryCtx } from "./_generated/server";
import { bookingAsClientX, listedProfile, ownPsychicProfile } from "./lib/access";
import { blockingIntervals } from "./lib/bookingTime";
import { fail } from "./lib/errors";
import { clientMutation, clientQuery, psychicQuery, query } from "./lib/functions";
import { parseDate, requireInstant, romeToUtcMs, utcMsToRome } from "./lib/time";
import { bookingStatus, durationMinutes, refundStatus } from "./lib/validators";
import { DELETED_ACCOUNT_NAME } from "./model/accountDeletion";
import { blocksTime, netEarningsCents } from "./model/bookings";
import { addDays } from "./model/nextAvailability";
import { dayWindow, freeStarts } from "./model/slots";

/** Dates the booking calendar asks about at once: six weeks, a month view. */
export const MAX_CALENDAR_DAYS = 42;

/** The Rome date given by a client, checked. */
function requireDate(date: string): string {
  parseDate(date);
  return date;
}

/**
 * Free start times of a listed reader for one date and duration. Reads only that reader's bookings
 * of that day. Null when the public cannot see the reader; no times when they take no bookings.
 */
export const listFreeStarts = query({
  args: { psychicProfileId: v.string(), date: v.string(), durationMinutes, now: v.number() },
  returns: v.union(v.null(), v.object({ times: v.array(v.string()) })),
  handler: async (ctx, { psychicProfileId, date, durationMinutes: minutes, now }) => {
    requireInstant(now);
    requireDate(date);
    const profile = await listedProfile(ctx, psychicProfileId);
    if (profile === null) return null;
    if (!profile.isAvailable || !profile.availableDurations.includes(minutes)) return { times: [] };
    const blocking = await blockingIntervals(ctx, profile._id, dayWindow(date), now);
    return { times: freeStarts({ availability: profile.availability, date, durationMinutes: minutes, blocking, nowMs: now }) };
  },
});

/** The dates of a calendar page (from `from`, `days` of them) that have at least one free time. */
export const listBookableDates = query({
  args: { psychicProfileId: v.string(), from: v.string(), days: v.number(), durationMinutes, now: v.number() },
  returns: v.array(v.string()),
  handler: async (ctx, { psychicProfileId, from, days, durationMinutes: minutes, now }) => {
    requireInstant(now);
    requireDate(from);
    if (!Number.isInteger(days) || days < 1 || days > MAX_CALENDAR_DAYS) return fail("INVALID_INPUT", { field: "days" });
    const profile = await listedProfile(ctx, psychicProfileId);
    if (profile === null || !profile.isAvailable || !profile.availableDurations.includes(minutes)) return [];
    const last = addDays(from, days - 1);
    const window = { startsAt: dayWindow(from).startsAt, endsAt: dayWindow(last).endsAt };
    // One read for the page: a busy reader's six weeks stay far below this.
    const blocking = await blockingIntervals(ctx, profile._id, window, now, undefined, 3000);
    const dates: string[] = [];
    for (let offset = 0; offset < days; offset++) {
      const date = addDays(from, offset);
      if (romeToUtcMs(date, "23:59") < now) continue;
      const free = freeStarts({ availability: profile.availability, date, durationMinutes: minutes, blocking, nowMs: now });
      if (free.length > 0) dates.push(date);
    }
    return dates;
  },
});

const bookingSummary = v.object({
  id: v.id("bookings"),
  psychicProfileId: v.id("psychicProfiles"),
  psychicName: v.string(),
  scheduledDate: v.string(),
  scheduledTime: v.string(),
  startsAt: v.number(),
  endsAt: v.number(),
  durationMinutes,
  priceCents: v.number(),
  status: bookingStatus,
  holdExpiresAt: v.union(v.number(), v.null()),
  checkoutUrl: v.union(v.string(), v.null()),
  refundStatus: v.union(refundStatus, v.null()),
  refundCents: v.union(v.number(), v.null()),
  notes: v.union(v.string(), v.null()),
});

/** What the booking's client sees of it (their own notes included). */
function toClientSummary(booking: Doc<"bookings">) {
  return {
    id: booking._id,
    psychicProfileId: booking.psychicProfileId,
    psychicName: booking.psychicName,
    scheduledDate: booking.scheduledDate,
    scheduledTime: booking.scheduledTime,
    startsAt: booking.startsAt,
    endsAt: booking.endsAt,
    durationMinutes: booking.durationMinutes,
    priceCents: booking.priceCents,
    status: booking.status,
    holdExpiresAt: booking.holdExpiresAt ?? null,
    checkoutUrl: booking.status === "pending_payment" ? (booking.checkoutUrl ?? null) : null,
    refundStatus: booking.refundStatus ?? null,
    refundCents: booking.refundCents ?? null,
    notes: booking.notes ?? null,
  };
}

/** One of the client's own bookings (the cancelled-payment page's retry link reads it). */
export const getMine = clientQuery({
  args: { bookingId: v.string() },
  returns: bookingSummary,
  handler: async (ctx, { bookingId }) => toClientSummary(await bookingAsClientX(ctx, ctx.viewerId, bookingId)),
});

/**
 * The booking a Checkout Session paid for, for the success page. Null for a session that is not
 * the viewer's or that we do not know: the page says it could not find the details.
 */
export const getMineByCheckoutSession = clientQuery({
  args: { sessionId: v.string() },
  returns: v.union(v.null(), bookingSummary),
  handler: async (ctx, { sessionId }) => {
    if (sessionId.length > 300) return null;
    const booking = await ctx.db
      .query("bookings")
      .withIndex("by_checkoutSession", (q) => q.eq("stripeCheckoutSessionId", sessionId))
      .first();
    return booking !== null && booking.clientId === ctx.viewerId ? toClientSummary(booking) : null;
  },
});

/** The most bookings a dashboard lists; older ones stay in the records. */
const MAX_LISTED = 200;

/** Statuses a client's dashboard lists; lapsed holds never show. */
function listedForClient(booking: Doc<"bookings">, now: number): boolean {
  if (booking.status === "pending_payment") return blocksTime(booking, now);
  return booking.status !== "expired";
}

/** The client's dashboard: every consultation, newest date last, and its counts. */
export const listMine = clientQuery({
  args: { now: v.number() },
  returns: v.object({
    bookings: v.array(bookingSummary),
    counts: v.object({ total: v.number(), today: v.number(), upcoming: v.number() }),
  }),
  handler: async (ctx, { now }) => {
    requireInstant(now);
    const recent = await ctx.db
      .query("bookings")
      .withIndex("by_client_startsAt", (q) => q.eq("clientId", ctx.viewerId))
      .order("desc")
      .take(MAX_LISTED);
    const bookings = recent.filter((booking) => listedForClient(booking, now)).reverse();
    const paid = bookings.filter((booking) => booking.status === "confirmed" || booking.status === "completed");
    const today = utcMsToRome(now).date;
    return {
      bookings: bookings.map(toClientSummary),
      counts: {
        total: paid.length,
        today: paid.filter((booking) => booking.scheduledDate === today && booking.status === "confirmed").length,
        upcoming: paid.filter((booking) => booking.status === "confirmed" && booking.endsAt > now).length,
      },
    };
  },
});

/**
 * The client left the hosted checkout: the hold is released at once (the time is free on every open
 * booking page) and the session is expired at Stripe so it can no longer be paid.
 */
export const releaseMyHold = clientMutation({
  args: { bookingId: v.string() },
  returns: v.null(),
  handler: async (ctx, { bookingId }) => {
    const booking = await bookingAsClientX(ctx, ctx.viewerId, bookingId);
    if (booking.status !== "pending_payment") return null;
    await ctx.db.patch("bookings", booking._id, { status: "expired", holdExpiresAt: Date.now(), checkoutUrl: undefined });
    if (booking.stripeCheckoutSessionId) {
      await ctx.scheduler.runAfter(0, internal.payments.expireCheckoutSession, { sessionId: booking.stripeCheckoutSessionId });
    }
    return null;
  },
});

const psychicBooking = v.object({
  id: v.id("bookings"),
  clientName: v.string(),
  scheduledDate: v.string(),
  scheduledTime: v.string(),
  startsAt: v.number(),
  endsAt: v.number(),
  durationMinutes,
  priceCents: v.number(),
  status: bookingStatus,
  notes: v.union(v.string(), v.null()),
});

async function toPsychicBooking(ctx: QueryCtx, booking: Doc<"bookings">) {
  const client = await ctx.db.get("users", booking.clientId);
  return {
    id: booking._id,
    clientName: client?.name ?? DELETED_ACCOUNT_NAME,
    scheduledDate: booking.scheduledDate,
    scheduledTime: booking.scheduledTime,
    startsAt: booking.startsAt,
    endsAt: booking.endsAt,
    durationMinutes: booking.durationMinutes,
    priceCents: booking.priceCents,
    status: booking.status,
    notes: booking.notes ?? null,
  };
}

/** Readers' upcoming list (spec: the next 10). */
export const PSYCHIC_UPCOMING_SHOWN = 10;

/** The reader's dashboard: today's and the next consultations, and this month's figures. */
export const listForPsychic = psychicQuery({
  args: { now: v.number() },
  returns: v.object({
    today: v.array(psychicBooking),
    upcoming: v.array(psychicBooking),
    stats: v.object({
      today: v.number(),
      upcoming: v.number(),
      monthConsultations: v.number(),
      monthEarningsCents: v.number(),
    }),
  }),
  handler: async (ctx, { now }) => {
    requireInstant(now);
    const profile = await ownPsychicProfile(ctx, ctx.viewerId);
    const empty = { today: [], upcoming: [], stats: { today: 0, upcoming: 0, monthConsultations: 0, monthEarningsCents: 0 } };
    if (profile === null) return empty;
    const todayDate = utcMsToRome(now).date;
    const confirmedFromToday = await ctx.db
      .query("bookings")
      .withIndex("by_psychicProfile_status_startsAt", (q) =>
        q.eq("psychicProfileId", profile._id).eq("status", "confirmed").gte("startsAt", dayWindow(todayDate).startsAt),
      )
      .take(MAX_LISTED);
    const today = confirmedFromToday.filter((booking) => booking.scheduledDate === todayDate);
    const upcoming = confirmedFromToday.filter((booking) => booking.endsAt > now);

    // This Rome calendar month: consultations that were paid for and not refunded.
    const monthStart = romeToUtcMs(`${todayDate.slice(0, 7)}-01`, "00:00");
    const nextMonth = addDays(`${todayDate.slice(0, 7)}-28`, 7).slice(0, 7);
    const monthEnd = romeToUtcMs(`${nextMonth}-01`, "00:00");
    const month = await ctx.db
      .query("bookings")
      .withIndex("by_psychicProfile_startsAt", (q) =>
        q.eq("psychicProfileId", profile._id).gte("startsAt", monthStart).lt("startsAt", monthEnd),
      )
      .take(3000);
    const earning = month.filter((booking) => ["confirmed", "completed", "no_show"].includes(booking.status));
    return {
      today: await Promise.all(today.map((booking) => toPsychicBooking(ctx, booking))),
      upcoming: await Promise.all(upcoming.slice(0, PSYCHIC_UPCOMING_SHOWN).map((booking) => toPsychicBooking(ctx, booking))),
      stats: {
        today: today.length,
        upcoming: upcoming.length,
        monthConsultations: earning.length,
        monthEarningsCents: earning.reduce((sum, booking) => sum + netEarningsCents(booking.priceCents), 0),
      },
    };
  },
});
