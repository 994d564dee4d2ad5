// What a psychic earned in a month, worded once for the dashboard's card and 'Guadagni': both show the
// server's figure of the one ledger (convex/model/ledger.ts psychicMonth), so they never disagree.
import { COMMISSION_PERCENT } from "@convex/model/bookings";
import { formatMonth } from "@/lib/time/romeMonths";

/** "Guadagnato a novembre": the figure says which month it counts. */
export function earnedLabel(month: string): string {
  return `Guadagnato a ${formatMonth(month).split(" ")[0]}`;
}

/** What the earned figure counts. */
export const earnedNote = `Consulti tenuti e quote di annullamenti tardivi, al netto della commissione del ${COMMISSION_PERCENT}% e di quanto è stato stornato`;

/** What 'In arrivo' counts: never part of what was earned. */
export const upcomingNote = "Consulti del mese in programma, al netto della commissione: non ancora guadagnati";
