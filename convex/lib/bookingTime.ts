// Reading the bookings that block a reader's time, for the slot engine (model/slots.ts).
import type { Id } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import { blocksTime } from "../model/bookings";
import type { Interval } from "../model/slots";

/** More than a reader can hold in a day (48 half hours), with room for lapsed holds. */
const MAX_BOOKINGS_PER_DAY = 200;

/**
 * The intervals of a reader's bookings that start inside `window` and block time at `nowMs`; reads
 * only that reader's bookings of that window, through the index. `except` leaves one booking out
 * (the one being confirmed or moved).
 */
export async function blockingIntervals(
  ctx: QueryCtx,
  psychicProfileId: Id<"psychicProfiles">,
  window: Interval,
  nowMs: number,
  except?: Id<"bookings">,
  limit = MAX_BOOKINGS_PER_DAY,
): Promise<Interval[]> {
  const bookings = await ctx.db
    .query("bookings")
    .withIndex("by_psychicProfile_startsAt", (q) =>
      q.eq("psychicProfileId", psychicProfileId).gte("startsAt", window.startsAt).lt("startsAt", window.endsAt),
    )
    .take(limit);
  return bookings
    .filter((booking) => booking._id !== except && blocksTime(booking, nowMs))
    .map(({ startsAt, endsAt }) => ({ startsAt, endsAt }));
}
