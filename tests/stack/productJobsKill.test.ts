// The product's own jobs across `kill -9`: the real convex/ on the embedded backend, with the mail catcher and
// the Stripe stand-in, clients booking, paying, cancelling, a psychic holding a call. The backend is killed at a
// seeded random moment of that stream and restarted with its test clock moved past the hold expiries, the
// consultations' ends (a late cancellation's share included) and the 24-hour reminders (LOCAL_BACKEND_TEST_CLOCK_OFFSET_MS).
// Then every write a client saw acknowledged is there, every job that fell due while it was down ran exactly once,
// and no booking is half-done.
// The same checker is then shown red with a job run twice and with an acknowledged write dropped (faults.ts).
import { spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ConvexHttpClient } from "convex/browser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import { demoAccounts } from "../../convex/demo/data";
import { Durability } from "@arcano/local-backend/durability";
import { removeDir, startBackend, type RunningBackend } from "@arcano/local-backend/testing/backend";
import { ConvexCli } from "@arcano/local-backend/testing/cli";
import { API_KEY, localAuth, startStandIn, stopAll, type StandIn } from "@arcano/local-backend/testing/stripe";
import { checkAfterRestart, dueJobs, type Acks, type World } from "./killChecker";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const mailCatcherMain = createRequire(import.meta.url).resolve("@arcano/local-backend/mail/main");

const SEED = Number(process.env.KILL_TEST_SEED ?? 25);
const PASSWORD = "arcano-demo";
const HOUR = 3600_000;

/** A small seeded generator (mulberry32): the same kill point for the same seed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A port free now, below the range the system hands out to outgoing connections (32768 and up on Linux), so no
 * client socket of another test (the CLI's requests, a browser) takes it before the backend listens on it.
 */
async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const server = net.createServer();
    const bound = await new Promise<boolean>((resolve) => {
      server.once("error", () => resolve(false));
      server.listen(port, "127.0.0.1", () => resolve(true));
    });
    if (!bound) continue;
    await new Promise((resolve) => server.close(resolve));
    return port;
  }
}

const root = fs.mkdtempSync(path.join(os.tmpdir(), "product-jobs-kill-"));
const clockFile = path.join(root, "clock");
let offsetMs = 0;
let backend: RunningBackend;
let stripe: StandIn;
let mail: { url: string; token: string; stop(): void };
let ports: { cloud: number; site: number; app: number };
const acks: Acks = { bookings: new Map(), joins: new Set(), lateCancellations: new Set() };

function backendEnv(arm?: Record<string, number>): Record<string, string> {
  return {
    LOCAL_BACKEND_TEST_FAULTS: "1",
    LOCAL_BACKEND_TEST_CLOCK_OFFSET_MS: String(offsetMs),
    ...(arm ? { LOCAL_BACKEND_TEST_FAULTS_ARM: JSON.stringify(arm) } : {}),
    SITE_URL: `http://127.0.0.1:${ports.app}`,
    RESEND_API_KEY: "re_local_kill_test",
    RESEND_BASE_URL: mail.url,
    STRIPE_SECRET_KEY: API_KEY,
    STRIPE_WEBHOOK_SECRET: "whsec_local_stand_in_test_secret",
    STRIPE_CONNECT_WEBHOOK_SECRET: "whsec_local_stand_in_test_connect_secret",
    STRIPE_API_BASE: stripe.url,
    // The demo seed pays and onboards at the stand-in's test routes, which take its access token.
    STRIPE_STANDIN_ACCESS_TOKEN: stripe.accessToken,
    ADMIN_EMAIL_DOMAIN: "arcano.it",
  };
}

// Each start serves the code last pushed: the first is pushed with the Convex CLI, as `npm start` does.
const start = (arm?: Record<string, number>) =>
  startBackend({
    convexDir: null,
    dataDir: path.join(root, "backend"),
    port: ports.cloud,
    sitePort: ports.site,
    env: backendEnv(arm),
  });

async function runInternal(fn: string, args: Record<string, unknown>): Promise<unknown> {
  const response = await fetch(`${backend.cloudUrl}/api/function`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Convex ${backend.adminKey}` },
    body: JSON.stringify({ path: fn, args, format: "json" }),
  });
  const result = (await response.json()) as { status: string; value?: unknown; errorMessage?: string };
  if (result.status !== "success") throw new Error(`${fn}: ${result.errorMessage}`);
  return result.value;
}

async function signedIn(email: string): Promise<ConvexHttpClient> {
  const client = new ConvexHttpClient(backend.cloudUrl, { logger: false });
  const result = await client.action(api.auth.signIn, { provider: "password", params: { flow: "signIn", email, password: PASSWORD } });
  client.setAuth(result.tokens!.token);
  return client;
}

async function originPass(): Promise<string> {
  const response = await fetch(`${backend.siteUrl}/origin-pass`, { method: "POST", headers: { origin: `http://127.0.0.1:${ports.app}` } });
  return ((await response.json()) as { pass: string }).pass;
}

/** A Rome date `weeksAhead` weeks on, a Monday: Selene's mornings. */
function mondayAhead(weeksAhead: number): string {
  const date = new Date(Date.now() + offsetMs + weeksAhead * 7 * 24 * HOUR);
  while (date.getUTCDay() !== 1) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

let seleneId = "";
/** Holds a time (acknowledged: pending_payment); with `pay`, pays at the stand-in and waits for the webhook's confirmation. */
async function book(client: ConvexHttpClient, date: string, time: string, pay: boolean): Promise<string> {
  const { url, bookingId } = await client.action(api.payments.startCheckout, {
    psychicProfileId: seleneId,
    durationMinutes: 30,
    date,
    time,
    originPass: await originPass(),
    consent: true,
  });
  acks.bookings.set(bookingId, "pending_payment");
  if (!pay) return bookingId;
  const session = new URL(url).pathname.split("/").pop()!;
  const paid = await fetch(`${stripe.url}/__local/sessions/${session}/pay`, {
    method: "POST",
    headers: { "content-type": "application/json", ...localAuth(stripe) },
    body: JSON.stringify({ cardNumber: "4242424242424242" }),
  });
  if (!paid.ok) throw new Error(`payment refused: ${paid.status}`);
  for (let i = 0; i < 100; i++) {
    if ((await client.query(api.bookings.getMine, { bookingId })).status === "confirmed") {
      acks.bookings.set(bookingId, "confirmed");
      return bookingId;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`booking ${bookingId} not confirmed`);
}

async function cancel(client: ConvexHttpClient, bookingId: string): Promise<void> {
  await client.mutation(api.bookings.cancelByClient, { bookingId });
  acks.bookings.set(bookingId, "cancelled");
}

/**
 * A paid consultation 3 hours ahead (the demo's callNow, paid at the stand-in), cancelled by the client: half is
 * refunded now, and the psychic's share of the rest is due at the time it would have ended.
 */
async function lateCancellation(client: ConvexHttpClient): Promise<string> {
  const bookingId = (await runInternal("seed:callNow", { clientEmail: demoAccounts.client.email, startsInMinutes: 180 })) as string;
  // Its payment at the stand-in lands first, so the refund has a charge to refund.
  for (let i = 0; (await runInternal("seedPayouts:bookingToPay", { bookingId })) !== null; i++) {
    if (i === 100) throw new Error(`booking ${bookingId} not paid at the stand-in`);
    await new Promise((r) => setTimeout(r, 100));
  }
  await cancel(client, bookingId);
  acks.lateCancellations.add(bookingId);
  return bookingId;
}

/** A consultation under way now (the demo's callNow), joined by the psychic: settled at its end, 10 minutes on. */
async function heldCall(selene: ConvexHttpClient, clientEmail: string): Promise<string> {
  const bookingId = (await runInternal("seed:callNow", { clientEmail, endsInSeconds: 600 })) as string;
  await selene.mutation(api.calls.join, { bookingId });
  acks.joins.add(bookingId);
  return bookingId;
}

/** Kills the backend, moves its clock (and the stand-in's) `advanceMs` on, restarts it with `arm`, and checks. */
async function killAndCheck(advanceMs: number, arm?: Record<string, number>, whileDown?: Promise<unknown>, waitMs?: number): Promise<string[]> {
  await backend.crash();
  // The requests in flight fail (unacknowledged); none reaches the restarted backend.
  await whileDown;
  const dir = path.join(root, "backend");
  const before = new Durability(
    dir,
    (fn) => fn(),
    () => {},
  ).load();
  offsetMs += advanceMs;
  fs.writeFileSync(clockFile, String(offsetMs));
  const due = dueJobs(before.docs, Date.now() + offsetMs);
  backend = await start(arm);
  const world: World = { backend, stripeUrl: stripe.url, mailUrl: mail.url, mailToken: mail.token, dataDir: dir };
  const result = await checkAfterRestart(world, acks, due, Date.now() + offsetMs, before.docs, waitMs);
  backend = await start();
  return result;
}

beforeAll(async () => {
  fs.writeFileSync(clockFile, "0");
  ports = { cloud: await freePort(), site: await freePort(), app: await freePort() };
  // The mail catcher, as npm start runs it.
  const mailDir = path.join(root, "mail");
  const mailChild = spawn(process.execPath, ["--import", "tsx", mailCatcherMain, "--data-dir", mailDir, "--port", "0"], {
    cwd: repoRoot,
    env: { ...process.env, MAIL_CATCHER_API_KEY: "re_local_kill_test" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const mailUrl = await new Promise<string>((resolve) => {
    let out = "";
    mailChild.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const line = out.split("\n").find((l) => l.startsWith("MAIL_CATCHER_READY "));
      if (line) resolve((JSON.parse(line.slice("MAIL_CATCHER_READY ".length)) as { url: string }).url);
    });
  });
  mail = { url: mailUrl, token: fs.readFileSync(path.join(mailDir, "access-token"), "utf8"), stop: () => mailChild.kill("SIGKILL") };
  // The Stripe stand-in, its clock moved with the backend's.
  const saved = process.env.NODE_OPTIONS;
  process.env.NODE_OPTIONS = `${saved ?? ""} --import ${path.join(repoRoot, "tests/stack/shiftedClock.mjs")}`;
  process.env.ARCANO_TEST_CLOCK_FILE = clockFile;
  try {
    stripe = await startStandIn({
      webhookUrl: `http://127.0.0.1:${ports.site}/stripe/webhook`,
      connectWebhookUrl: `http://127.0.0.1:${ports.site}/stripe/connect-webhook`,
    });
  } finally {
    if (saved === undefined) delete process.env.NODE_OPTIONS;
    else process.env.NODE_OPTIONS = saved;
    delete process.env.ARCANO_TEST_CLOCK_FILE;
  }
  backend = await start();
  await new ConvexCli(repoRoot, () => backend).deploy();
  await runInternal("seed:run", {});
  const { page: psychics } = await new ConvexHttpClient(backend.cloudUrl, { logger: false }).query(api.catalogue.listPage, { paginationOpts: { numItems: 10, cursor: null }, search: "Selene", now: Date.now() });
  seleneId = psychics.find((p) => p.psychicName === "Selene")!.id;
}, 120_000);

afterAll(async () => {
  await backend?.stop();
  mail?.stop();
  await stopAll();
  removeDir(root);
});

describe("the product's jobs across kill -9", () => {
  it(`lose no acknowledged write and run each job due while down exactly once (seed ${SEED})`, async () => {
    const rand = random(SEED);
    const client = await signedIn(demoAccounts.client.email);
    const selene = await signedIn(demoAccounts.psychic.email);
    // Before the stream, one of each, so every kind of job is there whatever the kill point.
    const week1 = mondayAhead(1);
    const week2 = mondayAhead(2);
    const reminded = await book(client, week1, "09:00", true);
    await book(client, week2, "09:00", false);
    await heldCall(selene, demoAccounts.client.email);
    await lateCancellation(client);

    // The stream: payments, holds, cancellations and calls, the kill at a seeded moment of it.
    const steps: Array<() => Promise<unknown>> = [
      async () => cancel(client, await book(client, week2, "10:00", true)),
      () => heldCall(selene, demoAccounts.client.email),
      () => book(client, week1, "14:00", true),
      () => heldCall(selene, demoAccounts.client.email),
    ];
    const killAfterMs = 300 + Math.floor(rand() * 2500);
    const stream = Promise.allSettled(
      steps.map(async (step, i) => {
        await new Promise((r) => setTimeout(r, i * 150));
        return step();
      }),
    );
    await new Promise((r) => setTimeout(r, killAfterMs));
    // Past every hold's expiry and every call's end, up to an hour after the first Monday booking's 24-hour reminder.
    const startsAt = (await client.query(api.bookings.getMine, { bookingId: reminded })).startsAt;
    expect(await killAndCheck(startsAt - 23 * HOUR - (Date.now() + offsetMs), undefined, stream)).toEqual([]);
  }, 60_000);

  // The checker is able to fail: the same kill and restart, with the fault it must catch armed at the start.
  it("turns red when a job due while down is run twice (runNextJobTwice)", async () => {
    const client = await signedIn(demoAccounts.client.email);
    await book(client, mondayAhead(3), "09:00", false);
    const violations = await killAndCheck(HOUR, { runNextJobTwice: 1 }, undefined, 6000);
    expect(violations.some((v) => /ran 2 times after the restart/.test(v))).toBe(true);
  }, 30_000);

  it("turns red when an acknowledged write is lost (dropLastAcknowledgedWrite)", async () => {
    const selene = await signedIn(demoAccounts.psychic.email);
    const bookingId = (await runInternal("seed:callNow", { clientEmail: demoAccounts.client.email, endsInSeconds: 600 })) as string;
    // Its payment at the stand-in lands first, so the psychic's join is the last write before the kill.
    await new Promise((r) => setTimeout(r, 1500));
    await selene.mutation(api.calls.join, { bookingId });
    acks.joins.add(bookingId);
    const violations = await killAndCheck(HOUR, { dropLastAcknowledgedWrite: 1 }, undefined, 6000);
    expect(violations).toContain(`the psychic's acknowledged join of ${bookingId} is missing`);
  }, 30_000);
});
