// The booking page's slot queries' arguments, built in one place: the first page's early subscriptions
// (src/app/firstPageQueries.ts) share the page's only when both serialize alike, key order included.
import type { Id } from "@convex/_generated/dataModel";
import type { DurationMinutes } from "@convex/framework/validators";

/** How far the page looks for the first free day when opened without one: the most the server answers at once (six weeks). */
const FIRST_FREE_DAYS = 42;

type SlotQuery = {
  psychicProfileId: Id<"psychicProfiles">;
  durationMinutes: DurationMinutes;
  now: number;
  movingBookingId?: Id<"bookings">;
};

/** While moving, the booking's own time counts as free (it may move within it) and its start is not offered. */
export function slotQuery(
  psychicProfileId: Id<"psychicProfiles">,
  durationMinutes: DurationMinutes,
  now: number,
  movingBookingId?: Id<"bookings">,
): SlotQuery {
  return { psychicProfileId, durationMinutes, now, ...(movingBookingId === undefined ? {} : { movingBookingId }) };
}

/** `bookings.listBookableDates` for the first free day from `today`. */
export const firstFreeDaysArgs = (slots: SlotQuery, today: string) => ({ ...slots, from: today, days: FIRST_FREE_DAYS });

/** `bookings.listFreeStarts` for one day. */
export const freeStartsArgs = (slots: SlotQuery, date: string) => ({ ...slots, date });
