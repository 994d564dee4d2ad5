// Each party's presence in a booking's call as the session keeps it (docs/product-rules.md, "Calls";
// the rules in model/attendance.ts): the session made on first entry with the jobs that settle the
// booking, a party's signs and leaving, Twilio's conference holding a party in, and the booking's copy
// of each party's first instant. calls.ts decides who may enter; this keeps the record.
import { internal } from "../../_generated/api";
import type { Doc } from "../../_generated/dataModel";
import { env, type MutationCtx } from "../../_generated/server";
import { afterLeave, afterSign, noAttendance, type Attendance } from "../../model/attendance";
import { isPresent, PSYCHIC_GRACE_MS, roomName } from "../../model/calls";
import type { BookingParty } from "../platform/access";
import { recordJoin } from "../bookings/bookingLifecycle";
import { closedAttendance, sessionOf } from "./callSessions";

/** Twilio Voice when all its variables are set; browser-to-browser WebRTC otherwise. */
export function twilioConfigured(): boolean {
  return (["TWILIO_ACCOUNT_SID", "TWILIO_API_KEY_SID", "TWILIO_API_KEY_SECRET", "TWILIO_AUTH_TOKEN", "TWILIO_TWIML_APP_SID"] as const).every((name) =>
    Boolean(env[name]),
  );
}

export const seenField = { client: "clientSeenAt", psychic: "psychicSeenAt" } as const;
const attendanceField = { client: "clientAttendance", psychic: "psychicAttendance" } as const;
export const leftField = { client: "clientLeftAt", psychic: "psychicLeftAt" } as const;
const inConferenceField = { client: "clientInConference", psychic: "psychicInConference" } as const;
export const mutedField = { client: "clientMuted", psychic: "psychicMuted" } as const;
/** A chat's: when each party last typed, and the send time of the last message each has read (convex/chats.ts). */
export const typingField = { client: "clientTypingAt", psychic: "psychicTypingAt" } as const;
export const readField = { client: "clientReadUpTo", psychic: "psychicReadUpTo" } as const;
export const other = (party: BookingParty): BookingParty => (party === "client" ? "psychic" : "client");

/** The booking's session, made on first entry with the jobs that settle the booking on time. */
export async function ensureSession(ctx: MutationCtx, booking: Doc<"bookings">, now: number): Promise<Doc<"callSessions">> {
  const existing = await sessionOf(ctx, booking._id);
  if (existing !== null) return existing;
  const id = await ctx.db.insert("callSessions", {
    bookingId: booking._id,
    roomId: roomName(booking._id),
    status: "waiting",
    provider: twilioConfigured() ? "twilio" : "webrtc",
    updatedAt: now,
  });
  // The cron in crons.ts settles bookings nobody opened; these run on the minute for the rest.
  const psychicCheck = booking.startsAt + PSYCHIC_GRACE_MS;
  if (psychicCheck < booking.endsAt) {
    await ctx.scheduler.runAt(Math.max(now, psychicCheck), internal.calls.settle, { bookingId: booking._id });
  }
  await ctx.scheduler.runAt(Math.max(now, booking.endsAt), internal.calls.settle, { bookingId: booking._id });
  return (await ctx.db.get("callSessions", id))!;
}

/**
 * The party's attendance is `attendance` now: the booking keeps the first instant they were in the call
 * during the paid window (the settling and the psychic's word read it there).
 */
export async function recordAttendance(ctx: MutationCtx, booking: Doc<"bookings">, party: BookingParty, attendance: Attendance) {
  if (attendance.firstPresentAt !== undefined) await recordJoin(ctx, booking, party, attendance.firstPresentAt);
}

/**
 * A sign of a party's presence (entering, the page's heartbeat, Twilio's participant-join): they are in
 * the call now, and their time in it inside the paid window counts (model/attendance.ts). Twilio's join
 * (`inConference`) holds them in until Twilio reports them gone, whether the page beats or not.
 */
export async function markPresent(
  ctx: MutationCtx,
  booking: Doc<"bookings">,
  party: BookingParty,
  now: number,
  { inConference = false, muted }: { inConference?: boolean; muted?: boolean } = {},
) {
  const session = await ensureSession(ctx, booking, now);
  const held = session[inConferenceField[party]] === true;
  const attendance = afterSign(session[attendanceField[party]] ?? noAttendance, session[seenField[party]], booking, now, held);
  await recordAttendance(ctx, booking, party, attendance);
  const bothIn = isPresent(session[seenField[other(party)]], now);
  await ctx.db.patch("callSessions", session._id, {
    [seenField[party]]: now,
    [leftField[party]]: undefined,
    [attendanceField[party]]: attendance,
    ...(inConference ? { [inConferenceField[party]]: true } : {}),
    // The page's heartbeat carries its microphone's state too, mending a switch the limit refused.
    ...(muted !== undefined ? { [mutedField[party]]: muted || undefined } : {}),
    status: bothIn ? "active" : "waiting",
    ...(bothIn && session.startedAt === undefined ? { startedAt: now } : {}),
    updatedAt: now,
  });
}

/** A party left the call (hung up, closed the page, or Twilio saw them go): the time since their last sign counts. */
export async function markAbsent(ctx: MutationCtx, booking: Doc<"bookings">, session: Doc<"callSessions">, party: BookingParty, now: number) {
  if (session.status === "ended") return;
  const held = session[inConferenceField[party]] === true;
  const attendance = afterLeave(session[attendanceField[party]] ?? noAttendance, session[seenField[party]], booking, now, held);
  await recordAttendance(ctx, booking, party, attendance);
  await ctx.db.patch("callSessions", session._id, {
    [seenField[party]]: undefined,
    [inConferenceField[party]]: undefined,
    [mutedField[party]]: undefined,
    // Only someone who was in the call leaves it (a page closing before entering is not a departure).
    ...(session[seenField[party]] !== undefined ? { [leftField[party]]: now } : {}),
    [attendanceField[party]]: attendance,
    status: "waiting",
    updatedAt: now,
  });
}

/** The party's microphone is off (or on again) while in the call: the other screen says so. Ignored when not in it. */
export async function markMuted(ctx: MutationCtx, session: Doc<"callSessions">, party: BookingParty, muted: boolean, now: number) {
  if (session.status === "ended" || session[seenField[party]] === undefined) return;
  if ((session[mutedField[party]] === true) === muted) return;
  await ctx.db.patch("callSessions", session._id, { [mutedField[party]]: muted || undefined, updatedAt: now });
}

/**
 * The booking with each party's first instant in the call brought up to `now`: a party Twilio has held in
 * its conference since before the start, with no sign since, is in the call now without one.
 */
export async function withCurrentJoins(ctx: MutationCtx, booking: Doc<"bookings">, now: number): Promise<Doc<"bookings">> {
  const session = await sessionOf(ctx, booking._id);
  if (session === null || session.status === "ended") return booking;
  const closed = closedAttendance(session, booking, Math.min(now, booking.endsAt));
  await recordAttendance(ctx, booking, "client", closed.clientAttendance);
  await recordAttendance(ctx, booking, "psychic", closed.psychicAttendance);
  return (await ctx.db.get("bookings", booking._id)) ?? booking;
}
