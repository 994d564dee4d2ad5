// Reading the bookings that block a psychic's time, for the slot engine (model/slots.ts).
import type { Id } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import { blocksTime } from "../../model/bookings";
import type { Interval } from "../../model/slots";

/** The statuses that can block time (`blocksTime` decides for each booking). */
const BLOCKING_STATUSES = ["confirmed", "pending_payment"] as const;

/**
 * More than a psychic can hold in a day of any one status (bookings of one status that block time
 * never overlap: 96 quarter hours at most). Callers reading several days pass a larger limit.
 */
const MAX_PER_STATUS_PER_DAY = 100;

/**
 * The intervals of a psychic's bookings that start inside `window` and block time at `nowMs`. Reads
 * only that psychic's bookings of that window in the statuses that can block, through the index:
 * lapsed holds, cancellations and completed consultations are never read, however many there are.
 * `except` leaves one booking out (the one being confirmed or moved).
 */
export async function blockingIntervals(
  ctx: QueryCtx,
  psychicProfileId: Id<"psychicProfiles">,
  window: Interval,
  nowMs: number,
  except?: Id<"bookings">,
  limit = MAX_PER_STATUS_PER_DAY,
): Promise<Interval[]> {
  const intervals: Interval[] = [];
  for (const status of BLOCKING_STATUSES) {
    const bookings = await ctx.db
      .query("bookings")
      .withIndex("by_psychicProfile_status_startsAt", (q) =>
        q
          .eq("psychicProfileId", psychicProfileId)
          .eq("status", status)
          .gte("startsAt", window.startsAt)
          .lt("startsAt", window.endsAt),
      )
      .take(limit);
    for (const booking of bookings) {
      if (booking._id !== except && blocksTime(booking, nowMs)) intervals.push({ startsAt: booking.startsAt, endsAt: booking.endsAt });
    }
  }
  return intervals;
}
