// The statement's months: the last twelve Rome months, the current one first.
import { describe, expect, it } from "vitest";
import { lastRomeMonths } from "@/features/psychic/earnings/statementMonths";

describe("the statement's months", () => {
  it("are the last twelve, newest first, across the year's turn", () => {
    const months = lastRomeMonths(Date.UTC(2026, 1, 10, 12, 0));
    expect(months).toHaveLength(12);
    expect(months.slice(0, 3)).toEqual(["2026-02", "2026-01", "2025-12"]);
    expect(months.at(-1)).toBe("2025-03");
  });

  it("follow Rome's calendar: half past midnight on 1 November in Rome is already November", () => {
    expect(lastRomeMonths(Date.UTC(2026, 9, 31, 23, 30), 2)).toEqual(["2026-11", "2026-10"]);
    expect(lastRomeMonths(Date.UTC(2026, 9, 31, 22, 59), 1)).toEqual(["2026-10"]);
  });
});
