// The days with a free time for a psychic, a duration and a range (bookings.listBookableDates): the
// booking page's calendar and first free day, and the profile's full days, read it the same way.
import type { FunctionArgs } from "convex/server";
import { api } from "@convex/_generated/api";
import { useQueryWithNow } from "@/lib/time/useNow";

export type BookableDatesArgs = FunctionArgs<typeof api.bookings.listBookableDates>;

/** The range's dates with a free time, kept across the minute; undefined while loading or skipped. */
export function useBookableDates(args: BookableDatesArgs | "skip"): string[] | undefined {
  return useQueryWithNow(api.bookings.listBookableDates, args);
}
