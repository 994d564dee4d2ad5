// The one ledger's definitions (convex/model/ledger.ts): which month a share counts in, what it credits,
// a psychic's month, and each paid booking's part of the admin's books.
import { describe, expect, it } from "vitest";
import { romeToUtcMs } from "../../../convex/framework/time";
import {
  addBooks,
  bookingBooks,
  creditedCents,
  differenceOf,
  FIGURE_DEFINITIONS,
  keptCentsOf,
  noBooks,
  psychicMonth,
  shareMonth,
  upcomingCents,
  type LedgerShare,
} from "../../../convex/model/ledger";

const share = (fields: Partial<LedgerShare> = {}): LedgerShare => ({
  reason: "consultation",
  grossCents: 5000,
  commissionCents: 750,
  amountCents: 4250,
  state: "transferred",
  dueAt: romeToUtcMs("2026-11-12", "10:30"),
  ...fields,
});

describe("a share's month", () => {
  it("is the Rome month it was credited (its due time): a consultation ending after midnight on the last day counts in the next month", () => {
    expect(shareMonth(share({ dueAt: romeToUtcMs("2026-11-30", "23:59") }))).toBe("2026-11");
    expect(shareMonth(share({ dueAt: romeToUtcMs("2026-12-01", "00:00") }))).toBe("2026-12");
    expect(shareMonth(share({ dueAt: romeToUtcMs("2026-12-01", "00:15") }))).toBe("2026-12");
    // 23:30 in Rome on 31 October is still October, though it is 22:30 UTC.
    expect(shareMonth(share({ dueAt: romeToUtcMs("2026-10-31", "23:30") }))).toBe("2026-10");
  });
});

describe("what a share credits", () => {
  it("is the share less what was taken back, whatever its transfer's state; a withheld one credits nothing", () => {
    expect(creditedCents(share())).toBe(4250);
    expect(creditedCents(share({ reversedCents: 2125 }))).toBe(2125);
    expect(creditedCents(share({ state: "awaiting_onboarding" }))).toBe(4250);
    expect(creditedCents(share({ state: "withheld", grossCents: 0, commissionCents: 0, amountCents: 0 }))).toBe(0);
  });
});

describe("a psychic's month", () => {
  it("adds held consultations and cancellation shares of that month, net of the commission and of reversals", () => {
    const shares = [
      share(),
      share({ reason: "cancellation", grossCents: 2500, commissionCents: 375, amountCents: 2125, state: "scheduled" }),
      // A refund at Stripe after the transfer: 2500 of 5000 back, half the share reversed; gross and commission follow.
      share({ grossCents: 2500, commissionCents: 375, amountCents: 4250, reversedCents: 2125 }),
      share({ dueAt: romeToUtcMs("2026-12-01", "00:30") }),
    ];
    expect(psychicMonth("2026-11", shares)).toEqual({
      month: "2026-11",
      earnedCents: 4250 + 2125 + 2125,
      consultationsCents: 4250 + 2125,
      cancellationsCents: 2125,
      grossCents: 10000,
      commissionCents: 1500,
      reversedCents: 2125,
      shares: 3,
    });
    // Gross less commission is what was earned: the statement's totals add up.
    const month = psychicMonth("2026-11", shares);
    expect(month.grossCents - month.commissionCents).toBe(month.earnedCents);
    expect(psychicMonth("2026-12", shares).earnedCents).toBe(4250);
    expect(psychicMonth("2026-10", shares).shares).toBe(0);
  });

  it("keeps consultations to come apart ('in arrivo'): confirmed ones only, net of the commission", () => {
    expect(
      upcomingCents([
        { status: "confirmed", priceCents: 5000 },
        { status: "confirmed", priceCents: 7000 },
        { status: "completed", priceCents: 5000 },
        { status: "cancelled", priceCents: 5000, refundCents: 5000 },
      ]),
    ).toBe(4250 + 5950);
  });
});

describe("a paid booking's books", () => {
  it("a consultation given: paid, transferred and the commission balance", () => {
    const books = bookingBooks({ status: "completed", priceCents: 5000 }, share(), []);
    expect(books).toMatchObject({ paidCents: 5000, refundedCents: 0, transferredCents: 4250, owedCents: 0, commissionCents: 750 });
    expect(differenceOf(books)).toBe(0);
    expect(keptCentsOf(books)).toBe(5000);
  });

  it("counts as refunded only a refund Stripe confirmed; one in progress or refused is shown apart, still balanced", () => {
    const cancelled = { status: "cancelled", priceCents: 6000, refundCents: 6000 };
    const succeeded = bookingBooks({ ...cancelled, refundStatus: "succeeded" }, null, []);
    const pending = bookingBooks({ ...cancelled, refundStatus: "pending" }, null, []);
    const failed = bookingBooks({ ...cancelled, refundStatus: "failed" }, null, []);
    expect(succeeded).toMatchObject({ refundedCents: 6000, refundPendingCents: 0, refundFailedCents: 0, commissionCents: 0 });
    expect(pending).toMatchObject({ refundedCents: 0, refundPendingCents: 6000, refundFailedCents: 0, commissionCents: 0 });
    expect(failed).toMatchObject({ refundedCents: 0, refundPendingCents: 0, refundFailedCents: 6000, commissionCents: 0 });
    for (const books of [succeeded, pending, failed]) expect(differenceOf(books)).toBe(0);
  });

  it("a late cancellation: half refunded, the psychic's share and the commission of the half kept", () => {
    const books = bookingBooks(
      { status: "cancelled", priceCents: 5000, refundCents: 2500, refundStatus: "succeeded" },
      { state: "scheduled", amountCents: 2125 },
      [],
    );
    expect(books).toMatchObject({ refundedCents: 2500, owedCents: 2125, commissionCents: 375 });
    expect(differenceOf(books)).toBe(0);
  });

  it("a confirmed consultation to come owes its share; a late payment refunded whole is paid what went back", () => {
    expect(bookingBooks({ status: "confirmed", priceCents: 5000 }, null, [])).toMatchObject({ owedCents: 4250, commissionCents: 750 });
    const late = bookingBooks({ status: "cancelled", priceCents: 5000, cancelReason: "late_payment", refundCents: 4800, refundStatus: "succeeded" }, null, []);
    expect(late).toMatchObject({ paidCents: 4800, refundedCents: 4800, commissionCents: 0 });
    expect(differenceOf(late)).toBe(0);
  });

  it("a refund at Stripe after the transfer: the reversal made comes off what went to the psychic", () => {
    const books = bookingBooks(
      { status: "completed", priceCents: 5000, refundCents: 2500, refundStatus: "succeeded" },
      { state: "transferred", amountCents: 4250 },
      [{ state: "reversed", amountCents: 2125 }],
    );
    expect(books).toMatchObject({ transferredCents: 4250, reversedCents: 2125, commissionCents: 375 });
    expect(differenceOf(books)).toBe(0);
  });

  it("books add up and come apart field by field", () => {
    const a = bookingBooks({ status: "confirmed", priceCents: 5000 }, null, []);
    const b = bookingBooks({ status: "cancelled", priceCents: 6000, refundCents: 6000, refundStatus: "failed" }, null, []);
    const both = addBooks(a, b);
    expect(both).toMatchObject({ paidCents: 11000, refundFailedCents: 6000, owedCents: 4250 });
    expect(addBooks(both, b, -1)).toEqual(a);
    expect(addBooks(noBooks(), noBooks())).toEqual(noBooks());
  });
});

describe("the definitions shown beside the figures", () => {
  it("say each figure in Italian, one line each", () => {
    for (const line of Object.values(FIGURE_DEFINITIONS)) expect(line).toMatch(/^[A-Z0-9].+\.$/);
    expect(FIGURE_DEFINITIONS.commission).toContain("15 %");
  });
});
