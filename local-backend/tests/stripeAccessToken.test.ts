// The Stripe stand-in's own doors, held as the mailbox holds its page: every `/__local/…` test route and the
// overview page take the stand-in's access token (random at each start, in its ready line and in
// `<data dir>/access-token`), as `Authorization: Bearer …` or `?token=…`; without it they answer 401 and change
// nothing. The hosted Checkout page pays with no token: its own address, the session's random id, is what
// Stripe's hosted page is reached by too. And a create call naming a missing object in a parameter answers 400
// `resource_missing` with that parameter, as Stripe does; a missing object in the path stays a 404.
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type Stripe from "stripe";
import { afterEach, describe, expect, it } from "vitest";
import { ONBOARDING_FORM, onboardedAccount, paidCharge, readerAccountParams, sdk, startStandIn, stopAll, type StandIn } from "../testing/stripeStandIn";

afterEach(stopAll);

const sessionParams: Stripe.Checkout.SessionCreateParams = {
  mode: "payment",
  line_items: [{ quantity: 1, price_data: { currency: "eur", unit_amount: 5000, product_data: { name: "Consulto con Selene" } } }],
  customer_email: "giulia@esempio.it",
  success_url: "http://127.0.0.1:5173/payment-success?session_id={CHECKOUT_SESSION_ID}",
};

/** One request to the stand-in, its status and its text. */
async function call(standIn: StandIn, method: string, path: string, headers: Record<string, string> = {}, body?: unknown) {
  const response = await fetch(`${standIn.url}${path}`, {
    method,
    headers: { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

/** Every door of the stand-in that is not Stripe's: the test routes and the overview page. */
function localDoors(session: string, account: string, charge: string): Array<[string, string, unknown?]> {
  return [
    ["GET", "/"],
    ["GET", "/__local/sessions"],
    ["POST", `/__local/sessions/${session}/pay`, {}],
    ["GET", "/__local/events"],
    ["GET", "/__local/violations"],
    ["DELETE", "/__local/violations"],
    ["GET", "/__local/faults"],
    ["POST", "/__local/faults", { mode: "error500" }],
    ["DELETE", "/__local/faults"],
    ["POST", `/__local/accounts/${account}/onboard`, ONBOARDING_FORM],
    ["POST", "/__local/payouts/run", {}],
    ["POST", "/__local/disputes", { charge, amount: 1000 }],
  ];
}

/** The doors above and the one that forgets everything, which the second test tries last. */
function everyDoor(session: string, account: string, charge: string): Array<[string, string, unknown?]> {
  return [...localDoors(session, account, charge), ["POST", "/__local/reset", {}]];
}

describe("the Stripe stand-in's test routes and overview need its access token, as the mailbox does", () => {
  it("without the token, or with a wrong one, each answers 401 and changes nothing", async () => {
    const standIn = await startStandIn();
    const stripe = sdk(standIn.url);
    const session = await stripe.checkout.sessions.create(sessionParams);
    const account = await stripe.accounts.create(readerAccountParams());
    const { chargeId } = await paidCharge(standIn);
    const wrong: Array<Record<string, string>> = [{}, { authorization: "Bearer wrong" }, { authorization: `Bearer ${standIn.apiKey}` }];
    for (const [method, path, body] of everyDoor(session.id, account.id, chargeId)) {
      for (const headers of wrong) {
        const answer = await call(standIn, method, path, headers, body);
        expect(answer.status, `${method} ${path} ${JSON.stringify(headers)}`).toBe(401);
        // Nothing a client gave (the email of the session) comes back.
        expect(answer.text, `${method} ${path}`).not.toContain("giulia@esempio.it");
        expect(answer.text, `${method} ${path}`).not.toContain(session.id);
      }
      expect((await call(standIn, method, `${path}?token=wrong`, {}, body)).status, `${method} ${path}?token=wrong`).toBe(401);
    }
    const refused = JSON.parse((await call(standIn, "GET", "/__local/sessions")).text) as { error: { type: string; message: string } };
    expect(refused.error).toMatchObject({ type: "invalid_request_error", message: expect.stringContaining("Codice di accesso") });
    const locked = await call(standIn, "GET", "/");
    expect(locked.text).toContain("access-token");

    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({ status: "open", payment_status: "unpaid" });
    expect(await stripe.accounts.retrieve(account.id)).toMatchObject({ details_submitted: false, payouts_enabled: false });
    expect((await stripe.charges.retrieve(chargeId)).disputed).toBe(false);
    // The fault switch was never armed: the API still answers.
    expect((await stripe.checkout.sessions.create(sessionParams)).status).toBe("open");
  });

  it("with the token, as a Bearer header or ?token=, each works; the token is in the ready line and in the data folder, owner-only", async () => {
    const standIn = await startStandIn();
    expect(standIn.accessToken).toMatch(/^.{24,}$/);
    const file = join(standIn.dataDir, "access-token");
    expect(readFileSync(file, "utf8")).toBe(standIn.accessToken);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(standIn.accessToken).not.toBe(standIn.apiKey);

    const stripe = sdk(standIn.url);
    const session = await stripe.checkout.sessions.create(sessionParams);
    const account = await stripe.accounts.create(readerAccountParams());
    const { chargeId } = await paidCharge(standIn);
    const bearer = { authorization: `Bearer ${standIn.accessToken}` };
    for (const [method, path, body] of localDoors(session.id, account.id, chargeId)) {
      const answer = await call(standIn, method, path, bearer, body);
      expect(answer.status, `${method} ${path}: ${answer.text}`).toBe(200);
    }
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({ status: "complete", payment_status: "paid" });
    expect(await stripe.accounts.retrieve(account.id)).toMatchObject({ payouts_enabled: true });
    expect((await stripe.charges.retrieve(chargeId)).disputed).toBe(true);

    const token = `token=${encodeURIComponent(standIn.accessToken)}`;
    const overview = await fetch(`${standIn.url}/?${token}`);
    expect(overview.status).toBe(200);
    expect(overview.headers.get("referrer-policy")).toBe("no-referrer");
    expect(await overview.text()).toContain(session.id);
    const listed = (await (await fetch(`${standIn.url}/__local/sessions?${token}`)).json()) as Array<{ id: string; customer_email: string }>;
    expect(listed.find((s) => s.id === session.id)?.customer_email).toBe("giulia@esempio.it");
    // A test file shares one stand-in and empties it between its tests.
    expect((await call(standIn, "POST", "/__local/reset", bearer, {})).status).toBe(200);
    expect(JSON.parse((await call(standIn, "GET", "/__local/sessions", bearer)).text)).toEqual([]);
    await expect(stripe.accounts.retrieve(account.id)).rejects.toThrow(/No such account/);
  });

  it("a new start has a new token, unless one is given (STRIPE_STANDIN_ACCESS_TOKEN)", async () => {
    const first = await startStandIn();
    await first.stop();
    const again = await startStandIn({ dataDir: first.dataDir });
    expect(again.accessToken).not.toBe(first.accessToken);
    expect((await call(again, "GET", "/__local/sessions", { authorization: `Bearer ${first.accessToken}` })).status).toBe(401);
    await again.stop();
    const given = await startStandIn({ dataDir: first.dataDir, env: { STRIPE_STANDIN_ACCESS_TOKEN: "a-token-the-starter-chose-0123456789" } });
    expect(given.accessToken).toBe("a-token-the-starter-chose-0123456789");
    expect((await call(given, "GET", "/__local/sessions", { authorization: "Bearer a-token-the-starter-chose-0123456789" })).status).toBe(200);
  });

  it("the hosted Checkout page still takes a card with no token: its address names the session, as Stripe's does", async () => {
    const standIn = await startStandIn();
    const stripe = sdk(standIn.url);
    const session = await stripe.checkout.sessions.create(sessionParams);
    const page = await fetch(session.url!);
    expect(page.status).toBe(200);
    const action = (await page.text()).match(/<form method="post" action="([^"]+)"/)![1];
    expect(action).toBe(`/c/pay/${session.id}`);
    const paid = await fetch(new URL(action, session.url!), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "giulia@esempio.it", cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", name: "Giulia Rossi" }).toString(),
      redirect: "manual",
    });
    expect(paid.status).toBe(303);
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({ status: "complete" });
    // A session id nobody was given pays nothing.
    expect((await fetch(`${standIn.url}/c/pay/cs_test_${"a".repeat(24)}`, { method: "POST" })).status).toBe(404);
  });
});

describe("a create call naming a missing object in a parameter answers 400 resource_missing, as Stripe does", () => {
  const missing = (param: string, kind: string, id: string) => ({
    type: "StripeInvalidRequestError",
    statusCode: 400,
    code: "resource_missing",
    param,
    message: `No such ${kind}: '${id}'`,
  });

  it("transfers, refunds and account links; the test routes' parameters too", async () => {
    const standIn = await startStandIn();
    const stripe = sdk(standIn.url);
    const { chargeId } = await paidCharge(standIn);
    const reader = await onboardedAccount(standIn);
    const share = (destination: string, source: string): Stripe.TransferCreateParams => ({
      amount: 4250,
      currency: "eur",
      destination,
      source_transaction: source,
      transfer_group: "booking_123",
    });
    await expect(stripe.transfers.create(share("acct_missing", chargeId))).rejects.toMatchObject(missing("destination", "destination", "acct_missing"));
    await expect(stripe.transfers.create(share(reader.id, "ch_missing"))).rejects.toMatchObject(missing("source_transaction", "charge", "ch_missing"));
    await expect(stripe.refunds.create({ payment_intent: "pi_missing" })).rejects.toMatchObject(missing("payment_intent", "payment_intent", "pi_missing"));
    await expect(stripe.refunds.create({ charge: "ch_missing" })).rejects.toMatchObject(missing("charge", "charge", "ch_missing"));
    await expect(
      stripe.accountLinks.create({ account: "acct_missing", type: "account_onboarding", refresh_url: "http://127.0.0.1/r", return_url: "http://127.0.0.1/b" }),
    ).rejects.toMatchObject(missing("account", "account", "acct_missing"));

    const bearer = { authorization: `Bearer ${standIn.accessToken}` };
    const dispute = await call(standIn, "POST", "/__local/disputes", bearer, { charge: "ch_missing" });
    expect(dispute.status).toBe(400);
    expect(JSON.parse(dispute.text)).toMatchObject({ error: { type: "invalid_request_error", code: "resource_missing", param: "charge" } });
    const payouts = await call(standIn, "POST", "/__local/payouts/run", bearer, { account: "acct_missing" });
    expect(payouts.status).toBe(400);
    expect(JSON.parse(payouts.text)).toMatchObject({ error: { code: "resource_missing", param: "account" } });
  });

  it("a missing object named in the path is still a 404", async () => {
    const standIn = await startStandIn();
    const stripe = sdk(standIn.url);
    const notFound = { statusCode: 404, code: "resource_missing" };
    await expect(stripe.transfers.retrieve("tr_missing")).rejects.toMatchObject(notFound);
    await expect(stripe.transfers.createReversal("tr_missing", { amount: 1 })).rejects.toMatchObject(notFound);
    await expect(stripe.accounts.retrieve("acct_missing")).rejects.toMatchObject(notFound);
    await expect(stripe.accounts.createLoginLink("acct_missing")).rejects.toMatchObject(notFound);
    await expect(stripe.checkout.sessions.expire("cs_test_missing")).rejects.toMatchObject(notFound);
    await expect(stripe.refunds.retrieve("re_missing")).rejects.toMatchObject(notFound);
    const onboard = await call(standIn, "POST", "/__local/accounts/acct_missing/onboard", { authorization: `Bearer ${standIn.accessToken}` }, ONBOARDING_FORM);
    expect(onboard.status).toBe(404);
  });
});
