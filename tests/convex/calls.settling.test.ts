// Settling a consultation (convex/calls.ts, calls.settle): however often it runs, it completes and counts once.
import { describe, expect, it, vi } from "vitest";
import { internal } from "../../convex/_generated/api";
import { buildWorld } from "./fixtures/world";
import { setupTest } from "./setup";

describe("settling, run more than once", () => {
  it("calls.settle completes a consultation and counts it once, however often it runs", async () => {
    const w = await buildWorld(setupTest());
    const booking = (await w.t.run((ctx) => ctx.db.get("bookings", w.bookingA)))!;
    await w.t.run((ctx) => ctx.db.patch("bookings", w.bookingA, { psychicJoinedAt: booking.startsAt, clientJoinedAt: booking.startsAt }));
    vi.setSystemTime(booking.endsAt);
    await w.t.mutation(internal.calls.settle, { bookingId: w.bookingA });
    await w.t.mutation(internal.calls.settle, { bookingId: w.bookingA });
    const { profile, stats } = await w.t.run(async (ctx) => ({
      profile: await ctx.db.get("psychicProfiles", w.profileA),
      stats: await ctx.db.query("psychicMonthFigures").collect(),
    }));
    expect(profile?.totalConsultations).toBe(1);
    expect(stats.map((row) => [row.totalConsultations, row.totalMinutes])).toEqual([[1, 30]]);
  });
});
