// How much of the psychics' time one client, or a group of accounts, may take (docs/product-rules.md, "Slots
// and holds", "Limits against abuse"). Paid consultations count as well as holds, so paying is no way around
// the limits on holds; a psychic's date takes only a few holds at once, so many accounts cannot freeze it;
// and a client who cancels in full again and again waits a while before booking again: the refund the
// cancellation rules give is never touched. Pure: the caller reads the rows (lib/bookings/bookingLimits.ts).
import { parseDate } from "../framework/time";
import type { BookingStatus, CancellationReason } from "../framework/validators";
import { blocksTime } from "./bookings";
import { addDays } from "./nextAvailability";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Upcoming consultations (paid or held) a client may have with one psychic on one Rome date... */
export const MAX_UPCOMING_PER_PSYCHIC_DAY = 2;
/** ...with one psychic in one Rome week (Monday to Sunday)... */
export const MAX_UPCOMING_PER_PSYCHIC_WEEK = 4;
/** ...and in all. */
export const MAX_UPCOMING = 6;
/** Unpaid holds a psychic's Rome date carries at once, each by a different client (one per client and date). */
export const MAX_HOLDS_PER_PSYCHIC_DAY = 3;
/** Cancellations refunded in full, within `FULL_REFUNDS_WINDOW_MS`, after which new bookings pause... */
export const FULL_REFUNDS_BEFORE_PAUSE = 3;
export const FULL_REFUNDS_WINDOW_MS = 30 * DAY_MS;
/** ...for this long after the latest of them. */
export const BOOKING_PAUSE_MS = 7 * DAY_MS;

type UpcomingFacts = { psychicProfileId: string; scheduledDate: string };
type BookingLimitRefusal = "UPCOMING_LIMIT" | "SAME_PSYCHIC_WEEK_LIMIT" | "SAME_PSYCHIC_DAY_LIMIT";

/** The Monday (Rome date) of the week of `date`: weeks start on Monday. */
export function romeWeekOf(date: string): string {
  const { year, month, day } = parseDate(date);
  const sundayFirst = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return addDays(date, -((sundayFirst + 6) % 7));
}

/**
 * A booking that takes a client's share of the limits: a paid consultation not yet over, or a hold still
 * live. A lapsed, released, cancelled or held one takes none.
 */
export function isUpcoming(booking: { status: BookingStatus; holdExpiresAt?: number; endsAt: number }, nowMs: number): boolean {
  if (booking.status === "confirmed") return booking.endsAt > nowMs;
  return booking.status === "pending_payment" && blocksTime(booking, nowMs);
}

/**
 * Why the client, whose `upcoming` consultations these are, may not book `psychicProfileId` on `date`, or
 * null. The widest refusal first, so the message never suggests a choice that would be refused too. A move
 * (`moving`, the booking itself left out of `upcoming`) adds no consultation: only the psychic's day and week count.
 */
export function whyNoNewBooking(
  upcoming: readonly UpcomingFacts[],
  target: { psychicProfileId: string; date: string },
  { moving = false }: { moving?: boolean } = {},
): BookingLimitRefusal | null {
  if (!moving && upcoming.length >= MAX_UPCOMING) return "UPCOMING_LIMIT";
  const withPsychic = upcoming.filter((booking) => booking.psychicProfileId === target.psychicProfileId);
  const week = romeWeekOf(target.date);
  if (withPsychic.filter((booking) => romeWeekOf(booking.scheduledDate) === week).length >= MAX_UPCOMING_PER_PSYCHIC_WEEK) {
    return "SAME_PSYCHIC_WEEK_LIMIT";
  }
  if (withPsychic.filter((booking) => booking.scheduledDate === target.date).length >= MAX_UPCOMING_PER_PSYCHIC_DAY) {
    return "SAME_PSYCHIC_DAY_LIMIT";
  }
  return null;
}

/** A psychic's date already carries as many holds as it takes: a new one waits for one of them to end. */
export function psychicDayHoldsFull(liveHoldsOnDate: number): boolean {
  return liveHoldsOnDate >= MAX_HOLDS_PER_PSYCHIC_DAY;
}

type CancellationFacts = {
  status: BookingStatus;
  cancelReason?: CancellationReason;
  cancelledAt?: number;
  refundCents?: number;
  priceCents: number;
};

/** The client cancelled it and got everything back (24 hours or more before): the psychic's or the platform's cancellations never count. */
export function isFullRefundCancellation(booking: CancellationFacts): boolean {
  return (
    booking.status === "cancelled" &&
    booking.cancelReason === "client_cancelled" &&
    booking.cancelledAt !== undefined &&
    booking.refundCents === booking.priceCents
  );
}

/**
 * Until when the client may not start a new booking, or null: after `FULL_REFUNDS_BEFORE_PAUSE` cancellations
 * refunded in full within `FULL_REFUNDS_WINDOW_MS`, for `BOOKING_PAUSE_MS` after the latest. Cancelling,
 * moving and the refunds themselves go on as the rules say.
 */
export function bookingPausedUntil(fullRefundCancelledAt: readonly number[], nowMs: number): number | null {
  const recent = fullRefundCancelledAt.filter((at) => at > nowMs - FULL_REFUNDS_WINDOW_MS && at <= nowMs);
  if (recent.length < FULL_REFUNDS_BEFORE_PAUSE) return null;
  const until = Math.max(...recent) + BOOKING_PAUSE_MS;
  return until > nowMs ? until : null;
}
