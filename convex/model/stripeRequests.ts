// The parameters of the product's Stripe requests, as plain values: the actions send exactly these, and the
// stand-in's contract test (tests/providers/stripeContract.test.ts) sends them too, against Stripe's spec.
import type Stripe from "stripe";
import { transferGroupOf } from "./payouts";

type CheckoutHold = { bookingId: string; priceCents: number; holdExpiresAt: number; description: string; clientEmail: string | null };

/** The Checkout Session of one held booking: its exact price, the hold's end as expiry, back to `site`. */
export function checkoutSessionParams(hold: CheckoutHold, site: string): Stripe.Checkout.SessionCreateParams {
  const metadata = { bookingId: hold.bookingId };
  return {
    mode: "payment",
    currency: "eur",
    locale: "it",
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: "eur",
          unit_amount: hold.priceCents,
          product_data: { name: "Consulto di cartomanzia", description: hold.description },
        },
      },
    ],
    client_reference_id: hold.bookingId,
    metadata,
    // The psychic's share is transferred later from this payment's charge, in the same group.
    payment_intent_data: { metadata, transfer_group: transferGroupOf(hold.bookingId) },
    ...(hold.clientEmail ? { customer_email: hold.clientEmail } : {}),
    expires_at: Math.floor(hold.holdExpiresAt / 1000),
    success_url: `${site}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${site}/payment-canceled?booking_id=${hold.bookingId}`,
  };
}

/** A booking's refund: from its payment, of `amountCents`. */
export const refundParams = (bookingId: string, paymentIntentId: string, amountCents: number): Stripe.RefundCreateParams => ({
  payment_intent: paymentIntentId,
  amount: amountCents,
  metadata: { bookingId },
});

/** When Stripe pays a psychic's balance out to their bank: weekly, on Monday (the terms and FAQs say so). */
export const PAYOUT_SCHEDULE = { interval: "weekly", weekly_anchor: "monday" } as const;

/** The psychic's Express account: transfers only, paid out on `PAYOUT_SCHEDULE`. */
export const payoutAccountParams = (psychicUserId: string): Stripe.AccountCreateParams => ({
  type: "express",
  country: "IT",
  business_type: "individual",
  capabilities: { transfers: { requested: true } },
  settings: { payouts: { schedule: PAYOUT_SCHEDULE } },
  metadata: { psychicUserId },
});

/** Stripe's onboarding, back to the psychic's settings page (`settingsUrl`) either way. */
export const onboardingLinkParams = (account: string, settingsUrl: string): Stripe.AccountLinkCreateParams => ({
  account,
  type: "account_onboarding",
  return_url: `${settingsUrl}?pagamenti=fatto`,
  refresh_url: `${settingsUrl}?pagamenti=riprova`,
});

/** The psychic's share of a booking, funded by the booking's charge, in the booking's group. */
export const transferParams = (share: {
  transferId: string;
  bookingId: string;
  amountCents: number;
  destination: string;
  charge: string;
}): Stripe.TransferCreateParams => ({
  amount: share.amountCents,
  currency: "eur",
  destination: share.destination,
  source_transaction: share.charge,
  transfer_group: transferGroupOf(share.bookingId),
  metadata: { bookingId: share.bookingId, transferId: share.transferId },
});

/** Money taken back from a psychic's transfer. */
export const reversalParams = (reversal: { reversalId: string; bookingId: string; amountCents: number }): Stripe.TransferCreateReversalParams => ({
  amount: reversal.amountCents,
  metadata: { bookingId: reversal.bookingId, reversalId: reversal.reversalId },
});
