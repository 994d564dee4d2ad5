// 'Avvisami' (docs/product-rules.md, "Favourites and 'Avvisami'"): which days a booking's change
// frees, which days a wish looks at, and which of them now have a free time, as the slot engine
// (model/slots.ts) sees them. Pure: no ctx, no clock.
import { utcMsToRome, weekdayOf } from "../framework/time";
import type { DurationMinutes, WeeklyAvailability } from "../framework/validators";
import { blocksTime, type BookingTimeState } from "./bookings";
import { addDays } from "./nextAvailability";
import { freeStarts, lastBookableDate, utcTodayInRome, type Interval } from "./slots";

/** The most wishes a client keeps at once. */
export const MAX_ALERTS_PER_CLIENT = 20;
/** Notices a client's list shows, newest first. */
export const NOTICES_SHOWN = 20;

type TimedBooking = BookingTimeState & { startsAt: number; endsAt: number };

/** The Rome dates an interval touches (a consultation from 23:30 reaches the next day). */
function datesOf({ startsAt, endsAt }: Interval): string[] {
  const first = utcMsToRome(startsAt).date;
  const last = utcMsToRome(endsAt - 1).date;
  return first === last ? [first] : [first, last];
}

/**
 * The days whose time a booking's change gave back: it held time before (paid, or a hold, also one
 * whose end just came: its job is what gives the time back) and no longer does (a hold lapsed or
 * released, a cancellation), or it blocks a different interval now (moved). Empty otherwise.
 */
export function freedDates(before: TimedBooking, after: TimedBooking, nowMs: number): string[] {
  if (before.status !== "confirmed" && before.status !== "pending_payment") return [];
  const stillSame = blocksTime(after, nowMs) && after.startsAt === before.startsAt && after.endsAt === before.endsAt;
  return stillSame ? [] : datesOf(before);
}

/** Every date of the bookable calendar from today: where a wish for "any day" looks. */
export function bookableDates(nowMs: number): string[] {
  const dates: string[] = [];
  const last = lastBookableDate(nowMs);
  for (let date = utcTodayInRome(nowMs); date <= last; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/** A wish for a day ends once that day is over in Rome; one for any day stays until it is answered or withdrawn. */
export function isAlertOver(alert: { date?: string }, nowMs: number): boolean {
  return alert.date !== undefined && alert.date < utcTodayInRome(nowMs);
}

export type Offer = { availability: WeeklyAvailability; isAvailable: boolean; availableDurations: readonly number[] };

/**
 * Whether the psychic works on `date` at all (hours on that weekday): a wish is only for such a day,
 * full now; a day they never work could never free a time.
 */
export function worksOn(availability: WeeklyAvailability, date: string): boolean {
  const day = availability[weekdayOf(date)];
  return day.enabled && day.availableHours.length > 0;
}

/** Whether the psychic has a free start on `date` for `durationMinutes` (none while closed to bookings). */
function hasFreeTime(offer: Offer, date: string, durationMinutes: DurationMinutes, blocking: readonly Interval[], nowMs: number): boolean {
  if (!offer.isAvailable || !offer.availableDurations.includes(durationMinutes)) return false;
  return freeStarts({ availability: offer.availability, date, durationMinutes, blocking, nowMs }).length > 0;
}

/** The first of `dates` with a free start, or null. */
export function firstDateWithFreeTime(
  offer: Offer,
  dates: readonly string[],
  durationMinutes: DurationMinutes,
  blocking: readonly Interval[],
  nowMs: number,
): string | null {
  return dates.find((date) => hasFreeTime(offer, date, durationMinutes, blocking, nowMs)) ?? null;
}

/** The booking page of `date`, where a notice and its email lead. */
export function bookingDayPath(psychicProfileId: string, date: string, durationMinutes: number): string {
  return `/psychics/${psychicProfileId}/book?${new URLSearchParams({ date, duration: String(durationMinutes) })}`;
}
