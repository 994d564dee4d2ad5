// The product's Stripe request parameters as plain values (convex/model/stripeRequests.ts): exact cents, the
// booking tied to every object, the psychic's share in the booking's transfer group, the hold's end as expiry.
import { describe, expect, it } from "vitest";
import { transferGroupOf } from "../../../convex/model/payouts";
import {
  checkoutSessionParams,
  onboardingLinkParams,
  payoutAccountParams,
  refundParams,
  reversalParams,
  transferParams,
} from "../../../convex/model/stripeRequests";

const hold = {
  bookingId: "b123",
  priceCents: 3_500,
  holdExpiresAt: 1_790_000_000_999,
  description: "30 minuti con Selene",
  clientEmail: "giulia@esempio.it",
};

describe("the Checkout Session of a held booking", () => {
  it("charges the booking's exact price once, in euro, in Italian, and expires with the hold", () => {
    const params = checkoutSessionParams(hold, "https://arcano.it");
    expect(params).toMatchObject({
      mode: "payment",
      currency: "eur",
      locale: "it",
      client_reference_id: "b123",
      customer_email: "giulia@esempio.it",
    });
    expect(params.line_items).toEqual([
      {
        quantity: 1,
        price_data: { currency: "eur", unit_amount: 3_500, product_data: { name: "Consulto di cartomanzia", description: "30 minuti con Selene" } },
      },
    ]);
    // Stripe takes seconds; the hold's last fraction of a second does not round up past it.
    expect(params.expires_at).toBe(1_790_000_000);
    expect(params.payment_intent_data).toEqual({ metadata: { bookingId: "b123" }, transfer_group: transferGroupOf("b123") });
    expect(params.success_url).toBe("https://arcano.it/payment-success?session_id={CHECKOUT_SESSION_ID}");
    expect(params.cancel_url).toBe("https://arcano.it/payment-canceled?booking_id=b123");
  });

  it("leaves the email to Stripe's page when the client has none on file", () => {
    expect(checkoutSessionParams({ ...hold, clientEmail: null }, "https://arcano.it")).not.toHaveProperty("customer_email");
  });
});

describe("refunds, accounts, links, transfers and reversals", () => {
  it("name the booking and carry exact cents", () => {
    expect(refundParams("b1", "pi_1", 1_750)).toEqual({ payment_intent: "pi_1", amount: 1_750, metadata: { bookingId: "b1" } });
    expect(payoutAccountParams("u1")).toEqual({
      type: "express",
      country: "IT",
      business_type: "individual",
      capabilities: { transfers: { requested: true } },
      settings: { payouts: { schedule: { interval: "weekly", weekly_anchor: "monday" } } },
      metadata: { psychicUserId: "u1" },
    });
    expect(onboardingLinkParams("acct_1", "https://arcano.it/psychic/settings")).toEqual({
      account: "acct_1",
      type: "account_onboarding",
      return_url: "https://arcano.it/psychic/settings?pagamenti=fatto",
      refresh_url: "https://arcano.it/psychic/settings?pagamenti=riprova",
    });
    expect(transferParams({ transferId: "t1", bookingId: "b1", amountCents: 2_975, destination: "acct_1", charge: "ch_1" })).toEqual({
      amount: 2_975,
      currency: "eur",
      destination: "acct_1",
      source_transaction: "ch_1",
      transfer_group: transferGroupOf("b1"),
      metadata: { bookingId: "b1", transferId: "t1" },
    });
    expect(reversalParams({ reversalId: "r1", bookingId: "b1", amountCents: 500 })).toEqual({
      amount: 500,
      metadata: { bookingId: "b1", reversalId: "r1" },
    });
  });
});
