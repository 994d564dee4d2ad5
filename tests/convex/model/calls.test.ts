// The call's rules as plain functions: the window, who has a call at all, the room's state line,
// Twilio identities and token lifetimes (what happens once the time has come: calls.attendance.test.ts).
import { describe, expect, it } from "vitest";
import {
  callPhase,
  EARLY_ACCESS_MS,
  joinRefusal,
  parseTwilioIdentity,
  PRESENCE_TIMEOUT_MS,
  roomLine,
  type RoomFacts,
  tokenTtlSeconds,
  twilioIdentity,
} from "../../../convex/model/calls";

const startsAt = Date.UTC(2026, 10, 25, 9, 0);
const booking = { status: "confirmed" as const, consultationType: "voice" as const, startsAt, endsAt: startsAt + 30 * 60_000 };

describe("the call window", () => {
  it("opens 5 minutes before the start and closes at the end", () => {
    expect(callPhase(booking, startsAt - EARLY_ACCESS_MS - 1)).toBe("before");
    expect(callPhase(booking, startsAt - EARLY_ACCESS_MS)).toBe("open");
    expect(callPhase(booking, booking.endsAt - 1)).toBe("open");
    expect(callPhase(booking, booking.endsAt)).toBe("ended");
  });

  it("refuses with the reason: not of the type asked, not confirmed, not yet, over", () => {
    // The room is both types'; its audio is a call's, its messages a chat's.
    expect(joinRefusal({ ...booking, consultationType: "chat" }, startsAt)).toBeNull();
    expect(joinRefusal({ ...booking, consultationType: "chat" }, startsAt, "voice")).toBe("NOT_VOICE_CONSULTATION");
    expect(joinRefusal(booking, startsAt, "chat")).toBe("NOT_CHAT_CONSULTATION");
    expect(joinRefusal({ ...booking, consultationType: "chat" }, startsAt, "chat")).toBeNull();
    expect(joinRefusal({ ...booking, status: "pending_payment" }, startsAt)).toBe("BOOKING_NOT_CONFIRMED");
    expect(joinRefusal({ ...booking, status: "cancelled" }, startsAt)).toBe("BOOKING_NOT_CONFIRMED");
    expect(joinRefusal({ ...booking, status: "completed" }, startsAt)).toBe("CALL_ENDED");
    expect(joinRefusal(booking, startsAt - EARLY_ACCESS_MS - 1)).toBe("CALL_NOT_OPEN");
    expect(joinRefusal(booking, booking.endsAt)).toBe("CALL_ENDED");
    expect(joinRefusal(booking, startsAt)).toBeNull();
  });
});

describe("Twilio identities and tokens", () => {
  it("bind a party, a person and a booking, and read back only in that shape", () => {
    const identity = twilioIdentity("psychic", "utente123", "prenotazione456");
    expect(identity).toMatch(/^[A-Za-z0-9_]+$/);
    expect(parseTwilioIdentity(`client:${identity}`)).toEqual({ party: "psychic", userId: "utente123", bookingId: "prenotazione456" });
    expect(parseTwilioIdentity("client:admin_utente123_prenotazione456")).toBeNull();
    expect(parseTwilioIdentity("client:client_solo")).toBeNull();
    expect(parseTwilioIdentity("+390612345678")).toBeNull();
  });

  it("live until the end of the window plus a minute, at least a minute and at most 4 hours", () => {
    expect(tokenTtlSeconds(booking.endsAt, startsAt)).toBe(31 * 60);
    expect(tokenTtlSeconds(booking.endsAt, booking.endsAt + 1)).toBe(60);
    expect(tokenTtlSeconds(startsAt + 10 * 3600_000, startsAt)).toBe(4 * 3600);
  });
});

describe("the room's state line, from either side", () => {
  const opensAt = startsAt - EARLY_ACCESS_MS;
  const out = { seenAt: null, leftAt: null };
  const facts = (changes: Partial<RoomFacts> = {}): RoomFacts => ({
    opensAt,
    endsAt: booking.endsAt,
    settled: false,
    self: out,
    other: out,
    ...changes,
  });
  const at = startsAt + 60_000;
  const inCall = { seenAt: at - 5_000, leftAt: null };
  const left = { seenAt: null, leftAt: at - 20_000 };

  it("before the room opens it counts down; from 5 minutes early nobody is in yet", () => {
    expect(roomLine(facts(), opensAt - 1)).toBe("before");
    expect(roomLine(facts(), opensAt)).toBe("nobody_in");
  });

  it("alone in the call: waiting for the other; the other sees them waiting", () => {
    expect(roomLine(facts({ self: inCall }), at)).toBe("waiting_for_other");
    expect(roomLine(facts({ other: inCall }), at)).toBe("other_waiting");
  });

  it("both in: in the call, on both sides", () => {
    expect(roomLine(facts({ self: inCall, other: inCall }), at)).toBe("in_call");
  });

  it("the other left, or their page went silent past the presence timeout: they left the call", () => {
    expect(roomLine(facts({ self: inCall, other: left }), at)).toBe("other_left");
    const silent = { seenAt: at - PRESENCE_TIMEOUT_MS, leftAt: null };
    expect(roomLine(facts({ self: inCall, other: silent }), at)).toBe("other_left");
    // The one who left reads that they left while the other is not in either.
    expect(roomLine(facts({ self: left }), at)).toBe("self_left");
    expect(roomLine(facts({ self: left, other: inCall }), at)).toBe("other_waiting");
  });

  it("whoever comes back is in the call again", () => {
    const back = { seenAt: at - 1_000, leftAt: null };
    expect(roomLine(facts({ self: inCall, other: back }), at)).toBe("in_call");
    expect(roomLine(facts({ self: back, other: inCall }), at)).toBe("in_call");
  });

  it("a page that knows it is out is not in, whatever the session still shows (a reload)", () => {
    expect(roomLine(facts({ self: inCall, other: inCall, selfConnected: false }), at)).toBe("other_waiting");
    expect(roomLine(facts({ self: inCall, selfConnected: false }), at)).toBe("self_left");
    expect(roomLine(facts({ self: inCall, other: inCall, selfConnected: true }), at)).toBe("in_call");
  });

  it("ended when the window is over or the booking settled, whoever is still in", () => {
    expect(roomLine(facts({ self: inCall, other: inCall }), booking.endsAt)).toBe("ended");
    expect(roomLine(facts({ self: inCall, other: inCall, settled: true }), at)).toBe("ended");
    expect(roomLine(facts({ settled: true }), opensAt - 1)).toBe("ended");
  });
});
