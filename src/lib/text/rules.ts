// The limits people read, worded from the constants the server enforces (convex/model): a rule changed
// there changes every sentence that states it. Each screen keeps its own sentence; the numbers and their
// units come from here ("24 ore", "50%", "2 volte", "7 giorni"…).
import { FULL_REFUND_NOTICE_MS, HALF_REFUND_NOTICE_MS, HALF_REFUND_PERCENT } from "@convex/model/cancellationRefunds";
import { MAX_RESCHEDULES, RESCHEDULE_NOTICE_MS } from "@convex/model/rescheduling";
import { REMINDER_OFFSETS_MS } from "@convex/model/reminders";
import { REVIEW_EDIT_WINDOW_MS } from "@convex/model/reviews";
import { RESET_CODE_DIGITS, RESET_CODE_MINUTES, SIGN_UP_CODE_DIGITS, SIGN_UP_CODE_MINUTES } from "@convex/model/accounts";
import { COMMISSION_PERCENT, HOLD_COOL_DOWN_MS, HOLD_MINUTES, MAX_LIVE_HOLDS, PSYCHIC_RECENT_DAYS } from "@convex/model/bookings";
import {
  BOOKING_PAUSE_MS,
  FULL_REFUNDS_BEFORE_PAUSE,
  FULL_REFUNDS_WINDOW_MS,
  MAX_HOLDS_PER_PSYCHIC_DAY,
  MAX_UPCOMING,
  MAX_UPCOMING_PER_PSYCHIC_DAY,
  MAX_UPCOMING_PER_PSYCHIC_WEEK,
} from "@convex/model/bookingLimits";
// The server still calls the psychic's grace period by its old name.
import { EARLY_ACCESS_MS, PSYCHIC_GRACE_MS } from "@convex/model/calls";
import { OFFERED_DURATIONS, PHOTO_MAX_BYTES, PRICE_MAX_CENTS, PRICE_MIN_CENTS, PRICE_STEP_CENTS } from "@convex/model/profileRules";
import { NOTICE_MINUTES, SLOT_MINUTES } from "@convex/model/slots";
import { daysText, formatMinutes, hoursText, listText, ruleWords, spanText, timesText } from "@convex/model/ruleWords";
import { PAYOUT_SCHEDULE } from "@convex/model/stripeRequests";
import { COOL_OFF_MS, MAX_LIMIT_CENTS, PAUSE_DAYS } from "@convex/model/spendingLimit";
import { MIN_PSYCHIC_PRESENCE_SHARE, PSYCHIC_LEAVING_MARGIN_MS } from "@convex/model/attendance";
import { formatCents } from "@convex/model/format";
import { CHAT_MESSAGE_MAX_LENGTH, PSYCHIC_TRANSCRIPT_DAYS } from "@convex/model/chats";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const weekdayNames = {
  monday: "lunedì",
  tuesday: "martedì",
  wednesday: "mercoledì",
  thursday: "giovedì",
  friday: "venerdì",
  saturday: "sabato",
  sunday: "domenica",
} as const;

/** "metà" of a share the rules state in words ("meno di metà della durata"); any other share as a percentage. */
const shareText = (share: number) => (share === 0.5 ? "metà" : `${Math.round(share * 100)}%`);

// The words of the numbers are the server's own (convex/model/ruleWords.ts), so a page and an email say a rule alike.
export { hoursText, timesText };

/** The numbers of the rules, in words, for the sentences that state them. */
export const limits = {
  /** "24 ore": a cancellation this long before the start or earlier is refunded in full. */
  fullRefundNotice: hoursText(FULL_REFUND_NOTICE_MS),
  /** "24": the same, as the first number of "tra 24 e 2 ore". */
  fullRefundHours: FULL_REFUND_NOTICE_MS / HOUR_MS,
  /** "2 ore": the half refund lasts until this long before the start. */
  halfRefundNotice: hoursText(HALF_REFUND_NOTICE_MS),
  /** "50%". */
  halfRefund: `${HALF_REFUND_PERCENT}%`,
  /** "24 ore": a booking can be moved until this long before its start… */
  rescheduleNotice: hoursText(RESCHEDULE_NOTICE_MS),
  /** …"2 volte" at most. */
  maxReschedules: timesText(MAX_RESCHEDULES),
  /** "7 giorni": a review can be edited this long. */
  reviewEditWindow: daysText(REVIEW_EDIT_WINDOW_MS),
  /** "30 minuti": an unpaid booking holds its time this long. */
  hold: formatMinutes(HOLD_MINUTES),
  /** "3": unpaid bookings one client may hold at once. */
  maxLiveHolds: MAX_LIVE_HOLDS,
  /** "24 ore": how long a hold that ended unpaid counts against its client. */
  holdCoolDown: hoursText(HOLD_COOL_DOWN_MS),
  /** 2, 4 and 6: upcoming consultations (paid or held) a client may have with one psychic a day, a week, and in all. */
  maxUpcomingPerPsychicDay: MAX_UPCOMING_PER_PSYCHIC_DAY,
  maxUpcomingPerPsychicWeek: MAX_UPCOMING_PER_PSYCHIC_WEEK,
  maxUpcoming: MAX_UPCOMING,
  /** 3: holds a psychic's date carries at once. */
  maxHoldsPerPsychicDay: MAX_HOLDS_PER_PSYCHIC_DAY,
  /** 3 full-refund cancellations in "30 giorni" pause new bookings for "7 giorni" after the last. */
  fullRefundsBeforePause: FULL_REFUNDS_BEFORE_PAUSE,
  fullRefundsWindow: daysText(FULL_REFUNDS_WINDOW_MS),
  bookingPause: daysText(BOOKING_PAUSE_MS),
  /** "15%": the platform's commission. */
  commission: `${COMMISSION_PERCENT}%`,
  /** "lunedì": the day Stripe pays a psychic's balance out each week. */
  payoutDay: weekdayNames[PAYOUT_SCHEDULE.weekly_anchor],
  /** "5–10 giorni lavorativi": a refund's way to the card. */
  refundArrival: ruleWords.refundArrival,
  /** "metà": the least of the paid window a psychic must spend in the call while the client is there… */
  psychicMinPresence: shareText(MIN_PSYCHIC_PRESENCE_SHARE),
  /** …or as long as the client less "1 minuto", when that is shorter. */
  psychicLeavingMargin: formatMinutes(PSYCHIC_LEAVING_MARGIN_MS / MINUTE_MS),
  /** "7, 30 o 90": the pauses a client may give themselves, in days… */
  spendingPauseDays: listText(PAUSE_DAYS, "o"),
  /** …"24 ore": how long a change that allows more spending waits… */
  spendingCoolOff: hoursText(COOL_OFF_MS),
  /** …and "10.000 €", the highest monthly limit. */
  spendingLimitMax: formatCents(MAX_LIMIT_CENTS, { dropZeroCents: true }),
  /** "5 minuti": the call page opens this long before the start. */
  earlyAccess: formatMinutes(EARLY_ACCESS_MS / MINUTE_MS),
  /** "10 minuti": a psychic not in the call this long after the start is absent. */
  psychicGrace: formatMinutes(PSYCHIC_GRACE_MS / MINUTE_MS),
  /** "24 ore e 15 minuti": the reminders, before the start. */
  reminders: `${hoursText(REMINDER_OFFSETS_MS["24h"])} e ${formatMinutes(REMINDER_OFFSETS_MS["15m"] / MINUTE_MS)}`,
  /** "un'ora": a booking starts at least this long after it is made. */
  bookingNotice: spanText(NOTICE_MINUTES * MINUTE_MS),
  /** "60 minuti": the same in minutes. */
  bookingNoticeMinutes: formatMinutes(NOTICE_MINUTES),
  /** "30 minuti": the grid of the weekly schedule. */
  slot: formatMinutes(SLOT_MINUTES),
  /** "15, 30, 45 o 60" (or "… e 60"): the durations a psychic may offer, in minutes. */
  durations: (last: "e" | "o") => listText(OFFERED_DURATIONS, last),
  /** The price range of a duration, in whole euro, and its step. */
  priceMin: PRICE_MIN_CENTS / 100,
  priceMax: PRICE_MAX_CENTS / 100,
  priceStep: PRICE_STEP_CENTS / 100,
  /** "30 giorni": how far back the psychic's recent consultations go. */
  psychicRecentDays: daysText(PSYCHIC_RECENT_DAYS * DAY_MS),
  /** "6 cifre" and "15 minuti": the emailed password reset code. */
  resetCodeDigits: `${RESET_CODE_DIGITS} cifre`,
  resetCodeValidity: formatMinutes(RESET_CODE_MINUTES),
  signUpCodeMinutes: formatMinutes(SIGN_UP_CODE_MINUTES),
  /** "6 cifre": the code that proves a new account's address. */
  signUpCodeDigits: `${SIGN_UP_CODE_DIGITS} cifre`,
  /** "5 MB": the largest photo. */
  photoMax: `${PHOTO_MAX_BYTES / (1024 * 1024)} MB`,
  /** 1000: characters in one chat message. */
  chatMessageMaxLength: CHAT_MESSAGE_MAX_LENGTH,
  /** 30: days the psychic may read a chat after the consultation. */
  chatTranscriptPsychicDays: PSYCHIC_TRANSCRIPT_DAYS,
} as const;
