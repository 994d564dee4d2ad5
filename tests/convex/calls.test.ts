// The call room on the server: who may enter and when, the live session, the signalling only the
// two parties can read, and how each booking ends (completed, or refunded when the psychic is absent).
import { describe, expect, it, vi } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { EARLY_ACCESS_MS, PSYCHIC_GRACE_MS } from "../../convex/model/calls";
import { callBooking, expectPsychicNoShowRefunded } from "./fixtures/callWorld";
import { buildWorld, type Persona, type World } from "./fixtures/world";
import { errorCodeOf, setupTest, stripe, useStripeStandIn } from "./setup";

useStripeStandIn();

const HOUR = 3_600_000;
const others: Persona[] = ["clientB", "psychicB", "admin", "visitor"];
const refusalFor = (persona: Persona) => (persona === "visitor" ? "NOT_AUTHENTICATED" : "FORBIDDEN");

async function bookingDoc(world: World, id: Id<"bookings">) {
  return world.t.run((ctx) => ctx.db.get("bookings", id));
}
async function sessionsOf(world: World, id: Id<"bookings">) {
  return world.t.run((ctx) =>
    ctx.db
      .query("callSessions")
      .withIndex("by_bookingId", (q) => q.eq("bookingId", id))
      .collect(),
  );
}
async function signalsOf(world: World, id: Id<"bookings">) {
  return world.t.run((ctx) =>
    ctx.db
      .query("callSignals")
      .withIndex("by_bookingId", (q) => q.eq("bookingId", id))
      .collect(),
  );
}
async function advance(world: World, ms: number) {
  vi.advanceTimersByTime(ms);
  await world.t.finishInProgressScheduledFunctions();
}

describe("who may enter a call, and when", () => {
  it("before the window the parties see the room but cannot enter; everyone else is refused", async () => {
    const world = await buildWorld(setupTest());
    const bookingId = await callBooking(world, { startsInMs: HOUR });
    for (const party of ["clientA", "psychicA"] as const) {
      const room = await world.as[party].query(api.calls.getRoom, { bookingId });
      expect(room.opensAt).toBe(room.startsAt - EARLY_ACCESS_MS);
      expect(await errorCodeOf(world.as[party].mutation(api.calls.join, { bookingId }))).toBe("CALL_NOT_OPEN");
    }
    for (const persona of others) {
      expect(await errorCodeOf(world.as[persona].query(api.calls.getRoom, { bookingId }))).toBe(refusalFor(persona));
      expect(await errorCodeOf(world.as[persona].mutation(api.calls.join, { bookingId }))).toBe(refusalFor(persona));
    }
    expect(await sessionsOf(world, bookingId)).toEqual([]);
  });

  it("inside the window (from 5 minutes early) the client and the psychic enter; others are still refused; presence counts from the start", async () => {
    const world = await buildWorld(setupTest());
    const bookingId = await callBooking(world, { startsInMs: HOUR });
    await advance(world, HOUR - EARLY_ACCESS_MS);
    await world.as.clientA.mutation(api.calls.join, { bookingId });
    await world.as.psychicA.mutation(api.calls.join, { bookingId });
    for (const persona of others) {
      expect(await errorCodeOf(world.as[persona].mutation(api.calls.join, { bookingId }))).toBe(refusalFor(persona));
    }
    const client = await world.as.clientA.query(api.calls.getRoom, { bookingId });
    expect(client).toMatchObject({ party: "client", psychic: { name: "Lettrice A" }, provider: "webrtc", session: { status: "active" } });
    const psychic = await world.as.psychicA.query(api.calls.getRoom, { bookingId });
    expect(psychic).toMatchObject({ party: "psychic", client: { name: "Persona clientA" } });
    // In the call before the start is not attendance yet (model/attendance.ts); entering at the start is.
    const early = await bookingDoc(world, bookingId);
    expect(early?.clientJoinedAt).toBeUndefined();
    expect(early?.psychicJoinedAt).toBeUndefined();
    await advance(world, EARLY_ACCESS_MS);
    await world.as.clientA.mutation(api.calls.join, { bookingId });
    await world.as.psychicA.mutation(api.calls.join, { bookingId });
    expect(await bookingDoc(world, bookingId)).toMatchObject({ clientJoinedAt: Date.now(), psychicJoinedAt: Date.now() });
  });

  it("after the window nobody enters, and the room says the consultation is over", async () => {
    const world = await buildWorld(setupTest());
    const bookingId = await callBooking(world);
    await world.as.clientA.mutation(api.calls.join, { bookingId });
    await world.as.psychicA.mutation(api.calls.join, { bookingId });
    await advance(world, 30 * 60_000);
    for (const party of ["clientA", "psychicA"] as const) {
      expect(await errorCodeOf(world.as[party].mutation(api.calls.join, { bookingId }))).toBe("CALL_ENDED");
      expect(await world.as[party].query(api.calls.getRoom, { bookingId })).toMatchObject({ bookingStatus: "ended" });
    }
    for (const persona of others) {
      expect(await errorCodeOf(world.as[persona].query(api.calls.getRoom, { bookingId }))).toBe(refusalFor(persona));
    }
  });

  it("a booking that is not confirmed has no room; a chat has the room without a call's audio", async () => {
    const world = await buildWorld(setupTest());
    const chat = await callBooking(world, { consultationType: "chat" });
    const unpaid = await callBooking(world, { status: "pending_payment", holdExpiresAt: Date.now() + HOUR });
    const cancelled = await callBooking(world, { status: "cancelled" });
    expect(await world.as.clientA.query(api.calls.getRoom, { bookingId: chat })).toMatchObject({
      consultationType: "chat",
      chat: { otherTypingAt: null, otherReadUpTo: null },
    });
    expect(await errorCodeOf(world.as.clientA.mutation(api.calls.setMuted, { bookingId: chat, muted: true }))).toBe("NOT_VOICE_CONSULTATION");
    expect(await errorCodeOf(world.as.clientA.mutation(api.calls.sendSignal, { bookingId: chat, kind: "offer", payload: "x" }))).toBe(
      "NOT_VOICE_CONSULTATION",
    );
    expect(await errorCodeOf(world.as.clientA.query(api.calls.listSignals, { bookingId: chat }))).toBe("NOT_VOICE_CONSULTATION");
    for (const bookingId of [unpaid, cancelled]) {
      expect(await errorCodeOf(world.as.clientA.query(api.calls.getRoom, { bookingId }))).toBe("BOOKING_NOT_CONFIRMED");
      expect(await errorCodeOf(world.as.psychicA.mutation(api.calls.join, { bookingId }))).toBe("BOOKING_NOT_CONFIRMED");
    }
    expect(await errorCodeOf(world.as.clientA.query(api.calls.getRoom, { bookingId: "non-esiste" }))).toBe("NOT_FOUND");
  });
});

describe("the live session", () => {
  it("shows each party the other joining and leaving, and a reload rejoins the same session", async () => {
    const world = await buildWorld(setupTest());
    const bookingId = await callBooking(world);
    await world.as.clientA.mutation(api.calls.join, { bookingId });
    expect((await world.as.psychicA.query(api.calls.getRoom, { bookingId })).session).toMatchObject({ status: "waiting" });
    await world.as.psychicA.mutation(api.calls.join, { bookingId });
    const seen = (await world.as.clientA.query(api.calls.getRoom, { bookingId })).session;
    expect(seen).toMatchObject({ status: "active", otherSeenAt: Date.now() });
    expect(seen?.startedAt).toBe(Date.now());

    // The psychic reloads the page: out, then in again, in the same session.
    await world.as.psychicA.mutation(api.calls.leave, { bookingId });
    expect((await world.as.clientA.query(api.calls.getRoom, { bookingId })).session).toMatchObject({ status: "waiting", otherSeenAt: null });
    await advance(world, 5_000);
    await world.as.psychicA.mutation(api.calls.join, { bookingId });
    expect((await world.as.clientA.query(api.calls.getRoom, { bookingId })).session).toMatchObject({ status: "active" });
    expect(await sessionsOf(world, bookingId)).toHaveLength(1);
    // The first join time stays.
    expect((await bookingDoc(world, bookingId))?.psychicJoinedAt).toBe(seen?.startedAt);
  });

  it("gives both screens the state line's inputs: who is in, who left and when, cleared on coming back", async () => {
    const world = await buildWorld(setupTest());
    const bookingId = await callBooking(world);
    const room = (persona: "clientA" | "psychicA") => world.as[persona].query(api.calls.getRoom, { bookingId });
    const nobody = { seenAt: null, leftAt: null };
    expect(await room("clientA")).toMatchObject({ settled: false, self: nobody, other: nobody });
    // A leave before entering is not a departure.
    await world.as.clientA.mutation(api.calls.leave, { bookingId });
    await world.as.clientA.mutation(api.calls.join, { bookingId });
    const joinedAt = Date.now();
    expect(await room("psychicA")).toMatchObject({ self: nobody, other: { seenAt: joinedAt, leftAt: null } });
    await advance(world, 5_000);
    await world.as.psychicA.mutation(api.calls.join, { bookingId });
    await advance(world, 5_000);
    await world.as.clientA.mutation(api.calls.leave, { bookingId });
    const leftAt = Date.now();
    expect(await room("psychicA")).toMatchObject({ self: { seenAt: leftAt - 5_000 }, other: { seenAt: null, leftAt } });
    expect(await room("clientA")).toMatchObject({ self: { seenAt: null, leftAt } });
    await advance(world, 5_000);
    await world.as.clientA.mutation(api.calls.join, { bookingId });
    expect(await room("psychicA")).toMatchObject({ other: { seenAt: Date.now(), leftAt: null } });
    // The window's end settles the booking: the room is over on both sides.
    await advance(world, 30 * 60_000);
    for (const persona of ["clientA", "psychicA"] as const) expect(await room(persona)).toMatchObject({ settled: true, self: nobody, other: nobody });
  });

  it("publishes a party's microphone switched off to the other screen: only the two parties, only while in the call, cleared on leaving", async () => {
    const world = await buildWorld(setupTest());
    const bookingId = await callBooking(world);
    const room = (persona: "clientA" | "psychicA") => world.as[persona].query(api.calls.getRoom, { bookingId });
    // Not in the call yet: nothing to say.
    await world.as.clientA.mutation(api.calls.setMuted, { bookingId, muted: true });
    expect((await room("psychicA")).other.muted).toBe(false);
    await world.as.clientA.mutation(api.calls.join, { bookingId });
    await world.as.clientA.mutation(api.calls.setMuted, { bookingId, muted: true });
    expect(await room("psychicA")).toMatchObject({ other: { muted: true }, self: { muted: false } });
    expect((await room("clientA")).self.muted).toBe(true);
    for (const persona of others) {
      expect(await errorCodeOf(world.as[persona].mutation(api.calls.setMuted, { bookingId, muted: false }))).toBe(refusalFor(persona));
    }
    expect((await room("psychicA")).other.muted).toBe(true);
    // The heartbeat carries the state too; leaving clears it.
    await world.as.clientA.mutation(api.calls.join, { bookingId, muted: false });
    expect((await room("psychicA")).other.muted).toBe(false);
    await world.as.clientA.mutation(api.calls.setMuted, { bookingId, muted: true });
    await world.as.clientA.mutation(api.calls.leave, { bookingId });
    expect((await room("psychicA")).other.muted).toBe(false);
  });

  it("throttles microphone switches: after a burst they are refused until the bucket refills, and the heartbeat still carries the state", async () => {
    const world = await buildWorld(setupTest());
    const bookingId = await callBooking(world);
    await world.as.clientA.mutation(api.calls.join, { bookingId });
    for (let switches = 0; switches < 10; switches++) {
      await world.as.clientA.mutation(api.calls.setMuted, { bookingId, muted: switches % 2 === 0 });
    }
    expect(await errorCodeOf(world.as.clientA.mutation(api.calls.setMuted, { bookingId, muted: true }))).toBe("RATE_LIMITED");
    expect((await world.as.psychicA.query(api.calls.getRoom, { bookingId })).other.muted).toBe(false);
    await world.as.clientA.mutation(api.calls.join, { bookingId, muted: true });
    expect((await world.as.psychicA.query(api.calls.getRoom, { bookingId })).other.muted).toBe(true);
    // The other party has a bucket of their own; a few seconds later the client may switch again.
    await world.as.psychicA.mutation(api.calls.setMuted, { bookingId, muted: true });
    await advance(world, 5_000);
    await world.as.clientA.mutation(api.calls.setMuted, { bookingId, muted: false });
    expect((await world.as.psychicA.query(api.calls.getRoom, { bookingId })).other.muted).toBe(false);
  });

  it("shows both people, the client's notes to the psychic only, and a review to write once held", async () => {
    const world = await buildWorld(setupTest());
    const bookingId = await callBooking(world, { notes: "  Vorrei parlare del lavoro.  " });
    const client = await world.as.clientA.query(api.calls.getRoom, { bookingId });
    const psychic = await world.as.psychicA.query(api.calls.getRoom, { bookingId });
    for (const room of [client, psychic]) expect(room).toMatchObject({ psychic: { name: "Lettrice A" }, client: { name: "Persona clientA" } });
    expect(client.notes).toBeNull();
    expect(psychic.notes).toBe("Vorrei parlare del lavoro.");
    expect(client.reviewable).toBe(false);
    await world.as.clientA.mutation(api.calls.join, { bookingId });
    await world.as.psychicA.mutation(api.calls.join, { bookingId });
    await advance(world, 30 * 60_000);
    expect(await bookingDoc(world, bookingId)).toMatchObject({ status: "completed" });
    expect(await world.as.clientA.query(api.calls.getRoom, { bookingId })).toMatchObject({ reviewable: true, bookingStatus: "ended" });
    expect(await world.as.psychicA.query(api.calls.getRoom, { bookingId })).toMatchObject({ reviewable: false });
    await world.as.clientA.mutation(api.reviews.createMine, { bookingId, rating: 5, comment: "Consulto chiaro e gentile." });
    expect(await world.as.clientA.query(api.calls.getRoom, { bookingId })).toMatchObject({ reviewable: false });
  });
});

describe("signalling between the two browsers", () => {
  it("only the two parties exchange messages; each reads only the other's", async () => {
    const world = await buildWorld(setupTest());
    const bookingId = await callBooking(world);
    await world.as.clientA.mutation(api.calls.sendSignal, { bookingId, kind: "offer", payload: '{"sdp":"offerta"}' });
    await world.as.psychicA.mutation(api.calls.sendSignal, { bookingId, kind: "answer", payload: '{"sdp":"risposta"}' });
    expect(await world.as.psychicA.query(api.calls.listSignals, { bookingId })).toMatchObject([{ kind: "offer", payload: '{"sdp":"offerta"}' }]);
    expect(await world.as.clientA.query(api.calls.listSignals, { bookingId })).toMatchObject([{ kind: "answer" }]);
    for (const persona of others) {
      expect(await errorCodeOf(world.as[persona].query(api.calls.listSignals, { bookingId }))).toBe(refusalFor(persona));
      expect(await errorCodeOf(world.as[persona].mutation(api.calls.sendSignal, { bookingId, kind: "candidate", payload: "{}" }))).toBe(
        refusalFor(persona),
      );
    }
    expect(await signalsOf(world, bookingId)).toHaveLength(2);
  });

  it("a new offer clears the previous negotiation, oversized messages are refused, and the end deletes them all", async () => {
    const world = await buildWorld(setupTest());
    const bookingId = await callBooking(world);
    await world.as.clientA.mutation(api.calls.join, { bookingId });
    await world.as.psychicA.mutation(api.calls.join, { bookingId });
    await world.as.psychicA.mutation(api.calls.sendSignal, { bookingId, kind: "hangup", payload: "{}" });
    await world.as.clientA.mutation(api.calls.sendSignal, { bookingId, kind: "offer", payload: '{"sdp":"1"}' });
    expect((await signalsOf(world, bookingId)).map((signal) => signal.kind)).toEqual(["offer"]);
    const huge = "x".repeat(30_000);
    expect(await errorCodeOf(world.as.clientA.mutation(api.calls.sendSignal, { bookingId, kind: "candidate", payload: huge }))).toBe("INVALID_INPUT");
    await advance(world, 30 * 60_000);
    expect(await signalsOf(world, bookingId)).toEqual([]);
    expect(await errorCodeOf(world.as.clientA.mutation(api.calls.sendSignal, { bookingId, kind: "offer", payload: "{}" }))).toBe("CALL_ENDED");
  });
});

describe("how a booking's call ends", () => {
  it("the psychic absent 10 minutes after the start: cancelled, refunded in full, the client emailed", async () => {
    const world = await buildWorld(setupTest());
    const bookingId = await callBooking(world, { startsInMs: 2 * 60_000 });
    await world.as.clientA.mutation(api.calls.join, { bookingId });
    await advance(world, 2 * 60_000 + PSYCHIC_GRACE_MS - 1_000);
    expect((await bookingDoc(world, bookingId))?.status).toBe("confirmed");
    await advance(world, 1_000);
    await world.t.finishAllScheduledFunctions(vi.runAllTimers);
    await expectPsychicNoShowRefunded(world, bookingId);
    const emails = await world.t.run((ctx) => ctx.db.query("emailOutbox").collect());
    expect(emails.filter((email) => email.relatedId === bookingId)).toMatchObject([{ to: "cliente.a@esempio.it", kind: "refund_issued" }]);
    expect((await sessionsOf(world, bookingId))[0]).toMatchObject({ status: "ended" });
    // The client still in the room sees why, live; nobody can enter any more.
    expect(await world.as.clientA.query(api.calls.getRoom, { bookingId })).toMatchObject({ bookingStatus: "psychic_absent" });
    expect(await errorCodeOf(world.as.psychicA.mutation(api.calls.join, { bookingId }))).toBe("BOOKING_NOT_CONFIRMED");
  });

  it("the client absent: at the end the clock records a no-show and the psychic is paid (no refund)", async () => {
    const world = await buildWorld(setupTest());
    const bookingId = await callBooking(world);
    await world.as.psychicA.mutation(api.calls.join, { bookingId });
    await advance(world, PSYCHIC_GRACE_MS + 60_000);
    expect((await bookingDoc(world, bookingId))?.status).toBe("confirmed");
    await advance(world, 30 * 60_000);
    const booking = await bookingDoc(world, bookingId);
    expect(booking?.status).toBe("no_show");
    expect(booking?.completedAt).toBeGreaterThanOrEqual(booking!.endsAt);
    expect(booking?.clientJoinedAt).toBeUndefined();
    expect(booking?.refundStatus).toBeUndefined();
    expect(stripe().refunds()).toEqual([]);
  });

  it("a booking nobody opened is settled by the sweep", async () => {
    const world = await buildWorld(setupTest());
    const absent = await callBooking(world);
    const later = await callBooking(world, { startsInMs: HOUR });
    vi.advanceTimersByTime(PSYCHIC_GRACE_MS);
    expect(await world.t.mutation(internal.calls.settleDue, {})).toBe(1);
    expect((await bookingDoc(world, absent))?.status).toBe("cancelled");
    expect((await bookingDoc(world, later))?.status).toBe("confirmed");
    expect(await world.t.mutation(internal.calls.settleDue, {})).toBe(0);
  });
});
