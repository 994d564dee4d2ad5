// Day arithmetic for the booking calendar's grid, with date-fns. Only the date parts matter: these
// Dates are never instants (Rome time is convex/framework/time.ts).
import { format, parse } from "date-fns";

/** A calendar date as a local-midnight Date, for day arithmetic with date-fns. */
export function dayOf(date: string): Date {
  return parse(date, "yyyy-MM-dd", new Date(2000, 0, 1));
}

/** The "YYYY-MM-DD" of a local-midnight Date made by `dayOf`. */
export function isoDay(day: Date): string {
  return format(day, "yyyy-MM-dd");
}
