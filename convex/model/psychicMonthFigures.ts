// The psychic's monthly figures as the dashboard shows them (docs/product-rules.md, "Calls"): the Rome months
// to show and one month's row read as hours, earnings and an average rating. Plain functions over values.
import { romeMonthOf } from "../framework/time";
import { averageOf } from "./reviews";

/** The month before "YYYY-MM". */
export function previousMonth(month: string): string {
  const [year, monthNumber] = month.split("-").map(Number);
  return monthNumber === 1 ? `${year - 1}-12` : `${year}-${String(monthNumber - 1).padStart(2, "0")}`;
}

/** The last `count` Rome months up to the one of `nowMs`, oldest first. */
export function lastMonths(nowMs: number, count: number): string[] {
  const months = [romeMonthOf(nowMs)];
  while (months.length < count) months.unshift(previousMonth(months[0]));
  return months;
}

/** One month's row as stored (psychicMonthFigures). */
type MonthFigures = {
  totalConsultations: number;
  totalMinutes: number;
  totalRevenueCents: number;
  ratingCount: number;
  ratingSum?: number;
  averageRating?: number;
};

const emptyMonth: MonthFigures = { totalConsultations: 0, totalMinutes: 0, totalRevenueCents: 0, ratingCount: 0, ratingSum: 0 };

/** The figures the psychic's dashboard shows for a month: hours to one decimal, earnings in cents. */
export function monthView(month: string, figures: MonthFigures | null) {
  const row = figures ?? emptyMonth;
  return {
    month,
    consultationsGiven: row.totalConsultations,
    minutes: row.totalMinutes,
    hours: Math.round((row.totalMinutes / 60) * 10) / 10,
    earningsCents: row.totalRevenueCents,
    averageRating: row.ratingCount > 0 ? (averageOf(row.ratingSum ?? (row.averageRating ?? 0) * row.ratingCount, row.ratingCount) ?? null) : null,
    ratingCount: row.ratingCount,
  };
}
