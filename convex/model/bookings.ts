// Plain rules about bookings, shared by every query and mutation that needs them; no ctx here.
import type { Id } from "../_generated/dataModel";
import type { BookingStatus, ConsultationType, DurationMinutes } from "../framework/validators";
import { fail } from "../framework/errors";
import { consultationPriceCents, type StoredOffer } from "./psychics";
import { consultationInterval } from "./slots";

/** How long an unpaid booking holds its time: Stripe Checkout's minimum session lifetime. */
export const HOLD_MINUTES = 30;

export type BookingTimeState = { status: BookingStatus; holdExpiresAt?: number };

/**
 * "This booking blocks time" (docs/product-rules.md, "Slots and holds"): a paid (confirmed) booking
 * always does; an unpaid one only while its payment hold lasts. Every
 * other status (completed, cancelled, expired, no-show) frees nothing it did not already free.
 */
export function blocksTime(booking: BookingTimeState, nowMs: number): boolean {
  switch (booking.status) {
    case "confirmed":
      return true;
    case "pending_payment":
      return (booking.holdExpiresAt ?? 0) > nowMs;
    default:
      return false;
  }
}

/** An unpaid booking holds its time a little longer than the Checkout Session it pays with, so the
 * session (which Stripe requires to last at least 30 minutes from its creation) always ends first. */
export const HOLD_MARGIN_MINUTES = 2;
/** Unpaid bookings one client may hold at once. */
export const MAX_LIVE_HOLDS = 3;
/** Holds one client may have started in a day, released or lapsed ones included (the cool-down). */
export const MAX_HOLDS_PER_DAY = 6;
/** Holds one client may have started in a day on one psychic's date: the second is a retry after a failed payment. */
export const MAX_HOLDS_PER_PSYCHIC_DATE = 2;
/** How long a released or lapsed hold still counts against its client. */
export const HOLD_COOL_DOWN_MS = 24 * 60 * 60 * 1000;

/** What the limits on holds read of one of the client's holds. */
type HoldFacts = { psychicProfileId: string; scheduledDate: string; live: boolean };

/**
 * Why the client may not start another hold on `psychicProfileId`'s `date`, or null. `holds` are the
 * client's live holds and those released or lapsed within the cool-down (docs/product-rules.md, "Slots
 * and holds"): so no client can keep a psychic's time blocked by letting holds lapse and taking them again.
 */
export function whyNoNewHold(
  holds: readonly HoldFacts[],
  psychicProfileId: string,
  date: string,
): "TOO_MANY_HOLDS" | "HOLD_SAME_DATE" | "HOLD_LIMIT_REACHED" | null {
  const sameDate = holds.filter((hold) => hold.psychicProfileId === psychicProfileId && hold.scheduledDate === date);
  if (sameDate.some((hold) => hold.live)) return "HOLD_SAME_DATE";
  if (holds.filter((hold) => hold.live).length >= MAX_LIVE_HOLDS) return "TOO_MANY_HOLDS";
  if (holds.length >= MAX_HOLDS_PER_DAY || sameDate.length >= MAX_HOLDS_PER_PSYCHIC_DATE) return "HOLD_LIMIT_REACHED";
  return null;
}
/**
 * A hold its client can still pay (docs/product-rules.md, "Slots and holds"): unpaid, its time still
 * held, and its Checkout Session open (`checkoutUrl`; a hold being made has none for a moment).
 */
export function isLiveHold(booking: BookingTimeState & { checkoutUrl?: string }, nowMs: number): boolean {
  return booking.status === "pending_payment" && blocksTime(booking, nowMs) && booking.checkoutUrl !== undefined;
}

/**
 * What the client's own "release my hold" does to a booking of theirs: an unpaid one is released (also
 * one whose hold lapsed a moment ago and whose job has not run yet); one already released or lapsed
 * changes nothing (a second click, two tabs); any other was paid, and is not a hold to release.
 */
export function ownHoldRelease(status: BookingStatus): "release" | "already_released" | "NOT_A_HOLD" {
  if (status === "pending_payment") return "release";
  if (status === "expired") return "already_released";
  return "NOT_A_HOLD";
}

/** How far back the psychic's list of past consultations to mark goes ("Consulti recenti"). */
export const PSYCHIC_RECENT_DAYS = 30;
/** Optional notes to the psychic. */
export const NOTES_MAX_LENGTH = 1000;
/** The platform's share of every paid consultation. */
export const COMMISSION_PERCENT = 15;

/** Cents of a price typed in whole euros (the profile editor's prices). */
export function priceCentsFor(euros: number): number {
  return Math.round(euros * 100);
}

/** What the psychic earns from `priceCents`, net of the commission, in whole cents. */
export function netEarningsCents(priceCents: number): number {
  return priceCents - Math.round((priceCents * COMMISSION_PERCENT) / 100);
}

/** Notes as stored: trimmed, empty as none; too long is refused by the caller. */
export function cleanNotes(notes: string | undefined): string | undefined {
  const trimmed = notes?.trim();
  return trimmed ? trimmed : undefined;
}

type BookedProfile = {
  _id: Id<"psychicProfiles">;
  userId: Id<"users">;
  psychicName: string;
} & StoredOffer;

/** How a booking's type reads in a sentence ("Consulto in chat con Selene") and as a label ("Chat"). */
export const consultationTypeWords = {
  voice: { consultation: "Consulto vocale", label: "Voce" },
  chat: { consultation: "Consulto in chat", label: "Chat" },
} as const satisfies Record<ConsultationType, { consultation: string; label: string }>;

/**
 * What every new booking records, however it is made (a hold, the demo seed, a test call): the
 * parties, the psychic's name at booking time, the type, the Rome date and time with their UTC
 * instants, and the price in cents from the psychic's prices for that type (CONSULTATION_TYPE_NOT_OFFERED
 * when the psychic does not offer it). The caller adds the status and what goes with it.
 */
export function newBookingFields(
  profile: BookedProfile,
  clientId: Id<"users">,
  {
    date,
    time,
    durationMinutes,
    consultationType = "voice",
  }: { date: string; time: string; durationMinutes: DurationMinutes; consultationType?: ConsultationType },
) {
  const priceCents = consultationPriceCents(profile, consultationType, durationMinutes);
  if (priceCents === null) return fail("CONSULTATION_TYPE_NOT_OFFERED");
  const { startsAt, endsAt } = consultationInterval(date, time, durationMinutes);
  return {
    clientId,
    psychicUserId: profile.userId,
    psychicProfileId: profile._id,
    psychicName: profile.psychicName,
    consultationType,
    scheduledDate: date,
    scheduledTime: time,
    startsAt,
    endsAt,
    durationMinutes,
    priceCents,
  };
}
