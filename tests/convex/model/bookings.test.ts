// Plain rules about bookings (convex/model/bookings.ts): what blocks time, prices in cents, notes.
import { describe, expect, it } from "vitest";
import type { Id } from "../../../convex/_generated/dataModel";
import { blocksTime, cleanNotes, netEarningsCents, newBookingFields, priceCentsFor } from "../../../convex/model/bookings";

const NOW = Date.UTC(2026, 10, 25, 9, 0);

describe("what blocks a psychic's time", () => {
  it("a paid booking always; an unpaid one only while its hold lasts; nothing else", () => {
    expect(blocksTime({ status: "confirmed" }, NOW)).toBe(true);
    expect(blocksTime({ status: "pending_payment", holdExpiresAt: NOW + 1 }, NOW)).toBe(true);
    expect(blocksTime({ status: "pending_payment", holdExpiresAt: NOW }, NOW)).toBe(false);
    expect(blocksTime({ status: "pending_payment" }, NOW)).toBe(false);
    for (const status of ["completed", "cancelled", "expired", "no_show"] as const) expect(blocksTime({ status }, NOW)).toBe(false);
  });
});

describe("money", () => {
  it("whole-euro prices in cents, and the psychic's 85 % rounded per consultation", () => {
    expect(priceCentsFor(35)).toBe(3500);
    expect(netEarningsCents(3500)).toBe(2975);
    expect(netEarningsCents(2999)).toBe(2999 - 450);
    expect(netEarningsCents(0)).toBe(0);
  });
});

describe("notes", () => {
  it("are stored trimmed, and blank as none", () => {
    expect(cleanNotes("  Vorrei parlare del lavoro.  ")).toBe("Vorrei parlare del lavoro.");
    expect(cleanNotes("   ")).toBeUndefined();
    expect(cleanNotes(undefined)).toBeUndefined();
  });
});

describe("a new booking's fields", () => {
  it("record the parties, the Rome date and time with their instants, and the price of that duration in cents", () => {
    const profile = {
      _id: "p1" as Id<"psychicProfiles">,
      userId: "u2" as Id<"users">,
      psychicName: "Selene",
      pricing: { "30": 35 },
      hourlyRateEuros: 60,
    };
    const fields = newBookingFields(profile, "u1" as Id<"users">, { date: "2026-07-06", time: "10:00", durationMinutes: 30 });
    expect(fields).toMatchObject({ clientId: "u1", psychicUserId: "u2", psychicProfileId: "p1", psychicName: "Selene", priceCents: 3500 });
    // Summer time: 10:00 in Rome is 08:00 UTC.
    expect(fields.startsAt).toBe(Date.UTC(2026, 6, 6, 8, 0));
    expect(fields.endsAt - fields.startsAt).toBe(30 * 60_000);
    // A duration without its own price takes the hourly rate pro rata.
    expect(newBookingFields(profile, "u1" as Id<"users">, { date: "2026-07-06", time: "10:00", durationMinutes: 15 }).priceCents).toBe(1500);
  });
});
