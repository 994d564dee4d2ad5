// The demo's money at the local Stripe stand-in (offline only: STRIPE_API_BASE): the seeded paid
// consultations are paid there for real, two psychics (Selene and Orione) onboard, their held earnings
// are transferred through the app's own path and one payout each reaches their bank; the other psychics
// have not started. Elsewhere, or if the stand-in does not answer, the bookings stay as seeded.
import { internal } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import { env, type ActionCtx } from "../../_generated/server";
import { demoPsychics } from "../../demo/data";
import { transferGroupOf } from "../../model/payouts";
import { ensurePayoutAccount, refreshPayoutAccount } from "../money/connectAccounts";
import { stripeClient } from "../money/stripe";

/** The demo psychics who onboard at the stand-in, with what they enter on its form and in their fiscal data. */
export const demoPayees = [
  {
    email: demoPsychics[0].email,
    form: { firstName: "Selene", lastName: "Moretti", birthDate: "1988-04-12", line1: "Via Brera 14", postalCode: "20121", city: "Milano" },
    codiceFiscale: "MRTSLN88D52F205V",
  },
  {
    email: demoPsychics[1].email,
    form: { firstName: "Orazio", lastName: "Leone", birthDate: "1979-09-03", line1: "Via dei Coronari 8", postalCode: "00186", city: "Roma" },
    codiceFiscale: "LNERZO79P03H501G",
  },
] as const;

/** Stripe's Italian test IBAN: payouts to it succeed. */
const TEST_IBAN = "IT60X0542811101000000123456";

/**
 * What the stand-in's test routes (`/__local/…`) take besides JSON: its access token, which `npm start` gives the
 * backend as STRIPE_STANDIN_ACCESS_TOKEN (the API key opens Stripe's API only).
 */
function testRouteHeaders(): Record<string, string> {
  return { "content-type": "application/json", authorization: `Bearer ${env.STRIPE_STANDIN_ACCESS_TOKEN ?? ""}` };
}

/** How many demo payments go to the stand-in at once. */
const PAYMENTS_AT_ONCE = 8;

export type UnpaidBooking = { bookingId: Id<"bookings">; priceCents: number; email: string };

/**
 * Pays seeded bookings at the stand-in with its test-payment door, with the booking's transfer group as a
 * real checkout's, and records the payment on each: a cancellation refunds and a completion transfers
 * through Stripe as any booking's would. The stand-in's webhook finds them paid and changes nothing.
 */
export async function payAtStandIn(ctx: ActionCtx, bookings: readonly UnpaidBooking[]): Promise<number> {
  const base = env.STRIPE_API_BASE;
  const stripe = stripeClient();
  if (!base || stripe === null) return 0;
  const payOne = async (booking: UnpaidBooking): Promise<boolean> => {
    try {
      const session = await stripe.checkout.sessions.create({
        mode: "payment",
        currency: "eur",
        locale: "it",
        line_items: [
          { quantity: 1, price_data: { currency: "eur", unit_amount: booking.priceCents, product_data: { name: "Consulto di cartomanzia (demo)" } } },
        ],
        client_reference_id: booking.bookingId,
        metadata: { bookingId: booking.bookingId },
        payment_intent_data: { metadata: { bookingId: booking.bookingId }, transfer_group: transferGroupOf(booking.bookingId) },
        customer_email: booking.email,
        success_url: "http://127.0.0.1/payment-success?session_id={CHECKOUT_SESSION_ID}",
      });
      const answer = await fetch(`${base.replace(/\/$/, "")}/__local/sessions/${session.id}/pay`, {
        method: "POST",
        headers: testRouteHeaders(),
        body: "{}",
      });
      if (!answer.ok) throw new Error(`the stand-in answered ${answer.status}`);
      const done = await stripe.checkout.sessions.retrieve(session.id);
      const intent = typeof done.payment_intent === "string" ? done.payment_intent : done.payment_intent?.id;
      if (!intent) throw new Error("no payment intent after paying");
      await ctx.runMutation(internal.seedPayouts.attachPayment, { bookingId: booking.bookingId, sessionId: session.id, paymentIntentId: intent });
      return true;
    } catch (error) {
      console.warn(`Consulto demo ${booking.bookingId} non pagato allo Stripe locale:`, error instanceof Error ? error.message : error);
      return false;
    }
  };
  // A few at a time: the first start pays about a hundred, and each is three requests and a mutation.
  let paid = 0;
  for (let next = 0; next < bookings.length; next += PAYMENTS_AT_ONCE) {
    const done = await Promise.all(bookings.slice(next, next + PAYMENTS_AT_ONCE).map(payOne));
    paid += done.filter(Boolean).length;
  }
  return paid;
}

/**
 * Selene and Orione onboard at the stand-in (its form's door, with the test IBAN), so their earnings held
 * 'In attesa di attivazione pagamenti' are transferred by the app as a real activation's are; once they
 * are, the stand-in pays each out once. The seed sends the released shares itself rather than wait for
 * their jobs: a job that runs too finds the share transferred, or gets the same transfer back under its key.
 */
export async function onboardDemoPayees(ctx: ActionCtx): Promise<void> {
  const base = env.STRIPE_API_BASE;
  if (!base || stripeClient() === null) return;
  const psychicUserIds: Array<Id<"users">> = await ctx.runQuery(internal.seedPayouts.payeeIds, {});
  const accounts: string[] = [];
  for (const [index, psychicUserId] of psychicUserIds.entries()) {
    const payee = demoPayees[index];
    try {
      const accountId = await ensurePayoutAccount(ctx, psychicUserId);
      const answer = await fetch(`${base.replace(/\/$/, "")}/__local/accounts/${accountId}/onboard`, {
        method: "POST",
        headers: testRouteHeaders(),
        body: JSON.stringify({ ...payee.form, taxCode: payee.codiceFiscale, iban: TEST_IBAN }),
      });
      if (!answer.ok) throw new Error(`the stand-in answered ${answer.status}: ${await answer.text()}`);
      await ctx.runMutation(internal.seedPayouts.recordFiscalData, {
        psychicUserId,
        iban: TEST_IBAN,
        legalName: `${payee.form.firstName} ${payee.form.lastName}`,
        codiceFiscale: payee.codiceFiscale,
        dateOfBirth: payee.form.birthDate,
        street: payee.form.line1,
        postalCode: payee.form.postalCode,
        city: payee.form.city,
      });
      // As the return page does: ask Stripe once rather than wait for account.updated.
      await refreshPayoutAccount(ctx, accountId);
      accounts.push(accountId);
    } catch (error) {
      console.warn(`Pagamenti demo di ${payee.email} non attivati:`, error instanceof Error ? error.message : error);
    }
  }
  const pending: Array<Id<"psychicTransfers">> = await ctx.runQuery(internal.seedPayouts.pendingTransfers, { psychicUserIds });
  // Made now rather than by their scheduled jobs, so the payouts below find them (the jobs then find them done).
  for (const transferId of pending) {
    const job = await ctx.runQuery(internal.providerJobs.jobOf, { kind: "transfer", subjectId: transferId });
    if (job !== null) await ctx.runAction(internal.providerJobs.attempt, { jobId: job._id });
  }
  for (const account of accounts) {
    await fetch(`${base.replace(/\/$/, "")}/__local/payouts/run`, {
      method: "POST",
      headers: testRouteHeaders(),
      body: JSON.stringify({ account }),
    }).catch((error: unknown) => console.warn(`Versamento demo per ${account} non eseguito:`, error));
  }
}
