// The months a psychic can download a statement for: the last twelve Rome months, the current one first.
import { utcMsToRome } from "@convex/framework/time";

/** How many months the statement's picker offers. */
const STATEMENT_MONTHS = 12;

/** "YYYY-MM" of the Rome month of `now` and the `count - 1` before it, newest first. */
export function lastRomeMonths(now: number, count: number = STATEMENT_MONTHS): string[] {
  const [year, month] = utcMsToRome(now).date.split("-").map(Number) as [number, number];
  return Array.from({ length: count }, (_, back) => {
    const index = year * 12 + (month - 1) - back;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
  });
}
