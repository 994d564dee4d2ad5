// Calendar dates and clock times as people see them: Europe/Rome wall-clock time (docs/product-rules.md, Locale).
import { TZDate } from "@date-fns/tz";
import { format, isValid, parse } from "date-fns";

export const ROME_TIME_ZONE = "Europe/Rome";

/** The Rome calendar date ("2026-11-25") of a UTC instant. */
export function romeDateOf(ms: number): string {
  return format(new TZDate(ms, ROME_TIME_ZONE), "yyyy-MM-dd");
}

/** True for a real calendar date written "YYYY-MM-DD" (no 2026-02-30). */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const parsed = parse(text, "yyyy-MM-dd", new Date(2000, 0, 1));
  return isValid(parsed) && format(parsed, "yyyy-MM-dd") === text;
}

/** True for a 24-hour clock time "HH:MM". */
export function isClockTime(text: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(text);
}

/**
 * A calendar date as a local-midnight Date, for day arithmetic with date-fns (which only the date
 * parts matter to). Never used as an instant.
 */
export function dayOf(date: string): Date {
  return parse(date, "yyyy-MM-dd", new Date(2000, 0, 1));
}

/** The "YYYY-MM-DD" of a local-midnight Date made by `dayOf`. */
export function isoDay(day: Date): string {
  return format(day, "yyyy-MM-dd");
}
