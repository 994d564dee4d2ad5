// The product's own functions (convex-test, the real modules) against the real provider stand-ins with their
// outage switch (`/__local/faults`): the Stripe stand-in as `npm start` runs it and the mail catcher. The SDKs'
// timeouts are shortened by configuration (STRIPE_TIMEOUT_MS, RESEND_TIMEOUT_MS) so a hang costs a second; the
// retry schedules are the product's, driven here by running each due job as the scheduler would.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { convexTest } from "convex-test";
import { afterEach, beforeEach, expect, vi } from "vitest";
import { internal } from "../../../convex/_generated/api";
import type { Doc, Id } from "../../../convex/_generated/dataModel";
import type { ProviderJobKind } from "../../../convex/model/providerJobs";
import { utcMsToRome } from "../../../convex/framework/time";
import schema from "../../../convex/schema";
import { insertPsychic } from "../../convex/fixtures/psychics";
import { registerComponents } from "../../convex/fixtures/components";
import { takeQueuedAttempt } from "../../convex/fixtures/providerJobs";
import { bookingRow } from "../../convex/fixtures/bookingRows";
import { startMailCatcher } from "@arcano/local-backend/mail";
import type { FaultHit } from "@arcano/local-backend/faults";
import { API_KEY, localAuth, onboardedAccount, paidCharge, startStandIn, type StandIn } from "@arcano/local-backend/testing/stripe";

const modules = import.meta.glob(["../../../convex/**/*.*s", "!../../../convex/convex.config.ts"]);
const MAIL_KEY = "re_local_outages";
export const ADMIN_EMAIL = "amministrazione@arcano.it";

export type Providers = Awaited<ReturnType<typeof startProviders>>;
export type OutageBackend = ReturnType<typeof convexTest>;

/** The stand-ins, each with its switch. Stop them with `stop()`. */
async function startProviders() {
  const stripe: StandIn = await startStandIn({ args: ["--allow-short-expiry"] });
  const mailDir = mkdtempSync(join(tmpdir(), "outages-mail-"));
  const mail = await startMailCatcher({ dataDir: mailDir, port: 0, apiKey: MAIL_KEY });
  const mailAuth = { authorization: `Bearer ${mail.accessToken}` };
  const switchAt = (url: string, headers: Record<string, string> = {}) => ({
    arm: async (plan: Record<string, unknown>) => {
      const response = await fetch(`${url}/__local/faults`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(plan),
      });
      expect(response.status).toBe(200);
    },
    disarm: async () => void (await fetch(`${url}/__local/faults`, { method: "DELETE", headers })),
    hits: async () => ((await (await fetch(`${url}/__local/faults`, { headers })).json()) as { hits: FaultHit[] }).hits,
  });
  return {
    stripe,
    mail,
    stripeFaults: switchAt(stripe.url, localAuth(stripe)),
    mailFaults: switchAt(mail.url, mailAuth),
    /** Emails the mailbox caught for `to`. */
    caught: async (to: string) =>
      ((await (await fetch(`${mail.url}/api/messages?to=${encodeURIComponent(to)}`, { headers: mailAuth })).json()) as unknown[]).length,
    stop: async () => {
      await mail.close();
      rmSync(mailDir, { recursive: true, force: true });
      await stripe.stop();
    },
  };
}

/**
 * Fresh stand-ins for each test of the file, handed to `use`: every test's backend numbers its documents afresh, so
 * idempotency keys made of ids would meet the previous test's at a shared stand-in.
 */
export function freshProvidersForEachTest(use: (providers: Providers) => void) {
  let current: Providers | undefined;
  beforeEach(async () => {
    current = await startProviders();
    use(current);
  });
  afterEach(async () => {
    await current?.stop();
    vi.unstubAllEnvs();
  });
}

/** A fresh backend whose functions reach the stand-ins, with timeouts of a second. */
export function outageBackend(providers: Providers): OutageBackend {
  vi.stubEnv("STRIPE_SECRET_KEY", API_KEY);
  vi.stubEnv("STRIPE_API_BASE", providers.stripe.url);
  vi.stubEnv("STRIPE_TIMEOUT_MS", "1000");
  // The production default, whatever the shell running the tests says.
  vi.stubEnv("STRIPE_MAX_NETWORK_RETRIES", "2");
  vi.stubEnv("RESEND_API_KEY", MAIL_KEY);
  vi.stubEnv("RESEND_BASE_URL", providers.mail.url);
  vi.stubEnv("RESEND_TIMEOUT_MS", "1000");
  vi.stubEnv("SITE_URL", "http://127.0.0.1:5173");
  vi.stubEnv("CONVEX_SITE_URL", "https://arcano-test.convex.site");
  vi.stubEnv("ADMIN_EMAIL_DOMAIN", "@arcano.it");
  return registerComponents(convexTest(schema, modules));
}

/** A person signed in (a stored session, as @convex-dev/auth makes them); `admin` also stores the grant. */
export async function signedIn(t: OutageBackend, fields: Partial<Doc<"users">> & { email: string }, admin = false) {
  const { userId, sessionId } = await t.run(async (ctx) => {
    const userId = await ctx.db.insert("users", { consentGivenAt: Date.now(), emailVerificationTime: Date.now(), ...fields });
    const sessionId = await ctx.db.insert("authSessions", { userId, expirationTime: Date.now() + 86_400_000 });
    if (admin) await ctx.db.insert("adminGrants", { userId, grantedAt: Date.now(), grantedBy: "test" });
    return { userId, sessionId };
  });
  return { userId, as: t.withIdentity({ subject: `${userId}|${sessionId}` }) };
}

/** Rounds a delay to whole minutes (the job was scheduled a moment before it is read). */
export const minutes = (ms: number) => Math.round(ms / 60_000);

/**
 * A provider job asked for `subjectId`, as its owner asks for it, but with its attempts left to the test
 * (nothing scheduled): run them with `runJobWithRetries` or `internal.providerJobs.attempt`.
 */
export function pendingJob(t: OutageBackend, kind: ProviderJobKind, subjectId: string): Promise<Id<"providerJobs">> {
  return t.run((ctx) => ctx.db.insert("providerJobs", { kind, subjectId, state: "pending", attempts: 0, series: 0, updatedAt: Date.now() }));
}

/** One attempt of a new job for `subjectId`, now. */
export async function attemptNewJob(t: OutageBackend, kind: ProviderJobKind, subjectId: string) {
  const jobId = await pendingJob(t, kind, subjectId);
  await t.action(internal.providerJobs.attempt, { jobId });
  return jobId;
}

/**
 * A new job's first attempt, then each retry it scheduled, run as the scheduler would run them: the retries'
 * delays in minutes.
 */
export async function runJobWithRetries(t: OutageBackend, kind: ProviderJobKind, subjectId: string): Promise<number[]> {
  const jobId = await pendingJob(t, kind, subjectId);
  await t.action(internal.providerJobs.attempt, { jobId });
  const delays: number[] = [];
  for (let job = await takeQueuedAttempt(t, jobId); job !== null; job = await takeQueuedAttempt(t, jobId)) {
    delays.push(minutes(job.delayMs));
    await t.action(internal.providerJobs.attempt, { jobId });
  }
  return delays;
}

/** Waits for a condition the scheduler's immediate jobs (runAfter 0) bring about. */
export async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The first Monday at least two days ahead (the default week is open on Monday mornings), as a Rome date. */
export function mondayAhead(): string {
  for (let days = 2; ; days += 1) {
    const { date } = utcMsToRome(Date.now() + days * 86_400_000);
    if (new Date(`${date}T12:00:00Z`).getUTCDay() === 1) return date;
  }
}

/** A listed psychic and a verified client who may book her. */
export async function clientAndPsychic(t: OutageBackend, name: string) {
  const psychic = await t.run((ctx) => insertPsychic(ctx));
  const client = await signedIn(t, { email: `${name}@esempio.it`, name, accountType: "client" });
  return { psychic, client };
}

/** A 30-minute, € 50 booking paid at the stand-in (`paymentIntentId`), next week's Monday at `time`. */
export function paidBookingFields(people: Awaited<ReturnType<typeof clientAndPsychic>>, time: string, paymentIntentId: string) {
  const parties = { clientId: people.client.userId, psychicUserId: people.psychic.userId, psychicProfileId: people.psychic.profileId };
  return {
    ...bookingRow({ ...parties, notes: "", date: mondayAhead(), time, sessionId: "cs_outage" }),
    stripePaymentIntentId: paymentIntentId,
  };
}

/** A held consultation paid at the stand-in, its reader onboarded there, and her share of € 42.50 pending. */
export async function pendingShare(t: OutageBackend, providers: Providers, name: string) {
  const people = await clientAndPsychic(t, name);
  const account = await onboardedAccount(providers.stripe, {}, name);
  const { intent } = await paidCharge(providers.stripe, 5000, `booking_${name}`);
  return t.run(async (ctx) => {
    await ctx.db.insert("payoutAccounts", {
      psychicUserId: people.psychic.userId,
      stripeAccountId: account.id,
      state: "enabled",
      requirementsDue: [],
      updatedAt: Date.now(),
    });
    const bookingId = await ctx.db.insert("bookings", {
      ...paidBookingFields(people, "15:00", intent.id),
      status: "completed",
      completedAt: Date.now(),
    });
    const transferId = await ctx.db.insert("psychicTransfers", {
      bookingId,
      psychicUserId: people.psychic.userId,
      reason: "consultation",
      grossCents: 5000,
      commissionCents: 750,
      amountCents: 4250,
      state: "pending",
      dueAt: Date.now(),
      attempts: 0,
    });
    return { transferId, accountId: account.id };
  });
}
export type { Id };
