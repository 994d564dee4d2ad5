// The psychic's monthly figures in Rome time: the months shown, and a month read as hours and averages.
import { describe, expect, it } from "vitest";
import { romeMonthOf, romeToUtcMs } from "../../../convex/framework/time";
import { lastMonths, monthView } from "../../../convex/model/psychicMonthFigures";

describe("the monthly figures", () => {
  it("put a consultation in the Rome month of its start, across the month's edge", () => {
    // 31 January 23:30 and 1 February 00:30 in Rome are both 31 January in UTC.
    expect(romeMonthOf(romeToUtcMs("2026-01-31", "23:30"))).toBe("2026-01");
    expect(romeMonthOf(romeToUtcMs("2026-02-01", "00:30"))).toBe("2026-02");
    expect(new Date(romeToUtcMs("2026-02-01", "00:30")).toISOString().slice(0, 10)).toBe("2026-01-31");
    // Summer time: 1 July 01:00 in Rome is 30 June 23:00 UTC.
    expect(romeMonthOf(Date.UTC(2026, 5, 30, 23, 0))).toBe("2026-07");
  });

  it("show the last six months oldest first, across the year", () => {
    expect(lastMonths(romeToUtcMs("2026-03-01", "00:10"), 6)).toEqual(["2025-10", "2025-11", "2025-12", "2026-01", "2026-02", "2026-03"]);
    expect(lastMonths(Date.UTC(2026, 1, 28, 23, 30), 2)).toEqual(["2026-02", "2026-03"]);
  });

  it("read as hours and averages", () => {
    const month = { totalConsultations: 2, totalMinutes: 75, totalRevenueCents: 4250 + 2833, ratingCount: 2, ratingSum: 7 };
    expect(monthView("2026-01", month)).toEqual({
      month: "2026-01",
      consultationsGiven: 2,
      minutes: 75,
      hours: 1.3,
      earningsCents: 7083,
      averageRating: 3.5,
      ratingCount: 2,
    });
    expect(monthView("2026-02", null)).toMatchObject({ consultationsGiven: 0, hours: 0, earningsCents: 0, averageRating: null });
  });
});
