// The slot engine (docs/product-rules.md, "Slots and holds"): which start times a psychic offers for a
// date and a duration, and which of them are free. Pure: no ctx, no clock. Every place that needs
// the answer (the booking page's live slots, "Prossime disponibilità", starting a payment,
// confirming one, moving a booking) asks these functions; there is no second copy of the rule.
import { romeToUtcMs, utcMsToRome, weekdayOf } from "../framework/time";
import type { DurationMinutes, WeeklyAvailability } from "../framework/validators";

/** The grid of the weekly schedule and of every start time. */
export const SLOT_MINUTES = 30;
/** A booking starts at least this long after the moment it is made. */
export const NOTICE_MINUTES = 60;
/** The longest consultation: how far before a day a booking can start and still reach into it. */
export const MAX_DURATION_MINUTES = 60;
/** The booking calendar shows this Rome month and the next five; nothing later can be booked. */
export const BOOKING_MONTHS_AHEAD = 5;

const MINUTE_MS = 60_000;

/** A psychic with no availability at all gets these start times every day. */
export const FALLBACK_SLOTS: readonly string[] = [...halfHours("09:00", "11:30"), ...halfHours("14:00", "19:30")];

export type Interval = { startsAt: number; endsAt: number };

export function toMinutes(hhmm: string): number {
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
}

export function fromMinutes(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

function halfHours(from: string, to: string): string[] {
  const slots: string[] = [];
  for (let minutes = toMinutes(from); minutes <= toMinutes(to); minutes += SLOT_MINUTES) slots.push(fromMinutes(minutes));
  return slots;
}

/** Whether the psychic has set any availability; without any, the fallback slots apply every day. */
function hasAnyAvailability(availability: WeeklyAvailability): boolean {
  return Object.values(availability).some((day) => day.enabled && day.availableHours.length > 0);
}

/** The open half hours of a date on the psychic's schedule, sorted, as wall-clock "HH:MM". */
function openSlots(availability: WeeklyAvailability, date: string): string[] {
  if (!hasAnyAvailability(availability)) return [...FALLBACK_SLOTS];
  const day = availability[weekdayOf(date)];
  return day.enabled ? [...new Set(day.availableHours)].sort() : [];
}

/** The UTC interval of a consultation starting at a Rome date and time. */
export function consultationInterval(date: string, time: string, durationMinutes: number): Interval {
  const startsAt = romeToUtcMs(date, time);
  return { startsAt, endsAt: startsAt + durationMinutes * MINUTE_MS };
}

/** A wall-clock time that the clocks skip (last Sunday of March, 02:00–02:59) does not exist. */
function existsInRome(date: string, time: string): boolean {
  const back = utcMsToRome(romeToUtcMs(date, time));
  return back.date === date && back.time === time;
}

/**
 * Start times the psychic offers on `date` for `durationMinutes`: on the schedule, and every half hour
 * the consultation covers also open, so it ends inside the psychic's open hours.
 */
export function offeredStarts(availability: WeeklyAvailability, date: string, durationMinutes: DurationMinutes): string[] {
  const open = new Set(openSlots(availability, date));
  const covered = Math.ceil(durationMinutes / SLOT_MINUTES);
  return [...open].sort().filter((start) => {
    if (!existsInRome(date, start)) return false;
    // Each half hour the consultation lasts, in real time, falls in an open half hour of that day
    // (on the day clocks go forward, 01:30 + 60 minutes runs 01:30–02:00 and 03:00–03:30).
    const startsAt = romeToUtcMs(date, start);
    for (let index = 0; index < covered; index++) {
      const wall = utcMsToRome(startsAt + index * SLOT_MINUTES * MINUTE_MS);
      if (wall.date !== date || !open.has(wall.time)) return false;
    }
    return true;
  });
}

export function overlaps(a: Interval, b: Interval): boolean {
  return a.startsAt < b.endsAt && b.startsAt < a.endsAt;
}

type SlotQuestion = {
  availability: WeeklyAvailability;
  date: string;
  durationMinutes: DurationMinutes;
  /** Intervals of the psychic's bookings that block time (`blocksTime` in model/bookings.ts). */
  blocking: readonly Interval[];
  nowMs: number;
};

/** Free start times: offered, at least `NOTICE_MINUTES` from now, within the calendar, and overlapping no blocking booking. */
export function freeStarts({ availability, date, durationMinutes, blocking, nowMs }: SlotQuestion): string[] {
  if (date > lastBookableDate(nowMs)) return [];
  const earliest = nowMs + NOTICE_MINUTES * MINUTE_MS;
  return offeredStarts(availability, date, durationMinutes).filter((time) => {
    const interval = consultationInterval(date, time, durationMinutes);
    return interval.startsAt >= earliest && !blocking.some((other) => overlaps(interval, other));
  });
}

/** The last Rome date that can be booked at `nowMs`: the end of the calendar's last month. */
export function lastBookableDate(nowMs: number): string {
  const [year, month] = utcMsToRome(nowMs).date.split("-").map(Number);
  // Day 0 of the month after the last one shown is that last month's final day.
  const last = new Date(Date.UTC(year, month + BOOKING_MONTHS_AHEAD, 0));
  return last.toISOString().slice(0, 10);
}

type SlotRefusal = "SLOT_UNAVAILABLE" | "SLOT_TOO_SOON" | "SLOT_TOO_FAR" | "SLOT_TAKEN";

/** Why `time` cannot be booked, or null when it is free; the server's check before any hold. */
export function whyNotFree(question: SlotQuestion, time: string): SlotRefusal | null {
  if (question.date > lastBookableDate(question.nowMs)) return "SLOT_TOO_FAR";
  if (!offeredStarts(question.availability, question.date, question.durationMinutes).includes(time)) {
    return "SLOT_UNAVAILABLE";
  }
  const interval = consultationInterval(question.date, time, question.durationMinutes);
  if (interval.startsAt < question.nowMs + NOTICE_MINUTES * MINUTE_MS) return "SLOT_TOO_SOON";
  return question.blocking.some((other) => overlaps(interval, other)) ? "SLOT_TAKEN" : null;
}

/** The UTC range whose bookings can touch `date` in Rome: from the day's start minus the longest consultation. */
export function dayWindow(date: string): Interval {
  const startsAt = romeToUtcMs(date, "00:00");
  // The next day's midnight, found by adding a calendar day (a Rome day lasts 23, 24 or 25 hours).
  const next = new Date(Date.parse(`${date}T00:00:00Z`) + 24 * 60 * MINUTE_MS).toISOString().slice(0, 10);
  return { startsAt: startsAt - MAX_DURATION_MINUTES * MINUTE_MS, endsAt: romeToUtcMs(next, "00:00") };
}

/** Today's date in Rome at `nowMs`. */
export function utcTodayInRome(nowMs: number): string {
  return utcMsToRome(nowMs).date;
}
