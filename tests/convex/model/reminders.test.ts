// The reminders: 24 hours and 15 minutes before the start, one already due skipped.
import { describe, expect, it } from "vitest";
import { reminderTimes } from "../../../convex/model/reminders";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const START = Date.UTC(2026, 10, 25, 9, 0);

describe("the reminders", () => {
  it("reminders are due 24 hours and 15 minutes before; one already due is skipped", () => {
    expect(reminderTimes(START, START - 3 * 24 * HOUR)).toEqual([
      { kind: "24h", at: START - 24 * HOUR },
      { kind: "15m", at: START - 15 * MINUTE },
    ]);
    expect(reminderTimes(START, START - 24 * HOUR)).toEqual([{ kind: "15m", at: START - 15 * MINUTE }]);
    expect(reminderTimes(START, START - 10 * MINUTE)).toEqual([]);
  });
});
