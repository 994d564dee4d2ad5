// A booking's call session as other modules need it: read it, and end it for good; the people the room shows;
// and who may use a room function. The room's own rules (entering, presence, signalling) stay in calls.ts and lib/calls/callPresence.ts.
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { DELETED_ACCOUNT_NAME } from "../../model/accounts";
import { afterLeave, noAttendance, type PaidWindow, type WindowPresence } from "../../model/attendance";
import { typeRefusal } from "../../model/calls";
import { fail } from "../../framework/errors";
import type { ConsultationType } from "../../framework/validators";
import { bookingAsPartyX } from "../platform/access";

export async function sessionOf(ctx: QueryCtx, bookingId: Id<"bookings">) {
  return ctx.db
    .query("callSessions")
    .withIndex("by_bookingId", (q) => q.eq("bookingId", bookingId))
    .unique();
}

/**
 * Each party's attendance with the stretch they are still in closed at `at` (they leave the call now,
 * or the window's end came first): its part inside the window counts (model/attendance.ts).
 */
export function closedAttendance(session: Doc<"callSessions">, window: PaidWindow, at: number) {
  return {
    clientAttendance: afterLeave(session.clientAttendance ?? noAttendance, session.clientSeenAt, window, at, session.clientInConference === true),
    psychicAttendance: afterLeave(session.psychicAttendance ?? noAttendance, session.psychicSeenAt, window, at, session.psychicInConference === true),
  };
}

/**
 * Each party's time in the call during the paid window as the records say at `now`: a stretch still
 * open counts up to now, or to the end of the window if that came first. No session: nobody was in it.
 */
export async function windowPresence(ctx: QueryCtx, booking: PaidWindow & { _id: Id<"bookings"> }, now: number): Promise<WindowPresence> {
  const session = await sessionOf(ctx, booking._id);
  if (session === null) return { clientPresentMs: 0, psychicPresentMs: 0 };
  const closed = closedAttendance(session, booking, Math.min(now, booking.endsAt));
  return { clientPresentMs: closed.clientAttendance.presentMs, psychicPresentMs: closed.psychicAttendance.presentMs };
}

/**
 * Ends the session for good and removes its signalling (the call's audio is never stored). The parties
 * still in the call leave it now, or at the end of the window if that came first.
 */
export async function endSession(ctx: MutationCtx, booking: PaidWindow & { _id: Id<"bookings"> }, now: number) {
  const session = await sessionOf(ctx, booking._id);
  if (session !== null && session.status !== "ended") {
    await ctx.db.patch("callSessions", session._id, {
      status: "ended",
      endedAt: now,
      durationSeconds: session.startedAt === undefined ? 0 : Math.round((now - session.startedAt) / 1000),
      ...closedAttendance(session, booking, Math.min(now, booking.endsAt)),
      clientSeenAt: undefined,
      psychicSeenAt: undefined,
      clientInConference: undefined,
      psychicInConference: undefined,
      clientMuted: undefined,
      psychicMuted: undefined,
      updatedAt: now,
    });
  }
  const signals = await ctx.db
    .query("callSignals")
    .withIndex("by_bookingId", (q) => q.eq("bookingId", booking._id))
    .take(1000);
  for (const signal of signals) await ctx.db.delete("callSignals", signal._id);
}

async function psychicPhotoUrl(ctx: QueryCtx, booking: Doc<"bookings">): Promise<string | null> {
  const profile = await ctx.db.get("psychicProfiles", booking.psychicProfileId);
  if (profile === null) return null;
  return profile.photoStorageId ? await ctx.storage.getUrl(profile.photoStorageId) : (profile.photoUrl ?? null);
}

async function isReviewable(ctx: QueryCtx, booking: Doc<"bookings">, party: "client" | "psychic"): Promise<boolean> {
  if (party !== "client" || booking.status !== "completed") return false;
  const review = await ctx.db
    .query("reviews")
    .withIndex("by_booking", (q) => q.eq("bookingId", booking._id))
    .first();
  return review === null;
}

/**
 * The two people as the room shows them: names, the psychic's photo, the client's notes (to the psychic
 * only), and whether the client may review the consultation now.
 */
export async function roomPeople(ctx: QueryCtx, booking: Doc<"bookings">, party: "client" | "psychic") {
  const client = await ctx.db.get("users", booking.clientId);
  return {
    psychic: { name: booking.psychicName, photoUrl: await psychicPhotoUrl(ctx, booking) },
    client: { name: client?.name ?? DELETED_ACCOUNT_NAME },
    notes: party === "psychic" ? booking.notes?.trim() || null : null,
    reviewable: await isReviewable(ctx, booking, party),
  };
}

/**
 * The booking and the viewer's side of it, for a room function: its two parties only (bookingAsPartyX), and of
 * the type `needs` when the function serves one type only (a call's audio, a chat's messages).
 */
export async function roomPartyX(ctx: QueryCtx, viewerId: Id<"users">, bookingId: string, needs?: ConsultationType) {
  const { booking, party } = await bookingAsPartyX(ctx, viewerId, bookingId);
  const wrong = typeRefusal(booking, needs);
  return wrong === null ? { booking, party } : fail(wrong);
}
