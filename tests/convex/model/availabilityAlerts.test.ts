// The pure rules of 'Avvisami': which days a booking's change frees, when a wish is over, the calendar
// a wish for any day looks at, and the link of a notice.
import { describe, expect, it } from "vitest";
import { romeToUtcMs } from "../../../convex/framework/time";
import { weekFrom } from "../../../convex/demo/data";
import { bookableDates, bookingDayPath, freedDates, isAlertOver, worksOn } from "../../../convex/model/availabilityAlerts";

const startsAt = romeToUtcMs("2026-12-07", "09:00");
const base = { startsAt, endsAt: startsAt + 30 * 60_000 };
const now = romeToUtcMs("2026-12-01", "12:00");

describe("freedDates", () => {
  it("a cancelled, released or lapsed booking frees its day", () => {
    expect(freedDates({ ...base, status: "confirmed" }, { ...base, status: "cancelled" }, now)).toEqual(["2026-12-07"]);
    const hold = { ...base, status: "pending_payment" as const, holdExpiresAt: now - 1 };
    expect(freedDates(hold, { ...base, status: "expired" }, now)).toEqual(["2026-12-07"]);
  });

  it("a moved booking frees its old day; a paid hold or a completed consultation frees nothing", () => {
    const moved = { startsAt: base.startsAt + 86_400_000, endsAt: base.endsAt + 86_400_000, status: "confirmed" as const };
    expect(freedDates({ ...base, status: "confirmed" }, moved, now)).toEqual(["2026-12-07"]);
    const hold = { ...base, status: "pending_payment" as const, holdExpiresAt: now + 60_000 };
    expect(freedDates(hold, { ...base, status: "confirmed" }, now)).toEqual([]);
    expect(freedDates({ ...base, status: "completed" }, { ...base, status: "completed" }, now)).toEqual([]);
  });

  it("a consultation across midnight frees both days", () => {
    const late = romeToUtcMs("2026-12-07", "23:30");
    expect(
      freedDates(
        { startsAt: late, endsAt: late + 60 * 60_000, status: "confirmed" },
        { startsAt: late, endsAt: late + 60 * 60_000, status: "cancelled" },
        now,
      ),
    ).toEqual(["2026-12-07", "2026-12-08"]);
  });
});

describe("wishes", () => {
  it("a day's wish is over once the day is over in Rome; a wish for any day never is", () => {
    expect(isAlertOver({ date: "2026-12-01" }, now)).toBe(false);
    expect(isAlertOver({ date: "2026-11-30" }, now)).toBe(true);
    expect(isAlertOver({}, now + 365 * 86_400_000)).toBe(false);
  });

  it("any day means today to the end of the calendar's last month", () => {
    const dates = bookableDates(now);
    expect(dates[0]).toBe("2026-12-01");
    expect(dates.at(-1)).toBe("2027-05-31");
  });

  it("a notice links to the day on the booking page", () => {
    expect(bookingDayPath("p1", "2026-12-07", 30)).toBe("/psychics/p1/book?date=2026-12-07&duration=30");
  });
});

describe("worksOn", () => {
  it("a day with hours on its weekday is one the psychic works; a weekday switched off or without hours is not", () => {
    const week = weekFrom({ monday: ["09:00"], tuesday: [] });
    // 7 December 2026 is a Monday.
    expect(worksOn(week, "2026-12-07")).toBe(true);
    expect(worksOn(week, "2026-12-08")).toBe(false);
    expect(worksOn({ ...week, monday: { enabled: false, availableHours: ["09:00"] } }, "2026-12-07")).toBe(false);
  });
});
