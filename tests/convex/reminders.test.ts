// Reminder emails (convex/reminders.ts): a job sends once, and nothing for a booking moved, cancelled or past.
import { describe, expect, it, vi } from "vitest";
import { internal } from "../../convex/_generated/api";
import { buildWorld } from "./fixtures/world";
import { setupTest } from "./setup";

const MINUTE_MS = 60_000;

describe("reminders.send", () => {
  it("reminders.send sends a reminder once, and nothing for a moved, cancelled or past booking", async () => {
    const w = await buildWorld(setupTest());
    const booking = (await w.t.run((ctx) => ctx.db.get("bookings", w.bookingA)))!;
    const args = { bookingId: w.bookingA, kind: "24h" as const, startsAt: booking.startsAt };
    expect(await w.t.mutation(internal.reminders.send, { ...args, startsAt: booking.startsAt - 60 * MINUTE_MS })).toBe(false);
    expect(await w.t.mutation(internal.reminders.send, args)).toBe(true);
    expect(await w.t.mutation(internal.reminders.send, args)).toBe(false);
    const reminders = await w.t.run(async (ctx) => (await ctx.db.query("emailOutbox").collect()).filter((e) => e.kind === "booking_reminder_24h"));
    expect(reminders).toHaveLength(2);
    await w.t.run((ctx) => ctx.db.patch("bookings", w.bookingB, { status: "cancelled" }));
    const other = (await w.t.run((ctx) => ctx.db.get("bookings", w.bookingB)))!;
    expect(await w.t.mutation(internal.reminders.send, { bookingId: w.bookingB, kind: "15m", startsAt: other.startsAt })).toBe(false);
    await w.t.run((ctx) => ctx.db.patch("bookings", w.bookingB, { status: "confirmed" }));
    vi.setSystemTime(other.startsAt + 1);
    expect(await w.t.mutation(internal.reminders.send, { bookingId: w.bookingB, kind: "15m", startsAt: other.startsAt })).toBe(false);
  });
});
