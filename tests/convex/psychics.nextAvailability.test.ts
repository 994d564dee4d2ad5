import { describe, expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Doc, Id } from "../../convex/_generated/dataModel";
import { halfHours, weekFrom } from "../../convex/demo/data";
import { addDays, firstFreeStart, MAX_FIRST_FREE_IDS, nextFreeDays } from "../../convex/model/nextAvailability";
import { romeToUtcMs } from "../../convex/framework/time";
import { insertPsychic, type PsychicProfileFields } from "./fixtures/psychics";
import { errorCodeOf, setupTest, signInAs, type TestConvex } from "./setup";

// Monday 23 November 2026, 08:00 in Rome.
const MONDAY_8AM = romeToUtcMs("2026-11-23", "08:00");
const schedule = weekFrom({ monday: halfHours("09:00", "11:30"), wednesday: halfHours("14:00", "15:00") });
const at = (date: string, time: string, minutes: number) => {
  const startsAt = romeToUtcMs(date, time);
  return { startsAt, endsAt: startsAt + minutes * 60_000 };
};

describe("the next free days", () => {
  it("are the first three days with free time, as ranges of consecutive half hours", () => {
    expect(nextFreeDays(schedule, [], MONDAY_8AM)).toEqual([
      { date: "2026-11-23", ranges: [{ from: "09:00", to: "12:00" }] },
      { date: "2026-11-25", ranges: [{ from: "14:00", to: "15:30" }] },
      { date: "2026-11-30", ranges: [{ from: "09:00", to: "12:00" }] },
    ]);
  });

  it("leave out slots starting within 60 minutes", () => {
    const [today] = nextFreeDays(schedule, [], romeToUtcMs("2026-11-23", "10:15"));
    expect(today).toEqual({ date: "2026-11-23", ranges: [{ from: "11:30", to: "12:00" }] });
    const [next] = nextFreeDays(schedule, [], romeToUtcMs("2026-11-23", "10:31"));
    expect(next!.date).toBe("2026-11-25");
  });

  it("leave out every slot a booking overlaps", () => {
    const [today] = nextFreeDays(schedule, [at("2026-11-23", "09:30", 45)], MONDAY_8AM);
    expect(today!.ranges).toEqual([
      { from: "09:00", to: "09:30" },
      { from: "10:30", to: "12:00" },
    ]);
  });

  it("use the default slots for a psychic with no availability at all", () => {
    const [today] = nextFreeDays(weekFrom({}), [], MONDAY_8AM);
    expect(today).toEqual({
      date: "2026-11-23",
      ranges: [
        { from: "09:00", to: "12:00" },
        { from: "14:00", to: "20:00" },
      ],
    });
  });

  it("follow Rome's calendar across the change of hour", () => {
    expect(addDays("2026-10-24", 1)).toBe("2026-10-25");
    const sunday = weekFrom({ sunday: ["09:00"] });
    expect(nextFreeDays(sunday, [], romeToUtcMs("2026-10-24", "23:30"))[0]).toEqual({
      date: "2026-10-25",
      ranges: [{ from: "09:00", to: "09:30" }],
    });
  });
});

describe("the first free time", () => {
  it("is the first free half hour from today on, past the notice and any booking", () => {
    expect(firstFreeStart(schedule, [], MONDAY_8AM)).toEqual({ date: "2026-11-23", time: "09:00" });
    expect(firstFreeStart(schedule, [at("2026-11-23", "09:00", 60)], MONDAY_8AM)).toEqual({ date: "2026-11-23", time: "10:00" });
    expect(firstFreeStart(schedule, [], romeToUtcMs("2026-11-23", "11:00"))).toEqual({ date: "2026-11-25", time: "14:00" });
  });

  it("looks only at the days asked for, and is null when none of them has a free time", () => {
    expect(firstFreeStart(schedule, [], MONDAY_8AM, 1, 2)).toBeNull();
    expect(firstFreeStart(schedule, [], MONDAY_8AM, 1)).toEqual({ date: "2026-11-25", time: "14:00" });
    const full = [at("2026-11-23", "09:00", 180), at("2026-11-25", "14:00", 120), at("2026-11-30", "09:00", 180), at("2026-12-02", "14:00", 120)];
    expect(firstFreeStart(schedule, full, MONDAY_8AM)).toBeNull();
  });
});

function insertProfile(t: TestConvex, fields: PsychicProfileFields = {}) {
  return t.run((ctx) => insertPsychic(ctx, { availability: weekFrom({ monday: halfHours("09:00", "10:30") }), ...fields }));
}

async function insertBooking(
  t: TestConvex,
  psychic: { userId: Id<"users">; profileId: Id<"psychicProfiles"> },
  time: string,
  fields: Partial<Doc<"bookings">>,
) {
  await t.run(async (ctx) => {
    const clientId = await ctx.db.insert("users", { email: `c${Math.random()}@esempio.it`, accountType: "client" });
    const { startsAt, endsAt } = at("2026-11-23", time, 30);
    await ctx.db.insert("bookings", {
      clientId,
      psychicUserId: psychic.userId,
      psychicProfileId: psychic.profileId,
      psychicName: "Lettrice",
      consultationType: "voice",
      scheduledDate: "2026-11-23",
      scheduledTime: time,
      startsAt,
      endsAt,
      durationMinutes: 30,
      priceCents: 5000,
      status: "confirmed",
      ...fields,
    });
  });
}

describe("psychics.listNextAvailability", () => {
  it("removes confirmed bookings and live payment holds, not cancelled ones or lapsed holds", async () => {
    const t = setupTest();
    const psychic = await insertProfile(t);
    await insertBooking(t, psychic, "09:00", { status: "confirmed" });
    await insertBooking(t, psychic, "09:30", { status: "pending_payment", holdExpiresAt: MONDAY_8AM + 60_000 });
    await insertBooking(t, psychic, "10:00", { status: "pending_payment", holdExpiresAt: MONDAY_8AM - 60_000 });
    await insertBooking(t, psychic, "10:30", { status: "cancelled" });
    const days = await t.query(api.psychics.listNextAvailability, { id: psychic.profileId, now: MONDAY_8AM });
    expect(days[0]).toEqual({ date: "2026-11-23", ranges: [{ from: "10:00", to: "11:00" }] });
    // Two weeks ahead at most: a psychic open on Mondays only shows two days.
    expect(days.map((day) => day.date)).toEqual(["2026-11-23", "2026-11-30"]);
  });

  it("is empty for a hidden, unapproved or unavailable psychic and for a bad id", async () => {
    const t = setupTest();
    for (const fields of [{ isPubliclyVisible: false }, { profileStatus: "pending" as const }, { isAvailable: false }]) {
      const { profileId } = await insertProfile(t, fields);
      expect(await t.query(api.psychics.listNextAvailability, { id: profileId, now: MONDAY_8AM })).toEqual([]);
    }
    expect(await t.query(api.psychics.listNextAvailability, { id: "nope", now: MONDAY_8AM })).toEqual([]);
  });
});

describe("psychics.listFirstFree", () => {
  it("gives each listed psychic taking consultations their first free time, past bookings and live holds", async () => {
    const t = setupTest();
    const booked = await insertProfile(t);
    await insertBooking(t, booked, "09:00", { status: "confirmed" });
    await insertBooking(t, booked, "09:30", { status: "pending_payment", holdExpiresAt: MONDAY_8AM + 60_000 });
    const free = await insertProfile(t);
    const full = await insertProfile(t, { availability: weekFrom({ monday: ["09:00"] }) });
    await insertBooking(t, full, "09:00", { status: "confirmed" });
    const answers = await t.query(api.psychics.listFirstFree, { ids: [booked.profileId, free.profileId, full.profileId], now: MONDAY_8AM });
    expect(answers).toEqual([
      { id: booked.profileId, first: { date: "2026-11-23", time: "10:00" } },
      { id: free.profileId, first: { date: "2026-11-23", time: "09:00" } },
      // Booked today and free again next Monday: found past the first two days.
      { id: full.profileId, first: { date: "2026-11-30", time: "09:00" } },
    ]);
  });

  it("is null for a psychic with no free time in the horizon", async () => {
    const t = setupTest();
    const closed = await insertProfile(t, { availability: weekFrom({ monday: ["09:00"] }) });
    await insertBooking(t, closed, "09:00", { status: "confirmed" });
    const nextWeek = { ...at("2026-11-30", "09:00", 30) };
    await t.run(async (ctx) => {
      const clientId = await ctx.db.insert("users", { email: "c-next@esempio.it", accountType: "client" });
      await ctx.db.insert("bookings", {
        clientId,
        psychicUserId: closed.userId,
        psychicProfileId: closed.profileId,
        psychicName: "Lettrice",
        consultationType: "voice",
        scheduledDate: "2026-11-30",
        scheduledTime: "09:00",
        ...nextWeek,
        durationMinutes: 30,
        priceCents: 5000,
        status: "confirmed",
      });
    });
    expect(await t.query(api.psychics.listFirstFree, { ids: [closed.profileId], now: MONDAY_8AM })).toEqual([{ id: closed.profileId, first: null }]);
  });

  it("leaves out hidden, unapproved and unavailable psychics, bad ids and repeats", async () => {
    const t = setupTest();
    const listed = await insertProfile(t);
    const ids: string[] = [listed.profileId, listed.profileId, "nope"];
    for (const fields of [{ isPubliclyVisible: false }, { profileStatus: "pending" as const }, { isAvailable: false }]) {
      ids.push((await insertProfile(t, fields)).profileId);
    }
    const answers = await t.query(api.psychics.listFirstFree, { ids, now: MONDAY_8AM });
    expect(answers.map((answer) => answer.id)).toEqual([listed.profileId]);
  });

  it("answers at most a batch of ids, and refuses a clock far off", async () => {
    const t = setupTest();
    const { profileId } = await insertProfile(t);
    const tooMany = Array.from({ length: MAX_FIRST_FREE_IDS + 1 }, () => profileId);
    await expect(t.query(api.psychics.listFirstFree, { ids: tooMany, now: MONDAY_8AM })).rejects.toThrow(/INVALID_INPUT/);
    await expect(t.query(api.psychics.listFirstFree, { ids: [profileId], now: Number.NaN })).rejects.toThrow(/INVALID_INPUT/);
  });
});

describe("the clock a caller names", () => {
  async function psychicWithProfile(t: TestConvex, email: string) {
    const psychic = await signInAs(t, { email, accountType: "psychic", name: email });
    await psychic.as.mutation(api.psychicProfiles.ensureMine, {});
    return psychic;
  }

  it("a far-off or non-finite 'now' is refused with INVALID_INPUT, not a RangeError", async () => {
    const t = setupTest();
    const anna = await psychicWithProfile(t, "anna@esempio.it");
    const id = (await anna.as.query(api.psychicProfiles.getMine, {}))!.id;
    for (const now of [9e15, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(await errorCodeOf(t.query(api.psychics.listNextAvailability, { id, now }))).toBe("INVALID_INPUT");
    }
  });
});
