// A booking's call session as other modules need it: read it, and end it for good. The room's own
// rules (entering, presence, signalling) stay in calls.ts.
import type { Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";

export async function sessionOf(ctx: QueryCtx, bookingId: Id<"bookings">) {
  return ctx.db
    .query("callSessions")
    .withIndex("by_bookingId", (q) => q.eq("bookingId", bookingId))
    .unique();
}

/** Ends the session for good and removes its signalling (the call's audio is never stored). */
export async function endSession(ctx: MutationCtx, bookingId: Id<"bookings">, now: number) {
  const session = await sessionOf(ctx, bookingId);
  if (session !== null && session.status !== "ended") {
    await ctx.db.patch("callSessions", session._id, {
      status: "ended",
      endedAt: now,
      durationSeconds: session.startedAt === undefined ? 0 : Math.round((now - session.startedAt) / 1000),
      clientSeenAt: undefined,
      psychicSeenAt: undefined,
      updatedAt: now,
    });
  }
  const signals = await ctx.db
    .query("callSignals")
    .withIndex("by_bookingId", (q) => q.eq("bookingId", bookingId))
    .take(1000);
  for (const signal of signals) await ctx.db.delete("callSignals", signal._id);
}
