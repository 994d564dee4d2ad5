// The editor's 'dalle – alle' ranges and the stored list of half-hour starts, converted both ways.
// A range ends when its last half hour does, so 23:30 is stored for a day open until 24:00.
import { AVAILABILITY_SLOTS } from "@convex/model/profileRules";
import { toRanges, type FreeRange } from "@convex/model/nextAvailability";
import { fromMinutes, SLOT_MINUTES, toMinutes } from "@convex/model/slots";

const MIDNIGHT = 24 * 60;
const grid = new Set(AVAILABILITY_SLOTS);

export const RANGE_STARTS: readonly string[] = AVAILABILITY_SLOTS;
export const RANGE_ENDS: readonly string[] = AVAILABILITY_SLOTS.map((slot) => fromMinutes(toMinutes(slot) + SLOT_MINUTES));

/** The day's ranges, touching half hours joined: 18:00 … 23:30 → 18:00–24:00. */
export function dayRanges(hours: readonly string[]): FreeRange[] {
  return toRanges([...new Set(hours)].filter((hour) => grid.has(hour)).sort());
}

/** The half hours a range starts: 22:00–24:00 → 22:00, 22:30, 23:00, 23:30. */
function startsOf(range: FreeRange): string[] {
  const starts: string[] = [];
  for (let minutes = toMinutes(range.from); minutes < toMinutes(range.to); minutes += SLOT_MINUTES) starts.push(fromMinutes(minutes));
  return starts;
}

function fromRanges(ranges: readonly FreeRange[]): string[] {
  return [...new Set(ranges.flatMap(startsOf))].sort();
}

/** The hours with range `index` replaced; an end not after the start moves to half an hour after it. */
export function setRange(hours: readonly string[], index: number, range: FreeRange): string[] {
  const fixed = toMinutes(range.to) > toMinutes(range.from) ? range : { ...range, to: fromMinutes(toMinutes(range.from) + SLOT_MINUTES) };
  const ranges = dayRanges(hours);
  ranges[index] = fixed;
  return fromRanges(ranges);
}

export function removeRange(hours: readonly string[], index: number): string[] {
  return fromRanges(dayRanges(hours).filter((_, at) => at !== index));
}

/**
 * The hours with one more range: 09:00–12:00 on an empty day, otherwise an hour after the last range
 * (half an hour late in the evening); null when the last range already reaches midnight.
 */
export function addRange(hours: readonly string[]): string[] | null {
  const ranges = dayRanges(hours);
  const last = ranges.at(-1);
  if (!last) return fromRanges([{ from: "09:00", to: "12:00" }]);
  const end = toMinutes(last.to);
  const from = end + 2 * SLOT_MINUTES + SLOT_MINUTES <= MIDNIGHT ? end + 2 * SLOT_MINUTES : end + SLOT_MINUTES;
  if (from + SLOT_MINUTES > MIDNIGHT) return null;
  return fromRanges([...ranges, { from: fromMinutes(from), to: fromMinutes(Math.min(from + 2 * SLOT_MINUTES, MIDNIGHT)) }]);
}
