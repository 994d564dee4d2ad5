// How money and calendar dates read in Italian, the same in an email and on a page: the server's
// templates and the browser (src/lib/text/format.ts) both use these.

import type { Weekday } from "../framework/validators";

/** The days of the week as a page or a file names them. */
export const WEEKDAY_NAMES: Readonly<Record<Weekday, string>> = {
  monday: "Lunedì",
  tuesday: "Martedì",
  wednesday: "Mercoledì",
  thursday: "Giovedì",
  friday: "Venerdì",
  saturday: "Sabato",
  sunday: "Domenica",
};

const centsFormatter = new Intl.NumberFormat("it-IT", { style: "currency", currency: "EUR" });
const wholeEuroFormatter = new Intl.NumberFormat("it-IT", { style: "currency", currency: "EUR", maximumFractionDigits: 0 });

/**
 * An amount held in cents, with its cents: 5000 → "50,00 €", 1250 → "12,50 €". With `dropZeroCents`, a whole
 * amount goes without them (5000 → "50 €"; 1250 stays "12,50 €"), for price lists and chart axes.
 */
export function formatCents(cents: number, { dropZeroCents = false }: { dropZeroCents?: boolean } = {}): string {
  if (dropZeroCents && Number.isInteger(cents / 100)) return wholeEuroFormatter.format(cents / 100);
  return centsFormatter.format(cents / 100);
}

const longDate = new Intl.DateTimeFormat("it-IT", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** "mercoledì 25 novembre 2026" from the calendar date "2026-11-25" (no time zone involved). */
export function formatItalianDate(date: string): string {
  return longDate.format(new Date(`${date}T12:00:00Z`));
}

/** A calendar date "2026-11-23" as "23/11/2026": how lists and fiscal documents print dates. */
export function formatNumericDate(date: string): string {
  const [year, month, day] = date.split("-");
  return `${day}/${month}/${year}`;
}

const longMonth = new Intl.DateTimeFormat("it-IT", { month: "long", year: "numeric", timeZone: "UTC" });

/** A calendar month "2026-11" as "novembre 2026" (the 15th at noon UTC: the same month in every time zone). */
export function formatMonth(month: string): string {
  return longMonth.format(new Date(`${month}-15T12:00:00Z`));
}
