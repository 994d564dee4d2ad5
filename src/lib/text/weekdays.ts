import { weekdays, type DayAvailability, type Weekday } from "@convex/framework/validators";
import { toRanges } from "@convex/model/nextAvailability";
import { WEEKDAY_NAMES } from "@convex/model/format";

/** The week as Italians read it: Monday first (the server's order too). */
export const WEEK: readonly Weekday[] = weekdays;

export const weekdayLabels: Readonly<Record<Weekday, string>> = WEEKDAY_NAMES;

/** The day's open hours as ranges, "09:00–12:00, 14:00–18:00" (each ends when its last half hour does), null when closed. */
export function openingHours(day: DayAvailability): string | null {
  if (!day.enabled || day.availableHours.length === 0) return null;
  return toRanges([...day.availableHours].sort())
    .map((range) => `${range.from}–${range.to}`)
    .join(", ");
}
