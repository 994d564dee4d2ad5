// A psychic's figures beside the rating (docs/product-rules.md, "Psychic figures and the list's order"):
// a hand-computed history, the figures following the booking's life through the real mutations, the
// 'Nuovo' threshold, the 90-day window, the recount, and the list's stated order.
import { describe, expect, it, vi } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import type { Doc, Id } from "../../convex/_generated/dataModel";
import { callBooking } from "./fixtures/callWorld";
import { insertPsychic } from "./fixtures/psychics";
import { buildWorld, type World } from "./fixtures/world";
import { runWithTriggers, setupTest, type TestClient } from "./setup";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const NOW = Date.parse("2026-11-20T12:00:00Z");

const figuresAt = (w: World, now = Date.now()) => w.t.query(api.psychicFigures.getForProfile, { id: w.profileA, now });

/** A past booking of psychicA, `daysAgo` days before now, as the lifecycle would have left it. */
const pastBooking = (w: World, daysAgo: number, fields: Partial<Doc<"bookings">>) => callBooking(w, { startsInMs: -daysAgo * DAY, ...fields });

describe("a psychic's figures", () => {
  it("match a hand-computed history of ten bookings", async () => {
    vi.setSystemTime(NOW);
    const w = await buildWorld(setupTest());
    const startOf = (daysAgo: number) => NOW - daysAgo * DAY;
    // 1–4: held, the psychic in the call from the start. 5: joined exactly 5 minutes late (still on time).
    for (const daysAgo of [2, 3, 4, 5])
      await pastBooking(w, daysAgo, { status: "completed", psychicJoinedAt: startOf(daysAgo), clientJoinedAt: startOf(daysAgo) });
    await pastBooking(w, 6, { status: "completed", psychicJoinedAt: startOf(6) + 5 * MINUTE, clientJoinedAt: startOf(6) });
    // 6: held, the psychic joined 7 minutes late. 7: the client did not come, the psychic on time.
    await pastBooking(w, 7, { status: "completed", psychicJoinedAt: startOf(7) + 7 * MINUTE, clientJoinedAt: startOf(7) });
    await pastBooking(w, 8, { status: "no_show", psychicJoinedAt: startOf(8) + MINUTE });
    // 8: the psychic never came (cancelled by the clock, refunded): due, not on time.
    await pastBooking(w, 9, { status: "cancelled", cancelReason: "psychic_no_show", cancelledBy: "system", cancelledAt: startOf(9) + 10 * MINUTE });
    // 9 and 10: the psychic cancelled, 30 and 120 days ago; only the first is in the last 90 days.
    await pastBooking(w, -3, { status: "cancelled", cancelReason: "psychic_cancelled", cancelledBy: "psychic", cancelledAt: NOW - 30 * DAY });
    await pastBooking(w, -2, { status: "cancelled", cancelReason: "psychic_cancelled", cancelledBy: "psychic", cancelledAt: NOW - 120 * DAY });
    // And a client's cancellation, which is not the psychic's doing.
    await pastBooking(w, -4, { status: "cancelled", cancelReason: "client_cancelled", cancelledBy: "client", cancelledAt: NOW - DAY });

    // Given 7 (1–7); due 8 (given + the absence); on time 6 (1–5 and 7): 6 / 8 = 75 %.
    const expected = { consultationsGiven: 7, onTimePercent: 75, psychicCancellations90Days: 1, isNew: false, minimumGiven: 5, windowDays: 90 };
    expect(await figuresAt(w)).toEqual(expected);
    const card = (await w.t.query(internal.psychics.listPublic, {})).psychics.find((psychic) => psychic.id === w.profileA);
    expect(card).toMatchObject({ consultationsGiven: 7, onTimePercent: 75 });

    // The rows equal the recount: wiped, the admin's rebuild makes them again.
    await w.t.run(async (ctx) => {
      for (const row of await ctx.db.query("psychicFigures").collect()) await ctx.db.delete("psychicFigures", row._id);
      for (const row of await ctx.db.query("psychicCancellationDays").collect()) await ctx.db.delete("psychicCancellationDays", row._id);
    });
    expect((await figuresAt(w))?.consultationsGiven).toBe(0);
    expect((await w.t.mutation(internal.admin.recountFigures, {})).changed).toBe(3);
    expect(await figuresAt(w)).toEqual(expected);

    // 61 days on, the cancellation of 30 days ago has left the window; the rest is all-time.
    expect(await figuresAt(w, NOW + 61 * DAY)).toEqual({ ...expected, psychicCancellations90Days: 0 });
    expect(await figuresAt(w, NOW + 59 * DAY)).toEqual(expected);
  });

  it("follow the booking's life: a psychic's cancellation, a consultation held, an absence, a correction", async () => {
    vi.setSystemTime(NOW);
    const w = await buildWorld(setupTest());
    const psychic = w.as.psychicA as TestClient;
    for (const daysAgo of [2, 3, 4, 5]) await pastBooking(w, daysAgo, { status: "completed", psychicJoinedAt: NOW - daysAgo * DAY });
    // Four held: 'Nuovo', no percentage.
    expect(await figuresAt(w)).toMatchObject({ consultationsGiven: 4, onTimePercent: null, isNew: true, psychicCancellations90Days: 0 });

    // The psychic cancels a booking tomorrow: counted on today's Rome day.
    const tomorrow = await callBooking(w, { startsInMs: DAY });
    await psychic.mutation(api.bookings.cancelByPsychic, { bookingId: tomorrow });
    expect(await figuresAt(w)).toMatchObject({ psychicCancellations90Days: 1 });

    // A consultation now: the psychic enters 2 minutes after the start, the client too; the clock holds it.
    const now = await callBooking(w, { startsInMs: 0 });
    vi.setSystemTime(NOW + 2 * MINUTE);
    await psychic.mutation(api.calls.join, { bookingId: now });
    await (w.as.clientA as TestClient).mutation(api.calls.join, { bookingId: now });
    vi.setSystemTime(NOW + 31 * MINUTE);
    await w.t.mutation(internal.calls.settle, { bookingId: now });
    expect(await figuresAt(w)).toMatchObject({ consultationsGiven: 5, onTimePercent: 100, isNew: false });

    // A consultation the psychic never enters: cancelled by the clock 10 minutes after its start.
    const missed = await callBooking(w, { startsInMs: 0 });
    vi.setSystemTime(NOW + 42 * MINUTE);
    await w.t.mutation(internal.calls.settle, { bookingId: missed });
    expect((await w.t.run((ctx) => ctx.db.get("bookings", missed)))?.cancelReason).toBe("psychic_no_show");
    // Due 6, on time 5: 83 %.
    expect(await figuresAt(w)).toMatchObject({ consultationsGiven: 5, onTimePercent: 83 });

    // The psychic marks the held one 'Cliente assente' instead: still held, still on time.
    await w.t.run((ctx) => ctx.db.patch("bookings", now, { clientJoinedAt: undefined }));
    await psychic.mutation(api.bookings.markOutcomeByPsychic, { bookingId: now, outcome: "no_show" });
    expect(await figuresAt(w)).toMatchObject({ consultationsGiven: 5, onTimePercent: 83 });
  });

  it("are null for a profile the public cannot see", async () => {
    vi.setSystemTime(NOW);
    const w = await buildWorld(setupTest());
    expect(await w.t.query(api.psychicFigures.getForProfile, { id: w.profilePending, now: NOW })).toBeNull();
  });
});

describe("the list's default order", () => {
  it("is the stated one: taking consultations first, then rating, then the number of reviews, then the name", async () => {
    const t = setupTest();
    const ids: Record<string, Id<"psychicProfiles">> = {};
    await runWithTriggers(t, async (ctx) => {
      const add = async (name: string, fields: Parameters<typeof insertPsychic>[1]) =>
        (ids[name] = (await insertPsychic(ctx, { psychicName: name, ...fields })).profileId);
      await add("Pausa Cinque", { isAvailable: false, rating: 5, reviewCount: 9, ratingSum: 45 });
      await add("Nuova", { isAvailable: true });
      await add("Quattro Molte", { isAvailable: true, rating: 4, reviewCount: 10, ratingSum: 40 });
      await add("Quattro Poche", { isAvailable: true, rating: 4, reviewCount: 2, ratingSum: 8 });
      await add("Bice Quattro", { isAvailable: true, rating: 4, reviewCount: 2, ratingSum: 8 });
      await add("Cinque", { isAvailable: true, rating: 5, reviewCount: 1, ratingSum: 5 });
      await add("Pausa Nuova", { isAvailable: false });
    });
    const { psychics } = await t.query(internal.psychics.listPublic, {});
    expect(psychics.map((psychic) => psychic.psychicName)).toEqual([
      "Cinque",
      "Quattro Molte",
      "Bice Quattro",
      "Quattro Poche",
      "Nuova",
      "Pausa Cinque",
      "Pausa Nuova",
    ]);
  });
});
