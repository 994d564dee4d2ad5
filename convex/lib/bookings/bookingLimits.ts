// The limits on how much of the psychics' time one client or a group of accounts may take (docs/product-rules.md,
// "Slots and holds", "Limits against abuse"), read from the bookings in the transaction that opens the hold or
// moves the booking: a refused request writes nothing, and two at once cannot both pass (each reads what the
// other writes). The rules are pure, in model/bookings.ts (holds) and model/bookingLimits.ts (everything booked).
import type { Doc, Id } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import {
  bookingPausedUntil,
  FULL_REFUNDS_WINDOW_MS,
  isFullRefundCancellation,
  isUpcoming,
  psychicDayHoldsFull,
  whyNoNewBooking,
} from "../../model/bookingLimits";
import { blocksTime, HOLD_COOL_DOWN_MS, whyNoNewHold } from "../../model/bookings";
import { dayWindow, MAX_DURATION_MINUTES } from "../../model/slots";
import { fail } from "../../framework/errors";

const MINUTE_MS = 60_000;
/** Far more rows of one kind than the limits let a client keep: reading this many always decides. */
const ENOUGH = 20;

type Target = { psychicProfileId: Id<"psychicProfiles">; date: string };

/**
 * Refuses a new hold on `target` unless the client and the psychic's date have room (the error says which
 * limit): the limits on holds, then the pause after repeated full refunds, the client's upcoming consultations
 * (paid or held), and the holds the psychic's date carries.
 */
export async function requireRoomForHold(ctx: QueryCtx, clientId: Id<"users">, target: Target, now: number): Promise<void> {
  const pending = await clientBookings(ctx, clientId, "pending_payment", 0);
  // A released hold's holdExpiresAt is when it was released.
  const ended = await ctx.db
    .query("bookings")
    .withIndex("by_client_status_holdExpiresAt", (q) =>
      q
        .eq("clientId", clientId)
        .eq("status", "expired")
        .gt("holdExpiresAt", now - HOLD_COOL_DOWN_MS),
    )
    .take(ENOUGH);
  const holds = [...pending, ...ended].map((booking) => ({
    psychicProfileId: booking.psychicProfileId,
    scheduledDate: booking.scheduledDate,
    live: booking.status === "pending_payment" && (booking.holdExpiresAt ?? 0) > now,
  }));
  const refusedHold = whyNoNewHold(holds, target.psychicProfileId, target.date);
  if (refusedHold !== null) return fail(refusedHold);

  // A full refund is 24 hours or more before the start, so one in the window starts after the window's beginning.
  const cancelled = await clientBookings(ctx, clientId, "cancelled", now - FULL_REFUNDS_WINDOW_MS, 2 * ENOUGH);
  const pausedUntil = bookingPausedUntil(
    cancelled.filter(isFullRefundCancellation).map((booking) => booking.cancelledAt!),
    now,
  );
  if (pausedUntil !== null) return fail("FULL_REFUNDS_PAUSE", { until: pausedUntil });

  const refusal = whyNoNewBooking(await upcomingOf(ctx, clientId, now, pending), target);
  if (refusal !== null) return fail(refusal);

  const window = dayWindow(target.date);
  const psychicHolds = await ctx.db
    .query("bookings")
    .withIndex("by_psychicProfile_status_startsAt", (q) =>
      q
        .eq("psychicProfileId", target.psychicProfileId)
        .eq("status", "pending_payment")
        .gte("startsAt", window.startsAt)
        .lt("startsAt", window.endsAt),
    )
    .take(2 * ENOUGH);
  // Counted while they hold time, a hold still being opened (no checkout page yet) included.
  const liveOnDate = psychicHolds.filter((booking) => booking.scheduledDate === target.date && blocksTime(booking, now));
  if (psychicDayHoldsFull(liveOnDate.length)) return fail("PSYCHIC_DAY_HOLDS_FULL");
}

/** Refuses moving `booking` to `date` when the client already has as many as the psychic's day or week takes. */
export async function requireRoomToMove(ctx: QueryCtx, booking: Doc<"bookings">, date: string, now: number): Promise<void> {
  const others = (await upcomingOf(ctx, booking.clientId, now)).filter((other) => other._id !== booking._id);
  const refusal = whyNoNewBooking(others, { psychicProfileId: booking.psychicProfileId, date }, { moving: true });
  if (refusal !== null) return fail(refusal);
}

/** The client's consultations paid and not over, and holds still live. */
async function upcomingOf(ctx: QueryCtx, clientId: Id<"users">, now: number, pending?: Doc<"bookings">[]) {
  // A consultation started at most the longest duration ago may not be over yet.
  const confirmed = await clientBookings(ctx, clientId, "confirmed", now - MAX_DURATION_MINUTES * MINUTE_MS);
  const holds = pending ?? (await clientBookings(ctx, clientId, "pending_payment", 0));
  return [...confirmed, ...holds].filter((booking) => isUpcoming(booking, now));
}

function clientBookings(ctx: QueryCtx, clientId: Id<"users">, status: Doc<"bookings">["status"], startsAfter: number, count = ENOUGH) {
  return ctx.db
    .query("bookings")
    .withIndex("by_client_status_startsAt", (q) => q.eq("clientId", clientId).eq("status", status).gt("startsAt", startsAfter))
    .take(count);
}
