// Who gets what back, by why a paid consultation is cancelled (docs/product-rules.md, "Payments and refunds",
// "Accounts"): the client's windows for the client's own cancellation and deletion, everything otherwise.
import { describe, expect, it } from "vitest";
import { FULL_REFUND_NOTICE_MS, HALF_REFUND_NOTICE_MS } from "../../../convex/model/bookingChanges";
import {
  cancellationRefundCents,
  deletionCancels,
  deletionReason,
  deletionRefundCents,
} from "../../../convex/model/cancellationRefunds";

const MINUTE = 60_000;
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
