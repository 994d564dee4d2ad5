// Attendance from the call's records (docs/product-rules.md, "Calls"): only presence inside the paid
// window counts, for the psychic's absence 10 minutes after the start, for the clock's outcome at the
// end, and for the psychic's 'Cliente assente', which cannot bury a consultation the client attended.
import { describe, expect, it, vi } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { HEARTBEAT_MS, PSYCHIC_GRACE_MS } from "../../convex/model/calls";
import { bookingOf, callBooking, expectPsychicNoShowRefunded, sessionOf } from "./fixtures/callWorld";
import { buildWorld, type World } from "./fixtures/world";
import { errorCodeOf, setupTest, stripe, useStripeStandIn } from "./setup";

useStripeStandIn();

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const COMMENT = "Consulto chiaro, puntuale e molto gentile.";

type Party = "clientA" | "psychicA";

const sharesOf = (world: World, id: Id<"bookings">) =>
  world.t.run((ctx) =>
    ctx.db
      .query("psychicTransfers")
      .withIndex("by_bookingId", (q) => q.eq("bookingId", id))
      .collect(),
  );

/** Moves the clock to `at`, running the jobs due by then (the settling at +10 minutes and at the end). */
async function advanceTo(world: World, at: number) {
  vi.advanceTimersByTime(Math.max(0, at - Date.now()));
  await world.t.finishInProgressScheduledFunctions();
}

/** `party`'s call page open from now until `until`: it enters and beats every HEARTBEAT_MS, as the page does. */
async function stayInCall(world: World, party: Party, bookingId: Id<"bookings">, until: number) {
  while (Date.now() <= until) {
    await world.as[party].mutation(api.calls.join, { bookingId });
    await advanceTo(world, Math.min(Date.now() + HEARTBEAT_MS, until + 1));
  }
}

/** Both parties in the call from now until `until`, beating in turn. */
async function bothInCall(world: World, bookingId: Id<"bookings">, until: number) {
  while (Date.now() <= until) {
    await world.as.psychicA.mutation(api.calls.join, { bookingId });
    await world.as.clientA.mutation(api.calls.join, { bookingId });
    await advanceTo(world, Math.min(Date.now() + HEARTBEAT_MS, until + 1));
  }
}

describe("presence before the start does not count", () => {
  it("a psychic who opened the page 3 minutes before the start and left before it is absent 10 minutes after: cancelled, refunded in full", async () => {
    const world = await buildWorld(setupTest());
    const bookingId = await callBooking(world, { startsInMs: 3 * MINUTE });
    const { startsAt } = (await bookingOf(world, bookingId))!;
    await stayInCall(world, "psychicA", bookingId, startsAt - 5 * SECOND);
    await world.as.psychicA.mutation(api.calls.leave, { bookingId });
    expect((await bookingOf(world, bookingId))?.psychicJoinedAt).toBeUndefined();
    // The client waits in the call from the start.
    await stayInCall(world, "clientA", bookingId, startsAt + PSYCHIC_GRACE_MS - SECOND);
    expect((await bookingOf(world, bookingId))?.status).toBe("confirmed");
    await advanceTo(world, startsAt + PSYCHIC_GRACE_MS);
    await world.t.finishAllScheduledFunctions(vi.runAllTimers);
    await expectPsychicNoShowRefunded(world, bookingId);
    expect((await sessionOf(world, bookingId))?.psychicAttendance).toEqual({ presentMs: 0 });
  });

  it("a psychic whose page went silent just before the start, without leaving, is absent too", async () => {
    const world = await buildWorld(setupTest());
    const bookingId = await callBooking(world, { startsInMs: 3 * MINUTE });
    const { startsAt } = (await bookingOf(world, bookingId))!;
    await stayInCall(world, "psychicA", bookingId, startsAt - SECOND);
    await advanceTo(world, startsAt + PSYCHIC_GRACE_MS);
    expect(await bookingOf(world, bookingId)).toMatchObject({ status: "cancelled", cancelReason: "psychic_no_show", refundCents: 5000 });
  });

  it("a psychic still connected at the start is present from the start: the consultation goes on and is held at the end", async () => {
    const world = await buildWorld(setupTest());
    // Beats fall 5 seconds before and 5 seconds after the start.
    const bookingId = await callBooking(world, { startsInMs: 3 * MINUTE + 5 * SECOND });
    const { startsAt, endsAt } = (await bookingOf(world, bookingId))!;
    await stayInCall(world, "psychicA", bookingId, startsAt + 5 * SECOND);
    expect((await bookingOf(world, bookingId))?.psychicJoinedAt).toBe(startsAt);
    await bothInCall(world, bookingId, startsAt + MINUTE);
    await advanceTo(world, startsAt + PSYCHIC_GRACE_MS);
    expect((await bookingOf(world, bookingId))?.status).toBe("confirmed");
    await advanceTo(world, endsAt);
    expect((await bookingOf(world, bookingId))?.status).toBe("completed");
    // The record says for how long each was in the call inside the window.
    const session = await sessionOf(world, bookingId);
    expect(session?.psychicAttendance).toMatchObject({ firstPresentAt: startsAt });
    expect(session?.psychicAttendance?.presentMs).toBeGreaterThan(50 * SECOND);
    expect(session?.clientAttendance?.firstPresentAt).toBeGreaterThan(startsAt);
  });
});

describe("the client's presence decides the outcome", () => {
  it("the client attended: the psychic's 'Cliente assente' is refused, the consultation stays completed and the client can review it", async () => {
    const world = await buildWorld(setupTest());
    const bookingId = await callBooking(world);
    const { startsAt, endsAt } = (await bookingOf(world, bookingId))!;
    await bothInCall(world, bookingId, startsAt + 2 * MINUTE);
    await world.as.clientA.mutation(api.calls.leave, { bookingId });
    await stayInCall(world, "psychicA", bookingId, startsAt + 15 * MINUTE);
    await advanceTo(world, endsAt + MINUTE);
    expect((await bookingOf(world, bookingId))?.status).toBe("completed");

    expect(await errorCodeOf(world.as.psychicA.mutation(api.bookings.markOutcomeByPsychic, { bookingId, outcome: "no_show" }))).toBe(
      "CLIENT_ATTENDED",
    );
    expect((await bookingOf(world, bookingId))?.status).toBe("completed");
    const { recent } = await world.as.psychicA.query(api.bookings.listForPsychic, { now: Date.now() });
    expect(recent.map((row) => [row.id, row.status, row.clientAttended])).toEqual([[bookingId, "completed", true]]);
    await world.as.clientA.mutation(api.reviews.createMine, { bookingId, rating: 1, comment: COMMENT });
    expect((await world.t.run((ctx) => ctx.db.query("reviews").collect())).map((review) => review.rating)).toEqual([1]);
  });

  it("any presence inside the window counts: a client in the call for one heartbeat cannot be marked absent", async () => {
    const world = await buildWorld(setupTest());
    const bookingId = await callBooking(world, { startsInMs: -MINUTE, psychicJoinedAt: Date.now() - MINUTE });
    const { endsAt } = (await bookingOf(world, bookingId))!;
    await world.as.clientA.mutation(api.calls.join, { bookingId });
    await world.as.clientA.mutation(api.calls.leave, { bookingId });
    await advanceTo(world, endsAt);
    expect(await errorCodeOf(world.as.psychicA.mutation(api.bookings.markOutcomeByPsychic, { bookingId, outcome: "no_show" }))).toBe(
      "CLIENT_ATTENDED",
    );
  });

  it("the client never in the call during the window (only before the start): the clock records a no-show, the psychic paid", async () => {
    const world = await buildWorld(setupTest());
    const bookingId = await callBooking(world, { startsInMs: 3 * MINUTE });
    const { startsAt, endsAt } = (await bookingOf(world, bookingId))!;
    await stayInCall(world, "clientA", bookingId, startsAt - 10 * SECOND);
    await world.as.clientA.mutation(api.calls.leave, { bookingId });
    await stayInCall(world, "psychicA", bookingId, startsAt + 11 * MINUTE);
    await advanceTo(world, endsAt);
    const booking = await bookingOf(world, bookingId);
    expect(booking).toMatchObject({ status: "no_show", completedAt: endsAt });
    expect(booking?.clientJoinedAt).toBeUndefined();
    expect(booking?.refundStatus).toBeUndefined();
    expect(stripe().refunds()).toEqual([]);
    expect(await errorCodeOf(world.as.clientA.mutation(api.reviews.createMine, { bookingId, rating: 1, comment: COMMENT }))).toBe(
      "REVIEW_NOT_ALLOWED",
    );
    // The psychic may still say it was held.
    await world.as.psychicA.mutation(api.bookings.markOutcomeByPsychic, { bookingId, outcome: "completed" });
    expect((await bookingOf(world, bookingId))?.status).toBe("completed");
  });
});

describe("the psychic's minimum presence: half the window, or about as long as the client", () => {
  /** Cancelled by the system for the psychic's absence, the whole price going back to the client (Stripe's answer aside). */
  async function expectRefundedInFull(world: World, bookingId: Id<"bookings">) {
    expect(await bookingOf(world, bookingId)).toMatchObject({
      status: "cancelled",
      cancelledBy: "system",
      cancelReason: "psychic_no_show",
      refundCents: 5000,
    });
  }

  /** The probe's psychic: enters a minute after the start and leaves at once (0 ms in the call). */
  async function inAndOut(world: World, bookingId: Id<"bookings">) {
    await world.as.psychicA.mutation(api.calls.join, { bookingId });
    await world.as.psychicA.mutation(api.calls.leave, { bookingId });
  }

  it("a psychic who joins 1 minute after the start and leaves at once, the client waiting the whole window: refunded in full, no share", async () => {
    const world = await buildWorld(setupTest());
    const bookingId = await callBooking(world);
    const { startsAt, endsAt } = (await bookingOf(world, bookingId))!;
    await stayInCall(world, "clientA", bookingId, startsAt + MINUTE - SECOND);
    await inAndOut(world, bookingId);
    await stayInCall(world, "clientA", bookingId, endsAt - SECOND);
    await advanceTo(world, endsAt);
    await expectRefundedInFull(world, bookingId);
    expect(await sharesOf(world, bookingId)).toEqual([]);
    // The client is told, as when the psychic never came; the room says the psychic did not hold it.
    expect(await world.as.clientA.query(api.calls.getRoom, { bookingId })).toMatchObject({ bookingStatus: "psychic_absent" });
    // The psychic's word cannot make it held.
    expect(await errorCodeOf(world.as.psychicA.mutation(api.bookings.markOutcomeByPsychic, { bookingId, outcome: "completed" }))).toBe(
      "INVALID_STATE",
    );
  });

  it("the psychic's 'completed' before the clock settles is refused when the records show too little presence", async () => {
    const world = await buildWorld(setupTest());
    const bookingId = await callBooking(world);
    const { startsAt, endsAt } = (await bookingOf(world, bookingId))!;
    await stayInCall(world, "clientA", bookingId, startsAt + MINUTE - SECOND);
    await inAndOut(world, bookingId);
    await stayInCall(world, "clientA", bookingId, endsAt - SECOND);
    // The end comes before the clock's settling has run (a job late, or the sweep's next round).
    await world.t.run(async (ctx) => {
      for (const job of await ctx.db.system.query("_scheduled_functions").collect()) {
        if (job.name.startsWith("calls:settle") && job.state.kind === "pending") await ctx.scheduler.cancel(job._id);
      }
    });
    await advanceTo(world, endsAt);
    expect(await errorCodeOf(world.as.psychicA.mutation(api.bookings.markOutcomeByPsychic, { bookingId, outcome: "completed" }))).toBe(
      "PSYCHIC_NOT_PRESENT",
    );
    expect((await bookingOf(world, bookingId))?.status).toBe("confirmed");
    // The sweep then settles it on the records: the client refunded, the psychic paid nothing.
    await world.t.mutation(internal.calls.settleDue, {});
    await expectRefundedInFull(world, bookingId);
    expect(await sharesOf(world, bookingId)).toEqual([]);
  });

  it("a psychic in the call exactly half the window, the client waiting throughout: held, the share recorded", async () => {
    const world = await buildWorld(setupTest());
    const bookingId = await callBooking(world);
    const { startsAt, endsAt } = (await bookingOf(world, bookingId))!;
    // The last beats come 10 seconds before, the leaving exactly at the middle of the window.
    await bothInCall(world, bookingId, startsAt + 15 * MINUTE - 1);
    await world.as.psychicA.mutation(api.calls.leave, { bookingId });
    await stayInCall(world, "clientA", bookingId, endsAt - SECOND);
    await advanceTo(world, endsAt);
    expect((await sessionOf(world, bookingId))?.psychicAttendance?.presentMs).toBe(15 * MINUTE);
    expect((await bookingOf(world, bookingId))?.status).toBe("completed");
    expect(await sharesOf(world, bookingId)).toHaveLength(1);
  });

  it("a psychic who leaves a second short of half the window while the client stays: refunded in full, no share", async () => {
    const world = await buildWorld(setupTest());
    const bookingId = await callBooking(world);
    const { startsAt, endsAt } = (await bookingOf(world, bookingId))!;
    await bothInCall(world, bookingId, startsAt + 15 * MINUTE - 2 * SECOND);
    await world.as.psychicA.mutation(api.calls.leave, { bookingId });
    await stayInCall(world, "clientA", bookingId, endsAt - SECOND);
    await advanceTo(world, endsAt);
    await expectRefundedInFull(world, bookingId);
    expect(await sharesOf(world, bookingId)).toEqual([]);
  });

  it("the client never in the call: the psychic's short presence still makes a no-show, the psychic paid", async () => {
    const world = await buildWorld(setupTest());
    const bookingId = await callBooking(world);
    const { endsAt } = (await bookingOf(world, bookingId))!;
    await advanceTo(world, Date.now() + MINUTE);
    await inAndOut(world, bookingId);
    await advanceTo(world, endsAt);
    expect((await bookingOf(world, bookingId))?.status).toBe("no_show");
    expect(await sharesOf(world, bookingId)).toHaveLength(1);
    expect(stripe().refunds()).toEqual([]);
  });

  it("both in the call the whole window: completed, the share recorded, no refund", async () => {
    const world = await buildWorld(setupTest());
    const bookingId = await callBooking(world);
    const { endsAt } = (await bookingOf(world, bookingId))!;
    await bothInCall(world, bookingId, endsAt - SECOND);
    await advanceTo(world, endsAt);
    expect((await bookingOf(world, bookingId))?.status).toBe("completed");
    expect(await sharesOf(world, bookingId)).toHaveLength(1);
    expect(stripe().refunds()).toEqual([]);
  });

  it("a client who leaves early after the consultation, the psychic leaving with them: held, not refunded", async () => {
    const world = await buildWorld(setupTest());
    const bookingId = await callBooking(world);
    const { startsAt, endsAt } = (await bookingOf(world, bookingId))!;
    await bothInCall(world, bookingId, startsAt + 12 * MINUTE);
    await world.as.psychicA.mutation(api.calls.leave, { bookingId });
    await world.as.clientA.mutation(api.calls.leave, { bookingId });
    await advanceTo(world, endsAt);
    expect((await bookingOf(world, bookingId))?.status).toBe("completed");
    expect(stripe().refunds()).toEqual([]);
  });
});
