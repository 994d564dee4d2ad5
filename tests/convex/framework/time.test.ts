import { ConvexError } from "convex/values";
import { describe, expect, test } from "vitest";
import { isCalendarDate, isClockTime, romeDateOf, romeMonthBounds, romeToUtcMs, utcMsToRome, weekdayOf } from "../../../convex/framework/time";

const utc = (iso: string) => Date.parse(iso);

describe("romeToUtcMs", () => {
  test("a winter time in Rome is one hour ahead of UTC", () => {
    expect(romeToUtcMs("2026-01-15", "14:30")).toBe(utc("2026-01-15T13:30:00Z"));
  });

  test("a summer time in Rome is two hours ahead of UTC", () => {
    expect(romeToUtcMs("2026-07-15", "14:30")).toBe(utc("2026-07-15T12:30:00Z"));
  });

  test("midnight belongs to the day it starts", () => {
    expect(romeToUtcMs("2026-01-01", "00:00")).toBe(utc("2025-12-31T23:00:00Z"));
  });

  test("the hours either side of the spring change use their own offsets", () => {
    expect(romeToUtcMs("2026-03-29", "01:30")).toBe(utc("2026-03-29T00:30:00Z"));
    expect(romeToUtcMs("2026-03-29", "03:30")).toBe(utc("2026-03-29T01:30:00Z"));
  });

  test("a time skipped by the spring change moves forward by the missing hour", () => {
    // 02:30 never happens on 29 March 2026: read with the winter offset it is 03:30 summer time.
    expect(romeToUtcMs("2026-03-29", "02:30")).toBe(utc("2026-03-29T01:30:00Z"));
    expect(romeToUtcMs("2026-03-29", "02:00")).toBe(romeToUtcMs("2026-03-29", "03:00"));
  });

  test("a time repeated by the autumn change is its first, summer-time occurrence", () => {
    expect(romeToUtcMs("2026-10-25", "02:30")).toBe(utc("2026-10-25T00:30:00Z"));
    expect(romeToUtcMs("2026-10-25", "02:00")).toBe(utc("2026-10-25T00:00:00Z"));
  });

  test("the hours either side of the autumn change use their own offsets", () => {
    expect(romeToUtcMs("2026-10-25", "01:30")).toBe(utc("2026-10-24T23:30:00Z"));
    expect(romeToUtcMs("2026-10-25", "03:00")).toBe(utc("2026-10-25T02:00:00Z"));
  });

  test("the same wall time gives the same instant every time it is asked", () => {
    const first = romeToUtcMs("2026-10-25", "02:15");
    for (let i = 0; i < 5; i++) expect(romeToUtcMs("2026-10-25", "02:15")).toBe(first);
  });

  test("a consultation across the autumn change lasts its real length", () => {
    const start = romeToUtcMs("2026-10-25", "01:30");
    const end = romeToUtcMs("2026-10-25", "03:00");
    expect(end - start).toBe(150 * 60_000);
  });

  test("malformed or impossible dates and times are refused as invalid input", () => {
    for (const [date, time] of [
      ["2026-02-30", "10:00"],
      ["2026-13-01", "10:00"],
      ["26-01-01", "10:00"],
      ["2026-01-01", "24:00"],
      ["2026-01-01", "9:00"],
      ["2026-01-01", "10:60"],
    ]) {
      let error: unknown;
      try {
        romeToUtcMs(date, time);
      } catch (e) {
        error = e;
      }
      expect(error, `${date} ${time}`).toBeInstanceOf(ConvexError);
      expect((error as ConvexError<{ code: string }>).data.code).toBe("INVALID_INPUT");
    }
  });
});

describe("utcMsToRome", () => {
  test("an instant reads as Rome's wall-clock date, time and weekday", () => {
    expect(utcMsToRome(utc("2026-01-15T13:30:00Z"))).toEqual({
      date: "2026-01-15",
      time: "14:30",
      weekday: "thursday",
    });
  });

  test("a late UTC evening is already the next day in Rome", () => {
    expect(utcMsToRome(utc("2026-07-31T22:30:00Z"))).toEqual({
      date: "2026-08-01",
      time: "00:30",
      weekday: "saturday",
    });
  });

  test("both instants of the repeated autumn hour read as the same wall time", () => {
    expect(utcMsToRome(utc("2026-10-25T00:30:00Z")).time).toBe("02:30");
    expect(utcMsToRome(utc("2026-10-25T01:30:00Z")).time).toBe("02:30");
  });

  test("converting a Rome time to UTC and back gives it back", () => {
    for (const [date, time] of [
      ["2026-03-28", "09:00"],
      ["2026-03-29", "03:00"],
      ["2026-10-25", "02:30"],
      ["2026-12-31", "23:30"],
    ]) {
      expect(utcMsToRome(romeToUtcMs(date, time))).toMatchObject({
        date,
        time,
      });
    }
  });
});

describe("weekdayOf", () => {
  test("names the weekday of a date, weeks starting on Monday", () => {
    expect(weekdayOf("2026-03-23")).toBe("monday");
    expect(weekdayOf("2026-03-29")).toBe("sunday");
    expect(weekdayOf("2026-10-25")).toBe("sunday");
    expect(weekdayOf("2024-02-29")).toBe("thursday");
    expect(weekdayOf("2026-01-03")).toBe("saturday");
  });
});

describe("dates and times as the browser checks them", () => {
  test("the Rome date of an instant, across midnight and the clock changes", () => {
    expect(romeDateOf(Date.UTC(2026, 10, 24, 23, 30))).toBe("2026-11-25");
    expect(romeDateOf(Date.UTC(2026, 6, 24, 21, 59))).toBe("2026-07-24");
    expect(romeDateOf(Date.UTC(2026, 6, 24, 22, 0))).toBe("2026-07-25");
  });

  test("a real calendar date and a 24-hour time, without throwing", () => {
    expect(isCalendarDate("2026-02-28")).toBe(true);
    expect(isCalendarDate("2026-02-30")).toBe(false);
    expect(isCalendarDate("2026-2-28")).toBe(false);
    expect(isClockTime("23:59")).toBe(true);
    expect(isClockTime("24:00")).toBe(false);
    expect(isClockTime("9:30")).toBe(false);
  });
});

describe("a Rome month's bounds", () => {
  test("run from its first midnight in Rome to the next month's, across the year's end and the clock changes", () => {
    expect(romeMonthBounds("2026-11")).toEqual({ from: Date.UTC(2026, 9, 31, 23), to: Date.UTC(2026, 10, 30, 23) });
    expect(romeMonthBounds("2026-12").to).toBe(Date.UTC(2026, 11, 31, 23));
    // March: winter time at its start, summer time at the next month's.
    expect(romeMonthBounds("2026-03")).toEqual({ from: Date.UTC(2026, 1, 28, 23), to: Date.UTC(2026, 2, 31, 22) });
  });
});
