// The retention lines (convex/model/retention.ts): calendar months back from now, as the privacy page counts them.
import { describe, expect, it } from "vitest";
import { forgetBefore, NOTES_AND_CALLS_MONTHS, SUPPORT_MESSAGES_MONTHS, TECHNICAL_MONTHS } from "../../../convex/model/retention";

describe("forgetBefore", () => {
  it("goes back whole calendar months, a short month's end kept", () => {
    expect(new Date(forgetBefore(Date.UTC(2026, 10, 27, 2, 23), 24)).toISOString()).toBe("2024-11-27T02:23:00.000Z");
    expect(new Date(forgetBefore(Date.UTC(2026, 2, 31, 12), 1)).toISOString()).toBe("2026-02-28T12:00:00.000Z");
  });

  it("matches the privacy page: 24 months for notes, calls and support messages, 12 for technical records", () => {
    expect([NOTES_AND_CALLS_MONTHS, SUPPORT_MESSAGES_MONTHS, TECHNICAL_MONTHS]).toEqual([24, 24, 12]);
  });
});
