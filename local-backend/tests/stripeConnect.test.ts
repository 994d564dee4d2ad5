// Stripe Connect on the local stand-in, part one: Express accounts, the hosted Italian onboarding an account
// link opens (the test IBAN enables payouts; 'manca un documento' leaves the document due), login links, and
// `account.updated` on the Connect endpoint, signed with the Connect secret. Driven by the real stripe SDK.
import { readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import { join } from "node:path";
import type Stripe from "stripe";
import { afterEach, describe, expect, it } from "vitest";
import { eventually } from "../testing/backend";
import {
  CONNECT_SECRET,
  eventsOf,
  getLocal,
  ONBOARDING_FORM,
  onboardedAccount,
  openOnboarding,
  postLocal,
  readerAccountParams,
  receiver,
  REFRESH_URL,
  RETURN_URL,
  sdk,
  SECRET,
  startStandIn,
  stopAll,
  submitOnboarding,
  verifier,
} from "../testing/stripeStandIn";

afterEach(stopAll);

/** The stand-in with a platform endpoint and a Connect endpoint, each recording what it receives. */
async function withEndpoints(args: string[] = []) {
  const platform = await receiver([], "/stripe/webhook");
  const connect = await receiver([], "/stripe/connect-webhook");
  const standIn = await startStandIn({ webhookUrl: platform.url, connectWebhookUrl: connect.url, args });
  return { standIn, platform, connect, stripe: sdk(standIn.url) };
}

const accountUpdates = async (connect: { received: Array<{ body: string; signature: string; path: string }> }, count: number) =>
  eventually(async () => {
    const events = await eventsOf(connect.received, "account.updated", CONNECT_SECRET);
    return events.length >= count ? events : undefined;
  }, `${count} account.updated events`);

describe("Connect accounts on the local Stripe stand-in", () => {
  it("creates a reader's Express account once per idempotency key, with Stripe's fields and its requirements due", async () => {
    const { standIn, stripe } = await withEndpoints();
    const account = await stripe.accounts.create(readerAccountParams(), { idempotencyKey: "connect-account-reader_1" });
    expect(account.id).toMatch(/^acct_/);
    expect(account).toMatchObject({
      object: "account",
      type: "express",
      country: "IT",
      email: "selene@esempio.it",
      business_type: "individual",
      details_submitted: false,
      charges_enabled: false,
      payouts_enabled: false,
      capabilities: { transfers: "inactive" },
      metadata: { readerId: "reader_1" },
      settings: { payouts: { schedule: { interval: "weekly", weekly_anchor: "monday" } } },
      external_accounts: { object: "list", data: [] },
      requirements: { disabled_reason: "requirements.past_due", pending_verification: [] },
    });
    for (const due of ["individual.first_name", "individual.last_name", "individual.dob.day", "external_account", "tos_acceptance.date"]) {
      expect(account.requirements?.currently_due, due).toContain(due);
    }
    expect(account.created).toBeGreaterThan(0);

    const again = await stripe.accounts.create(readerAccountParams(), { idempotencyKey: "connect-account-reader_1" });
    expect(again.id).toBe(account.id);
    await expect(stripe.accounts.create(readerAccountParams("reader_2"), { idempotencyKey: "connect-account-reader_1" })).rejects.toMatchObject({
      type: "StripeIdempotencyError",
    });
    expect((await stripe.accounts.list()).data.map((a) => a.id)).toEqual([account.id]);
    expect(await stripe.accounts.retrieve(account.id)).toMatchObject({ id: account.id, details_submitted: false });

    await expect(stripe.accounts.retrieve("acct_missing")).rejects.toMatchObject({ statusCode: 404, code: "resource_missing" });
    await expect(stripe.accounts.create({ ...readerAccountParams(), type: "standard" })).rejects.toMatchObject({ param: "type" });
    const noAnchor = { ...readerAccountParams(), settings: { payouts: { schedule: { interval: "weekly" as const } } } };
    await expect(stripe.accounts.create(noAnchor)).rejects.toMatchObject({
      code: "parameter_missing",
      param: "settings[payouts][schedule][weekly_anchor]",
    });
    await expect(stripe.accounts.createLoginLink(account.id)).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      message: "Cannot create a login link for an account that has not completed onboarding.",
    });
    expect(standIn.url).toMatch(/^http:\/\/127\.0\.0\.1:/);
  });

  it("updates metadata and the payout schedule, and sends account.updated to the Connect endpoint only", async () => {
    const { platform, connect, stripe } = await withEndpoints();
    const account = await stripe.accounts.create(readerAccountParams());
    const updated = await stripe.accounts.update(account.id, {
      metadata: { readerId: "", note: "verificata" },
      settings: { payouts: { schedule: { delay_days: 9 } } },
    });
    expect(updated.metadata).toEqual({ note: "verificata" });
    expect(updated.settings?.payouts?.schedule).toMatchObject({ interval: "weekly", weekly_anchor: "monday", delay_days: 9 });

    const [event] = await accountUpdates(connect, 1);
    expect(event).toMatchObject({
      account: account.id,
      type: "account.updated",
      data: { object: { id: account.id, metadata: { note: "verificata" } } },
    });
    expect(event.data.previous_attributes).toMatchObject({ metadata: { readerId: "reader_1" } });
    expect(connect.received[0].path).toBe("/stripe/connect-webhook");
    // Signed with the Connect endpoint's secret, not the platform's.
    await expect(verifier.webhooks.constructEventAsync(connect.received[0].body, connect.received[0].signature, SECRET)).rejects.toThrow();
    expect(platform.received).toEqual([]);
  });

  it("onboards through the hosted Italian page: the test IBAN and complete data enable payouts, then back to return_url", async () => {
    const { standIn, platform, connect, stripe } = await withEndpoints();
    const account = await stripe.accounts.create(readerAccountParams());
    const link = await stripe.accountLinks.create({
      account: account.id,
      type: "account_onboarding",
      refresh_url: REFRESH_URL,
      return_url: RETURN_URL,
    });
    expect(link).toMatchObject({ object: "account_link" });
    expect(link.expires_at).toBeGreaterThan(link.created);
    expect(link.url.startsWith(`${standIn.url}/setup/e/${account.id}/`)).toBe(true);

    const form = await openOnboarding(link.url);
    expect(form.status).toBe(200);
    expect(form.page).toContain('<html lang="it">');
    expect(form.page).toMatch(/<h1[^>]*>Configura i pagamenti<\/h1>/);
    for (const label of [
      "Nome",
      "Cognome",
      "Data di nascita",
      "Indirizzo (via e numero civico)",
      "CAP",
      "Città",
      "Codice fiscale (facoltativo)",
      "IBAN",
    ]) {
      const id = form.page.match(new RegExp(`<label for="(\\w+)">${label.replace(/[()]/g, "\\$&")}</label>`))?.[1];
      expect(id, label).toBeTruthy();
      expect(form.page, label).toContain(`<input id="${id}"`);
    }
    expect(form.page).toContain("Manca un documento");
    expect(form.page).toContain("IT60X0542811101000000123456");

    // Wrong data: the page again with Italian messages on the fields, and nothing changes.
    const refused = await submitOnboarding(form.action!, {
      firstName: "",
      iban: "IT60X0542811101000000123457",
      birthDate: "2015-01-01",
      taxCode: "RSSMRA85T10A562T",
    });
    expect(refused.status).toBe(400);
    const refusedPage = await refused.text();
    for (const message of ["Inserisci il tuo nome.", "IBAN non è valido", "almeno 18 anni", "Il codice fiscale non è valido"])
      expect(refusedPage).toContain(message);
    expect(refusedPage).toContain('aria-invalid="true"');
    expect((await stripe.accounts.retrieve(account.id)).details_submitted).toBe(false);

    const done = await submitOnboarding(form.action!, { taxCode: "RSSMRA85T10A562S" });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(RETURN_URL);
    const enabled = await stripe.accounts.retrieve(account.id);
    expect(enabled).toMatchObject({
      details_submitted: true,
      payouts_enabled: true,
      capabilities: { transfers: "active" },
      requirements: { currently_due: [], eventually_due: [], past_due: [], disabled_reason: null },
      individual: { first_name: "Selene", last_name: "Bianchi", dob: { day: 12, month: 4, year: 1988 }, id_number_provided: true },
    });
    expect(enabled.external_accounts?.data[0]).toMatchObject({ object: "bank_account", last4: "3456", country: "IT", currency: "eur" });

    // The link and its form are spent: opening it again goes to refresh_url, the form to return_url.
    expect((await fetch(link.url, { redirect: "manual" })).headers.get("location")).toBe(REFRESH_URL);
    expect((await fetch(form.pageUrl, { redirect: "manual" })).headers.get("location")).toBe(RETURN_URL);

    const [event] = await accountUpdates(connect, 1);
    expect(event.account).toBe(account.id);
    const object = event.data.object as Stripe.Account;
    expect(object).toMatchObject({ id: account.id, payouts_enabled: true, details_submitted: true, capabilities: { transfers: "active" } });
    expect(event.data.previous_attributes).toMatchObject({ payouts_enabled: false, details_submitted: false });
    expect(platform.received).toEqual([]);
    // The account's events are listed on the account (Stripe-Account), not on the platform.
    expect((await stripe.events.list({ type: "account.updated" }, { stripeAccount: account.id })).data.map((e) => e.id)).toEqual([event.id]);
    expect((await stripe.events.list({ type: "account.updated" })).data).toEqual([]);
  });

  it("the 'manca un documento' path leaves the document due and payouts disabled; a later link completes it", async () => {
    const { standIn, connect, stripe } = await withEndpoints();
    const pending = await onboardedAccount(standIn, { missingDocument: "1" });
    expect(pending).toMatchObject({
      details_submitted: true,
      payouts_enabled: false,
      capabilities: { transfers: "inactive" },
      requirements: { currently_due: ["individual.verification.document"], disabled_reason: "requirements.past_due" },
    });
    expect(pending.external_accounts?.data[0].last4).toBe("3456");
    // Onboarding was submitted, so its dashboard opens.
    expect((await stripe.accounts.createLoginLink(pending.id)).object).toBe("login_link");

    const link = await stripe.accountLinks.create({
      account: pending.id,
      type: "account_onboarding",
      refresh_url: REFRESH_URL,
      return_url: RETURN_URL,
    });
    const form = await openOnboarding(link.url);
    expect(form.page).toContain('value="Selene"');
    expect(form.page).toContain("termina con 3456");
    expect((await submitOnboarding(form.action!, { iban: "" })).status).toBe(303);
    expect(await stripe.accounts.retrieve(pending.id)).toMatchObject({ payouts_enabled: true, requirements: { currently_due: [] } });

    const events = await accountUpdates(connect, 2);
    expect(events.map((e) => (e.data.object as Stripe.Account).payouts_enabled)).toEqual([false, true]);
    expect(events.every((e) => e.account === pending.id)).toBe(true);
  });

  it("the test door POST /__local/accounts/<acct>/onboard checks and applies the form's fields as the page does", async () => {
    const { standIn, connect, stripe } = await withEndpoints();
    const account = await stripe.accounts.create(readerAccountParams("reader_door"));
    const refused = await postLocal(standIn, `/__local/accounts/${account.id}/onboard`, { ...ONBOARDING_FORM, iban: "IT00X0000000000000000000000" });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { type: "invalid_request_error", param: "iban" } });
    expect((await stripe.accounts.retrieve(account.id)).payouts_enabled).toBe(false);
    expect((await postLocal(standIn, "/__local/accounts/acct_unknown/onboard", ONBOARDING_FORM)).status).toBe(404);

    expect(await postLocal(standIn, `/__local/accounts/${account.id}/onboard`, ONBOARDING_FORM)).toEqual({ status: 200, body: { account: account.id } });
    expect(await stripe.accounts.retrieve(account.id)).toMatchObject({ payouts_enabled: true, details_submitted: true, requirements: { currently_due: [] } });
    const [event] = await accountUpdates(connect, 1);
    expect(event.account).toBe(account.id);
  });

  it("an expired account link goes to refresh_url, also after a restart", async () => {
    const first = await startStandIn();
    const stripe = sdk(first.url);
    const account = await stripe.accounts.create(readerAccountParams());
    const link = await stripe.accountLinks.create({
      account: account.id,
      type: "account_onboarding",
      refresh_url: REFRESH_URL,
      return_url: RETURN_URL,
    });
    await first.stop();
    const file = join(first.dataDir, "stripe.json");
    const state = JSON.parse(readFileSync(file, "utf8")) as { connectLinks: Record<string, { expires_at: number }> };
    for (const stored of Object.values(state.connectLinks)) stored.expires_at = Math.floor(Date.now() / 1000) - 1;
    writeFileSync(file, JSON.stringify(state));
    const restarted = await startStandIn({ dataDir: first.dataDir });
    const expired = await fetch(`${restarted.url}${new URL(link.url).pathname}`, { redirect: "manual" });
    expect(expired.status).toBe(302);
    expect(expired.headers.get("location")).toBe(REFRESH_URL);
    expect((await fetch(`${restarted.url}/setup/e/${account.id}/not-a-token`)).status).toBe(404);
    expect(await sdk(restarted.url).accounts.retrieve(account.id)).toMatchObject({ id: account.id, metadata: { readerId: "reader_1" } });
  });

  it("retries Connect deliveries as it retries the platform's, and refuses requests on an unknown account", async () => {
    const connect = await receiver([500], "/stripe/connect-webhook");
    const standIn = await startStandIn({ connectWebhookUrl: connect.url, args: ["--webhook-retry-ms", "100"] });
    const stripe = sdk(standIn.url);
    const account = await stripe.accounts.create(readerAccountParams());
    await stripe.accounts.update(account.id, { metadata: { note: "x" } });
    await eventually(() => (connect.received.length === 2 ? true : undefined), "a second attempt");
    const [stored] = await getLocal<Array<{ delivery: { state: string; attempts: number } }>>(standIn, `/__local/events?account=${account.id}`);
    expect(stored.delivery).toMatchObject({ state: "delivered", attempts: 2 });

    await expect(stripe.balance.retrieve({}, { stripeAccount: "acct_unknown" })).rejects.toMatchObject({ statusCode: 403, code: "account_invalid" });
    await expect(stripe.transfers.list({}, { stripeAccount: account.id })).rejects.toMatchObject({ statusCode: 400 });
  });

  it("serves its Connect pages only to requests addressed to loopback", async () => {
    const standIn = await startStandIn();
    const stripe = sdk(standIn.url);
    const account = await stripe.accounts.create(readerAccountParams());
    const link = await stripe.accountLinks.create({
      account: account.id,
      type: "account_onboarding",
      refresh_url: REFRESH_URL,
      return_url: RETURN_URL,
    });
    const { port, pathname } = new URL(link.url);
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request({ host: "127.0.0.1", port, path: pathname, headers: { host: `evil.example:${port}` } }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      req.on("error", reject);
      req.end();
    });
    expect(status).toBe(403);
    // The refused request did not spend the link.
    expect((await openOnboarding(link.url)).status).toBe(200);
  });
});
