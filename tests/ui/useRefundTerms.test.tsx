import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useRefundTerms } from "@/features/booking/useRefundTerms";

const DAY_MS = 24 * 3_600_000;

describe("the booking page's live refund terms", () => {
  afterEach(() => vi.useRealTimers());

  it("stay still for a time chosen months ahead (no timer past what a browser can hold, no render loop)", () => {
    vi.useFakeTimers();
    const now = Date.now();
    const startsAt = now + 84 * DAY_MS;
    let renders = 0;
    renderHook(() => {
      renders++;
      return useRefundTerms(startsAt, 3500, now);
    });
    const after = renders;
    act(() => vi.advanceTimersByTime(1_000));
    expect(renders).toBe(after);
  });

  it("turn to the half refund at the 24-hour edge while the page is open", () => {
    vi.useFakeTimers();
    const now = Date.now();
    const startsAt = now + DAY_MS + 60_000;
    const { result } = renderHook(() => useRefundTerms(startsAt, 3500, now));
    expect(result.current?.window).toBe("full");
    act(() => vi.advanceTimersByTime(61_000));
    expect(result.current?.window).toBe("half");
  });
});
