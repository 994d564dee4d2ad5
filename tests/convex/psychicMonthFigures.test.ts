// The psychic's monthly figures (convex/psychicMonthFigures.ts): consultations given in each Rome month, their
// minutes, the month's earnings from the one ledger and the month's reviews.
import { describe, expect, it, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { romeToUtcMs } from "../../convex/framework/time";
import { callBooking } from "./fixtures/callWorld";
import { buildWorld } from "./fixtures/world";
import { setupTest } from "./setup";

const TEXT = "Lettura chiara, puntuale e gentile.";

describe("the psychic's monthly figures", () => {
  it("count consultations in the Rome month of their start across the month's edge, with zeros for empty months", async () => {
    vi.setSystemTime(Date.UTC(2026, 2, 15, 12));
    const w = await buildWorld(setupTest());
    // 31 January 23:30 and 1 February 00:30, Rome: both on 31 January in UTC.
    const lastOfJanuary = romeToUtcMs("2026-01-31", "23:30");
    const firstOfFebruary = romeToUtcMs("2026-02-01", "00:30");
    const ids: Id<"bookings">[] = [];
    for (const startsAt of [lastOfJanuary, firstOfFebruary]) {
      ids.push(await callBooking(w, { startsInMs: startsAt - Date.now(), psychicJoinedAt: startsAt }));
    }
    for (const bookingId of ids) await w.as.psychicA.mutation(api.bookings.markOutcomeByPsychic, { bookingId, outcome: "completed" });
    await w.as.clientA.mutation(api.reviews.createMine, { bookingId: ids[1], rating: 4, comment: TEXT });

    const months = await w.as.psychicA.query(api.psychicMonthFigures.listMine, { now: Date.now() });
    expect(months.map((month) => month.month)).toEqual(["2025-10", "2025-11", "2025-12", "2026-01", "2026-02", "2026-03"]);
    expect(months[3]).toEqual({ month: "2026-01", consultationsGiven: 1, minutes: 30, hours: 0.5, earningsCents: 0, averageRating: null, ratingCount: 0 });
    expect(months[4]).toEqual({ month: "2026-02", consultationsGiven: 1, minutes: 30, hours: 0.5, earningsCents: 0, averageRating: 4, ratingCount: 1 });
    // The money is the one ledger's: both shares were credited today, when the psychic marked them held.
    expect(months[5]).toMatchObject({ consultationsGiven: 0, earningsCents: 8500, averageRating: null });
    // Another psychic sees only their own (empty) months.
    expect((await w.as.psychicB.query(api.psychicMonthFigures.listMine, { now: Date.now() })).every((month) => month.consultationsGiven === 0)).toBe(
      true,
    );
  });
});
