// Rome calendar months "YYYY-MM" as the month pickers offer them and as people read them ("novembre 2026"):
// the psychic's statement, the admin's commission invoices, the figures' tables.
import { utcMsToRome } from "@convex/framework/time";

// "novembre 2026": the server's documents name months the same way.
export { formatMonth } from "@convex/model/format";

/**
 * "YYYY-MM" of `count` Rome months, newest first: from the month of `now`, or from the one before it when only
 * months that have ended count (`ended`: a month's invoices are issued once it is over).
 */
export function lastRomeMonths(now: number, count = 12, { ended = false }: { ended?: boolean } = {}): string[] {
  const [year, month] = utcMsToRome(now).date.split("-").map(Number) as [number, number];
  const newest = year * 12 + (month - 1) - (ended ? 1 : 0);
  return Array.from({ length: count }, (_, back) => {
    const index = newest - back;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
  });
}
