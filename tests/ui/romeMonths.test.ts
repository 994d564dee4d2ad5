// The month pickers' months (lib/time/romeMonths.ts): the last twelve Rome months, the current one first, or the
// ones that have ended; each read in Italian.
import { describe, expect, it } from "vitest";
import { formatMonth, lastRomeMonths } from "@/lib/time/romeMonths";

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

  it("start from the month just ended when only ended months count (the commission invoices)", () => {
    expect(lastRomeMonths(Date.UTC(2026, 0, 10, 12, 0), 2, { ended: true })).toEqual(["2025-12", "2025-11"]);
  });

  it("read as Italian months with their year", () => {
    expect(formatMonth("2026-11")).toBe("novembre 2026");
    expect(formatMonth("2027-01")).toBe("gennaio 2027");
  });
});
