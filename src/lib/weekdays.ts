import { weekdays, type DayAvailability, type Weekday } from "@convex/lib/validators";

/** The week as Italians read it: Monday first (the server's order too). */
export const WEEK: readonly Weekday[] = weekdays;

export const weekdayLabels: Record<Weekday, string> = {
  monday: "Lunedì",
  tuesday: "Martedì",
  wednesday: "Mercoledì",
  thursday: "Giovedì",
  friday: "Venerdì",
  saturday: "Sabato",
  sunday: "Domenica",
};

/** "09:00 - 16:30" (first and last slot start), one time for a single slot, null when closed. */
export function openingHours(day: DayAvailability): string | null {
  if (!day.enabled || day.availableHours.length === 0) return null;
  const hours = [...day.availableHours].sort();
  const [first, last] = [hours[0]!, hours[hours.length - 1]!];
  return first === last ? first : `${first} - ${last}`;
}
