// "Prossime disponibilità" on a reader's profile (docs/product-rules.md): the next days with free time,
// from the weekly availability minus taken slots and times too soon to book. Pure: no ctx, no clock.
import { parseDate, romeToUtcMs, utcMsToRome, weekdayOf } from "../lib/time";
import type { WeeklyAvailability } from "../lib/validators";

export const SLOT_MINUTES = 30;
/** Bookings need this much notice (docs/product-rules.md, "Slots and holds"). */
export const NOTICE_MINUTES = 60;
/** Days shown, and how far ahead to look for them. */
export const NEXT_DAYS_SHOWN = 3;
export const NEXT_DAYS_HORIZON = 14;
/** A reader with no availability at all gets the spec's default booking slots (§9). */
export const FALLBACK_SLOTS: readonly string[] = [
  ...halfHourSlots("09:00", "11:30"),
  ...halfHourSlots("14:00", "19:30"),
];

const MINUTE_MS = 60_000;

export type TakenInterval = { startsAt: number; endsAt: number };
export type FreeRange = { from: string; to: string };
export type FreeDay = { date: string; ranges: FreeRange[] };

function halfHourSlots(from: string, to: string): string[] {
  const slots: string[] = [];
  for (let minutes = toMinutes(from); minutes <= toMinutes(to); minutes += SLOT_MINUTES) slots.push(fromMinutes(minutes));
  return slots;
}

function toMinutes(hhmm: string): number {
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
}

function fromMinutes(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** The calendar date `days` after `date` ("YYYY-MM-DD"). */
export function addDays(date: string, days: number): string {
  const { year, month, day } = parseDate(date);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The slot starts of a weekly schedule for one weekday, sorted; the fallback when nothing is open all week. */
function slotsFor(availability: WeeklyAvailability, weekday: keyof WeeklyAvailability): string[] {
  const anyOpen = Object.values(availability).some((day) => day.enabled && day.availableHours.length > 0);
  if (!anyOpen) return [...FALLBACK_SLOTS];
  const day = availability[weekday];
  return day.enabled ? [...day.availableHours].sort() : [];
}

/** Consecutive half hours joined: 10:00, 10:30 → 10:00–11:00. */
function toRanges(slots: string[]): FreeRange[] {
  const ranges: FreeRange[] = [];
  for (const slot of slots) {
    const start = toMinutes(slot);
    const last = ranges[ranges.length - 1];
    if (last && toMinutes(last.to) === start) last.to = fromMinutes(start + SLOT_MINUTES);
    else ranges.push({ from: slot, to: fromMinutes(start + SLOT_MINUTES) });
  }
  return ranges;
}

/**
 * The first `NEXT_DAYS_SHOWN` days (within `NEXT_DAYS_HORIZON`, from today in Rome) with at least one
 * free slot: on the schedule, starting at least `NOTICE_MINUTES` after `nowMs`, and overlapping no
 * taken interval.
 */
export function nextFreeDays(availability: WeeklyAvailability, taken: TakenInterval[], nowMs: number): FreeDay[] {
  const earliest = nowMs + NOTICE_MINUTES * MINUTE_MS;
  const today = utcMsToRome(nowMs).date;
  const days: FreeDay[] = [];
  for (let offset = 0; offset < NEXT_DAYS_HORIZON && days.length < NEXT_DAYS_SHOWN; offset++) {
    const date = addDays(today, offset);
    const free = slotsFor(availability, weekdayOf(date)).filter((slot) => {
      const startsAt = romeToUtcMs(date, slot);
      const endsAt = startsAt + SLOT_MINUTES * MINUTE_MS;
      return startsAt >= earliest && !taken.some((interval) => interval.startsAt < endsAt && startsAt < interval.endsAt);
    });
    if (free.length > 0) days.push({ date, ranges: toRanges(free) });
  }
  return days;
}
