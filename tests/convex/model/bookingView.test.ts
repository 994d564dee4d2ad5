// A booking's state as each person sees it (convex/model/bookingView.ts): by the clock for a paid one,
// by its hold for an unpaid one, the payment pages' paid-or-not, and the refund as the client reads it.
import { describe, expect, it } from "vitest";
import {
  clientBookingState,
  clientRefundState,
  paymentState,
  psychicBookingState,
  recordedBookingState,
  refundState,
} from "../../../convex/model/bookingView";

const START = Date.UTC(2026, 10, 25, 9, 0);
const END = START + 30 * 60_000;
const paid = { status: "confirmed" as const, startsAt: START, endsAt: END };

describe("a paid consultation by the clock", () => {
  it("is upcoming before its start, live inside its window (the start included), over at its end", () => {
    expect(clientBookingState(paid, START - 1)).toBe("upcoming");
    expect(clientBookingState(paid, START)).toBe("live");
    expect(clientBookingState(paid, END - 1)).toBe("live");
    expect(clientBookingState(paid, END)).toBe("completed");
  });

  it("waits for the psychic's word once over; for the client it is simply over", () => {
    expect(psychicBookingState(paid, END)).toBe("awaiting_outcome");
    expect(clientBookingState(paid, END)).toBe("completed");
    expect(psychicBookingState(paid, START)).toBe("live");
  });

  it("how it ended stays, whatever the clock", () => {
    for (const status of ["completed", "no_show", "cancelled"] as const) {
      expect(clientBookingState({ ...paid, status }, START - 1)).toBe(status);
      expect(psychicBookingState({ ...paid, status }, END + 1)).toBe(status);
    }
  });
});

describe("an unpaid booking", () => {
  it("awaits payment while its hold runs, and has lapsed once it is over or released", () => {
    const held = { ...paid, status: "pending_payment" as const, holdExpiresAt: START - 60_000 };
    expect(clientBookingState(held, START - 60_001)).toBe("awaiting_payment");
    expect(clientBookingState(held, START - 60_000)).toBe("payment_lapsed");
    expect(clientBookingState({ ...paid, status: "expired" }, 0)).toBe("payment_lapsed");
  });

  it("without a clock, a hold still recorded is still held", () => {
    expect(recordedBookingState("pending_payment")).toBe("awaiting_payment");
    expect(recordedBookingState("expired")).toBe("payment_lapsed");
    expect(recordedBookingState("confirmed")).toBe("confirmed");
  });
});

describe("the payment pages", () => {
  it("paid is paid whatever happened after; a late payment shows as cancelled", () => {
    expect(["confirmed", "completed", "no_show"].map((status) => paymentState(status as "confirmed"))).toEqual([
      "confirmed",
      "confirmed",
      "confirmed",
    ]);
    expect(paymentState("pending_payment")).toBe("awaiting_payment");
    expect(paymentState("expired")).toBe("payment_lapsed");
    expect(paymentState("cancelled")).toBe("cancelled");
  });
});

describe("the refund", () => {
  it("as recorded for the admin, failed included", () => {
    expect(refundState(undefined)).toBeNull();
    expect(refundState("pending")).toBe("refund_pending");
    expect(refundState("failed")).toBe("refund_failed");
    expect(refundState("succeeded")).toBe("refunded");
  });

  it("for the client as for the admin (a failed one reads as failed), and their own late cancellation refunds nothing", () => {
    expect(clientRefundState({ status: "cancelled", refundStatus: "pending" })).toBe("refund_pending");
    expect(clientRefundState({ status: "cancelled", refundStatus: "succeeded" })).toBe("refunded");
    expect(clientRefundState({ status: "cancelled", refundStatus: "failed" })).toBe("refund_failed");
    expect(clientRefundState({ status: "cancelled", cancelledBy: "client" })).toBe("not_refunded");
    expect(clientRefundState({ status: "cancelled", cancelledBy: "system" })).toBeNull();
    expect(clientRefundState({ status: "confirmed", refundStatus: "pending" })).toBeNull();
  });
});
