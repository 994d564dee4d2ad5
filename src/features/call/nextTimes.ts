// 'Prenota di nuovo' at the end of a call: the psychic's next free start times for a consultation as long
// as this one, read from 'Prossime disponibilità' (free half hours joined into ranges, psychics.listNextAvailability),
// and the booking page's address with that time chosen (its query string: features/booking/useBookingChoice.ts).
import { paths } from "@/lib/paths";

type FreeDay = { date: string; ranges: ReadonlyArray<{ from: string; to: string }> };
type FreeTime = { date: string; time: string };

/** Times shown at the end of a call. */
const NEXT_TIMES_SHOWN = 4;

const SLOT_MINUTES = 30;
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const clockOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/**
 * The first `count` starts, on the half-hour grid, whose whole consultation fits in a free range, at most
 * two a day so the choice spans a few days.
 */
export function nextStartTimes(days: readonly FreeDay[], durationMinutes: number, count = NEXT_TIMES_SHOWN): FreeTime[] {
  const length = Math.ceil(durationMinutes / SLOT_MINUTES) * SLOT_MINUTES;
  const times: FreeTime[] = [];
  for (const day of days) {
    let taken = 0;
    for (const range of day.ranges) {
      for (let start = minutesOf(range.from); start + length <= minutesOf(range.to) && taken < 2; start += SLOT_MINUTES) {
        times.push({ date: day.date, time: clockOf(start) });
        taken++;
      }
    }
    if (times.length >= count) break;
  }
  return times.slice(0, count);
}

/** The booking page with this time and length chosen (dates and times need no escaping: readable links). */
export function bookAgainPath(psychicProfileId: string, durationMinutes: number, chosen?: FreeTime): string {
  const choice = chosen ? `date=${chosen.date}&time=${chosen.time}&` : "";
  return `${paths.psychicBook(psychicProfileId)}?${choice}duration=${durationMinutes}`;
}
