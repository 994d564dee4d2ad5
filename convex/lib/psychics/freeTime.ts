// A psychic's first free half hour ('Prima disponibilità'), from the slot engine over the bookings that block
// time: the list's cards, the catalogue's rows (lib/catalogue/catalogueEntries.ts) and 'Disponibile oggi'.
import type { Doc } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import { blockingIntervals } from "../bookings/bookingTime";
import { firstFreeStart, isFreeToday, NEXT_DAYS_HORIZON, type FirstFree } from "../../model/nextAvailability";

/** Days read first; a psychic free in neither is read up to the horizon. */
const FIRST_FREE_NEAR_DAYS = 2;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The psychic's first free half hour within `NEXT_DAYS_HORIZON` days (null when none, or not taking
 * consultations) and whether it is today in Rome. The next days are read first, the rest only for a
 * psychic free in neither, so most psychics cost two days of bookings.
 */
export async function freeTimeOf(ctx: QueryCtx, profile: Doc<"psychicProfiles">, now: number): Promise<{ firstFree: FirstFree | null; freeToday: boolean }> {
  if (!profile.isAvailable) return { firstFree: null, freeToday: false };
  const since = now - 2 * 60 * 60 * 1000;
  const near = await blockingIntervals(ctx, profile._id, { startsAt: since, endsAt: now + (FIRST_FREE_NEAR_DAYS + 1) * DAY_MS }, now, undefined, 2000);
  let first = firstFreeStart(profile.availability, near, now, 0, FIRST_FREE_NEAR_DAYS);
  if (first === null) {
    const window = { startsAt: since, endsAt: now + (NEXT_DAYS_HORIZON + 1) * DAY_MS };
    const blocking = await blockingIntervals(ctx, profile._id, window, now, undefined, 2000);
    first = firstFreeStart(profile.availability, blocking, now, FIRST_FREE_NEAR_DAYS);
  }
  return { firstFree: first, freeToday: isFreeToday(first, now) };
}
