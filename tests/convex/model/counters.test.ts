// The platform figures' plain rules (convex/model/counters.ts, counterMetrics.ts): Rome months, the
// commission per payment, what a booking paid, and the counter of each account type and message status.
import { describe, expect, it } from "vitest";
import { accountMetric, commissionOf, counterKey, isPaidConsultation, messageMetric, paidAmount } from "../../../convex/model/counters";
import { romeMonthOf } from "../../../convex/framework/time";

const booking = { clientId: "u1", psychicUserId: "u2", startsAt: 0, priceCents: 3500 };

describe("the months of the figures", () => {
  it("are Rome's calendar months", () => {
    expect(romeMonthOf(Date.UTC(2026, 10, 30, 23, 30))).toBe("2026-12");
    expect(romeMonthOf(Date.UTC(2026, 11, 31, 22, 59))).toBe("2026-12");
    expect(romeMonthOf(Date.UTC(2026, 11, 31, 23, 0))).toBe("2027-01");
  });
});

describe("money", () => {
  it("the commission is 15 % of each payment, rounded per payment", () => {
    expect(commissionOf(3500)).toBe(525);
    expect(commissionOf(2999)).toBe(450);
    expect(commissionOf(0)).toBe(0);
  });

  it("a paid booking counts as a consultation unless it was a late payment, which goes back whole", () => {
    expect(isPaidConsultation({ ...booking, paidAt: 1 })).toBe(true);
    expect(isPaidConsultation(booking)).toBe(false);
    const late = { ...booking, paidAt: 1, cancelReason: "late_payment", refundCents: 3000 };
    expect(isPaidConsultation(late)).toBe(false);
    expect(paidAmount(late)).toBe(3000);
    expect(paidAmount({ ...booking, paidAt: 1, cancelReason: "client_cancelled", refundCents: 1750 })).toBe(3500);
  });
});

describe("the metrics", () => {
  it("each account type and message status has its counter", () => {
    expect(accountMetric).toEqual({ client: "clients", psychic: "psychics" });
    expect(Object.values(messageMetric)).toEqual(["unreadMessages", "readMessages", "repliedMessages"]);
    expect(counterKey("psychics", "2026-11")).toBe("psychics|2026-11");
  });
});
