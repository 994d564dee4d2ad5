// The numbers of the rules in Italian words ("24 ore", "7 giorni", "5–10 giorni lavorativi"), the same in an
// email and on a page: the server's templates and the browser (src/lib/text/rules.ts) word them here, from the
// constants the server enforces, so no sentence types a rule's number by hand.
import { HALF_REFUND_NOTICE_MS } from "./cancellationRefunds";
import { REMINDER_OFFSETS_MS } from "./reminders";
import { REFUND_ARRIVAL_WORKING_DAYS } from "./cancellationRefunds";
import { EARLY_ACCESS_MS } from "./calls";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** "30 minuti", "1 minuto". */
export function formatMinutes(minutes: number): string {
  return minutes === 1 ? "1 minuto" : `${minutes} minuti`;
}

/** "1 ora", "24 ore": a length of time in whole hours. */
export function hoursText(ms: number): string {
  const hours = ms / HOUR_MS;
  return hours === 1 ? "1 ora" : `${hours} ore`;
}

/** "un'ora", "2 ore", "90 minuti": a length of time as a sentence says it, in hours when whole. */
export function spanText(ms: number): string {
  if (ms % HOUR_MS !== 0) return formatMinutes(ms / MINUTE_MS);
  return ms === HOUR_MS ? "un'ora" : hoursText(ms);
}

/** "1 giorno", "7 giorni". */
export function daysText(ms: number): string {
  const days = ms / DAY_MS;
  return days === 1 ? "1 giorno" : `${days} giorni`;
}

/** "una volta", "2 volte". */
export function timesText(count: number): string {
  return count === 1 ? "una volta" : `${count} volte`;
}

/** "15, 30, 45 o 60": the items joined the Italian way, with `last` ("o", "e") before the last one. */
export function listText(items: readonly (string | number)[], last: "e" | "o"): string {
  const words = items.map(String);
  return words.length <= 1 ? words.join("") : `${words.slice(0, -1).join(", ")} ${last} ${words.at(-1)}`;
}

/** The rules the emails state, in words. */
export const ruleWords = {
  /** "5–10 giorni lavorativi": a refund's way to the card. */
  refundArrival: `${REFUND_ARRIVAL_WORKING_DAYS.from}–${REFUND_ARRIVAL_WORKING_DAYS.to} giorni lavorativi`,
  /** "5 minuti": the call page opens this long before the start. */
  earlyAccess: formatMinutes(EARLY_ACCESS_MS / MINUTE_MS),
  /** "15 minuti": the last reminder, before the start. */
  lastReminder: formatMinutes(REMINDER_OFFSETS_MS["15m"] / MINUTE_MS),
  /** "2 ore": under this before the start a client's cancellation refunds nothing. */
  halfRefundNotice: hoursText(HALF_REFUND_NOTICE_MS),
} as const;
