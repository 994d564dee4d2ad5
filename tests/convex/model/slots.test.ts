// The slot engine, as plain functions: schedules, durations, notice, holds and bookings, DST days.
import { describe, expect, it } from "vitest";
import { weekFrom } from "../../../convex/demo/data";
import {
  BOOKING_MONTHS_AHEAD,
  consultationInterval,
  dayWindow,
  FALLBACK_SLOTS,
  freeStarts,
  lastBookableDate,
  offeredStarts,
  whyNotFree,
  type Interval,
} from "../../../convex/model/slots";
import { romeToUtcMs } from "../../../convex/framework/time";

const HOUR_MS = 3_600_000;
// Monday 23 November 2026, 08:00 in Rome (winter time, UTC+1).
const MONDAY = "2026-11-23";
const MONDAY_8AM = romeToUtcMs(MONDAY, "08:00");
const booked = (date: string, time: string, minutes: number): Interval => consultationInterval(date, time, minutes);

describe("offered start times", () => {
  const morning = weekFrom({ monday: ["09:00", "09:30", "10:00", "10:30"] });

  it("a 30-minute consultation may start at every open half hour", () => {
    expect(offeredStarts(morning, MONDAY, 30)).toEqual(["09:00", "09:30", "10:00", "10:30"]);
  });

  it("a 15-minute consultation starts on the grid too", () => {
    expect(offeredStarts(morning, MONDAY, 15)).toEqual(["09:00", "09:30", "10:00", "10:30"]);
  });

  it("45 and 60 minutes need every half hour they cover open, so they end inside the open hours", () => {
    expect(offeredStarts(morning, MONDAY, 45)).toEqual(["09:00", "09:30", "10:00"]);
    expect(offeredStarts(morning, MONDAY, 60)).toEqual(["09:00", "09:30", "10:00"]);
    const gap = weekFrom({ monday: ["09:00", "10:00", "10:30"] });
    expect(offeredStarts(gap, MONDAY, 60)).toEqual(["10:00"]);
    expect(offeredStarts(gap, MONDAY, 45)).toEqual(["10:00"]);
  });

  it("a day open until midnight ends there: no consultation runs into the next day", () => {
    const late = weekFrom({ monday: ["22:30", "23:00", "23:30"], tuesday: ["00:00", "00:30", "08:00"] });
    expect(offeredStarts(late, MONDAY, 30)).toEqual(["22:30", "23:00", "23:30"]);
    expect(offeredStarts(late, MONDAY, 15)).toEqual(["22:30", "23:00", "23:30"]);
    expect(offeredStarts(late, MONDAY, 60)).toEqual(["22:30", "23:00"]);
    expect(offeredStarts(late, MONDAY, 45)).toEqual(["22:30", "23:00"]);
  });

  it("a closed day offers nothing; a psychic with no availability at all gets the default slots", () => {
    expect(offeredStarts(morning, "2026-11-24", 30)).toEqual([]);
    expect(offeredStarts(weekFrom({}), "2026-11-24", 30)).toEqual([...FALLBACK_SLOTS]);
    expect(FALLBACK_SLOTS[0]).toBe("09:00");
    expect(FALLBACK_SLOTS.at(-1)).toBe("19:30");
    expect(FALLBACK_SLOTS).not.toContain("12:00");
    // 11:30 is the last morning start: a 60-minute one there would need 12:00, which is closed.
    expect(offeredStarts(weekFrom({}), "2026-11-24", 60)).not.toContain("11:30");
  });
});

describe("free start times", () => {
  const day = weekFrom({ monday: ["09:00", "09:30", "10:00", "10:30", "11:00"] });
  const question = { availability: day, date: MONDAY, durationMinutes: 30 as const, blocking: [], nowMs: MONDAY_8AM };

  it("need 60 minutes of notice", () => {
    expect(freeStarts({ ...question, nowMs: romeToUtcMs(MONDAY, "08:00") })).toContain("09:00");
    expect(freeStarts({ ...question, nowMs: romeToUtcMs(MONDAY, "08:01") })).not.toContain("09:00");
    expect(whyNotFree({ ...question, nowMs: romeToUtcMs(MONDAY, "08:31") }, "09:00")).toBe("SLOT_TOO_SOON");
    expect(freeStarts({ ...question, nowMs: romeToUtcMs(MONDAY, "23:00") })).toEqual([]);
  });

  it("overlapping a confirmed booking or a live hold is not free; the next half hour after it is", () => {
    const blocking = [booked(MONDAY, "09:30", 45)];
    expect(freeStarts({ ...question, blocking })).toEqual(["09:00", "10:30", "11:00"]);
    expect(whyNotFree({ ...question, blocking }, "10:00")).toBe("SLOT_TAKEN");
    // A 60-minute consultation at 09:00 would run into the 09:30 booking.
    expect(freeStarts({ ...question, durationMinutes: 60, blocking })).toEqual(["10:30"]);
  });

  it("a booking ending exactly at a start time leaves it free", () => {
    expect(freeStarts({ ...question, blocking: [booked(MONDAY, "09:00", 60)] })).toEqual(["10:00", "10:30", "11:00"]);
  });

  it("a 15-minute booking blocks the half hour it starts in, not the next", () => {
    expect(freeStarts({ ...question, blocking: [booked(MONDAY, "09:00", 15)] })).toEqual(["09:30", "10:00", "10:30", "11:00"]);
  });

  it("a time off the schedule is unavailable whatever else is true", () => {
    expect(whyNotFree(question, "12:00")).toBe("SLOT_UNAVAILABLE");
    expect(whyNotFree(question, "09:15")).toBe("SLOT_UNAVAILABLE");
    expect(whyNotFree({ ...question, durationMinutes: 60 }, "11:00")).toBe("SLOT_UNAVAILABLE");
    expect(whyNotFree(question, "10:00")).toBeNull();
  });

  it("another psychic's bookings are not passed in, so they never block", () => {
    expect(freeStarts(question)).toHaveLength(5);
  });
});

describe("the booking calendar's horizon", () => {
  const everyDay = weekFrom({
    monday: ["10:00"],
    tuesday: ["10:00"],
    wednesday: ["10:00"],
    thursday: ["10:00"],
    friday: ["10:00"],
    saturday: ["10:00"],
    sunday: ["10:00"],
  });

  it("ends with the fifth month after the current Rome month, as the calendar shows it", () => {
    expect(BOOKING_MONTHS_AHEAD).toBe(5);
    expect(lastBookableDate(MONDAY_8AM)).toBe("2027-04-30");
    expect(lastBookableDate(romeToUtcMs("2027-01-31", "23:30"))).toBe("2027-06-30");
    // 1 February 2027, 00:30 in Rome is still 31 January in UTC: the Rome month counts.
    expect(lastBookableDate(romeToUtcMs("2027-02-01", "00:30"))).toBe("2027-07-31");
  });

  it("the last day is bookable, the day after is not, and the year 2999 never is", () => {
    const question = { availability: everyDay, durationMinutes: 30 as const, blocking: [], nowMs: MONDAY_8AM };
    expect(whyNotFree({ ...question, date: "2027-04-30" }, "10:00")).toBeNull();
    expect(whyNotFree({ ...question, date: "2027-05-01" }, "10:00")).toBe("SLOT_TOO_FAR");
    expect(whyNotFree({ ...question, date: "2999-12-30" }, "10:00")).toBe("SLOT_TOO_FAR");
    expect(freeStarts({ ...question, date: "2027-05-01" })).toEqual([]);
    expect(freeStarts({ ...question, date: "2027-04-30" })).toEqual(["10:00"]);
  });
});

describe("the days the clocks change", () => {
  const night = ["01:00", "01:30", "02:00", "02:30", "03:00", "09:00"];

  it("29 March 2026: 02:00–02:59 does not exist and is not offered; 09:00 is summer time (UTC+2)", () => {
    const sunday = weekFrom({ sunday: night });
    expect(offeredStarts(sunday, "2026-03-29", 30)).toEqual(["01:00", "01:30", "03:00", "09:00"]);
    // 60 minutes from 01:30 jump the missing hour: 01:30–02:00 and 03:00–03:30 of real time.
    expect(offeredStarts(sunday, "2026-03-29", 60)).toEqual(["01:00", "01:30"]);
    expect(consultationInterval("2026-03-29", "09:00", 30).startsAt).toBe(Date.UTC(2026, 2, 29, 7));
    // Notice counts real time across the change: at 01:30 winter time, 03:00 summer time is 30 minutes away.
    const nowMs = romeToUtcMs("2026-03-29", "01:30");
    expect(whyNotFree({ availability: sunday, date: "2026-03-29", durationMinutes: 30, blocking: [], nowMs }, "03:00")).toBe("SLOT_TOO_SOON");
  });

  it("25 October 2026: 02:00–02:59 happens twice and is offered once, the first time; 09:00 is winter time", () => {
    const sunday = weekFrom({ sunday: night });
    expect(offeredStarts(sunday, "2026-10-25", 30)).toEqual(["01:00", "01:30", "02:00", "02:30", "03:00", "09:00"]);
    expect(consultationInterval("2026-10-25", "02:30", 30).startsAt).toBe(Date.UTC(2026, 9, 25, 0, 30));
    expect(consultationInterval("2026-10-25", "09:00", 30).startsAt).toBe(Date.UTC(2026, 9, 25, 8));
    // A booking at 02:30 (first occurrence) blocks 02:30 and nothing an hour later.
    const blocking = [booked("2026-10-25", "02:30", 30)];
    const free = freeStarts({ availability: sunday, date: "2026-10-25", durationMinutes: 30, blocking, nowMs: Date.UTC(2026, 9, 24) });
    expect(free).toEqual(["01:00", "01:30", "02:00", "03:00", "09:00"]);
  });

  it("28 March and 31 October 2027 follow the same rules", () => {
    const sunday = weekFrom({ sunday: night });
    expect(offeredStarts(sunday, "2027-03-28", 30)).toEqual(["01:00", "01:30", "03:00", "09:00"]);
    expect(consultationInterval("2027-03-28", "09:00", 30).startsAt).toBe(Date.UTC(2027, 2, 28, 7));
    expect(offeredStarts(sunday, "2027-10-31", 30)).toHaveLength(6);
    expect(consultationInterval("2027-10-31", "09:00", 30).startsAt).toBe(Date.UTC(2027, 9, 31, 8));
  });

  it("a day's window lasts 23 hours in March and 25 in October, plus the longest consultation before it", () => {
    const march = dayWindow("2026-03-29");
    const october = dayWindow("2026-10-25");
    expect(march.endsAt - march.startsAt).toBe(24 * HOUR_MS);
    expect(october.endsAt - october.startsAt).toBe(26 * HOUR_MS);
  });
});
