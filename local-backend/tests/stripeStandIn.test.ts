// The local Stripe stand-in, run as `npm start` runs it (a child process) and driven by the real stripe SDK
// configured only with host, port and protocol; webhooks go to a small local receiver and are verified
// with the SDK's own signature check.
import Stripe from "stripe";
import { afterEach, describe, expect, it } from "vitest";
import { eventually } from "../testing/backend";
import { eventsOf, getLocal, localAuth, postLocal, receiver, SECRET, sdk, startStandIn, stopAll, verifier } from "../testing/stripeStandIn";

afterEach(stopAll);

const inThirtyOneMinutes = () => Math.floor(Date.now() / 1000) + 31 * 60;
const sessionParams = (overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}): Stripe.Checkout.SessionCreateParams => ({
  mode: "payment",
  currency: "eur",
  locale: "it",
  line_items: [
    {
      quantity: 1,
      price_data: { currency: "eur", unit_amount: 5000, product_data: { name: "Consulto con Selene", description: "12 maggio 2026, 18:00 · 30 minuti" } },
    },
  ],
  client_reference_id: "booking_123",
  metadata: { bookingId: "booking_123" },
  payment_intent_data: { metadata: { bookingId: "booking_123" } },
  customer_email: "giulia@esempio.it",
  expires_at: inThirtyOneMinutes(),
  success_url: "http://127.0.0.1:5173/payment-success?session_id={CHECKOUT_SESSION_ID}",
  cancel_url: "http://127.0.0.1:5173/payment-canceled?booking_id=booking_123",
  ...overrides,
});

const CARD = { email: "giulia@esempio.it", cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", name: "Giulia Rossi" };

/** Submits the hosted page's own form, as a browser would (the action is read from the page). */
async function submitCheckoutForm(pageUrl: string, fields: Partial<typeof CARD> = {}) {
  const page = await (await fetch(pageUrl)).text();
  const action = page.match(/<form method="post" action="([^"]+)"/)![1];
  return fetch(new URL(action, pageUrl), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...CARD, ...fields }).toString(),
    redirect: "manual",
  });
}

describe("the local Stripe stand-in", () => {
  it("creates a Checkout Session with Stripe's fields and serves its Italian hosted page", async () => {
    const standIn = await startStandIn();
    const session = await sdk(standIn.url).checkout.sessions.create(sessionParams());
    expect(session).toMatchObject({
      object: "checkout.session", status: "open", payment_status: "unpaid", amount_total: 5000, currency: "eur",
      client_reference_id: "booking_123", metadata: { bookingId: "booking_123" }, payment_intent: null, livemode: false,
      mode: "payment", locale: "it", customer_email: "giulia@esempio.it",
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${standIn.url}/c/pay/${session.id}`);
    expect(session.expires_at - session.created).toBeGreaterThanOrEqual(30 * 60);

    const retrieved = await sdk(standIn.url).checkout.sessions.retrieve(session.id, { expand: ["line_items"] });
    expect(retrieved.line_items?.data[0]).toMatchObject({ quantity: 1, amount_total: 5000, description: "Consulto con Selene" });

    const page = await (await fetch(session.url!)).text();
    expect(page).toContain('lang="it"');
    for (const label of ["Email", "Numero della carta", "Scadenza (MM/AA)", "CVC", "Intestatario"]) {
      const id = page.match(new RegExp(`<label for="(\\w+)">${label.replace(/[()]/g, "\\$&")}</label>`))?.[1];
      expect(page, label).toContain(`<input id="${id}"`);
    }
    const amount = new Intl.NumberFormat("it-IT", { style: "currency", currency: "EUR" }).format(50);
    expect(page).toContain(`Paga ${amount}`);
    expect(page).toContain("Arcano");
    expect(page).toContain("12 maggio 2026, 18:00 · 30 minuti");
    expect(page).toContain('value="giulia@esempio.it"');
    expect(page).toContain("Annulla e torna al sito");
  });

  it("answers a repeated Idempotency-Key with the first session, and refuses it with other parameters", async () => {
    const standIn = await startStandIn();
    const stripe = sdk(standIn.url);
    const first = await stripe.checkout.sessions.create(sessionParams(), { idempotencyKey: "booking_123" });
    const again = await stripe.checkout.sessions.create(sessionParams({ expires_at: first.expires_at }), { idempotencyKey: "booking_123" });
    expect(again.id).toBe(first.id);
    const other = stripe.checkout.sessions.create(sessionParams({ client_reference_id: "booking_456" }), { idempotencyKey: "booking_123" });
    await expect(other).rejects.toMatchObject({ type: "StripeIdempotencyError", statusCode: 400 });
    expect(await getLocal(standIn, "/__local/sessions")).toHaveLength(1);
  });

  it("refuses a wrong key with 401 and bad parameters with Stripe's error shape", async () => {
    const standIn = await startStandIn();
    await expect(sdk(standIn.url, "sk_test_wrong").checkout.sessions.create(sessionParams())).rejects.toMatchObject({
      type: "StripeAuthenticationError", statusCode: 401,
    });
    const stripe = sdk(standIn.url);
    const noCurrency = sessionParams();
    delete (noCurrency.line_items![0].price_data as { currency?: string }).currency;
    await expect(stripe.checkout.sessions.create(noCurrency)).rejects.toMatchObject({
      type: "StripeInvalidRequestError", code: "parameter_missing", param: "line_items[0][price_data][currency]",
    });
    const tooSoon = Math.floor(Date.now() / 1000) + 10 * 60;
    await expect(stripe.checkout.sessions.create(sessionParams({ expires_at: tooSoon }))).rejects.toMatchObject({ param: "expires_at" });
    await expect(stripe.checkout.sessions.retrieve("cs_test_missing")).rejects.toMatchObject({ statusCode: 404, code: "resource_missing" });
  });

  it("pays with 4242 on the hosted page: redirect to the success URL, a paid session and a signed checkout.session.completed", async () => {
    const hook = await receiver();
    const standIn = await startStandIn({ webhookUrl: hook.url });
    const stripe = sdk(standIn.url);
    const session = await stripe.checkout.sessions.create(sessionParams());

    const response = await submitCheckoutForm(session.url!);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`http://127.0.0.1:5173/payment-success?session_id=${session.id}`);

    const paid = await stripe.checkout.sessions.retrieve(session.id, { expand: ["payment_intent"] });
    expect(paid).toMatchObject({ status: "complete", payment_status: "paid", url: null });
    const intent = paid.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({ object: "payment_intent", status: "succeeded", amount: 5000, amount_received: 5000, metadata: { bookingId: "booking_123" } });
    expect(intent.id).toMatch(/^pi_/);
    expect(intent.latest_charge).toMatch(/^ch_/);
    expect((await stripe.paymentIntents.retrieve(intent.id)).id).toBe(intent.id);

    const [completed] = await eventually(async () => {
      const events = await eventsOf(hook.received, "checkout.session.completed");
      return events.length ? events : undefined;
    }, "checkout.session.completed");
    expect(completed).toMatchObject({ object: "event", livemode: false, api_version: Stripe.API_VERSION, pending_webhooks: 1 });
    expect(completed.id).toMatch(/^evt_/);
    expect(completed.data.object).toMatchObject({ id: session.id, payment_status: "paid", client_reference_id: "booking_123" });

    const tampered = hook.received[0].body.replace("booking_123", "booking_999");
    await expect(verifier.webhooks.constructEventAsync(tampered, hook.received[0].signature, SECRET)).rejects.toThrow();
    // Paying twice is not possible: a second submission goes to the confirmation again.
    expect((await fetch(session.url!)).status).toBe(200);
    expect(await (await fetch(session.url!)).text()).toContain("già stato completato");
  });

  it("declines 0002 and 9995 on the page and keeps the session open; bad card details get Italian messages", async () => {
    const standIn = await startStandIn();
    const stripe = sdk(standIn.url);
    const session = await stripe.checkout.sessions.create(sessionParams());
    const cases: Array<[Partial<typeof CARD>, string]> = [
      [{ cardNumber: "4000 0000 0000 0002" }, "La carta è stata rifiutata."],
      [{ cardNumber: "4000000000009995" }, "Fondi insufficienti sulla carta."],
      [{ cardNumber: "4242 4242 4242 4241" }, "Il numero della carta non è valido."],
      [{ expiry: "01/20" }, "La carta è scaduta"],
      [{ cvc: "", name: "" }, "Inserisci il codice CVC."],
    ];
    for (const [fields, message] of cases) {
      const response = await submitCheckoutForm(session.url!, fields);
      expect(response.status, message).toBeGreaterThanOrEqual(400);
      expect(await response.text()).toContain(message);
    }
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({ status: "open", payment_status: "unpaid" });
    const paidByTestApi = await fetch(`${standIn.url}/__local/sessions/${session.id}/pay`, {
      method: "POST", headers: { "content-type": "application/json", ...localAuth(standIn) }, body: JSON.stringify({ cardNumber: "5555555555554444" }),
    });
    expect(await paidByTestApi.json()).toMatchObject({ paid: true, session: { status: "complete" } });
  });

  it("expires a session by the API and by the cancel link, each with checkout.session.expired", async () => {
    const hook = await receiver();
    const standIn = await startStandIn({ webhookUrl: hook.url });
    const stripe = sdk(standIn.url);
    const byApi = await stripe.checkout.sessions.create(sessionParams());
    expect(await stripe.checkout.sessions.expire(byApi.id)).toMatchObject({ status: "expired", url: null });
    await expect(stripe.checkout.sessions.expire(byApi.id)).rejects.toMatchObject({ statusCode: 400 });

    const byLink = await stripe.checkout.sessions.create(sessionParams());
    const page = await (await fetch(byLink.url!)).text();
    const cancelHref = page.match(/<a class="cancel" href="([^"]+)">Annulla e torna al sito<\/a>/)![1];
    const cancel = await fetch(new URL(cancelHref, byLink.url!), { redirect: "manual" });
    expect(cancel.status).toBe(302);
    expect(cancel.headers.get("location")).toBe("http://127.0.0.1:5173/payment-canceled?booking_id=booking_123");
    expect(await stripe.checkout.sessions.retrieve(byLink.id)).toMatchObject({ status: "expired" });
    expect(await (await fetch(byLink.url!)).text()).toContain("scaduta");

    const expired = await eventually(async () => {
      const events = await eventsOf(hook.received, "checkout.session.expired");
      return events.length === 2 ? events : undefined;
    }, "two checkout.session.expired events");
    expect(expired.map((e) => (e.data.object as Stripe.Checkout.Session).id).sort()).toEqual([byApi.id, byLink.id].sort());
    expect(expired.every((e) => (e.data.object as Stripe.Checkout.Session).status === "expired")).toBe(true);
  });

  it("expires a session when its expires_at passes", async () => {
    const hook = await receiver();
    const standIn = await startStandIn({ webhookUrl: hook.url, args: ["--allow-short-expiry", "--expiry-check-ms", "100"] });
    const stripe = sdk(standIn.url);
    // Five seconds ahead: the stand-in refuses a time less than a second away when it reads the request, which a
    // loaded machine can take that long to send.
    const session = await stripe.checkout.sessions.create(sessionParams({ expires_at: Math.floor(Date.now() / 1000) + 5 }));
    const [expired] = await eventually(async () => {
      const events = await eventsOf(hook.received, "checkout.session.expired");
      return events.length ? events : undefined;
    }, "checkout.session.expired", 15_000);
    expect(expired.data.object).toMatchObject({ id: session.id, status: "expired" });
  });

  it("refunds in part and in full with charge.refunded, and refuses more than what remains", async () => {
    const hook = await receiver();
    const standIn = await startStandIn({ webhookUrl: hook.url });
    const stripe = sdk(standIn.url);
    const session = await stripe.checkout.sessions.create(sessionParams());
    await postLocal(standIn, `/__local/sessions/${session.id}/pay`);
    const intentId = (await stripe.checkout.sessions.retrieve(session.id)).payment_intent as string;

    const partial = await stripe.refunds.create({ payment_intent: intentId, amount: 2000, metadata: { bookingId: "booking_123" }, reason: "requested_by_customer" });
    expect(partial).toMatchObject({ object: "refund", status: "succeeded", amount: 2000, payment_intent: intentId, metadata: { bookingId: "booking_123" } });
    expect(partial.id).toMatch(/^re_/);
    await expect(stripe.refunds.create({ payment_intent: intentId, amount: 3001 })).rejects.toMatchObject({
      type: "StripeInvalidRequestError", param: "amount",
      message: expect.stringContaining("is greater than unrefunded amount on charge"),
    });
    const rest = await stripe.refunds.create({ payment_intent: intentId });
    expect(rest.amount).toBe(3000);
    expect((await stripe.refunds.retrieve(rest.id)).amount).toBe(3000);
    await expect(stripe.refunds.create({ payment_intent: intentId })).rejects.toMatchObject({ code: "charge_already_refunded" });

    const refunded = await eventually(async () => {
      const events = await eventsOf(hook.received, "charge.refunded");
      return events.length === 2 ? events : undefined;
    }, "two charge.refunded events");
    const charges = refunded.map((e) => e.data.object as Stripe.Charge).sort((a, b) => a.amount_refunded - b.amount_refunded);
    expect(charges[0]).toMatchObject({ object: "charge", payment_intent: intentId, amount_refunded: 2000, refunded: false });
    expect(charges[1]).toMatchObject({ amount_refunded: 5000, refunded: true });
    expect(charges[1].refunds?.data.map((r) => r.id).sort()).toEqual([partial.id, rest.id].sort());
  });

  it("retries a webhook until the endpoint answers 2xx, and resumes pending deliveries after a restart", async () => {
    const hook = await receiver([500, 503]);
    const standIn = await startStandIn({ webhookUrl: hook.url, args: ["--webhook-retry-ms", "100"] });
    const stripe = sdk(standIn.url);
    const session = await stripe.checkout.sessions.create(sessionParams());
    await stripe.checkout.sessions.expire(session.id);
    await eventually(() => (hook.received.length === 3 ? true : undefined), "three delivery attempts");
    const [event] = await getLocal<Array<{ delivery: { state: string; attempts: number } }>>(standIn, "/__local/events");
    expect(event.delivery).toMatchObject({ state: "delivered", attempts: 3 });
    // Each attempt is signed afresh, and every one verifies.
    expect(await eventsOf(hook.received, "checkout.session.expired")).toHaveLength(3);

    // The endpoint is down; the stand-in stops with the event pending, and delivers it once restarted.
    hook.answers.otherwise = 500;
    const second = await stripe.checkout.sessions.create(sessionParams());
    await stripe.checkout.sessions.expire(second.id);
    await eventually(() => (hook.received.length >= 4 ? true : undefined), "a failed attempt");
    await standIn.stop();
    hook.answers.otherwise = 200;
    const restarted = await startStandIn({ dataDir: standIn.dataDir, webhookUrl: hook.url, args: ["--webhook-retry-ms", "100"] });
    await eventually(async () => {
      const events = await getLocal<Array<{ delivery: { state: string } }>>(restarted, "/__local/events");
      return events.every((e) => e.delivery.state === "delivered") ? true : undefined;
    }, "the pending event delivered after the restart");
    const expiredIds = (await eventsOf(hook.received, "checkout.session.expired")).map((e) => (e.data.object as Stripe.Checkout.Session).id);
    expect(expiredIds).toContain(second.id);
  });

  it("keeps sessions and payments across a restart", async () => {
    const standIn = await startStandIn();
    const session = await sdk(standIn.url).checkout.sessions.create(sessionParams());
    await postLocal(standIn, `/__local/sessions/${session.id}/pay`);
    await standIn.stop();
    const restarted = await startStandIn({ dataDir: standIn.dataDir });
    const again = await sdk(restarted.url).checkout.sessions.retrieve(session.id, { expand: ["payment_intent.latest_charge"] });
    expect(again).toMatchObject({ status: "complete", payment_status: "paid", client_reference_id: "booking_123" });
    expect(((again.payment_intent as Stripe.PaymentIntent).latest_charge as Stripe.Charge).amount).toBe(5000);
    const overview = await (await fetch(restarted.overviewUrl)).text();
    expect(overview).toContain("Pagamenti Stripe locali");
    expect(overview).toContain(session.id);
  });
});
