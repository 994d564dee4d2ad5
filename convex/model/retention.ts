// What the privacy page promises to forget, and when ("Per quanto tempo conserviamo i dati"): a consultation's
// notes, call records and chat conversation 24 months after it, a support message 24 months after its last update, technical
// records (processed webhook ids, the email outbox) after 12 months, a deleted psychic's fiscal data kept for
// DAC7 when its 10 years are over (model/fiscal.ts fiscalRecordKeptUntil). Bookings and payments stay 10 years.
import { addMonths } from "date-fns";

export const NOTES_AND_CALLS_MONTHS = 24;
export const SUPPORT_MESSAGES_MONTHS = 24;
export const TECHNICAL_MONTHS = 12;
/** Rows looked at per run of a job; a job with more to do runs again at once. */
export const RETENTION_BATCH = 200;

/** The instant before which records kept for `months` are forgotten, at `now`. */
export const forgetBefore = (now: number, months: number) => addMonths(new Date(now), -months).getTime();
