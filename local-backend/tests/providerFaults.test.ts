// The test-only outage switch of the Stripe stand-in and the mail catcher (shared/providerFaults.ts):
// a 500 in the provider's own error shape that does nothing, or no answer at all (carried out or not), for the
// requests and paths asked, counted; refused from a foreign page and, on the mailbox, without its token.
import http from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Resend } from "resend";
import { afterEach, describe, expect, it } from "vitest";
import { startMailCatcher } from "../mail/mailCatcher";
import { parseFaultPlan } from "../shared/providerFaults";
import { API_KEY, localAuth, startStandIn, stopAll, type StandIn } from "../testing/stripeStandIn";

const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  await stopAll();
  for (const stop of stops.splice(0)) await stop();
});

const SESSION_FORM = new URLSearchParams({
  mode: "payment",
  "line_items[0][quantity]": "1",
  "line_items[0][price_data][currency]": "eur",
  "line_items[0][price_data][unit_amount]": "5000",
  "line_items[0][price_data][product_data][name]": "Consulto",
  success_url: "http://127.0.0.1:5173/payment-success",
}).toString();

/** A raw API call, so that no SDK retry hides what the stand-in answered. */
function stripePost(url: string, path: string, body: string, idempotencyKey?: string) {
  return fetch(`${url}${path}`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${API_KEY}`,
      "content-type": "application/x-www-form-urlencoded",
      ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
    },
    body,
  });
}

async function faults(url: string, method: "GET" | "POST" | "DELETE", body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${url}/__local/faults`, {
    method,
    headers: { "content-type": "application/json", ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    status: response.status,
    body: (await response.json()) as { armed: unknown; hits: Array<{ path: string; mode: string; applied: boolean }> },
  };
}

/** The Stripe stand-in's switch, with its access token. */
const stripeFaults = (standIn: StandIn, method: "GET" | "POST" | "DELETE", body?: unknown) => faults(standIn.url, method, body, localAuth(standIn));

const sessionsAt = async (standIn: StandIn) =>
  ((await (await fetch(`${standIn.url}/__local/sessions`, { headers: localAuth(standIn) })).json()) as unknown[]).length;

describe("the outage switch's plan", () => {
  it("takes a mode, a count, path prefixes, a hang time and apply, and refuses anything else", () => {
    expect(parseFaultPlan({ mode: "hang" })).toEqual({ mode: "hang", count: null, paths: [], hangMs: 60_000, apply: false });
    expect(parseFaultPlan({ mode: "error500", count: 2, paths: ["/v1/refunds"] })).toMatchObject({ count: 2, paths: ["/v1/refunds"] });
    for (const bad of [null, [], { mode: "slow" }, { mode: "hang", count: 0 }, { mode: "hang", paths: ["v1"] }, { mode: "hang", hangMs: -1 }]) {
      expect(parseFaultPlan(bad)).toHaveProperty("refused");
    }
    expect(parseFaultPlan({ mode: "error500", apply: true })).toHaveProperty("refused");
    expect(parseFaultPlan({ mode: "hang", extra: 1 })).toEqual({ refused: "unknown field: extra" });
  });
});

describe("the Stripe stand-in's outage switch", () => {
  it("error500: Stripe's error shape for the paths asked, as many times as asked, and nothing done", async () => {
    const standIn = await startStandIn();
    // As the mailbox's, the switch takes the stand-in's access token.
    expect((await faults(standIn.url, "POST", { mode: "error500", count: 1 })).status).toBe(401);
    expect((await stripeFaults(standIn, "POST", { mode: "error500", count: 1, paths: ["/v1/checkout/sessions"] })).status).toBe(200);
    const failed = await stripePost(standIn.url, "/v1/checkout/sessions", SESSION_FORM, "checkout-a");
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({ error: { type: "api_error", message: expect.stringContaining("unknown error") } });
    expect(await sessionsAt(standIn)).toBe(0);
    // The count is spent: the same key now creates the session (the failed attempt spent no key).
    const created = await stripePost(standIn.url, "/v1/checkout/sessions", SESSION_FORM, "checkout-a");
    expect(created.status).toBe(200);
    const state = await stripeFaults(standIn, "GET");
    expect(state.body).toEqual({ armed: null, hits: [expect.objectContaining({ path: "/v1/checkout/sessions", mode: "error500", applied: false })] });
  });

  it("only the paths asked; disarmed by DELETE; bad plans refused with 400", async () => {
    const standIn = await startStandIn();
    await stripeFaults(standIn, "POST", { mode: "error500", paths: ["/v1/refunds"] });
    expect((await stripePost(standIn.url, "/v1/checkout/sessions", SESSION_FORM)).status).toBe(200);
    expect((await stripePost(standIn.url, "/v1/refunds", "payment_intent=pi_x")).status).toBe(500);
    expect((await stripePost(standIn.url, "/v1/refunds", "payment_intent=pi_x")).status).toBe(500);
    expect((await stripeFaults(standIn, "DELETE")).body.armed).toBeNull();
    // Through to the API again: a refund of an intent it never made is a bad parameter (400 resource_missing).
    expect((await stripePost(standIn.url, "/v1/refunds", "payment_intent=pi_x")).status).toBe(400);
    const refused = await stripeFaults(standIn, "POST", { mode: "slow" });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { type: "invalid_request_error" } });
  });

  it("hang: no answer, the connection dropped after hangMs; with apply the request was carried out and its key replays it", async () => {
    const standIn = await startStandIn();
    await stripeFaults(standIn, "POST", { mode: "hang", count: 1, hangMs: 300 });
    const started = Date.now();
    await expect(stripePost(standIn.url, "/v1/checkout/sessions", SESSION_FORM, "checkout-b")).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
    expect(await sessionsAt(standIn)).toBe(0);

    await stripeFaults(standIn, "POST", { mode: "hang", count: 1, hangMs: 300, apply: true });
    await expect(stripePost(standIn.url, "/v1/checkout/sessions", SESSION_FORM, "checkout-c")).rejects.toThrow();
    expect(await sessionsAt(standIn)).toBe(1);
    const retried = await stripePost(standIn.url, "/v1/checkout/sessions", SESSION_FORM, "checkout-c");
    expect(retried.headers.get("idempotent-replayed")).toBe("true");
    expect(await sessionsAt(standIn)).toBe(1);
    expect((await stripeFaults(standIn, "GET")).body.hits.map((hit) => hit.applied)).toEqual([false, true]);
  });

  it("is refused to a foreign page, like every route of the stand-in", async () => {
    const standIn = await startStandIn();
    const status = await new Promise<number>((resolve, reject) => {
      const headers = { origin: "https://evil.example", ...localAuth(standIn) };
      const request = http.request(`${standIn.url}/__local/faults`, { method: "POST", headers }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      request.on("error", reject);
      request.end(JSON.stringify({ mode: "hang" }));
    });
    expect(status).toBe(403);
    expect((await stripeFaults(standIn, "GET")).body.armed).toBeNull();
  });
});

describe("the mail catcher's outage switch", () => {
  async function catcher() {
    const dataDir = mkdtempSync(join(tmpdir(), "mail-faults-"));
    const started = await startMailCatcher({ dataDir, port: 0, apiKey: "re_local_faults" });
    stops.push(async () => {
      await started.close();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const auth = { authorization: `Bearer ${started.accessToken}` };
    const caught = async () => ((await (await fetch(`${started.url}/api/messages`, { headers: auth })).json()) as unknown[]).length;
    return { ...started, auth, caught, resend: new Resend("re_local_faults", { baseUrl: started.url }) };
  }
  const message = { from: "Arcano <no-reply@arcano.it>", to: "giulia@esempio.it", subject: "Prova", text: "Ciao" };

  it("takes the mailbox's token; error500 answers Resend's error shape and sends nothing", async () => {
    const mail = await catcher();
    expect((await faults(mail.url, "POST", { mode: "error500", count: 1 })).status).toBe(401);
    expect((await faults(mail.url, "POST", { mode: "error500", count: 1 }, mail.auth)).status).toBe(200);
    const { data, error } = await mail.resend.emails.send(message, { idempotencyKey: "outbox-a" });
    expect(data).toBeNull();
    expect(error).toMatchObject({ name: "application_error", statusCode: 500 });
    expect(await mail.caught()).toBe(0);
    expect((await mail.resend.emails.send(message, { idempotencyKey: "outbox-a" })).data?.id).toEqual(expect.any(String));
    expect(await mail.caught()).toBe(1);
  });

  it("hang with apply: the email is caught, its answer lost; the retry under the same key gets the same id", async () => {
    const mail = await catcher();
    await faults(mail.url, "POST", { mode: "hang", count: 1, hangMs: 300, apply: true }, mail.auth);
    const lost = await mail.resend.emails.send(message, { idempotencyKey: "outbox-b" });
    expect(lost.error).toMatchObject({ name: "application_error" });
    expect(await mail.caught()).toBe(1);
    const retried = await mail.resend.emails.send(message, { idempotencyKey: "outbox-b" });
    expect(retried.data?.id).toEqual(expect.any(String));
    expect(await mail.caught()).toBe(1);
    expect((await faults(mail.url, "GET", undefined, mail.auth)).body.hits).toEqual([
      expect.objectContaining({ path: "/emails", mode: "hang", applied: true }),
    ]);
  });
});
