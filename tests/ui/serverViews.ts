// Booking rows as the server sends them: the raw fields a fixture sets, plus the view-state enums the
// server derives from them (convex/model/bookingView.ts), so UI tests see exactly what a page would.
import {
  clientBookingState,
  clientRefundState,
  paymentState,
  psychicBookingState,
  recordedBookingState,
  refundState,
} from "@convex/model/bookingView";
import type { BookingStatus, CancelledBy, RefundStatus } from "@convex/framework/validators";
import type { ClientBooking } from "@/features/client/ClientBookingRow";

type Raw = { status: BookingStatus; startsAt: number; endsAt: number };
const orUndefined = <T>(value: T | null | undefined) => value ?? undefined;

/** A row of `bookings.listMine` (`now` given) or of `getMine` / `getMineByCheckoutSession` (null). */
export function clientRow<T extends Raw & { holdExpiresAt?: number | null; refundStatus?: RefundStatus | null; cancelledBy?: CancelledBy | null }>(
  booking: T,
  now: number | null,
) {
  return {
    ...booking,
    state:
      now === null
        ? recordedBookingState(booking.status)
        : clientBookingState({ ...booking, holdExpiresAt: orUndefined(booking.holdExpiresAt) }, now),
    payment: paymentState(booking.status),
    refund: clientRefundState({
      status: booking.status,
      refundStatus: orUndefined(booking.refundStatus),
      cancelledBy: orUndefined(booking.cancelledBy),
    }),
  };
}

/** A row of `bookings.listForPsychic` at `now`; paid two days before `now` unless the fixture says. */
export function psychicRow<T extends Raw & { paidAt?: number | null }>(booking: T, now: number) {
  return { paidAt: now - 2 * 24 * 3_600_000, ...booking, state: psychicBookingState(booking, now) };
}

/** A row of the admin's bookings lists (no clock). */
export function adminRow<T extends { status: BookingStatus; refundStatus?: RefundStatus | null }>(booking: T) {
  return { ...booking, state: recordedBookingState(booking.status), refund: refundState(orUndefined(booking.refundStatus)) };
}

const HOUR = 3_600_000;

/**
 * A confirmed consultation of the client's list at `now` with Selene, paid, starting `startsIn` from now and
 * lasting half an hour, cancellable until it starts and movable until a day before; `fields` change any of it.
 */
export function upcomingClientBooking(now: number, fields: Partial<ClientBooking> = {}, startsIn = 3 * 24 * HOUR): ClientBooking {
  const startsAt = now + startsIn;
  return clientRow(
    {
      id: "b1" as ClientBooking["id"],
      psychicProfileId: "p1" as ClientBooking["psychicProfileId"],
      psychicName: "Selene",
      consultationType: "voice",
      scheduledDate: "2026-11-23",
      scheduledTime: "15:10",
      startsAt,
      endsAt: startsAt + HOUR / 2,
      durationMinutes: 30,
      priceCents: 5000,
      status: "confirmed",
      holdExpiresAt: null,
      checkoutUrl: null,
      refundStatus: null,
      refundCents: null,
      refundedAt: null,
      cancelledAt: null,
      cancelledBy: null,
      notes: null,
      rescheduleCount: 0,
      cancellableUntil: startsAt,
      reschedulableUntil: startsAt - 24 * HOUR,
      ...fields,
    },
    now,
  );
}
