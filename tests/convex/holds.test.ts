// A client's own holds: listing the ones still payable, and releasing one at once ('Cambia orario').
import { describe, expect, it, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { weekFrom } from "../../convex/demo/data";
import { addDays } from "../../convex/model/nextAvailability";
import { buildWorld, type World } from "./fixtures/world";
import { errorCodeOf, setupTest, stripe, useStripeStandIn, type TestConvex } from "./setup";

useStripeStandIn();
const MINUTE_MS = 60_000;

async function world() {
  const w = await buildWorld(setupTest());
  // psychicA: Mondays 09:00–12:00, 30 minutes for € 50.
  await w.t.run((ctx) =>
    ctx.db.patch("psychicProfiles", w.profileA, {
      availableDurations: [30],
      pricesCents: { "30": 5000 },
      availability: weekFrom({ monday: ["09:00", "09:30", "10:00", "10:30", "11:00", "11:30"] }),
    }),
  );
  return w;
}

const checkout = (w: World, time = "10:00", date = w.monday) => ({ psychicProfileId: w.profileA, durationMinutes: 30 as const, date, time, consent: true });
const bookingOf = (t: TestConvex, id: Id<"bookings">) => t.run((ctx) => ctx.db.get("bookings", id));
const freeTimes = async (w: World) =>
  (await w.t.query(api.bookings.listFreeStarts, { psychicProfileId: w.profileA, date: w.monday, durationMinutes: 30, now: Date.now() }))?.times;

describe("a client's live holds", () => {
  it("lists the viewer's payable holds with their checkout, for one psychic or all", async () => {
    const w = await world();
    const { bookingId, url } = await w.as.clientB.action(api.payments.startCheckout, checkout(w));
    const mine = await w.as.clientB.query(api.holds.listMine, { now: Date.now(), psychicProfileId: w.profileA });
    expect(mine).toEqual([
      {
        id: bookingId,
        psychicProfileId: w.profileA,
        psychicName: "Lettrice A",
        consultationType: "voice",
        scheduledDate: w.monday,
        scheduledTime: "10:00",
        durationMinutes: 30,
        priceCents: 5000,
        holdExpiresAt: expect.any(Number),
        checkoutUrl: url,
      },
    ]);
    expect(await w.as.clientB.query(api.holds.listMine, { now: Date.now() })).toHaveLength(1);
    // Another psychic's page, an unknown id: none.
    expect(await w.as.clientB.query(api.holds.listMine, { now: Date.now(), psychicProfileId: w.profileB })).toEqual([]);
    expect(await w.as.clientB.query(api.holds.listMine, { now: Date.now(), psychicProfileId: "sconosciuto" })).toEqual([]);
  });

  it("shows only the viewer's own: another client sees none of them", async () => {
    const w = await world();
    await w.as.clientB.action(api.payments.startCheckout, checkout(w));
    // clientA's own world hold has no checkout page: not payable, not listed.
    expect(await w.as.clientA.query(api.holds.listMine, { now: Date.now(), psychicProfileId: w.profileA })).toEqual([]);
    expect(await errorCodeOf(w.as.psychicA.query(api.holds.listMine, { now: Date.now() }))).toBe("CLIENT_ONLY");
    expect(await errorCodeOf(w.t.query(api.holds.listMine, { now: Date.now() }))).toBe("NOT_AUTHENTICATED");
  });

  it("a hold past its end, paid, or released is no longer listed", async () => {
    const w = await world();
    const first = await w.as.clientB.action(api.payments.startCheckout, checkout(w, "09:00"));
    expect(await w.as.clientB.query(api.holds.listMine, { now: Date.now() + 40 * MINUTE_MS })).toEqual([]);
    await w.as.clientB.mutation(api.holds.releaseMine, { bookingId: first.bookingId });
    expect(await w.as.clientB.query(api.holds.listMine, { now: Date.now() })).toEqual([]);
  });
});

describe("releasing one's own hold", () => {
  it("frees the time for everyone at once and expires the Checkout Session at Stripe", async () => {
    const w = await world();
    const { bookingId } = await w.as.clientB.action(api.payments.startCheckout, checkout(w));
    expect(await freeTimes(w)).not.toContain("10:00");
    expect(await w.as.clientB.mutation(api.holds.releaseMine, { bookingId })).toBe("released");
    expect(await freeTimes(w)).toContain("10:00");
    const released = (await bookingOf(w.t, bookingId))!;
    expect([released.status, released.checkoutUrl]).toEqual(["expired", undefined]);
    await w.t.finishAllScheduledFunctions(vi.runAllTimers);
    expect((await stripe().lastSession()).status).toBe("expired");
    // Someone else may take it now.
    await w.as.clientA.action(api.payments.startCheckout, checkout(w));
  });

  it("only its client may: another client is refused and nothing changes", async () => {
    const w = await world();
    const { bookingId } = await w.as.clientB.action(api.payments.startCheckout, checkout(w));
    expect(await errorCodeOf(w.as.clientA.mutation(api.holds.releaseMine, { bookingId }))).toBe("FORBIDDEN");
    expect(await errorCodeOf(w.as.psychicA.mutation(api.holds.releaseMine, { bookingId }))).toBe("CLIENT_ONLY");
    expect(await errorCodeOf(w.as.clientB.mutation(api.holds.releaseMine, { bookingId: "non-esiste" }))).toBe("NOT_FOUND");
    expect((await bookingOf(w.t, bookingId))?.status).toBe("pending_payment");
  });

  it("is idempotent: a second release, or one of a hold that lapsed, changes nothing", async () => {
    const w = await world();
    const { bookingId } = await w.as.clientB.action(api.payments.startCheckout, checkout(w));
    await w.as.clientB.mutation(api.holds.releaseMine, { bookingId });
    const released = await bookingOf(w.t, bookingId);
    expect(await w.as.clientB.mutation(api.holds.releaseMine, { bookingId })).toBe("already_released");
    expect(await bookingOf(w.t, bookingId)).toEqual(released);

    const other = await w.as.clientB.action(api.payments.startCheckout, checkout(w, "11:00"));
    vi.advanceTimersByTime(40 * MINUTE_MS);
    await w.t.finishInProgressScheduledFunctions();
    expect(await w.as.clientB.mutation(api.holds.releaseMine, { bookingId: other.bookingId })).toBe("already_released");
  });

  it("a paid booking is not a hold: refused in Italian terms (NOT_A_HOLD), left confirmed", async () => {
    const w = await world();
    expect(await errorCodeOf(w.as.clientA.mutation(api.holds.releaseMine, { bookingId: w.bookingA }))).toBe("NOT_A_HOLD");
    expect((await bookingOf(w.t, w.bookingA))?.status).toBe("confirmed");
  });

  it("counts toward the limits on holds as a released one: a second try on that date, not a third", async () => {
    const w = await world();
    const first = await w.as.clientB.action(api.payments.startCheckout, checkout(w, "10:00"));
    await w.as.clientB.mutation(api.holds.releaseMine, { bookingId: first.bookingId });
    // 'Cambia orario': another time of the same psychic's date.
    const second = await w.as.clientB.action(api.payments.startCheckout, checkout(w, "11:00"));
    await w.as.clientB.mutation(api.holds.releaseMine, { bookingId: second.bookingId });
    expect(await errorCodeOf(w.as.clientB.action(api.payments.startCheckout, checkout(w, "09:00")))).toBe("HOLD_LIMIT_REACHED");
    // Another date is another question, until the day's six.
    await w.as.clientB.action(api.payments.startCheckout, checkout(w, "09:00", addDays(w.monday, 7)));
  });
});
