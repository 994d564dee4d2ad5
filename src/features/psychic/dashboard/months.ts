// The psychic's monthly figures in Italian: "nov" for the chart's axis, hours with a comma (the table's "novembre
// 2026" is lib/time/romeMonths.ts formatMonth).
import type { api } from "@convex/_generated/api";
import type { FunctionReturnType } from "convex/server";

/** One month of the figures, as the server gives it (the table's and the chart's row). */
export type MonthRow = FunctionReturnType<typeof api.psychicMonthFigures.listMine>[number];

const shortMonth = new Intl.DateTimeFormat("it-IT", { month: "short", timeZone: "UTC" });

/** A calendar month "YYYY-MM" as the 15th at noon UTC: the same month in every time zone. */
const midMonth = (month: string) => new Date(`${month}-15T12:00:00Z`);

/** "2026-11" → "nov". */
export function formatShortMonth(month: string): string {
  return shortMonth.format(midMonth(month)).replace(".", "");
}

const hoursFormatter = new Intl.NumberFormat("it-IT", { minimumFractionDigits: 0, maximumFractionDigits: 1 });

/** Hours to one decimal with an Italian comma: 1.5 → "1,5". */
export function formatHours(hours: number): string {
  return hoursFormatter.format(hours);
}
