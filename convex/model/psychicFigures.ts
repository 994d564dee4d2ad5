// A psychic's figures beside the rating (docs/product-rules.md, "Psychic figures and the list's order"):
// consultations given, the share of consultations due that the psychic attended on time, and the psychic's
// own cancellations in the last 90 days. What one booking adds to them is below; lib/platform/triggers.ts applies
// the difference at every write (model/figureContributions.ts adds these rows to the others), so they
// follow the booking's life and are never recomputed by reading every booking. Plain functions: no ctx.
import type { BookingStatus } from "../framework/validators";
import { parseDate, romeDateOf } from "../framework/time";
import { foldForSearch } from "./textSearch";

/** A psychic on time joined the call at most this long after the start. */
export const ON_TIME_GRACE_MS = 5 * 60 * 1000;

/** Below this many consultations given the profile shows 'Nuovo' instead of a percentage. */
export const MIN_GIVEN_FOR_FIGURES = 5;

/** The psychic's cancellations count over today and the days before it, this many Rome days in all. */
export const CANCELLATION_WINDOW_DAYS = 90;

/** A psychic's all-time sums, one row per profile. */
export type PsychicFigureSums = {
  /** Consultations that were due: given ones and those cancelled because the psychic did not come. */
  dueConsultations: number;
  /** Given: completed, or the client did not come (the psychic was there and is paid). */
  consultationsGiven: number;
  /** Given ones the psychic joined within ON_TIME_GRACE_MS of the start. */
  onTimeConsultations: number;
};

export type PsychicFigureContribution =
  | { store: "psychicFigures"; psychicProfileId: string; add: Partial<PsychicFigureSums> }
  | { store: "psychicCancellationDays"; psychicProfileId: string; day: string; add: { cancellations: number } };

/** The fields of a booking these figures read. */
type BookingForPsychicFigures = {
  status: BookingStatus;
  psychicProfileId: string;
  startsAt: number;
  psychicJoinedAt?: number;
  cancelReason?: string;
  cancelledAt?: number;
};

/** The psychic was in the call at most five minutes after the start (the join time is never before it). */
export function joinedOnTime(booking: { startsAt: number; psychicJoinedAt?: number }): boolean {
  return booking.psychicJoinedAt !== undefined && booking.psychicJoinedAt <= booking.startsAt + ON_TIME_GRACE_MS;
}

/**
 * What one booking adds: a consultation given is due, given and maybe on time; one the psychic did not come
 * to (cancelled by the clock, `psychic_no_show`) is due and not on time; one the psychic cancelled counts
 * on the Rome day it was cancelled. A client's cancellation, a hold, a move add nothing.
 */
export function psychicFigureContributions(booking: BookingForPsychicFigures | null): PsychicFigureContribution[] {
  if (booking === null) return [];
  const psychicProfileId = booking.psychicProfileId;
  if (booking.status === "completed" || booking.status === "no_show") {
    const onTime = joinedOnTime(booking) ? 1 : 0;
    return [{ store: "psychicFigures", psychicProfileId, add: { dueConsultations: 1, consultationsGiven: 1, onTimeConsultations: onTime } }];
  }
  if (booking.status !== "cancelled") return [];
  if (booking.cancelReason === "psychic_no_show") {
    return [{ store: "psychicFigures", psychicProfileId, add: { dueConsultations: 1 } }];
  }
  if (booking.cancelReason === "psychic_cancelled" && booking.cancelledAt !== undefined) {
    return [{ store: "psychicCancellationDays", psychicProfileId, day: romeDateOf(booking.cancelledAt), add: { cancellations: 1 } }];
  }
  return [];
}

export const noPsychicFigureSums: PsychicFigureSums = { dueConsultations: 0, consultationsGiven: 0, onTimeConsultations: 0 };

/** A row to store; null when everything is zero (no row is kept). */
export function storedPsychicFigureSums(sums: PsychicFigureSums): PsychicFigureSums | null {
  return Object.values(sums).every((value) => value === 0) ? null : sums;
}

/** The first Rome day of the window that ends today (the day of `now`): today and the 89 days before. */
export function cancellationWindowStart(now: number): string {
  const { year, month, day } = parseDate(romeDateOf(now));
  return new Date(Date.UTC(year, month - 1, day - (CANCELLATION_WINDOW_DAYS - 1))).toISOString().slice(0, 10);
}

/** What the profile shows: below the minimum, 'Nuovo' (no percentage). */
export type PsychicFigures = {
  consultationsGiven: number;
  /** Whole percent of the consultations due the psychic joined on time; null while 'Nuovo'. */
  onTimePercent: number | null;
  psychicCancellations90Days: number;
  isNew: boolean;
};

export function psychicFiguresOf(sums: PsychicFigureSums | null, cancellationsInWindow: number): PsychicFigures {
  const { dueConsultations, consultationsGiven, onTimeConsultations } = sums ?? noPsychicFigureSums;
  const isNew = consultationsGiven < MIN_GIVEN_FOR_FIGURES;
  return {
    consultationsGiven,
    onTimePercent: isNew || dueConsultations === 0 ? null : Math.round((onTimeConsultations * 100) / dueConsultations),
    psychicCancellations90Days: cancellationsInWindow,
    isNew,
  };
}

/**
 * The most psychics the public list reads: the best rated, through an index, so every evaluation stays
 * bounded however many psychics sign up (search narrows within them); they are then shown in the
 * list's stated order (`compareForList`). The page about the order says so.
 */
export const MAX_LISTED_PSYCHICS = 200;

/** What the list's order reads of a profile. */
export type RankedProfile = { isAvailable: boolean; rating?: number; reviewCount: number; psychicName: string };

/**
 * The public list's default order, as the page 'Come funzionano recensioni e classifica' states it:
 * psychics taking consultations ('Disponibile') first; then the higher average of verified reviews (psychics
 * without reviews after those with); then more reviews; then the name, alphabetically. Nobody pays to rank.
 */
export function compareForList(a: RankedProfile, b: RankedProfile): number {
  if (a.isAvailable !== b.isAvailable) return a.isAvailable ? -1 : 1;
  const ratingA = a.rating ?? -1;
  const ratingB = b.rating ?? -1;
  if (ratingA !== ratingB) return ratingB - ratingA;
  if (a.reviewCount !== b.reviewCount) return b.reviewCount - a.reviewCount;
  // Alphabetically as the catalogue's index orders names (model/catalogueEntries.ts nameKey): folded, letter by letter.
  const nameA = foldForSearch(a.psychicName);
  const nameB = foldForSearch(b.psychicName);
  return nameA < nameB ? -1 : nameA > nameB ? 1 : 0;
}
