// The consultation room (docs/product-rules.md, "Calls"): who may enter and when, the call session
// both screens watch live, the browser-to-browser signalling of the offline provider, and the end
// of each booking's call (completion, or the psychic's absence with a full refund).
import { v } from "convex/values";
import type { Doc } from "./_generated/dataModel";
import type { MutationCtx } from "./_generated/server";
import type { BookingParty } from "./lib/platform/access";
import { changeBooking } from "./lib/bookings/bookingLifecycle";
import {
  ensureSession,
  leftField,
  markAbsent,
  markMuted,
  markPresent,
  mutedField,
  other,
  readField,
  recordAttendance,
  seenField,
  twilioConfigured,
  typingField,
  withCurrentJoins,
} from "./lib/calls/callPresence";
import { closedAttendance, roomPartyX, roomPeople, sessionOf } from "./lib/calls/callSessions";
import { fail } from "./framework/errors";
import { rateLimit } from "./lib/platform/rateLimits";
import { authedMutation, authedQuery, internalMutation, internalQuery } from "./lib/platform/functions";
import { callSessionStatus, callSignalKind, consultationType, durationMinutes } from "./framework/validators";
import { settlementFor } from "./model/attendance";
import { cancellationRefundCents } from "./model/cancellationRefunds";
import {
  bookingIdOfRoom,
  bookingRefusal,
  callOpensAt,
  joinRefusal,
  MAX_EVENT_KEYS,
  MAX_SIGNAL_PAYLOAD,
  MAX_SIGNALS_PER_BOOKING,
  PSYCHIC_GRACE_MS,
  parseTwilioIdentity,
  remainingSeconds,
  roomName,
  tokenTtlSeconds,
  twilioIdentity,
} from "./model/calls";

/** One party in the call: the last sign while in, the last time they left, and whether their microphone is off. */
const presence = v.object({ seenAt: v.union(v.number(), v.null()), leftAt: v.union(v.number(), v.null()), muted: v.boolean() });

const room = v.object({
  bookingId: v.id("bookings"),
  party: v.union(v.literal("client"), v.literal("psychic")),
  /** A call shows the audio controls, a chat the conversation (convex/chats.ts); both share the window and presence. */
  consultationType,
  /** The psychic's profile, for 'Prenota di nuovo' at the end. */
  psychicProfileId: v.id("psychicProfiles"),
  /** The two people of the consultation, as both screens show them; the client has an initials avatar. */
  psychic: v.object({ name: v.string(), photoUrl: v.union(v.string(), v.null()) }),
  client: v.object({ name: v.string() }),
  /** What the client wrote when booking: for the psychic only (null for the client, or none written). */
  notes: v.union(v.string(), v.null()),
  /** The client may review this consultation now (it took place, completed, not reviewed yet): the room's end offers it. */
  reviewable: v.boolean(),
  /** `psychic_absent`: cancelled and refunded because the psychic did not come (the client waiting sees it live). */
  bookingStatus: v.union(v.literal("confirmed"), v.literal("ended"), v.literal("psychic_absent")),
  scheduledDate: v.string(),
  scheduledTime: v.string(),
  durationMinutes,
  opensAt: v.number(),
  startsAt: v.number(),
  endsAt: v.number(),
  provider: v.union(v.literal("twilio"), v.literal("webrtc")),
  session: v.union(
    v.null(),
    v.object({
      status: callSessionStatus,
      startedAt: v.union(v.number(), v.null()),
      endedAt: v.union(v.number(), v.null()),
      /** The other party's last sign of presence; the page compares it with its clock. */
      otherSeenAt: v.union(v.number(), v.null()),
      selfSeenAt: v.union(v.number(), v.null()),
    }),
  ),
  /**
   * The inputs of the state line (model/calls.ts `roomLine`, which the page runs with its clock): the
   * booking or its session is over, and each side's presence in the call.
   */
  settled: v.boolean(),
  self: presence,
  other: presence,
  /**
   * A chat's live marks (convex/chats.ts), null for a call: when the other party last typed (the page shows
   * 'sta scrivendo' for a few seconds after, model/chats.ts) and up to which of one's messages they have read.
   */
  chat: v.union(v.null(), v.object({ otherTypingAt: v.union(v.number(), v.null()), otherReadUpTo: v.union(v.number(), v.null()) })),
});


function presenceOf(session: Doc<"callSessions"> | null, party: BookingParty) {
  return {
    seenAt: session?.[seenField[party]] ?? null,
    leftAt: session?.[leftField[party]] ?? null,
    muted: session?.[mutedField[party]] === true,
  };
}

/**
 * The room of a booking, for its client and its psychic only. Times, not a verdict: queries do not
 * read the clock, so the page decides before / open / over from `opensAt` and `endsAt`, and the
 * mutations below enforce the same window on the server.
 */
export const getRoom = authedQuery({
  args: { bookingId: v.string() },
  returns: room,
  handler: async (ctx, { bookingId }) => {
    const { booking, party } = await roomPartyX(ctx, ctx.viewerId, bookingId);
    const psychicAbsent = booking.status === "cancelled" && booking.cancelReason === "psychic_no_show";
    const refusal = bookingRefusal(booking);
    if (refusal !== null && refusal !== "CALL_ENDED" && !psychicAbsent) return fail(refusal);
    const session = await sessionOf(ctx, booking._id);
    return {
      bookingId: booking._id,
      party,
      consultationType: booking.consultationType,
      psychicProfileId: booking.psychicProfileId,
      ...(await roomPeople(ctx, booking, party)),
      bookingStatus: psychicAbsent ? ("psychic_absent" as const) : refusal === "CALL_ENDED" ? ("ended" as const) : ("confirmed" as const),
      scheduledDate: booking.scheduledDate,
      scheduledTime: booking.scheduledTime,
      durationMinutes: booking.durationMinutes,
      opensAt: callOpensAt(booking.startsAt),
      startsAt: booking.startsAt,
      endsAt: booking.endsAt,
      provider: twilioConfigured() ? ("twilio" as const) : ("webrtc" as const),
      session:
        session === null
          ? null
          : {
              status: session.status,
              startedAt: session.startedAt ?? null,
              endedAt: session.endedAt ?? null,
              otherSeenAt: session[seenField[other(party)]] ?? null,
              selfSeenAt: session[seenField[party]] ?? null,
            },
      settled: booking.status !== "confirmed" || session?.status === "ended",
      self: presenceOf(session, party),
      other: presenceOf(session, other(party)),
      chat:
        booking.consultationType === "chat"
          ? { otherTypingAt: session?.[typingField[other(party)]] ?? null, otherReadUpTo: session?.[readField[other(party)]] ?? null }
          : null,
    };
  },
});

/**
 * Enters the call, and confirms presence every few seconds while in it (HEARTBEAT_MS): only inside
 * the window (5 minutes early until the end), only for a confirmed booking, a call or a chat. A reload
 * enters the same session again. `muted`, when given, is a call page's microphone state (see `setMuted`).
 */
export const join = authedMutation({
  args: { bookingId: v.string(), muted: v.optional(v.boolean()) },
  returns: v.null(),
  handler: async (ctx, { bookingId, muted }) => {
    // A chat's page beats the same way: presence is what attendance reads for both types.
    const { booking, party } = await roomPartyX(ctx, ctx.viewerId, bookingId);
    const now = Date.now();
    const refusal = joinRefusal(booking, now);
    if (refusal !== null) return fail(refusal);
    await markPresent(ctx, booking, party, now, booking.consultationType === "voice" ? { muted } : {});
    return null;
  },
});

/**
 * The party switched their microphone off or on: the other screen says so at once. Only the two
 * parties, only inside the window while in the call (otherwise nothing changes), at most a burst of
 * switches (RATE_LIMITED after; the next heartbeat carries the state anyway).
 */
export const setMuted = authedMutation({
  args: { bookingId: v.string(), muted: v.boolean() },
  returns: v.null(),
  handler: async (ctx, { bookingId, muted }) => {
    const { booking, party } = await roomPartyX(ctx, ctx.viewerId, bookingId, "voice");
    const now = Date.now();
    const refusal = joinRefusal(booking, now);
    if (refusal !== null) return fail(refusal);
    if (!(await rateLimit(ctx, { name: "callMuteByUser", key: ctx.viewerId })).ok) return fail("RATE_LIMITED");
    const session = await sessionOf(ctx, booking._id);
    if (session !== null) await markMuted(ctx, session, party, muted, now);
    return null;
  },
});

/** Leaves the call or the chat; the other party's screen shows it at once. Harmless when not in it. */
export const leave = authedMutation({
  args: { bookingId: v.string() },
  returns: v.null(),
  handler: async (ctx, { bookingId }) => {
    const { booking, party } = await roomPartyX(ctx, ctx.viewerId, bookingId);
    const session = await sessionOf(ctx, booking._id);
    if (session !== null) await markAbsent(ctx, booking, session, party, Date.now());
    return null;
  },
});

/**
 * One WebRTC message (offer, answer, ICE candidate, hangup) to the other party, kept only until the
 * call ends. An offer starts a new negotiation, so the previous one's messages go.
 */
export const sendSignal = authedMutation({
  args: { bookingId: v.string(), kind: callSignalKind, payload: v.string() },
  returns: v.null(),
  handler: async (ctx, { bookingId, kind, payload }) => {
    const { booking } = await roomPartyX(ctx, ctx.viewerId, bookingId, "voice");
    const refusal = joinRefusal(booking, Date.now());
    if (refusal !== null) return fail(refusal);
    if (payload.length > MAX_SIGNAL_PAYLOAD) return fail("INVALID_INPUT", { field: "payload" });
    const existing = await ctx.db
      .query("callSignals")
      .withIndex("by_bookingId", (q) => q.eq("bookingId", booking._id))
      .take(MAX_SIGNALS_PER_BOOKING);
    if (kind === "offer") {
      for (const signal of existing) await ctx.db.delete("callSignals", signal._id);
    } else if (existing.length >= MAX_SIGNALS_PER_BOOKING) {
      return fail("RATE_LIMITED");
    }
    await ctx.db.insert("callSignals", { bookingId: booking._id, fromUserId: ctx.viewerId, kind, payload });
    return null;
  },
});

/** The other party's messages, oldest first; only the booking's two parties can read them. */
export const listSignals = authedQuery({
  args: { bookingId: v.string() },
  returns: v.array(v.object({ id: v.id("callSignals"), kind: callSignalKind, payload: v.string() })),
  handler: async (ctx, { bookingId }) => {
    const { booking } = await roomPartyX(ctx, ctx.viewerId, bookingId, "voice");
    const signals = await ctx.db
      .query("callSignals")
      .withIndex("by_bookingId", (q) => q.eq("bookingId", booking._id))
      .take(MAX_SIGNALS_PER_BOOKING);
    return signals
      .filter((signal) => signal.fromUserId !== ctx.viewerId)
      .map((signal) => ({ id: signal._id, kind: signal.kind, payload: signal.payload }));
  },
});

/**
 * Settles a confirmed booking whose time has come (docs/product-rules.md, "Calls"): the psychic not in the call during
 * the window 10 minutes after the start cancels it with a full, automatic refund and an email to the
 * client; at the end of the window it took place, completed if the client was in the call during it and a
 * no-show otherwise, the psychic being paid either way, unless the psychic was in the call too little
 * while the client was there: then it is cancelled and refunded as for their absence (model/attendance.ts).
 * Safe to run again.
 */
async function settleBooking(ctx: MutationCtx, found: Doc<"bookings">, now: number) {
  if (found.status !== "confirmed") return null;
  // A party Twilio has held in its conference since before has no sign to record their first instant.
  const booking = await withCurrentJoins(ctx, found, now);
  const outcome = settlementFor(booking, now);
  if (outcome === null) return null;
  // Both end the call session; one that took place counts in the psychic's figures, once.
  const event =
    outcome === "took_place"
      ? ({ kind: "took_place", by: "clock" } as const)
      : ({ kind: "cancelled", reason: "psychic_no_show", refundCents: cancellationRefundCents("psychic_no_show", booking, now) } as const);
  await changeBooking(ctx, booking, event, now);
  return outcome;
}

export const settle = internalMutation({
  args: { bookingId: v.id("bookings") },
  returns: v.null(),
  handler: async (ctx, { bookingId }) => {
    const booking = await ctx.db.get("bookings", bookingId);
    if (booking !== null) await settleBooking(ctx, booking, Date.now());
    return null;
  },
});

/** The cron's sweep: confirmed bookings 10 minutes past their start, oldest first, a batch a run. */
export const settleDue = internalMutation({
  args: {},
  returns: v.number(),
  handler: async (ctx) => {
    const now = Date.now();
    const due = await ctx.db
      .query("bookings")
      .withIndex("by_status_startsAt", (q) => q.eq("status", "confirmed").lte("startsAt", now - PSYCHIC_GRACE_MS))
      .take(100);
    let settled = 0;
    for (const booking of due) if ((await settleBooking(ctx, booking, now)) !== null) settled++;
    return settled;
  },
});

// ─── Twilio Voice (convex/twilio.ts issues tokens; convex/http.ts receives Twilio's webhooks) ─────

/** What a token for this viewer and booking carries, checked exactly as `join` checks entering. */
export const twilioGrantFor = internalQuery({
  args: { viewerId: v.id("users"), bookingId: v.string(), now: v.number() },
  returns: v.object({ identity: v.string(), ttlSeconds: v.number() }),
  handler: async (ctx, { viewerId, bookingId, now }) => {
    const { booking, party } = await roomPartyX(ctx, viewerId, bookingId, "voice");
    const refusal = joinRefusal(booking, now);
    if (refusal !== null) return fail(refusal);
    return { identity: twilioIdentity(party, viewerId, booking._id), ttlSeconds: tokenTtlSeconds(booking.endsAt, now) };
  },
});

/**
 * The voice webhook's check, after the signature: the caller's identity names a party of this
 * booking and the window is open. Records the party's call so conference events can be attributed.
 */
export const admitTwilioCaller = internalMutation({
  args: { from: v.string(), bookingId: v.string(), callSid: v.string() },
  returns: v.union(
    v.object({ admitted: v.literal(true), conference: v.string(), timeLimitSeconds: v.number() }),
    v.object({ admitted: v.literal(false), reason: v.string() }),
  ),
  handler: async (ctx, { from, bookingId, callSid }) => {
    const caller = parseTwilioIdentity(from);
    const id = ctx.db.normalizeId("bookings", bookingId);
    const booking = id === null ? null : await ctx.db.get("bookings", id);
    if (caller === null || booking === null || caller.bookingId !== booking._id) return { admitted: false as const, reason: "NOT_FOUND" };
    const partyUser = caller.party === "client" ? booking.clientId : booking.psychicUserId;
    if (partyUser !== caller.userId) return { admitted: false as const, reason: "FORBIDDEN" };
    const now = Date.now();
    const refusal = joinRefusal(booking, now, "voice");
    if (refusal !== null) return { admitted: false as const, reason: refusal };
    const session = await ensureSession(ctx, booking, now);
    await ctx.db.patch("callSessions", session._id, { [`${caller.party}CallSid`]: callSid, updatedAt: now });
    return { admitted: true as const, conference: roomName(booking._id), timeLimitSeconds: remainingSeconds(booking.endsAt, now) };
  },
});

/**
 * A conference status callback, applied once: Twilio retries a delivery it thinks failed, so each
 * event is remembered by conference and sequence number. Joins and leaves move the parties' presence.
 */
export const applyConferenceEvent = internalMutation({
  args: {
    conference: v.string(),
    conferenceSid: v.string(),
    sequenceNumber: v.string(),
    event: v.string(),
    callSid: v.union(v.string(), v.null()),
  },
  returns: v.union(v.literal("applied"), v.literal("duplicate"), v.literal("unknown")),
  handler: async (ctx, { conference, conferenceSid, sequenceNumber, event, callSid }) => {
    const bookingId = bookingIdOfRoom(conference);
    const id = bookingId === null ? null : ctx.db.normalizeId("bookings", bookingId);
    const booking = id === null ? null : await ctx.db.get("bookings", id);
    const session = booking === null ? null : await sessionOf(ctx, booking._id);
    if (booking === null || session === null) return "unknown";
    const key = `${conferenceSid}:${sequenceNumber}`;
    const seen = session.twilioEventKeys ?? [];
    if (seen.includes(key)) return "duplicate";
    const now = Date.now();
    await ctx.db.patch("callSessions", session._id, { twilioEventKeys: [...seen, key].slice(-MAX_EVENT_KEYS), updatedAt: now });
    const party: BookingParty | null =
      callSid === null ? null : callSid === session.clientCallSid ? "client" : callSid === session.psychicCallSid ? "psychic" : null;
    if (event === "participant-join" && party !== null && joinRefusal(booking, now, "voice") === null) {
      await markPresent(ctx, booking, party, now, { inConference: true });
    } else if (event === "participant-leave" && party !== null) {
      await markAbsent(ctx, booking, (await ctx.db.get("callSessions", session._id))!, party, now);
    } else if (event === "conference-end" && session.status !== "ended") {
      // Both are out of the call: what they were in it inside the window counts.
      const closed = closedAttendance(session, booking, now);
      await recordAttendance(ctx, booking, "client", closed.clientAttendance);
      await recordAttendance(ctx, booking, "psychic", closed.psychicAttendance);
      await ctx.db.patch("callSessions", session._id, {
        ...closed,
        ...(session.clientSeenAt !== undefined ? { clientLeftAt: now } : {}),
        ...(session.psychicSeenAt !== undefined ? { psychicLeftAt: now } : {}),
        clientSeenAt: undefined,
        psychicSeenAt: undefined,
        clientInConference: undefined,
        psychicInConference: undefined,
        status: "waiting",
      });
    }
    return "applied";
  },
});
