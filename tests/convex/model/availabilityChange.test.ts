import { describe, expect, it } from "vitest";
import { bookingsOutsideHours } from "../../../convex/model/availabilityChange";
import { defaultAvailability } from "../../../convex/model/profileRules";

// Monday's default hours: 09:00–12:00 and 14:00–17:00. 2026-12-07 is a Monday.
const booking = (time: string, durationMinutes = 30, date = "2026-12-07") => ({ scheduledDate: date, scheduledTime: time, durationMinutes });

describe("bookings outside new hours", () => {
  it("a consultation is inside when every half hour it covers is open that day, as for a new booking", () => {
    const hours = defaultAvailability();
    const inside = [booking("09:00"), booking("11:30"), booking("11:00", 60), booking("16:30", 15)];
    const outside = [booking("12:00"), booking("11:30", 60), booking("17:00"), booking("10:00", 30, "2026-12-08")];
    expect(bookingsOutsideHours([...inside, ...outside], hours)).toEqual(outside);
  });

  it("a day switched off leaves all its consultations out, whatever hours it keeps", () => {
    const hours = defaultAvailability();
    hours.monday.enabled = false;
    hours.tuesday = { enabled: true, availableHours: ["09:00"] };
    expect(bookingsOutsideHours([booking("09:00")], hours)).toEqual([booking("09:00")]);
  });
});
