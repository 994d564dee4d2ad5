// A booking's call session as other modules need it: read it, and end it for good. The room's own
// rules (entering, presence, signalling) stay in calls.ts.
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { afterLeave, noAttendance, type PaidWindow } from "../model/attendance";

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
    clientAttendance: afterLeave(session.clientAttendance ?? noAttendance, session.clientSeenAt, window, at),
    psychicAttendance: afterLeave(session.psychicAttendance ?? noAttendance, session.psychicSeenAt, window, at),
  };
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
      updatedAt: now,
    });
  }
  const signals = await ctx.db
    .query("callSignals")
    .withIndex("by_bookingId", (q) => q.eq("bookingId", booking._id))
    .take(1000);
  for (const signal of signals) await ctx.db.delete("callSignals", signal._id);
}
