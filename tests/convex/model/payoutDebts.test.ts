// What a psychic owes back after the weekly payout (convex/model/payoutDebts.ts).
import { describe, expect, it } from "vitest";
import { debtAfter, owedCentsOf } from "../../../convex/model/payoutDebts";

describe("a reversal's debt", () => {
  it("is owed once Stripe refused it and until Stripe makes it", () => {
    expect(owedCentsOf(null)).toBe(0);
    expect(owedCentsOf({ state: "pending", amountCents: 4250 })).toBe(0);
    expect(owedCentsOf({ state: "pending", amountCents: 4250, lastError: "balance_insufficient" })).toBe(4250);
    expect(owedCentsOf({ state: "failed", amountCents: 4250, lastError: "balance_insufficient" })).toBe(4250);
    expect(owedCentsOf({ state: "reversed", amountCents: 4250, lastError: "balance_insufficient" })).toBe(0);
  });
});

describe("a psychic's debt", () => {
  it("adds reversals owed, keeps the first date, and goes when nothing is owed", () => {
    const first = debtAfter(null, "r1", 0, 4250, 1000);
    expect(first).toEqual({ owedCents: 4250, since: 1000, reversalIds: ["r1"] });
    const second = debtAfter(first, "r2", 0, 1000, 2000);
    expect(second).toEqual({ owedCents: 5250, since: 1000, reversalIds: ["r1", "r2"] });
    // The same reversal changing again counts once.
    expect(debtAfter(second, "r2", 1000, 1000, 3000)).toEqual(second);
    const paidOne = debtAfter(second, "r1", 4250, 0, 4000);
    expect(paidOne).toEqual({ owedCents: 1000, since: 1000, reversalIds: ["r2"] });
    expect(debtAfter(paidOne, "r2", 1000, 0, 5000)).toBeNull();
    expect(debtAfter(null, "r3", 0, 0, 6000)).toBeNull();
  });
});
