/** Italian formatting of money, ratings and text, shared by every feature. Money is always in cents. */
// Money and calendar dates read the same in emails and on pages: one implementation, on the server's side.
export { formatCents, formatItalianDate, formatNumericDate } from "@convex/model/format";
import { ROME_TIME_ZONE, romeDateOf } from "@convex/framework/time";

/** One decimal with an Italian comma: 4.5 → "4,5". */
export function formatRating(rating: number): string {
  return rating.toLocaleString("it-IT", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** Cuts text at a word boundary to at most `max` characters, adding an ellipsis when cut. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

const shortDate = new Intl.DateTimeFormat("it-IT", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" });

/** "mer 25 nov" from "2026-11-25", for lists where the year is obvious. */
export function formatShortDate(date: string): string {
  return shortDate.format(new Date(`${date}T12:00:00Z`));
}

/** "30 minuti", "1 minuto": the same words the rules and the emails use. */
export { formatMinutes } from "@convex/model/ruleWords";

const romeDateTime = new Intl.DateTimeFormat("it-IT", {
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: ROME_TIME_ZONE,
});

/** An instant as Rome wall-clock date and time: "23 novembre 2026 alle ore 09:41". */
export function formatRomeDateTime(ms: number): string {
  return romeDateTime.format(ms);
}

const romeClock = new Intl.DateTimeFormat("it-IT", { hour: "2-digit", minute: "2-digit", timeZone: ROME_TIME_ZONE });

/** An instant's Rome wall-clock time: "09:41". */
export function formatRomeTime(ms: number): string {
  return romeClock.format(ms);
}

const romeNumericDate = new Intl.DateTimeFormat("it-IT", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: ROME_TIME_ZONE });

/** An instant's Rome calendar date, short and with the year: "23/11/2026". */
export function formatRomeDate(ms: number): string {
  return romeNumericDate.format(ms);
}

/** 'Prima disponibilità' in a few words: "oggi 17:00", "domani 10:30", "gio 3 dic, 10:30". */
export function formatFirstFree({ date, time }: { date: string; time: string }, now: number): string {
  const today = romeDateOf(now);
  const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  if (date === today) return `oggi ${time}`;
  if (date === tomorrow) return `domani ${time}`;
  return `${formatShortDate(date)}, ${time}`;
}
