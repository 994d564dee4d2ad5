// Europe/Rome wall-clock time ⇄ UTC instants, for the server and the browser alike (the app's one
// Rome-time module). People see Rome time ("2026-03-29", "14:30"); every server rule compares UTC
// milliseconds. Pure functions, no ctx and no clock.
import { tzOffset } from "@date-fns/tz";
import { fail } from "./errors";
import { weekdays, type Weekday } from "./validators";

export const ROME_TIME_ZONE = "Europe/Rome";

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Parses a real calendar date "YYYY-MM-DD"; refuses 2026-02-30 and friends. */
export function parseDate(date: string): {
  year: number;
  month: number;
  day: number;
} {
  const match = DATE_RE.exec(date);
  if (match) {
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const check = new Date(Date.UTC(year, month - 1, day));
    if (check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day) {
      return { year, month, day };
    }
  }
  return fail("INVALID_INPUT", { field: "date" });
}

/** True for a real calendar date written "YYYY-MM-DD" (no 2026-02-30): `parseDate` without the error. */
export function isCalendarDate(text: string): boolean {
  try {
    parseDate(text);
    return true;
  } catch {
    return false;
  }
}

/** True for a 24-hour clock time "HH:MM". */
export function isClockTime(text: string): boolean {
  return TIME_RE.test(text);
}

/** Parses "HH:MM" on a 24-hour clock. */
export function parseTime(time: string): { hour: number; minute: number } {
  const match = TIME_RE.exec(time);
  if (!match) return fail("INVALID_INPUT", { field: "time" });
  return { hour: Number(match[1]), minute: Number(match[2]) };
}

function romeOffsetMs(utcMs: number): number {
  return tzOffset(ROME_TIME_ZONE, new Date(utcMs)) * MINUTE_MS;
}

/**
 * The UTC instant of a Rome wall-clock time, resolved like RFC 5545 and Temporal's "compatible":
 * - a time that happens twice (last Sunday of October, 02:00–02:59) is its first occurrence,
 *   still summer time (UTC+2);
 * - a time that never happens (last Sunday of March, 02:00–02:59) is read with the offset in force
 *   before the change, so 02:30 becomes 03:30 summer time.
 * Written out here rather than left to a library default, so the choice cannot drift.
 */
export function romeToUtcMs(date: string, time: string): number {
  const { year, month, day } = parseDate(date);
  const { hour, minute } = parseTime(time);
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute);
  // Rome changes offset at most once a day, so the offsets a day either side bracket it.
  const offsetBefore = romeOffsetMs(wallAsUtc - DAY_MS);
  const offsetAfter = romeOffsetMs(wallAsUtc + DAY_MS);
  const candidates = [offsetBefore, offsetAfter].map((offset) => wallAsUtc - offset).filter((utc) => utc + romeOffsetMs(utc) === wallAsUtc);
  if (candidates.length > 0) return Math.min(...candidates);
  return wallAsUtc - offsetBefore;
}

// One formatter for every conversion: building an Intl formatter costs far more than using one, and the
// slot engine converts a few hundred instants per query.
const romeParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: ROME_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** The Rome wall-clock date, time and weekday of a UTC instant. */
export function utcMsToRome(ms: number): {
  date: string;
  time: string;
  weekday: Weekday;
} {
  const parts: Record<string, string> = {};
  for (const part of romeParts.formatToParts(ms)) parts[part.type] = part.value;
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  return { date, time: `${parts.hour}:${parts.minute}`, weekday: weekdayOf(date) };
}

/** The Rome calendar date ("2026-11-25") of a UTC instant. */
export function romeDateOf(ms: number): string {
  return utcMsToRome(ms).date;
}

/** The Rome month ("2026-11") of a UTC instant: where monthly figures and statements count it. */
export function romeMonthOf(ms: number): string {
  return romeDateOf(ms).slice(0, 7);
}

/** The weekday of a calendar date; a date's weekday is the same in every time zone. */
export function weekdayOf(date: string): Weekday {
  const { year, month, day } = parseDate(date);
  const sundayFirst = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return weekdays[(sundayFirst + 6) % 7];
}

/** The instants a function accepts from a client: 2020 to 2100. Anything else is a bug or an attack. */
const EARLIEST_ACCEPTED_MS = Date.UTC(2020, 0, 1);
const LATEST_ACCEPTED_MS = Date.UTC(2100, 0, 1);

/**
 * A client-supplied instant (a query's coarse "now"), checked before it feeds date arithmetic:
 * NaN, Infinity and far-off values are refused with INVALID_INPUT, never a RangeError.
 */
export function requireInstant(ms: number, field = "now"): number {
  if (!Number.isFinite(ms) || ms < EARLIEST_ACCEPTED_MS || ms > LATEST_ACCEPTED_MS) {
    return fail("INVALID_INPUT", { field });
  }
  return ms;
}

/** The UTC instants a Rome month "YYYY-MM" runs over: from its first midnight to the next month's. */
export function romeMonthBounds(month: string): { from: number; to: number } {
  const [year, monthNumber] = month.split("-").map(Number);
  const next = monthNumber === 12 ? `${year + 1}-01-01` : `${year}-${String(monthNumber + 1).padStart(2, "0")}-01`;
  return { from: romeToUtcMs(`${month}-01`, "00:00"), to: romeToUtcMs(next, "00:00") };
}
