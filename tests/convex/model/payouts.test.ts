// The psychics' shares and their Connect accounts, as plain rules (convex/model/payouts.ts).
import { describe, expect, it } from "vitest";
import { refundCentsFor } from "../../../convex/model/cancellationRefunds";
import {
  COMMISSION_VAT_PERCENT,
  isStatementMonth,
  nextPayoutDate,
  payoutStateOf,
  reversalFor,
  shareOf,
  transferGroupOf,
  vatIncludedIn,
} from "../../../convex/model/payouts";
import { OFFERED_DURATIONS, PRICE_MAX_CENTS, PRICE_MIN_CENTS, PRICE_STEP_CENTS } from "../../../convex/model/profileRules";

const prices = Array.from(
  { length: (PRICE_MAX_CENTS - PRICE_MIN_CENTS) / PRICE_STEP_CENTS + 1 },
  (_, index) => PRICE_MIN_CENTS + index * PRICE_STEP_CENTS,
);

describe("the psychic's share", () => {
  it("is the gross less 15 % in whole cents, commission and share adding up to the gross, for every price the product offers", () => {
    expect(OFFERED_DURATIONS).toHaveLength(4); // each duration is priced on the same grid
    for (const gross of prices) {
      const { commissionCents, amountCents } = shareOf(gross);
      expect(commissionCents + amountCents).toBe(gross);
      expect(commissionCents).toBe(Math.round(gross * 0.15));
      expect(Number.isInteger(amountCents)).toBe(true);
    }
    expect(shareOf(5000)).toEqual({ grossCents: 5000, commissionCents: 750, amountCents: 4250 });
  });

  it("on what a cancellation 24 h–2 h before keeps (half, the odd cent refunded), split the same way", () => {
    for (const price of [...prices, 1005, 999]) {
      const kept = price - refundCentsFor("half", price);
      const { commissionCents, amountCents } = shareOf(kept);
      expect(commissionCents + amountCents).toBe(kept);
      expect(kept).toBe(Math.floor(price / 2));
    }
    expect(shareOf(5000 - refundCentsFor("half", 5000))).toEqual({ grossCents: 2500, commissionCents: 375, amountCents: 2125 });
    // Half-cent commissions round half up: 15 % of 1 010 is 151.5.
    expect(shareOf(1010)).toEqual({ grossCents: 1010, commissionCents: 152, amountCents: 858 });
  });

  it("moves under the booking's own transfer group", () => {
    expect(transferGroupOf("abc123")).toBe("booking_abc123");
  });
});

describe("a Connect account's state", () => {
  const facts = {
    detailsSubmitted: false,
    payoutsEnabled: false,
    transfersActive: false,
    currentlyDue: ["external_account"],
    pendingVerification: [],
  };

  it("not started until the psychic submitted anything; requirements due while Stripe asks; then checking; then enabled", () => {
    expect(payoutStateOf(facts)).toBe("not_started");
    expect(payoutStateOf({ ...facts, detailsSubmitted: true, currentlyDue: ["individual.verification.document"] })).toBe("requirements_due");
    expect(payoutStateOf({ ...facts, detailsSubmitted: true, currentlyDue: [], pendingVerification: ["individual.id_number"] })).toBe(
      "pending_verification",
    );
    expect(payoutStateOf({ ...facts, detailsSubmitted: true, payoutsEnabled: true, transfersActive: true, currentlyDue: [] })).toBe("enabled");
  });

  it("is enabled only when it can both take transfers and pay out", () => {
    expect(payoutStateOf({ ...facts, detailsSubmitted: true, payoutsEnabled: true, currentlyDue: [] })).toBe("pending_verification");
    expect(payoutStateOf({ ...facts, detailsSubmitted: true, transfersActive: true, currentlyDue: [] })).toBe("pending_verification");
  });
});

describe("the monthly statement", () => {
  it("states the 22 % IVA the commission includes, to the cent", () => {
    expect(COMMISSION_VAT_PERCENT).toBe(22);
    expect(vatIncludedIn(1800)).toBe(325);
    expect(vatIncludedIn(750)).toBe(135);
    expect(vatIncludedIn(0)).toBe(0);
    for (const gross of prices) {
      const { commissionCents } = shareOf(gross);
      expect(vatIncludedIn(commissionCents)).toBeLessThan(commissionCents);
    }
  });

  it("is for a month written YYYY-MM", () => {
    expect(isStatementMonth("2026-11")).toBe(true);
    for (const month of ["2026-13", "2026-00", "2026-1", "26-11", "2026-11-01", ""]) expect(isStatementMonth(month)).toBe(false);
  });
});

describe("money taken back from a transfer", () => {
  it("leaves the psychic exactly the share of what the platform still keeps, never more than is left", () => {
    expect(reversalFor({ grossCents: 5000, amountCents: 4250 }, 2000)).toBe(1700);
    expect(reversalFor({ grossCents: 5000, amountCents: 4250 }, 5000)).toBe(4250);
    // After 2 000 came back the share stands on 3 000: the rest of it goes with the rest of the gross.
    expect(reversalFor({ grossCents: 3000, amountCents: 4250, reversedCents: 1700 }, 3000)).toBe(2550);
    expect(reversalFor({ grossCents: 0, amountCents: 4250, reversedCents: 4250 }, 100)).toBe(0);
    expect(reversalFor({ grossCents: 5000, amountCents: 4250 }, 0)).toBe(0);
    // A proportion would round to 1 here and leave 857, one cent off the share of 1 009 (858).
    expect(reversalFor({ grossCents: 1010, amountCents: 858 }, 1)).toBe(0);
    for (let gross = 1000; gross <= 20000; gross += 500) {
      for (const taken of [1, 333, gross / 2, gross - 1, gross]) {
        const amount = shareOf(gross).amountCents;
        expect(amount - reversalFor({ grossCents: gross, amountCents: amount }, taken)).toBe(shareOf(gross - taken).amountCents);
      }
    }
  });
});

describe("the next payout's date ('Guadagni')", () => {
  it("is the first Monday after today in Rome, a week on when today is Monday (its payout was made)", () => {
    // Saturday 28 November 2026, 15:00 in Rome → Monday 30.
    expect(nextPayoutDate(Date.UTC(2026, 10, 28, 14, 0))).toBe("2026-11-30");
    // Sunday 29 November, 23:30 in Rome (22:30 UTC) → the next day.
    expect(nextPayoutDate(Date.UTC(2026, 10, 29, 22, 30))).toBe("2026-11-30");
    // Sunday 29 November 23:30 UTC is already Monday 30 in Rome → 7 December.
    expect(nextPayoutDate(Date.UTC(2026, 10, 29, 23, 30))).toBe("2026-12-07");
    // Across a month and a year.
    expect(nextPayoutDate(Date.UTC(2026, 11, 31, 12, 0))).toBe("2027-01-04");
  });
});
