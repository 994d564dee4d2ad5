// When a paid consultation may be cancelled and who gets what back (docs/product-rules.md, "Payments and refunds",
// "Accounts"): the client's refund windows at their edges, and the refund by why it is cancelled: the client's
// windows for the client's own cancellation and deletion, everything otherwise.
import { describe, expect, it } from "vitest";
import {
  cancellationRefundCents,
  cancellationRefusal,
  clientCancellationRefund,
  clientRefundWindow,
  deletionCancels,
  deletionReason,
  deletionRefundCents,
  FULL_REFUND_NOTICE_MS,
  HALF_REFUND_NOTICE_MS,
  refundCentsFor,
} from "../../../convex/model/cancellationRefunds";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const START = Date.UTC(2026, 10, 25, 9, 0);
const booking = (noticeMs: number) => ({ startsAt: noticeMs, endsAt: noticeMs + 30 * MINUTE, priceCents: 4501 });

describe("cancellationRefundCents", () => {
  it("a client's cancellation and a client's deletion follow the client's windows at that moment", () => {
    for (const reason of ["client_cancelled", "client_account_deleted"] as const) {
      expect(cancellationRefundCents(reason, booking(FULL_REFUND_NOTICE_MS), 0)).toBe(4501);
      expect(cancellationRefundCents(reason, booking(FULL_REFUND_NOTICE_MS - 1), 0)).toBe(2251);
      expect(cancellationRefundCents(reason, booking(HALF_REFUND_NOTICE_MS), 0)).toBe(2251);
      expect(cancellationRefundCents(reason, booking(HALF_REFUND_NOTICE_MS - 1), 0)).toBe(0);
    }
  });

  it("whatever the psychic or the platform causes refunds everything, however late", () => {
    for (const reason of ["psychic_cancelled", "psychic_account_deleted", "psychic_no_show", "late_payment"] as const) {
      for (const notice of [FULL_REFUND_NOTICE_MS, HALF_REFUND_NOTICE_MS - 1, -10 * MINUTE]) {
        expect(cancellationRefundCents(reason, booking(notice), 0)).toBe(4501);
      }
    }
  });
});

describe("an account's deletion", () => {
  it("a client's cancels what has not started, a psychic's also the consultation under way", () => {
    const underWay = { startsAt: -10 * MINUTE, endsAt: 20 * MINUTE };
    const ahead = { startsAt: MINUTE, endsAt: 31 * MINUTE };
    const over = { startsAt: -40 * MINUTE, endsAt: -10 * MINUTE };
    expect([deletionCancels("client", ahead, 0), deletionCancels("client", underWay, 0), deletionCancels("client", over, 0)]).toEqual([
      true,
      false,
      false,
    ]);
    expect([deletionCancels("psychic", ahead, 0), deletionCancels("psychic", underWay, 0), deletionCancels("psychic", over, 0)]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it("refunds as that side's reason does: 23 hours ahead, half for a client leaving, all for a psychic leaving", () => {
    const soon = booking(23 * 60 * MINUTE);
    expect(deletionReason("client")).toBe("client_account_deleted");
    expect(deletionReason("psychic")).toBe("psychic_account_deleted");
    expect(deletionRefundCents("client", soon, 0)).toBe(2251);
    expect(deletionRefundCents("psychic", soon, 0)).toBe(4501);
  });
});

describe("the client's refund window", () => {
  it("is full at exactly 24 hours before the start and earlier", () => {
    expect(clientRefundWindow(START, START - 24 * HOUR)).toBe("full");
    expect(clientRefundWindow(START, START - 30 * 24 * HOUR)).toBe("full");
  });

  it("is half from one millisecond under 24 hours down to exactly 2 hours", () => {
    expect(clientRefundWindow(START, START - 24 * HOUR + 1)).toBe("half");
    expect(clientRefundWindow(START, START - 2 * HOUR)).toBe("half");
  });

  it("is none under 2 hours", () => {
    expect(clientRefundWindow(START, START - 2 * HOUR + 1)).toBe("none");
    expect(clientRefundWindow(START, START - 1)).toBe("none");
  });

  it("gives back in whole cents: all, half (an odd cent in the client's favour), nothing", () => {
    expect(clientCancellationRefund({ startsAt: START, priceCents: 5000 }, START - 24 * HOUR)).toEqual({ window: "full", refundCents: 5000 });
    expect(clientCancellationRefund({ startsAt: START, priceCents: 5000 }, START - 2 * HOUR)).toEqual({ window: "half", refundCents: 2500 });
    expect(clientCancellationRefund({ startsAt: START, priceCents: 3501 }, START - 3 * HOUR)).toEqual({ window: "half", refundCents: 1751 });
    expect(clientCancellationRefund({ startsAt: START, priceCents: 5000 }, START - HOUR)).toEqual({ window: "none", refundCents: 0 });
  });

  it("is never negative nor more than was paid", () => {
    for (const window of ["full", "half", "none"] as const) {
      for (const paid of [0, 1, 2, 999, 5000, 20_000]) {
        const refund = refundCentsFor(window, paid);
        expect(Number.isInteger(refund)).toBe(true);
        expect(refund).toBeGreaterThanOrEqual(0);
        expect(refund).toBeLessThanOrEqual(paid);
      }
      expect(refundCentsFor(window, -100)).toBe(0);
    }
  });

  it("a booking can be cancelled only while confirmed and before its start", () => {
    const booking = { status: "confirmed" as const, startsAt: START };
    expect(cancellationRefusal(booking, START - 1)).toBeNull();
    expect(cancellationRefusal(booking, START)).toBe("CANCELLATION_NOT_ALLOWED");
    expect(cancellationRefusal({ ...booking, status: "cancelled" }, START - HOUR)).toBe("INVALID_STATE");
    expect(cancellationRefusal({ ...booking, status: "completed" }, START - HOUR)).toBe("INVALID_STATE");
  });
});
