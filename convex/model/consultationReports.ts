// A client's report of a consultation ('Segnala'): who may report what, and how it reads in the
// admin's inbox (docs/product-rules.md, "Contact and admin").
import type { BookingStatus, ReportReason } from "../framework/validators";
import { formatItalianDate } from "./format";

/** The reasons as the client chooses them and the admin reads them. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  money_or_rituals: "Richiesta di denaro extra o rituali",
  medical_legal_financial: "Previsioni mediche, legali o finanziarie",
  misconduct: "Comportamento scorretto",
  off_platform_contact: "Tentativo di contatto fuori piattaforma",
  other: "Altro",
};

/** What the client writes: enough to act on, not an essay. */
export const REPORT_TEXT_LIMITS = { min: 20, max: 2000 } as const;

/** The text as stored, trimmed; null when too short or too long. */
export function cleanReportText(text: string): string | null {
  const trimmed = text.trim();
  return trimmed.length < REPORT_TEXT_LIMITS.min || trimmed.length > REPORT_TEXT_LIMITS.max ? null : trimmed;
}

/**
 * A consultation can be reported once it has started: held (completed or client absent) or paid and
 * under way or past. A hold, an expired or a cancelled booking never took place.
 */
export function isReportable(booking: { status: BookingStatus; startsAt: number }, now: number): boolean {
  if (booking.status === "completed" || booking.status === "no_show") return true;
  return booking.status === "confirmed" && booking.startsAt <= now;
}

/** The subject the admin reads in the inbox: the reason, then which consultation. */
export function reportSubject(reason: ReportReason, booking: { psychicName: string; scheduledDate: string; scheduledTime: string }): string {
  return `${REPORT_REASON_LABELS[reason]} · consulto con ${booking.psychicName} di ${formatItalianDate(booking.scheduledDate)} alle ${booking.scheduledTime}`;
}
