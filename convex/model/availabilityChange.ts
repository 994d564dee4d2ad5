// A change of the weekly hours beside the consultations already paid (docs/product-rules.md, "Psychics"):
// the new hours may leave one outside; saving is still allowed and the consultation keeps its time, so the
// editor names them before the psychic saves.
import type { DurationMinutes, WeeklyAvailability } from "../framework/validators";
import { offeredStarts } from "./slots";

type BookedTime = { scheduledDate: string; scheduledTime: string; durationMinutes: number };

/** The bookings the hours would not offer now: the same test the slot engine applies to a new booking. */
export function bookingsOutsideHours<T extends BookedTime>(bookings: readonly T[], availability: WeeklyAvailability): T[] {
  return bookings.filter(
    (booking) => !offeredStarts(availability, booking.scheduledDate, booking.durationMinutes as DurationMinutes).includes(booking.scheduledTime),
  );
}
