// The call's rules as plain functions: the window, who has a call at all, Twilio identities and
// token lifetimes (what happens once the time has come: attendance.test.ts).
import { describe, expect, it } from "vitest";
import {
  callPhase,
  EARLY_ACCESS_MS,
  joinRefusal,
  parseTwilioIdentity,
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

  it("refuses with the reason: not voice, not confirmed, not yet, over", () => {
    expect(joinRefusal({ ...booking, consultationType: "chat" }, startsAt)).toBe("NOT_VOICE_CONSULTATION");
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
