// User-facing failures. The server throws a code; the front end maps every code to its Italian
// message in one table, so the wording lives in one place and a new code without a message fails
// the type-check. Unexpected failures stay plain Errors and show the generic message.
import { ConvexError, type Value } from "convex/values";

const errorCodes = [
  // Access
  "NOT_AUTHENTICATED",
  "FORBIDDEN",
  "CLIENT_ONLY",
  "PSYCHIC_ONLY",
  "NOT_FOUND",
  "INVALID_INPUT",
  // Accounts and sign-in
  "INVALID_CREDENTIALS",
  "WEAK_PASSWORD",
  "PASSWORD_TOO_LONG",
  "WRONG_CURRENT_PASSWORD",
  "CONSENT_REQUIRED",
  "TOO_MANY_ATTEMPTS",
  "RATE_LIMITED",
  // A sign-up or contact message without a valid origin pass (lib/platform/originPasses.ts): the app asks for one.
  "ORIGIN_PASS_REQUIRED",
  "INVALID_RESET_CODE",
  "INVALID_SIGN_UP_CODE",
  "EMAIL_NOT_VERIFIED",
  "ADMIN_LOGIN_REQUIRED",
  "INVALID_ADMIN_EMAIL",
  "PSYCHIC_REGISTRATION_DISABLED",
  // Platform switches
  "BOOKING_DISABLED",
  "MAINTENANCE_MODE",
  // Psychic profile
  "PROFILE_INCOMPLETE",
  "DURATION_REQUIRED",
  // A profile offering neither voice nor chat (model/profileRules.ts).
  "CONSULTATION_TYPE_REQUIRED",
  // A day ticked as available without any hours (model/profileRules.ts).
  "DAY_WITHOUT_HOURS",
  "PSYCHIC_UNAVAILABLE",
  "INVALID_PHOTO",
  "PHOTO_HAS_MARKUP",
  "PHOTO_TYPE_MISMATCH",
  "PHOTO_TOO_SMALL",
  "UPLOAD_NOT_OWNED",
  "PROFILE_SUSPENDED",
  // Moderation: the profile changed after the admin read it
  "PROFILE_CHANGED",
  // Moderation: approval needs the verification call recorded as passed
  "VERIFICATION_CALL_REQUIRED",
  // Payouts: the admin's onboarding reminder, once a day per psychic
  "REMINDER_ALREADY_SENT",
  // Booking and payment
  "SLOT_TAKEN",
  "SLOT_UNAVAILABLE",
  "SLOT_TOO_SOON",
  "SLOT_TOO_FAR",
  "DURATION_NOT_OFFERED",
  "INVALID_STATE",
  "CANCELLATION_NOT_ALLOWED",
  "PAYMENT_FAILED",
  "TOO_MANY_HOLDS",
  "HOLD_SAME_DATE",
  "HOLD_LIMIT_REACHED",
  "NOT_A_HOLD",
  // Limits on how much time one client or a group of accounts takes (model/bookingLimits.ts)
  "UPCOMING_LIMIT",
  "SAME_PSYCHIC_WEEK_LIMIT",
  "SAME_PSYCHIC_DAY_LIMIT",
  "PSYCHIC_DAY_HOLDS_FULL",
  "FULL_REFUNDS_PAUSE",
  // Consent at checkout and the client's own spending limit
  "CHECKOUT_CONSENT_REQUIRED",
  "SPENDING_LIMIT_REACHED",
  "SPENDING_PAUSED",
  // After the booking: cancelling, moving, the psychic's outcome
  "REFUND_CHANGED",
  "RESCHEDULE_TOO_LATE",
  "RESCHEDULE_LIMIT_REACHED",
  "CONSULTATION_NOT_ENDED",
  "CLIENT_ATTENDED",
  "PSYCHIC_NOT_PRESENT",
  // Calls
  "CALL_NOT_OPEN",
  "CALL_ENDED",
  "NOT_VOICE_CONSULTATION",
  "NOT_CHAT_CONSULTATION",
  // A booking of a type the psychic does not offer (payments:createHold).
  "CONSULTATION_TYPE_NOT_OFFERED",
  // Chat consultations (convex/chats.ts)
  "MESSAGE_EMPTY",
  "MESSAGE_TOO_LONG",
  "TRANSCRIPT_EXPIRED",
  "BOOKING_NOT_CONFIRMED",
  // Reviews
  "REVIEW_NOT_ALLOWED",
  "ALREADY_REVIEWED",
  "REVIEW_EDIT_EXPIRED",
  // 'Avvisami': only for a day (or a psychic) with no free time, a few at once
  "TIMES_STILL_FREE",
  "ALERT_LIMIT_REACHED",
  "NOT_A_WORKING_DAY",
  // Code of conduct and consultation reports
  "CONDUCT_NOT_ACCEPTED",
  "CONDUCT_OUTDATED",
  "REPORT_NOT_ALLOWED",
  "ALREADY_REPORTED",
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/** What a ConvexError thrown by `fail` carries: always a code, sometimes details (field, ids). */
type ErrorData = { code: ErrorCode } & Record<string, Value>;

/** Throw a user-facing error. `details` must not carry Italian text: the client owns the wording. */
export function fail(code: ErrorCode, details?: Record<string, Value>): never {
  throw new ConvexError<ErrorData>({ ...details, code });
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return (
    typeof value === "string" &&
    (errorCodes as readonly string[]).includes(value)
  );
}
