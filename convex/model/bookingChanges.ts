// What may happen to a paid booking before and after its time (docs/product-rules.md, "Payments and
// refunds", "Calls", "Reviews"): cancellation and its refund window, moving it, the psychic's outcome,
// reminders and the psychic's monthly figures. Plain functions over values: no ctx, no clock.
import type { ErrorCode } from "../framework/errors";
import { romeMonthOf } from "../framework/time";
import type { BookingStatus } from "../framework/validators";
import { clientAttended } from "./attendance";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** Cancelled this long before the start or earlier, the client gets everything back. */
export const FULL_REFUND_NOTICE_MS = 24 * HOUR_MS;
/** Cancelled this long before the start or earlier (and after the full-refund limit), half. */
export const HALF_REFUND_NOTICE_MS = 2 * HOUR_MS;
/** The share of the price a cancellation in the middle window refunds. */
export const HALF_REFUND_PERCENT = 50;
/** A client may move a booking at least this long before its current start… */
export const RESCHEDULE_NOTICE_MS = 24 * HOUR_MS;
/** …and at most this many times. */
export const MAX_RESCHEDULES = 2;
/** A review can be edited this long after it was written. */
export const REVIEW_EDIT_WINDOW_MS = 7 * 24 * HOUR_MS;
/** The reminders, before the start. */
export const REMINDER_OFFSETS_MS = { "24h": 24 * HOUR_MS, "15m": 15 * MINUTE_MS } as const;
export type ReminderKind = keyof typeof REMINDER_OFFSETS_MS;

type PaidBooking = { status: BookingStatus; startsAt: number; endsAt: number; priceCents: number };

/** Which refund a client's cancellation gets: everything, half, or nothing. */
export type RefundWindow = "full" | "half" | "none";

/** The window of a cancellation at `nowMs`: the edges (exactly 24 h, exactly 2 h before) belong to the better one. */
export function clientRefundWindow(startsAt: number, nowMs: number): RefundWindow {
  const notice = startsAt - nowMs;
  if (notice >= FULL_REFUND_NOTICE_MS) return "full";
  if (notice >= HALF_REFUND_NOTICE_MS) return "half";
  return "none";
}

/**
 * The refund in cents for `window` of a payment of `paidCents`: whole cents, never negative, never more
 * than was paid. Half of an odd amount is rounded up, in the client's favour.
 */
export function refundCentsFor(window: RefundWindow, paidCents: number): number {
  const paid = Math.max(0, Math.floor(paidCents));
  const refund = window === "full" ? paid : window === "half" ? Math.ceil((paid * HALF_REFUND_PERCENT) / 100) : 0;
  return Math.min(paid, Math.max(0, refund));
}

/** What a client's cancellation at `nowMs` refunds. */
export function clientCancellationRefund(booking: { startsAt: number; priceCents: number }, nowMs: number) {
  const window = clientRefundWindow(booking.startsAt, nowMs);
  return { window, refundCents: refundCentsFor(window, booking.priceCents) };
}

/** Why a confirmed booking cannot be cancelled now (by either party), or null: only before its start. */
export function cancellationRefusal(booking: Pick<PaidBooking, "status" | "startsAt">, nowMs: number): ErrorCode | null {
  if (booking.status !== "confirmed") return "INVALID_STATE";
  return nowMs < booking.startsAt ? null : "CANCELLATION_NOT_ALLOWED";
}

/** The last instant a booking can still be moved; null when it can no longer be moved at all. */
export function rescheduleDeadline(booking: Pick<PaidBooking, "status" | "startsAt"> & { rescheduleCount?: number }): number | null {
  if (booking.status !== "confirmed" || (booking.rescheduleCount ?? 0) >= MAX_RESCHEDULES) return null;
  return booking.startsAt - RESCHEDULE_NOTICE_MS;
}

/** Why a booking cannot be moved now, or null: confirmed, at least 24 h before its current start, moved fewer than twice. */
export function rescheduleRefusal(booking: Pick<PaidBooking, "status" | "startsAt"> & { rescheduleCount?: number }, nowMs: number): ErrorCode | null {
  if (booking.status !== "confirmed") return "INVALID_STATE";
  if ((booking.rescheduleCount ?? 0) >= MAX_RESCHEDULES) return "RESCHEDULE_LIMIT_REACHED";
  return nowMs <= booking.startsAt - RESCHEDULE_NOTICE_MS ? null : "RESCHEDULE_TOO_LATE";
}

/** What the psychic may record after a consultation. */
export type Outcome = "completed" | "no_show";

/**
 * Why the psychic may not record `outcome` now, or null. Only after the end of the window; only for a
 * booking that was held (confirmed, or already completed / marked absent: the psychic may correct it);
 * never a no-show when the call's records show the client in the call during the paid window
 * (model/attendance.ts), nor once the client reviewed it as attended (a no-show then would contradict
 * the records or the review).
 */
export function outcomeRefusal(
  booking: Pick<PaidBooking, "status" | "endsAt"> & { clientJoinedAt?: number },
  outcome: Outcome,
  nowMs: number,
  reviewed: boolean,
): ErrorCode | null {
  if (!["confirmed", "completed", "no_show"].includes(booking.status)) return "INVALID_STATE";
  if (nowMs < booking.endsAt) return "CONSULTATION_NOT_ENDED";
  if (outcome === "no_show" && clientAttended(booking)) return "CLIENT_ATTENDED";
  if (outcome === "no_show" && reviewed) return "INVALID_STATE";
  return null;
}

/** When each reminder is due, for a booking confirmed or moved at `nowMs`; a reminder already due is skipped. */
export function reminderTimes(startsAt: number, nowMs: number): Array<{ kind: ReminderKind; at: number }> {
  return (Object.keys(REMINDER_OFFSETS_MS) as ReminderKind[])
    .map((kind) => ({ kind, at: startsAt - REMINDER_OFFSETS_MS[kind] }))
    .filter(({ at }) => at > nowMs);
}

// ─── Reviews ──────────────────────────────────────────────────────────────────────────────────────

export const REVIEW_MIN_LENGTH = 10;
export const REVIEW_MAX_LENGTH = 1000;

/** Whole stars 1–5, or null. */
export function validRating(rating: number): 1 | 2 | 3 | 4 | 5 | null {
  return Number.isInteger(rating) && rating >= 1 && rating <= 5 ? (rating as 1 | 2 | 3 | 4 | 5) : null;
}

/** The comment as stored: trimmed; null when its length is outside 10–1 000 characters. */
export function validComment(comment: string): string | null {
  const trimmed = comment.trim();
  return trimmed.length >= REVIEW_MIN_LENGTH && trimmed.length <= REVIEW_MAX_LENGTH ? trimmed : null;
}

/** "Maria R." from "Maria Rossi": the first name and the initial of the last; "Cliente" without a name. */
export function reviewerName(fullName: string | undefined): string {
  const words = (fullName ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "Cliente";
  const first = words[0];
  if (words.length === 1) return first;
  return `${first} ${words[words.length - 1].charAt(0).toLocaleUpperCase("it")}.`;
}

/** A nickname a client chooses for their reviews: 2–30 characters once trimmed. */
export const NICKNAME_MIN_LENGTH = 2;
export const NICKNAME_MAX_LENGTH = 30;

/** Why a nickname cannot be shown: its length, or it carries a way to be reached (email, phone, link). */
export type NicknameProblem = "length" | "contact";

// A reviewer's name is shown to everyone: no address, number or link may ride on it.
const CONTACT_PATTERNS = [/@/, /\d[\d\s.\-/]{5,}\d/, /https?:|www\./i, /[a-z0-9-]\.(?:it|com|net|org|eu|info|me|io|co|biz)\b/i];

/** The nickname as stored (trimmed, inner spaces joined), or why it is refused. */
export function checkNickname(raw: string): { ok: true; nickname: string } | { ok: false; problem: NicknameProblem } {
  const nickname = raw.trim().replace(/\s+/g, " ");
  if (nickname.length < NICKNAME_MIN_LENGTH || nickname.length > NICKNAME_MAX_LENGTH) return { ok: false, problem: "length" };
  if (CONTACT_PATTERNS.some((pattern) => pattern.test(nickname))) return { ok: false, problem: "contact" };
  return { ok: true, nickname };
}

/**
 * The name a review shows: the nickname the client chose, or by default their first name and initial.
 * null when the nickname is refused.
 */
export function reviewDisplayName(fullName: string | undefined, nickname: string | undefined): string | null {
  if (nickname === undefined) return reviewerName(fullName);
  const checked = checkNickname(nickname);
  return checked.ok ? checked.nickname : null;
}

/** An average from a sum and a count; undefined when nothing was rated ("Nuovo"). */
export function averageOf(sum: number, count: number): number | undefined {
  return count > 0 ? sum / count : undefined;
}

// ─── The psychic's monthly figures ────────────────────────────────────────────────────────────────

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

/** One month's row as stored (consultationStats). */
export type MonthFigures = {
  totalConsultations: number;
  totalMinutes: number;
  totalRevenueCents: number;
  ratingCount: number;
  ratingSum?: number;
  averageRating?: number;
};

export const emptyMonth: MonthFigures = { totalConsultations: 0, totalMinutes: 0, totalRevenueCents: 0, ratingCount: 0, ratingSum: 0 };

/** The figures the psychic's dashboard shows for a month: hours to one decimal, earnings in cents. */
export function monthView(month: string, figures: MonthFigures | null) {
  const row = figures ?? emptyMonth;
  return {
    month,
    heldConsultations: row.totalConsultations,
    minutes: row.totalMinutes,
    hours: Math.round((row.totalMinutes / 60) * 10) / 10,
    earningsCents: row.totalRevenueCents,
    averageRating: row.ratingCount > 0 ? (averageOf(row.ratingSum ?? (row.averageRating ?? 0) * row.ratingCount, row.ratingCount) ?? null) : null,
    ratingCount: row.ratingCount,
  };
}
