// The booking page's live slots read only the psychic's bookings of that day, however many bookings the
// table holds: documents read by the real `bookings:listFreeStarts` with 1 000 and then 20 000 bookings
// spread over many psychics and days. Counted by convex-test's transaction metrics (fixtures/readsMeter.ts),
// which count each document an index range or `get` returns.
// `npm run bench` runs this file and prints the `SLOTS_READS` line it logs.
import { describe, expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Doc, Id } from "../../convex/_generated/dataModel";
import { romeToUtcMs } from "../../convex/framework/time";
import type { BookingStatus } from "../../convex/framework/validators";
import { weekFrom } from "../../convex/demo/data";
import { addDays } from "../../convex/model/nextAvailability";
import { consultationInterval, dayWindow } from "../../convex/model/slots";
import { insertPsychic } from "./fixtures/psychics";
import { measureReads } from "./fixtures/readsMeter";
import { setupTest, type TestConvex } from "./setup";

// Monday 1 March 2027; the page asks three days before.
const DAY = "2027-03-01";
const NOW = romeToUtcMs("2027-02-26", "12:00");
const FIRST_DAY = "2027-01-04";
const DAYS = 120;
const PSYCHICS = 40;
const CLIENTS = 30;
const TIMES = ["09:00", "09:30", "10:00", "10:30", "11:00", "14:00", "15:00", "16:30", "18:00", "20:00"];
const STATUSES: BookingStatus[] = ["confirmed", "completed", "expired", "cancelled", "pending_payment"];
const BATCH = 2000;

/** The watched psychic's bookings that day: two confirmed, a live hold, a lapsed hold, a cancellation. */
const PSYCHIC_DAY: Array<[string, BookingStatus]> = [
  ["09:00", "confirmed"],
  ["10:30", "confirmed"],
  ["14:00", "pending_payment"],
  ["15:00", "expired"],
  ["16:30", "cancelled"],
];

type World = { psychics: Array<{ userId: Id<"users">; profileId: Id<"psychicProfiles"> }>; clients: Id<"users">[] };
type NewBooking = Omit<Doc<"bookings">, "_id" | "_creationTime">;

function booking(world: World, psychic: number, client: number, date: string, time: string, status: BookingStatus): NewBooking {
  const { startsAt, endsAt } = consultationInterval(date, time, 30);
  return {
    clientId: world.clients[client % world.clients.length],
    psychicUserId: world.psychics[psychic].userId,
    psychicProfileId: world.psychics[psychic].profileId,
    psychicName: `Lettrice ${psychic}`,
    consultationType: "voice",
    scheduledDate: date,
    scheduledTime: time,
    startsAt,
    endsAt,
    durationMinutes: 30,
    priceCents: 3500,
    status,
    ...(status === "pending_payment" ? { holdExpiresAt: NOW + 20 * 60_000 } : {}),
  };
}

/** `count` bookings of every psychic but the watched one's day, in a fixed pseudo-random spread. */
function filler(world: World, count: number, seed: number): NewBooking[] {
  let x = seed;
  const next = (n: number) => ((x = (x * 1103515245 + 12345) % 2 ** 31), x % n);
  const out: NewBooking[] = [];
  while (out.length < count) {
    const psychic = next(PSYCHICS);
    const date = addDays(FIRST_DAY, next(DAYS));
    if (psychic === 0 && date === DAY) continue;
    out.push(booking(world, psychic, next(CLIENTS), date, TIMES[next(TIMES.length)], STATUSES[next(STATUSES.length)]));
  }
  return out;
}

async function insertAll(t: TestConvex, rows: NewBooking[]) {
  for (let i = 0; i < rows.length; i += BATCH) {
    await t.run(async (ctx) => {
      for (const row of rows.slice(i, i + BATCH)) await ctx.db.insert("bookings", row);
    });
  }
}

/** What one call of the real public query reads, as convex-test's metrics count it. */
async function measuredCall(t: TestConvex, profileId: Id<"psychicProfiles">) {
  const { result, reads } = await measureReads(() =>
    t.query(api.bookings.listFreeStarts, { psychicProfileId: profileId, date: DAY, durationMinutes: 30, now: NOW }),
  );
  return { result, documentsRead: reads.documentsRead, bytesRead: reads.bytesRead, indexRanges: reads.indexRanges };
}

describe("documents read by the booking page's slots query", () => {
  it("stay the psychic's bookings of that day (and the profile) with 1 000 and with 20 000 bookings", { timeout: 180_000 }, async () => {
    const t = setupTest();
    const world: World = await t.run(async (ctx) => {
      const psychics = [];
      for (let i = 0; i < PSYCHICS; i++) {
        const schedule = ["09:00", "09:30", "10:00", "10:30", "11:00", "14:00", "14:30", "15:00", "15:30", "16:00", "16:30", "17:00"];
        psychics.push(await insertPsychic(ctx, { psychicName: `Lettrice ${i}`, availability: weekFrom({ monday: schedule, wednesday: schedule }) }));
      }
      const clients = [];
      for (let i = 0; i < CLIENTS; i++) clients.push(await ctx.db.insert("users", { email: `c${i}@esempio.it`, accountType: "client" }));
      return { psychics, clients };
    });
    const watched = world.psychics[0].profileId;
    const ownDay = PSYCHIC_DAY.map(([time, status], i) => booking(world, 0, i, DAY, time, status));
    const window = dayWindow(DAY);
    const inWindow = (rows: NewBooking[]) =>
      rows.filter((b) => b.psychicProfileId === watched && b.startsAt >= window.startsAt && b.startsAt < window.endsAt).length;

    const runs = [];
    let inserted: NewBooking[] = [];
    for (const total of [1000, 20000]) {
      const more = filler(world, total - inserted.length - (inserted.length === 0 ? ownDay.length : 0), total);
      const rows = inserted.length === 0 ? [...ownDay, ...more] : more;
      await insertAll(t, rows);
      inserted = [...inserted, ...rows];
      const psychicDayBookings = inWindow(inserted);
      const call = await measuredCall(t, watched);
      // The confirmed bookings and the live hold block their times; the lapsed hold and the cancellation do not.
      expect(call.result?.times).toEqual(["09:30", "10:00", "11:00", "14:30", "15:00", "15:30", "16:00", "16:30", "17:00"]);
      runs.push({ bookings: inserted.length, psychicDayBookings, documentsRead: call.documentsRead, bytesRead: call.bytesRead, indexRanges: call.indexRanges });
    }
    console.log(`SLOTS_READS ${JSON.stringify({ runs })}`);

    for (const run of runs) {
      expect(run.psychicDayBookings).toBe(PSYCHIC_DAY.length);
      // The profile, then that psychic's bookings of that day in the statuses that can block time
      // (one index range per status): the lapsed hold and the cancellation are never read.
      const canBlock = PSYCHIC_DAY.filter(([, status]) => ["confirmed", "pending_payment"].includes(status)).length;
      expect(run.documentsRead).toBe(canBlock + 1);
    }
    expect(runs[1].bytesRead).toBe(runs[0].bytesRead);
    expect(runs[1].bookings).toBe(20000);
  });
});
