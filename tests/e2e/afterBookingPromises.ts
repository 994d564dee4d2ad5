// A consultation paid less than 24 hours ahead, for the journeys that check every promise made after paying
// (afterBookingPromises*.spec.ts): whichever demo psychic has a free start between 3 and 22 hours from now
// (each day of the week some psychic works), held and paid through the API and the Stripe stand-in.
import { ConvexHttpClient } from "convex/browser";
import { api } from "../../convex/_generated/api";
import { romeDateOf, romeToUtcMs } from "../../convex/framework/time";
import { backendUrl, bookAndPayThroughApi, listedPsychics, signUpThroughApi, type NewAccount } from "./api";

const HOUR = 3_600_000;

type Slot = { psychic: string; date: string; time: string; startsAt: number };

/** Every free 30-minute start of the listed psychics 3 to 22 hours from now, soonest first. */
async function freeStartsWithinADay(): Promise<Slot[]> {
  const backend = new ConvexHttpClient(backendUrl);
  const now = Date.now();
  const dates = [romeDateOf(now), romeDateOf(now + 24 * HOUR)];
  const psychics = await listedPsychics(backend);
  const slots: Slot[] = [];
  for (const date of dates) {
    for (const card of psychics) {
      const free = await backend.query(api.bookings.listFreeStarts, { psychicProfileId: card.id, date, durationMinutes: 30, now }).catch(() => null);
      for (const time of free?.times ?? []) {
        const startsAt = romeToUtcMs(date, time);
        if (startsAt >= now + 3 * HOUR && startsAt <= now + 22 * HOUR) slots.push({ psychic: card.psychicName, date, time, startsAt });
      }
    }
  }
  return slots.sort((a, b) => a.startsAt - b.startsAt);
}

/**
 * A new client who has just paid a 30-minute consultation starting in less than 24 hours. `from` says
 * which end of the free times to try first, so the two journeys running at once do not race for one
 * time; a time taken meanwhile (by another test) is skipped for the next.
 */
export async function paidWithinADay(
  name: string,
  from: "soonest" | "latest",
): Promise<{ client: NewAccount; psychic: string; startsAt: number; bookingId: string; checkoutSessionId: string }> {
  const client = await signUpThroughApi(name);
  const slots = await freeStartsWithinADay();
  if (from === "latest") slots.reverse();
  for (const slot of slots.slice(0, 5)) {
    try {
      const { bookingId, checkoutSessionId } = await bookAndPayThroughApi(client.session, slot);
      return { client, psychic: slot.psychic, startsAt: slot.startsAt, bookingId, checkoutSessionId };
    } catch (error) {
      if (!/SLOT_TAKEN|SLOT_UNAVAILABLE/.test(String(error))) throw error;
    }
  }
  throw new Error("no demo psychic has a free start between 3 and 22 hours from now");
}
