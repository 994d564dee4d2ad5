// "Prossime disponibilità" as plain functions (convex/model/nextAvailability.ts): calendar days and the
// first free days in Rome time, free half hours joined into ranges, the 60-minute notice, the 14-day horizon.
import { describe, expect, it } from "vitest";
import { halfHours, weekFrom } from "../../../convex/demo/data";
import { romeToUtcMs } from "../../../convex/framework/time";
import { addDays, NEXT_DAYS_HORIZON, NEXT_DAYS_SHOWN, nextFreeDays } from "../../../convex/model/nextAvailability";

const dates = (days: Array<{ date: string }>) => days.map((day) => day.date);

describe("calendar days", () => {
  it("across months, years and the clock changes", () => {
    expect(addDays("2026-11-30", 1)).toBe("2026-12-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-28", 2)).toBe("2026-03-30");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("count whole calendar days through the day clocks go back, a leap day and backwards over a year", () => {
    expect(addDays("2026-10-24", 1)).toBe("2026-10-25");
    expect(addDays("2026-10-25", 1)).toBe("2026-10-26");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2028-02-29", 1)).toBe("2028-03-01");
    expect(addDays("2027-01-01", -1)).toBe("2026-12-31");
    expect(addDays("2026-11-24", 0)).toBe("2026-11-24");
    expect(addDays("2026-11-24", NEXT_DAYS_HORIZON)).toBe("2026-12-08");
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
    expect(days[2]).toEqual({ date: "2026-12-02", ranges: [{ from: "15:00", to: "15:30" }] });
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

  it("a 60-minute booking takes both half hours it covers; one ending at a half hour leaves that half hour free", () => {
    const now = romeToUtcMs("2026-11-24", "08:00");
    const booked = [{ startsAt: romeToUtcMs("2026-11-30", "09:00"), endsAt: romeToUtcMs("2026-11-30", "10:00") }];
    const monday = nextFreeDays(mondaysAndWednesdays, booked, now).find((day) => day.date === "2026-11-30");
    expect(monday?.ranges).toEqual([{ from: "10:00", to: "11:00" }]);
  });

  it("a psychic who set no schedule at all is open at the fallback hours every day, from today", () => {
    const days = nextFreeDays(weekFrom({}), [], romeToUtcMs("2026-11-24", "08:00"));
    expect(days.map((day) => day.date)).toEqual(["2026-11-24", "2026-11-25", "2026-11-26"]);
    expect(days[0]!.ranges).toEqual([
      { from: "09:00", to: "12:00" },
      { from: "14:00", to: "20:00" },
    ]);
  });

  it("today keeps only the half hours at least 60 minutes away, exactly 60 included", () => {
    const open = weekFrom({});
    expect(nextFreeDays(open, [], romeToUtcMs("2026-11-24", "08:00"))[0]!.ranges[0]).toEqual({ from: "09:00", to: "12:00" });
    expect(nextFreeDays(open, [], romeToUtcMs("2026-11-24", "08:01"))[0]!.ranges[0]).toEqual({ from: "09:30", to: "12:00" });
    // At 18:30 the last start, 19:30, is exactly an hour away; at 18:31 it is not and today is left out.
    expect(nextFreeDays(open, [], romeToUtcMs("2026-11-24", "18:30"))[0]).toEqual({ date: "2026-11-24", ranges: [{ from: "19:30", to: "20:00" }] });
    expect(dates(nextFreeDays(open, [], romeToUtcMs("2026-11-24", "18:31")))).toEqual(["2026-11-25", "2026-11-26", "2026-11-27"]);
  });

  it("'today' is the date in Rome, not in UTC, so the 14 days run to the right last day", () => {
    const wednesdays = weekFrom({ wednesday: ["15:00"] });
    // 23:30 UTC on Wednesday 25 November is 00:30 on Thursday the 26th in Rome (winter, UTC+1):
    // the horizon runs to 9 December, which a day counted from the UTC date would miss.
    expect(dates(nextFreeDays(wednesdays, [], Date.UTC(2026, 10, 25, 23, 30)))).toEqual(["2026-12-02", "2026-12-09"]);
    // 22:30 UTC on Wednesday 1 July is 00:30 on Thursday the 2nd in Rome (summer, UTC+2).
    expect(dates(nextFreeDays(wednesdays, [], Date.UTC(2026, 6, 1, 22, 30)))).toEqual(["2026-07-08", "2026-07-15"]);
    // 21:30 UTC on 1 July is still 23:30 on the 1st in Rome: the horizon ends on the 14th.
    expect(dates(nextFreeDays(wednesdays, [], Date.UTC(2026, 6, 1, 21, 30)))).toEqual(["2026-07-08"]);
  });

  it("days through the clock changes show the same wall-clock hours", () => {
    const open = weekFrom({});
    const spring = nextFreeDays(open, [], romeToUtcMs("2026-03-28", "07:00"));
    expect(dates(spring)).toEqual(["2026-03-28", "2026-03-29", "2026-03-30"]);
    const autumn = nextFreeDays(open, [], romeToUtcMs("2026-10-24", "07:00"));
    expect(dates(autumn)).toEqual(["2026-10-24", "2026-10-25", "2026-10-26"]);
    for (const day of [...spring, ...autumn]) {
      expect(day.ranges).toEqual([
        { from: "09:00", to: "12:00" },
        { from: "14:00", to: "20:00" },
      ]);
    }
  });

  it("looks 14 days ahead, today included: the 13th day after today is shown, the 14th is not", () => {
    const wednesdays = weekFrom({ wednesday: ["15:00"] });
    // From Thursday 26 November: Wednesdays 2 December (6 days on) and 9 December (13 days on).
    expect(dates(nextFreeDays(wednesdays, [], romeToUtcMs("2026-11-26", "08:00")))).toEqual(["2026-12-02", "2026-12-09"]);
    // From Wednesday 25 November after 15:00: 2 December (7 days on); 9 December is 14 days on, beyond.
    expect(dates(nextFreeDays(wednesdays, [], romeToUtcMs("2026-11-25", "16:00")))).toEqual(["2026-12-02"]);
  });

  it("shows nothing when the next two weeks are full", () => {
    const wednesdays = weekFrom({ wednesday: ["15:00"] });
    const booked = ["2026-11-25", "2026-12-02"].map((date) => ({ startsAt: romeToUtcMs(date, "15:00"), endsAt: romeToUtcMs(date, "15:30") }));
    expect(nextFreeDays(wednesdays, booked, romeToUtcMs("2026-11-24", "08:00"))).toEqual([]);
  });

  it("stops at three days", () => {
    expect(NEXT_DAYS_SHOWN).toBe(3);
    expect(nextFreeDays(weekFrom({}), [], romeToUtcMs("2026-11-24", "08:00"))).toHaveLength(3);
  });
});
