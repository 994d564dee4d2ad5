// "Prossime disponibilità" as plain functions (convex/model/nextAvailability.ts): calendar days and the
// first free days in Rome time, free half hours joined into ranges.
import { describe, expect, it } from "vitest";
import { halfHours, weekFrom } from "../../../convex/demo/data";
import { romeToUtcMs } from "../../../convex/lib/time";
import { addDays, NEXT_DAYS_SHOWN, nextFreeDays } from "../../../convex/model/nextAvailability";

describe("calendar days", () => {
  it("across months, years and the clock changes", () => {
    expect(addDays("2026-11-30", 1)).toBe("2026-12-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-28", 2)).toBe("2026-03-30");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });
});

describe("the next free days", () => {
  const mondaysAndWednesdays = weekFrom({ monday: halfHours("09:00", "10:30"), wednesday: ["15:00"] });

  it("the first ones with a free half hour, consecutive half hours joined", () => {
    // Tuesday 24 November 2026, 08:00 in Rome.
    const now = romeToUtcMs("2026-11-24", "08:00");
    const days = nextFreeDays(mondaysAndWednesdays, [], now);
    expect(days).toHaveLength(NEXT_DAYS_SHOWN);
    expect(days[0]).toEqual({ date: "2026-11-25", ranges: [{ from: "15:00", to: "15:30" }] });
    expect(days[1]).toEqual({ date: "2026-11-30", ranges: [{ from: "09:00", to: "11:00" }] });
  });

  it("a booked half hour splits a range; a fully booked day is skipped", () => {
    const now = romeToUtcMs("2026-11-24", "08:00");
    const booked = [
      { startsAt: romeToUtcMs("2026-11-25", "15:00"), endsAt: romeToUtcMs("2026-11-25", "15:30") },
      { startsAt: romeToUtcMs("2026-11-30", "09:30"), endsAt: romeToUtcMs("2026-11-30", "10:00") },
    ];
    const days = nextFreeDays(mondaysAndWednesdays, booked, now);
    expect(days[0]).toEqual({
      date: "2026-11-30",
      ranges: [
        { from: "09:00", to: "09:30" },
        { from: "10:00", to: "11:00" },
      ],
    });
  });

  it("a psychic who set no schedule at all is open at the fallback hours every day, from today", () => {
    const days = nextFreeDays(weekFrom({}), [], romeToUtcMs("2026-11-24", "08:00"));
    expect(days.map((day) => day.date)).toEqual(["2026-11-24", "2026-11-25", "2026-11-26"]);
    expect(days[0]!.ranges).toEqual([
      { from: "09:00", to: "12:00" },
      { from: "14:00", to: "20:00" },
    ]);
  });
});
