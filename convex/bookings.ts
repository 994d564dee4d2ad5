// Bookings as people see them: the booking page's live free times, the client's and the psychic's
// lists, and the changes after booking (a client's own holds are holds.ts). Queries take a coarse `now`
// from the page (they must not read the clock); holds end through a scheduled function that changes
// the booking, which re-runs them.
import { literals } from "convex-helpers/validators";
import { v } from "convex/values";
import type { Doc, Id } from "./_generated/dataModel";
import type { QueryCtx } from "./_generated/server";
import { bookingAsClientX, bookingAsPsychicX, listedProfile, ownPsychicProfile } from "./lib/platform/access";
import { changeBookingX } from "./lib/bookings/bookingLifecycle";
import { requireRoomToMove } from "./lib/bookings/bookingLimits";
import { blockingIntervals } from "./lib/bookings/bookingTime";
import { fail } from "./framework/errors";
import { psychicMonthOf } from "./lib/money/ledger";
import { clientMutation, clientQuery, psychicMutation, psychicQuery, query } from "./lib/platform/functions";
import { readSettings } from "./lib/platform/settings";
import { parseDate, parseTime, requireInstant, romeToUtcMs, utcMsToRome } from "./framework/time";
import {
  bookingStatus,
  bookingViewState,
  cancelledBy,
  consultationType,
  durationMinutes,
  paymentViewState,
  refundStatus,
  refundViewState,
} from "./framework/validators";
import { DELETED_ACCOUNT_NAME } from "./model/accounts";
import { clientAttended } from "./model/attendance";
import { cancellationRefundCents } from "./model/cancellationRefunds";
import { cancellationRefusal, clientCancellationRefund, FULL_REFUND_NOTICE_MS, HALF_REFUND_NOTICE_MS } from "./model/cancellationRefunds";
import { rescheduleDeadline, rescheduleRefusal } from "./model/rescheduling";
import { blocksTime, PSYCHIC_RECENT_DAYS } from "./model/bookings";
import { clientBookingState, clientRefundState, paymentState, psychicBookingState, recordedBookingState } from "./model/bookingView";
import { upcomingCents } from "./model/ledger";
import { addDays } from "./model/nextAvailability";
import { consultationInterval, dayWindow, freeStarts, whyNotFree } from "./model/slots";

/** Dates the booking calendar asks about at once: six weeks, a month view. */
const MAX_CALENDAR_DAYS = 42;

/** The Rome date given by a client, checked. */
function requireDate(date: string): string {
  parseDate(date);
  return date;
}

/** The booking page in move mode names the booking being moved (only its client may). */
const movingBookingId = v.optional(v.string());

/**
 * The confirmed booking its client is moving to another time of this psychic, or null. Its own time
 * blocks nothing (the client may move it by half an hour, overlapping itself), as in
 * `rescheduleByClient`; anyone but its client is refused.
 */
async function bookingBeingMoved(
  ctx: QueryCtx,
  viewerId: Id<"users"> | null,
  bookingId: string | undefined,
  psychicProfileId: string,
): Promise<Doc<"bookings"> | null> {
  if (bookingId === undefined) return null;
  if (viewerId === null) return fail("NOT_AUTHENTICATED");
  const booking = await bookingAsClientX(ctx, viewerId, bookingId);
  return booking.status === "confirmed" && booking.psychicProfileId === psychicProfileId ? booking : null;
}

/** Moving a booking to the start it already has changes nothing: that start is not offered. */
function withoutCurrentStart(times: string[], date: string, moving: Doc<"bookings"> | null): string[] {
  return moving === null || moving.scheduledDate !== date ? times : times.filter((time) => time !== moving.scheduledTime);
}

/**
 * Free start times of a listed psychic for one date and duration. Reads only that psychic's bookings
 * of that day. Null when the public cannot see the psychic; no times when they take no bookings.
 */
export const listFreeStarts = query({
  args: { psychicProfileId: v.string(), date: v.string(), durationMinutes, now: v.number(), movingBookingId },
  returns: v.union(v.null(), v.object({ times: v.array(v.string()) })),
  handler: async (ctx, { psychicProfileId, date, durationMinutes: minutes, now, movingBookingId }) => {
    requireInstant(now);
    requireDate(date);
    const moving = await bookingBeingMoved(ctx, ctx.viewerId, movingBookingId, psychicProfileId);
    const profile = await listedProfile(ctx, psychicProfileId);
    if (profile === null) return null;
    if (!profile.isAvailable || !profile.availableDurations.includes(minutes)) return { times: [] };
    const blocking = await blockingIntervals(ctx, profile._id, dayWindow(date), now, moving?._id);
    const times = freeStarts({ availability: profile.availability, date, durationMinutes: minutes, blocking, nowMs: now });
    return { times: withoutCurrentStart(times, date, moving) };
  },
});

/** The dates of a calendar page (from `from`, `days` of them) that have at least one free time. */
export const listBookableDates = query({
  args: { psychicProfileId: v.string(), from: v.string(), days: v.number(), durationMinutes, now: v.number(), movingBookingId },
  returns: v.array(v.string()),
  handler: async (ctx, { psychicProfileId, from, days, durationMinutes: minutes, now, movingBookingId }) => {
    requireInstant(now);
    requireDate(from);
    if (!Number.isInteger(days) || days < 1 || days > MAX_CALENDAR_DAYS) return fail("INVALID_INPUT", { field: "days" });
    const moving = await bookingBeingMoved(ctx, ctx.viewerId, movingBookingId, psychicProfileId);
    const profile = await listedProfile(ctx, psychicProfileId);
    if (profile === null || !profile.isAvailable || !profile.availableDurations.includes(minutes)) return [];
    const last = addDays(from, days - 1);
    const window = { startsAt: dayWindow(from).startsAt, endsAt: dayWindow(last).endsAt };
    // One read for the page: a busy psychic's six weeks stay far below this.
    const blocking = await blockingIntervals(ctx, profile._id, window, now, moving?._id, 3000);
    const dates: string[] = [];
    for (let offset = 0; offset < days; offset++) {
      const date = addDays(from, offset);
      if (romeToUtcMs(date, "23:59") < now) continue;
      const free = freeStarts({ availability: profile.availability, date, durationMinutes: minutes, blocking, nowMs: now });
      if (withoutCurrentStart(free, date, moving).length > 0) dates.push(date);
    }
    return dates;
  },
});

const bookingSummary = v.object({
  id: v.id("bookings"),
  psychicProfileId: v.id("psychicProfiles"),
  psychicName: v.string(),
  /** A call or a chat: the rows name it, and a chat's row leads to the chat and, once over, to its conversation. */
  consultationType,
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
  /** When the refund reached the card ("Rimborsato il …"); null while it is on its way ("Rimborso in corso"). */
  refundedAt: v.union(v.number(), v.null()),
  cancelledAt: v.union(v.number(), v.null()),
  cancelledBy: v.union(cancelledBy, v.null()),
  notes: v.union(v.string(), v.null()),
  /** Times the client moved it (at most MAX_RESCHEDULES). */
  rescheduleCount: v.number(),
  /** Until when the client may cancel it (its start); null when it cannot be cancelled. */
  cancellableUntil: v.union(v.number(), v.null()),
  /** Until when the client may move it (24 h before its start); null when it cannot be moved any more. */
  reschedulableUntil: v.union(v.number(), v.null()),
  /** Where it stands for the client, at the page's `now` where the query has one (model/bookingView.ts). */
  state: bookingViewState,
  /** Whether its payment went through (the payment pages). */
  payment: paymentViewState,
  /** Where its refund stands for the client; null when there is nothing to say. */
  refund: v.union(refundViewState, v.null()),
});

/** What the booking's client sees of it (their own notes included), at the page's `now` when known. */
function toClientSummary(booking: Doc<"bookings">, now: number | null) {
  return {
    id: booking._id,
    psychicProfileId: booking.psychicProfileId,
    psychicName: booking.psychicName,
    consultationType: booking.consultationType,
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
    refundedAt: booking.refundedAt ?? null,
    cancelledAt: booking.cancelledAt ?? null,
    cancelledBy: booking.cancelledBy ?? null,
    notes: booking.notes ?? null,
    rescheduleCount: booking.rescheduleCount ?? 0,
    cancellableUntil: booking.status === "confirmed" ? booking.startsAt : null,
    reschedulableUntil: rescheduleDeadline(booking),
    state: now === null ? recordedBookingState(booking.status) : clientBookingState(booking, now),
    payment: paymentState(booking.status),
    refund: clientRefundState(booking),
  };
}

/** One of the client's own bookings (the cancelled-payment page's retry link reads it). */
export const getMine = clientQuery({
  args: { bookingId: v.string() },
  returns: bookingSummary,
  handler: async (ctx, { bookingId }) => toClientSummary(await bookingAsClientX(ctx, ctx.viewerId, bookingId), null),
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
    return booking !== null && booking.clientId === ctx.viewerId ? toClientSummary(booking, null) : null;
  },
});

/** The most bookings a dashboard lists; older ones stay in the records. */
export const MAX_LISTED = 200;

/** Statuses a client's dashboard lists; lapsed holds never show. */
function listedForClient(booking: Doc<"bookings">, now: number): boolean {
  if (booking.status === "pending_payment") return blocksTime(booking, now);
  return booking.status !== "expired";
}

/** The client's dashboard: every consultation, the latest start first (as the index reads them), and its counts. */
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
    const bookings = recent.filter((booking) => listedForClient(booking, now));
    const paid = bookings.filter((booking) => booking.status === "confirmed" || booking.status === "completed");
    const today = utcMsToRome(now).date;
    return {
      bookings: bookings.map((booking) => toClientSummary(booking, now)),
      counts: {
        total: paid.length,
        today: paid.filter((booking) => booking.scheduledDate === today && booking.status === "confirmed").length,
        upcoming: paid.filter((booking) => booking.status === "confirmed" && booking.endsAt > now).length,
      },
    };
  },
});

const psychicBooking = v.object({
  id: v.id("bookings"),
  clientName: v.string(),
  /** A call or a chat, as the client booked it. */
  consultationType,
  scheduledDate: v.string(),
  scheduledTime: v.string(),
  startsAt: v.number(),
  endsAt: v.number(),
  durationMinutes,
  priceCents: v.number(),
  status: bookingStatus,
  notes: v.union(v.string(), v.null()),
  rescheduleCount: v.number(),
  /** Until when the psychic may cancel it (its start); null when it cannot be cancelled. */
  cancellableUntil: v.union(v.number(), v.null()),
  /** The client reviewed it: a reviewed consultation stays completed (no "Cliente assente"). */
  reviewed: v.boolean(),
  /** The call's records show the client in the call during the paid window: no "Cliente assente" either. */
  clientAttended: v.boolean(),
  /** Where it stands for the psychic at the page's `now` (model/bookingView.ts). */
  state: bookingViewState,
  /** When it was paid for: the dashboard tells the psychic of one paid while it is open. */
  paidAt: v.union(v.number(), v.null()),
});

async function toPsychicBooking(ctx: QueryCtx, booking: Doc<"bookings">, now: number) {
  const client = await ctx.db.get("users", booking.clientId);
  const review =
    booking.status === "completed"
      ? await ctx.db
          .query("reviews")
          .withIndex("by_booking", (q) => q.eq("bookingId", booking._id))
          .first()
      : null;
  return {
    id: booking._id,
    clientName: client?.name ?? DELETED_ACCOUNT_NAME,
    consultationType: booking.consultationType,
    scheduledDate: booking.scheduledDate,
    scheduledTime: booking.scheduledTime,
    startsAt: booking.startsAt,
    endsAt: booking.endsAt,
    durationMinutes: booking.durationMinutes,
    priceCents: booking.priceCents,
    status: booking.status,
    notes: booking.notes ?? null,
    rescheduleCount: booking.rescheduleCount ?? 0,
    cancellableUntil: booking.status === "confirmed" ? booking.startsAt : null,
    reviewed: review !== null,
    clientAttended: clientAttended(booking),
    state: psychicBookingState(booking, now),
    paidAt: booking.paidAt ?? null,
  };
}

const DAY_MS = 24 * 3_600_000;
const GIVEN_OR_OPEN: ReadonlyArray<Doc<"bookings">["status"]> = ["confirmed", "completed", "no_show"];

/** Psychics' upcoming list (spec: the next 10). */
const PSYCHIC_UPCOMING_SHOWN = 10;

/** The psychic's dashboard: today's and the next consultations, and this month's figures. */
export const listForPsychic = psychicQuery({
  args: { now: v.number() },
  returns: v.object({
    today: v.array(psychicBooking),
    /** Those of later days, soonest first (the first ten). */
    upcoming: v.array(psychicBooking),
    /**
     * Consultations whose window ended in the last 30 days and that were held or are still open to the
     * psychic's word (confirmed, completed, no_show), newest first: the psychic marks them completed or
     * "Cliente assente" (bookings.markOutcomeByPsychic).
     */
    recent: v.array(psychicBooking),
    /**
     * The latest payment among all the psychic's consultations to come, listed or not: what the dashboard
     * had already seen when it opened, so only a booking paid later is announced as new.
     */
    latestPaidAt: v.number(),
    stats: v.object({
      today: v.number(),
      upcoming: v.number(),
      paidConsultationsThisMonth: v.number(),
      /** Earned this Rome month, from the one ledger (model/ledger.ts psychicMonth): the figure 'Guadagni' shows. */
      earnedThisMonthCents: v.number(),
      /** 'In arrivo': this month's confirmed consultations still to be held, net of the commission; not earned yet. */
      upcomingThisMonthCents: v.number(),
    }),
  }),
  handler: async (ctx, { now }) => {
    requireInstant(now);
    const profile = await ownPsychicProfile(ctx, ctx.viewerId);
    const empty = {
      today: [],
      upcoming: [],
      recent: [],
      latestPaidAt: 0,
      stats: { today: 0, upcoming: 0, paidConsultationsThisMonth: 0, earnedThisMonthCents: 0, upcomingThisMonthCents: 0 },
    };
    if (profile === null) return empty;
    const todayDate = utcMsToRome(now).date;
    const confirmedFromToday = await ctx.db
      .query("bookings")
      .withIndex("by_psychicProfile_status_startsAt", (q) =>
        q.eq("psychicProfileId", profile._id).eq("status", "confirmed").gte("startsAt", dayWindow(todayDate).startsAt),
      )
      .take(MAX_LISTED);
    const today = confirmedFromToday.filter((booking) => booking.scheduledDate === todayDate);
    // As on the client's dashboard: today's are listed under today only, and counted among those to come.
    const toCome = confirmedFromToday.filter((booking) => booking.endsAt > now);
    const upcoming = confirmedFromToday.filter((booking) => booking.scheduledDate > todayDate);

    // This Rome calendar month: consultations that were paid for and not refunded.
    const monthStart = romeToUtcMs(`${todayDate.slice(0, 7)}-01`, "00:00");
    const nextMonth = addDays(`${todayDate.slice(0, 7)}-28`, 7).slice(0, 7);
    const monthEnd = romeToUtcMs(`${nextMonth}-01`, "00:00");
    const month = await ctx.db
      .query("bookings")
      .withIndex("by_psychicProfile_startsAt", (q) => q.eq("psychicProfileId", profile._id).gte("startsAt", monthStart).lt("startsAt", monthEnd))
      .take(3000);
    const earning = month.filter((booking) => ["confirmed", "completed", "no_show"].includes(booking.status));
    const lately = await ctx.db
      .query("bookings")
      .withIndex("by_psychicProfile_startsAt", (q) =>
        q
          .eq("psychicProfileId", profile._id)
          .gte("startsAt", now - PSYCHIC_RECENT_DAYS * DAY_MS)
          .lt("startsAt", now),
      )
      .order("desc")
      .take(MAX_LISTED);
    const recent = lately.filter((booking) => booking.endsAt <= now && GIVEN_OR_OPEN.includes(booking.status));
    return {
      today: await Promise.all(today.map((booking) => toPsychicBooking(ctx, booking, now))),
      upcoming: await Promise.all(upcoming.slice(0, PSYCHIC_UPCOMING_SHOWN).map((booking) => toPsychicBooking(ctx, booking, now))),
      recent: await Promise.all(recent.map((booking) => toPsychicBooking(ctx, booking, now))),
      latestPaidAt: Math.max(0, ...confirmedFromToday.map((booking) => booking.paidAt ?? 0)),
      stats: {
        today: today.length,
        upcoming: toCome.length,
        paidConsultationsThisMonth: earning.length,
        earnedThisMonthCents: (await psychicMonthOf(ctx, ctx.viewerId, todayDate.slice(0, 7))).earnedCents,
        upcomingThisMonthCents: upcomingCents(month),
      },
    };
  },
});

// ─── After the booking: cancelling, moving, the psychic's outcome (docs/product-rules.md) ─────────

const refundWindow = literals("full", "half", "none");

/**
 * The cancellation dialog's figures at the page's `now`: which window applies and the refund in cents.
 * `cancellable` is false once it has started or is not a confirmed booking; the mutation decides again
 * with the server's clock (and refuses with REFUND_CHANGED if the refund shown has since shrunk).
 */
export const previewCancellation = clientQuery({
  args: { bookingId: v.string(), now: v.number() },
  returns: v.object({
    cancellable: v.boolean(),
    window: refundWindow,
    refundCents: v.number(),
    priceCents: v.number(),
    /** Until when the full refund applies (24 h before the start), and the 50 % one (2 h before). */
    fullRefundUntil: v.number(),
    halfRefundUntil: v.number(),
  }),
  handler: async (ctx, { bookingId, now }) => {
    const booking = await bookingAsClientX(ctx, ctx.viewerId, bookingId);
    requireInstant(now);
    const { window, refundCents } = clientCancellationRefund(booking, now);
    return {
      cancellable: cancellationRefusal(booking, now) === null,
      window,
      refundCents,
      priceCents: booking.priceCents,
      fullRefundUntil: booking.startsAt - FULL_REFUND_NOTICE_MS,
      halfRefundUntil: booking.startsAt - HALF_REFUND_NOTICE_MS,
    };
  },
});

/**
 * The client cancels a confirmed booking before its start. The refund follows the window at this moment
 * (24 h or more before: all; 24 h to 2 h: half; under 2 h: none), goes through Stripe, and both parties
 * are emailed; the time is free at once. `expectedRefundCents`, what the dialog showed: if the refund
 * is now smaller (the clock crossed a window's edge), nothing happens and REFUND_CHANGED says so.
 */
export const cancelByClient = clientMutation({
  args: { bookingId: v.string(), expectedRefundCents: v.optional(v.number()) },
  returns: v.object({ window: refundWindow, refundCents: v.number() }),
  handler: async (ctx, { bookingId, expectedRefundCents }) => {
    const booking = await bookingAsClientX(ctx, ctx.viewerId, bookingId);
    if (
      expectedRefundCents !== undefined &&
      !(Number.isInteger(expectedRefundCents) && expectedRefundCents >= 0 && expectedRefundCents <= booking.priceCents)
    ) {
      return fail("INVALID_INPUT", { field: "expectedRefundCents" });
    }
    const now = Date.now();
    const refusal = cancellationRefusal(booking, now);
    if (refusal !== null) return fail(refusal);
    const { window, refundCents } = clientCancellationRefund(booking, now);
    if (expectedRefundCents !== undefined && refundCents < expectedRefundCents) return fail("REFUND_CHANGED", { refundCents });
    await changeBookingX(ctx, booking, { kind: "cancelled", reason: "client_cancelled", refundCents }, now);
    return { window, refundCents };
  },
});

/**
 * The psychic cancels one of their confirmed bookings before its start: the client always gets everything
 * back and is emailed with a link to book the psychic again; the time is free at once.
 */
export const cancelByPsychic = psychicMutation({
  args: { bookingId: v.string() },
  returns: v.object({ refundCents: v.number() }),
  handler: async (ctx, { bookingId }) => {
    const booking = await bookingAsPsychicX(ctx, ctx.viewerId, bookingId);
    const result = await changeBookingX(
      ctx,
      booking,
      { kind: "cancelled", reason: "psychic_cancelled", refundCents: cancellationRefundCents("psychic_cancelled", booking, Date.now()) },
      Date.now(),
    );
    return { refundCents: result.outcome === "changed" ? (result.patch.refundCents ?? 0) : 0 };
  },
});

/**
 * The client moves a confirmed booking to another free start of the same psychic and duration, at least
 * 24 h before its current start and at most twice, without paying again. One transaction: the new time
 * is checked by the slot engine exactly as for a new hold (the booking itself blocking nothing), taken,
 * and the old one freed. Both parties are emailed with the updated invitation (same UID, higher
 * SEQUENCE); the reminders follow the new time.
 */
export const rescheduleByClient = clientMutation({
  args: { bookingId: v.string(), date: v.string(), time: v.string() },
  returns: bookingSummary,
  handler: async (ctx, { bookingId, date, time }) => {
    const booking = await bookingAsClientX(ctx, ctx.viewerId, bookingId);
    parseDate(date);
    parseTime(time);
    const now = Date.now();
    const refusal = rescheduleRefusal(booking, now);
    if (refusal !== null) return fail(refusal);
    if (date === booking.scheduledDate && time === booking.scheduledTime) return fail("INVALID_INPUT", { field: "time" });
    if (!(await readSettings(ctx)).booking_enabled) return fail("BOOKING_DISABLED");

    const profile = await listedProfile(ctx, booking.psychicProfileId);
    if (profile === null) return fail("PSYCHIC_UNAVAILABLE");
    if (!profile.isAvailable) return fail("PSYCHIC_UNAVAILABLE");
    if (!profile.availableDurations.includes(booking.durationMinutes)) return fail("DURATION_NOT_OFFERED");
    const blocking = await blockingIntervals(ctx, profile._id, dayWindow(date), now, booking._id);
    const slotRefusal = whyNotFree(
      { availability: profile.availability, date, durationMinutes: booking.durationMinutes, blocking, nowMs: now },
      time,
    );
    if (slotRefusal !== null) return fail(slotRefusal);
    // A move adds no consultation, but may not crowd a psychic's day or week past the limits.
    await requireRoomToMove(ctx, booking, date, now);

    const { startsAt, endsAt } = consultationInterval(date, time, booking.durationMinutes);
    const moved = await changeBookingX(ctx, booking, { kind: "moved", date, time, startsAt, endsAt }, now);
    return toClientSummary({ ...booking, ...(moved.outcome === "changed" ? moved.patch : {}) }, now);
  },
});

/**
 * The psychic's "update booking status" (docs/product-rules.md, "Calls"): after the end of the window, a consultation was
 * held ("completed") or the client did not come ("no_show": no refund, the psychic is paid in full).
 * Refused before the end; the psychic may correct one with the other, except that a consultation the
 * call's records show the client attending (CLIENT_ATTENDED) or the client reviewed stays completed.
 * Either counts once in the psychic's monthly figures.
 */
export const markOutcomeByPsychic = psychicMutation({
  args: { bookingId: v.string(), outcome: literals("completed", "no_show") },
  returns: v.null(),
  handler: async (ctx, { bookingId, outcome }) => {
    const booking = await bookingAsPsychicX(ctx, ctx.viewerId, bookingId);
    const review = await ctx.db
      .query("reviews")
      .withIndex("by_booking", (q) => q.eq("bookingId", booking._id))
      .first();
    // A confirmed one's call session ends here: the call's settling (calls.ts) finds nothing left to do.
    await changeBookingX(ctx, booking, { kind: "took_place", outcome, by: "psychic", reviewed: review !== null }, Date.now());
    return null;
  },
});
