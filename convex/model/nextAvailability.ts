// "Prossime disponibilità" on a psychic's profile: the next days with free time, as the slot engine
// (model/slots.ts) sees them for one half hour. Pure: no ctx, no clock.
import { parseDate } from "../framework/time";
import type { WeeklyAvailability } from "../framework/validators";
import { freeStarts, fromMinutes, SLOT_MINUTES, toMinutes, utcTodayInRome, type Interval } from "./slots";

/** Days shown, and how far ahead to look for them. */
export const NEXT_DAYS_SHOWN = 3;
export const NEXT_DAYS_HORIZON = 14;

export type FreeRange = { from: string; to: string };
type FreeDay = { date: string; ranges: FreeRange[] };

/** The calendar date `days` after `date` ("YYYY-MM-DD"). */
export function addDays(date: string, days: number): string {
  const { year, month, day } = parseDate(date);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/**
 * Consecutive half hours joined, each range ending when its last half hour does: 10:00, 10:30 → 10:00–11:00.
 * The profile's weekly hours and 'Prossime disponibilità' both read times this way, so a day closes once.
 */
export function toRanges(slots: readonly string[]): FreeRange[] {
  const ranges: FreeRange[] = [];
  for (const slot of slots) {
    const start = toMinutes(slot);
    const last = ranges[ranges.length - 1];
    if (last && toMinutes(last.to) === start) last.to = fromMinutes(start + SLOT_MINUTES);
    else ranges.push({ from: slot, to: fromMinutes(start + SLOT_MINUTES) });
  }
  return ranges;
}

/** The first `NEXT_DAYS_SHOWN` days (within `NEXT_DAYS_HORIZON`, from today in Rome) with a free half hour. */
export function nextFreeDays(availability: WeeklyAvailability, blocking: readonly Interval[], nowMs: number): FreeDay[] {
  const today = utcTodayInRome(nowMs);
  const days: FreeDay[] = [];
  for (let offset = 0; offset < NEXT_DAYS_HORIZON && days.length < NEXT_DAYS_SHOWN; offset++) {
    const date = addDays(today, offset);
    const free = freeStarts({ availability, date, durationMinutes: SLOT_MINUTES, blocking, nowMs });
    if (free.length > 0) days.push({ date, ranges: toRanges(free) });
  }
  return days;
}

export type FirstFree = { date: string; time: string };

/** The most cards one 'Prima disponibilità' call answers: a long list asks in batches of this size. */
export const MAX_FIRST_FREE_IDS = 24;

/**
 * 'Prima disponibilità' on cards and profiles: the first free half hour from `fromOffset` days after today
 * (in Rome) up to `toOffset` days, or null. The list looks at the next two days first and further only
 * for psychics free in neither, so most cards cost two days of bookings.
 */
export function firstFreeStart(
  availability: WeeklyAvailability,
  blocking: readonly Interval[],
  nowMs: number,
  fromOffset = 0,
  toOffset = NEXT_DAYS_HORIZON,
): FirstFree | null {
  const today = utcTodayInRome(nowMs);
  for (let offset = fromOffset; offset < toOffset; offset++) {
    const date = addDays(today, offset);
    const [time] = freeStarts({ availability, date, durationMinutes: SLOT_MINUTES, blocking, nowMs });
    if (time !== undefined) return { date, time };
  }
  return null;
}

/**
 * 'Disponibile oggi': a half hour is actually free today in Rome, by the slot engine's first free time
 * (not merely a working day). The list's filter and every card's badge read it this way.
 */
export function isFreeToday(first: FirstFree | null | undefined, nowMs: number): boolean {
  return first != null && first.date === utcTodayInRome(nowMs);
}
