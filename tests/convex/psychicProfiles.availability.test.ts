// The availability editor's rules on the server: a ticked day needs hours, and a change that leaves a paid
// consultation outside the new hours is allowed, named beforehand, and moves nothing.
import { describe, expect, it, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { defaultAvailability } from "../../convex/model/profileRules";
import { bookingRow } from "./fixtures/bookingRows";
import { acceptConductAs } from "./fixtures/psychics";
import { errorCodeOf, runWithTriggers, setupTest, signInAs, type TestConvex } from "./setup";

const complete = {
  psychicName: "Luna",
  bio: "Leggo i Tarocchi con calma e chiarezza.",
  specialties: ["Tarocchi"] as "Tarocchi"[],
  specializations: [] as never[],
  yearsExperience: 7,
  availableDurations: [30] as 30[],
  pricesCents: { "30": 3500 },
  availability: defaultAvailability(),
};

async function world() {
  const t = setupTest();
  vi.setSystemTime(Date.UTC(2026, 10, 28, 12, 0)); // a Saturday: the Mondays below are ahead
  const psychic = await signInAs(t, { email: "luna@esempio.it", name: "Luna Rossi", accountType: "psychic" });
  const profileId = await psychic.as.mutation(api.psychicProfiles.ensureMine, {});
  await acceptConductAs(psychic.as);
  const client = await signInAs(t, { email: "giulia@esempio.it", name: "Giulia", accountType: "client" });
  return { t, psychic, profileId, client };
}

/** A paid (or held) consultation with the psychic; the dates used are Mondays after the clock set in world(). */
async function book(t: TestConvex, w: Awaited<ReturnType<typeof world>>, date: string, time: string, extra: { pending?: boolean } = {}) {
  return runWithTriggers(t, (ctx) =>
    ctx.db.insert(
      "bookings",
      bookingRow({
        clientId: w.client.userId,
        psychicUserId: w.psychic.userId,
        psychicProfileId: w.profileId as Id<"psychicProfiles">,
        notes: "",
        date,
        time,
        sessionId: `cs_${date}_${time}`,
        ...extra,
      }),
    ),
  );
}

describe("a ticked day needs hours", () => {
  it("refuses a ticked day without hours with its own code naming the day, and saves nothing", async () => {
    const w = await world();
    const availability = defaultAvailability();
    availability.wednesday = { enabled: true, availableHours: [] };
    for (const save of [api.psychicProfiles.saveMine, api.psychicProfiles.publishMine]) {
      try {
        await w.psychic.as.mutation(save, { ...complete, psychicName: "Altro nome", availability });
        expect.unreachable("a ticked day without hours should be refused");
      } catch (error) {
        expect((error as { data: unknown }).data).toEqual({ code: "DAY_WITHOUT_HOURS", field: "availability.wednesday" });
      }
    }
    const mine = await w.psychic.as.query(api.psychicProfiles.getMine, {});
    expect(mine?.psychicName).toBe("Luna Rossi");
    expect(mine?.availability.wednesday.enabled).toBe(false);
    // A day switched off may keep no hours; so may one switched off keeping its hours.
    availability.wednesday = { enabled: false, availableHours: [] };
    availability.thursday = { enabled: false, availableHours: ["09:00"] };
    await w.psychic.as.mutation(api.psychicProfiles.saveMine, { ...complete, availability });
  });
});

describe("paid consultations outside new hours", () => {
  it("names the paid upcoming consultations the new hours leave out; holds, cancelled and past ones are not named", async () => {
    const w = await world();
    const inside = await book(w.t, w, "2026-12-07", "10:00");
    const outside = await book(w.t, w, "2026-12-07", "15:00");
    await book(w.t, w, "2026-12-14", "15:00", { pending: true });
    const cancelled = await book(w.t, w, "2026-12-21", "15:00");
    await runWithTriggers(w.t, (ctx) => ctx.db.patch("bookings", cancelled, { status: "cancelled", cancelledAt: Date.now() }));

    // Monday now 09:00–12:00 only: the 15:00 consultation falls outside.
    const availability = defaultAvailability();
    availability.monday = { enabled: true, availableHours: ["09:00", "09:30", "10:00", "10:30", "11:00", "11:30"] };
    const named = await w.psychic.as.query(api.psychicProfiles.bookingsOutsideHours, { availability });
    expect(named).toEqual([{ id: outside, scheduledDate: "2026-12-07", scheduledTime: "15:00", durationMinutes: 30, startsAt: expect.any(Number) }]);
    // The current hours leave nothing out.
    expect(await w.psychic.as.query(api.psychicProfiles.bookingsOutsideHours, { availability: defaultAvailability() })).toEqual([]);
    // Monday switched off: both are out.
    availability.monday.enabled = false;
    availability.tuesday = { enabled: true, availableHours: ["09:00"] };
    expect((await w.psychic.as.query(api.psychicProfiles.bookingsOutsideHours, { availability })).map((booking) => booking.id)).toEqual([
      inside,
      outside,
    ]);
  });

  it("saving is still allowed, and the consultations keep their time", async () => {
    const w = await world();
    const outside = await book(w.t, w, "2026-12-07", "15:00");
    const before = await w.t.run((ctx) => ctx.db.get("bookings", outside));
    const availability = defaultAvailability();
    availability.monday = { enabled: true, availableHours: ["09:00", "09:30"] };
    await w.psychic.as.mutation(api.psychicProfiles.saveMine, { ...complete, availability });
    const after = await w.t.run((ctx) => ctx.db.get("bookings", outside));
    expect(after).toEqual(before);
  });

  it("is the psychic's own question: a client or a visitor is refused", async () => {
    const w = await world();
    const args = { availability: defaultAvailability() };
    expect(await errorCodeOf(w.client.as.query(api.psychicProfiles.bookingsOutsideHours, args))).toBe("PSYCHIC_ONLY");
    expect(await errorCodeOf(w.t.query(api.psychicProfiles.bookingsOutsideHours, args))).toBe("NOT_AUTHENTICATED");
  });
});
