// One way to start a Convex test: the real schema and modules, the env the functions read, and
// helpers that sign people in with a real auth session.
import { convexTest } from "convex-test";
import { ConvexError } from "convex/values";
import { afterAll, beforeAll, beforeEach, vi } from "vitest";
// Loaded before any fake timer exists: TZDate subclasses Date, and a class evaluated while Date is
// faked would extend the fake and lose its time-zone methods (Rome times would read as UTC).
import "@date-fns/tz";
import { exportJWK, exportPKCS8, generateKeyPair } from "jose";
import { api } from "../../convex/_generated/api";
import type { Doc, Id } from "../../convex/_generated/dataModel";
import type { MutationCtx } from "../../convex/_generated/server";
import { triggers } from "../../convex/lib/platform/triggers";
import { registerComponents } from "./fixtures/components";
import { sniffImageType } from "../../convex/model/profileRules";
import { uploadContentType } from "../../convex/model/uploads";
import schema from "../../convex/schema";
import { STANDIN_CONNECT_WEBHOOK_SECRET, STANDIN_KEY, STANDIN_WEBHOOK_SECRET, StripeStandIn } from "./fixtures/stripeStandIn";

// Every module under convex/, _generated included: convex-test finds the functions' root from
// the "_generated" key, so keys are "../../convex/<path>".
// convex.config.ts is not a module of functions: it declares the components (registered below).
const modules = import.meta.glob(["../../convex/**/*.*s", "!../../convex/convex.config.ts"]);

export const TEST_SITE_URL = "https://arcano-test.convex.site";
const TEST_ADMIN_DOMAIN = "@arcano.it";

// A throwaway signing key per test file, so no private key is ever committed.
async function makeSigningKeys() {
  const { privateKey, publicKey } = await generateKeyPair("RS256", {
    extractable: true,
  });
  const jwk = await exportJWK(publicKey);
  return {
    JWT_PRIVATE_KEY: await exportPKCS8(privateKey),
    JWKS: JSON.stringify({ keys: [{ use: "sig", ...jwk }] }),
  };
}
const signingKeys = await makeSigningKeys();

// Every test runs under fake timers: scheduled functions (holds, reminders, call windows) run when
// a test advances time, not when the wall clock gets there, and each test ends by running what is
// left, so no scheduled work leaks into the next test (the hooks: perFile.ts). Password hashing makes sign-ups
// slow on a busy machine, hence the project's longer test timeout (vitest.config.ts).
// The hooks start and stop the Stripe stand-in and run a test's leftover scheduled work against it over HTTP:
// slow on a busy machine too.
export const HOOK_TIMEOUT_MS = 30_000;
const backendsOfThisTest = new Set<TestConvex>();
// Stripe is the local stand-in (fixtures/stripeStandIn.ts) in the files that call useStripeStandIn(): one per
// file, emptied before each test. In the others no request may reach Stripe.
let standInWanted = false;
let fileStandIn: StripeStandIn | undefined;
let currentStandIn: StripeStandIn | undefined;
/** Every test of the calling file talks to an empty Stripe stand-in; `stripe()` gives it. */
export function useStripeStandIn() {
  standInWanted = true;
  // Started before any fake timer: the stand-in's own timers run on the real clock.
  beforeAll(async () => {
    fileStandIn = await StripeStandIn.start();
  }, HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await fileStandIn?.stop();
    fileStandIn = undefined;
  }, HOOK_TIMEOUT_MS);
}
/** The Stripe stand-in of the running test. */
export const stripe = () => currentStandIn!;
export const stripeStandInRunning = () => currentStandIn !== undefined;

const NO_STRIPE_BASE = "http://stripe.invalid";
/** The global fetch of a file without the stand-in: a request to Stripe fails the test, saying why. */
const noStripe = async (input: RequestInfo | URL): Promise<Response> => {
  const url = typeof input === "string" || input instanceof URL ? String(input) : input.url;
  throw new Error(`${url}: this test file reaches Stripe; call useStripeStandIn() in it`);
};

/**
 * What tests/convex/perFile.ts does around each test file and test. Vitest runs the files of a worker in one
 * module graph (isolate: false), so this module is loaded once per worker: its hooks are registered per file there,
 * and a file starts without the previous file's stand-in.
 */
export function startTestFile() {
  standInWanted = false;
  fileStandIn = undefined;
  currentStandIn = undefined;
  backendsOfThisTest.clear();
}

export async function beforeEachTest() {
  if (fileStandIn) await fileStandIn.reset();
  currentStandIn = fileStandIn;
  vi.useFakeTimers();
  vi.stubGlobal("fetch", currentStandIn?.fetch ?? noStripe);
}

export async function afterEachTest() {
  // A test may have switched to real timers on its own; scheduled work still runs to the end.
  if (!vi.isFakeTimers()) vi.useFakeTimers();
  for (const t of backendsOfThisTest) await t.finishAllScheduledFunctions(vi.runAllTimers);
  backendsOfThisTest.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  currentStandIn = undefined;
}

/**
 * A fresh, empty backend. `extraModules` mounts test-only functions under convex/ paths,
 * e.g. `{ "../../convex/testing/guards.ts": () => import("./fixtures/guards") }`
 * (keep the extension: convex-test strips the last one).
 */
export function setupTest(extraModules: Record<string, () => Promise<unknown>> = {}) {
  const t = newBackend(extraModules);
  backendsOfThisTest.add(t);
  return t;
}

function newBackend(extraModules: Record<string, () => Promise<unknown>> = {}) {
  Object.assign(process.env, signingKeys, {
    CONVEX_SITE_URL: TEST_SITE_URL,
    SITE_URL: "http://127.0.0.1:5173",
    ADMIN_EMAIL_DOMAIN: TEST_ADMIN_DOMAIN,
    ...(currentStandIn
      ? {
          STRIPE_SECRET_KEY: STANDIN_KEY,
          STRIPE_API_BASE: currentStandIn.url,
          STRIPE_WEBHOOK_SECRET: STANDIN_WEBHOOK_SECRET,
          STRIPE_CONNECT_WEBHOOK_SECRET: STANDIN_CONNECT_WEBHOOK_SECRET,
          STRIPE_STANDIN_ACCESS_TOKEN: currentStandIn.accessToken,
        }
      : {
          STRIPE_SECRET_KEY: STANDIN_KEY,
          STRIPE_API_BASE: NO_STRIPE_BASE,
          STRIPE_WEBHOOK_SECRET: STANDIN_WEBHOOK_SECRET,
          STRIPE_CONNECT_WEBHOOK_SECRET: STANDIN_CONNECT_WEBHOOK_SECRET,
        }),
    // The SDK's own retries wait on timers; under fake timers the tests drive retries themselves.
    STRIPE_MAX_NETWORK_RETRIES: "0",
  });
  return registerComponents(convexTest(schema, { ...modules, ...extraModules }));
}

export type TestConvex = ReturnType<typeof setupTest>;

/**
 * One backend for the tests of a describe block that read the world `prepare` makes (the demo seed,
 * say) and change nothing another of them reads. `prepare` runs once, in beforeAll, as it would in a
 * test: under fake timers, with its own Stripe. Every test of the block then starts with the
 * fake clock at the moment `prepare` ran. The functions scheduled on this backend never run (their
 * timers go with each fake clock): they would change the world between tests. Call it inside the
 * describe block; the returned function gives the backend, what `prepare` returned and, in a file that uses
 * the stand-in, the stand-in that answered it.
 */
export function setupSharedTest<T>(prepare: (t: TestConvex) => Promise<T>) {
  let shared: { t: TestConvex; value: T; now: number; standIn?: StripeStandIn } | undefined;
  beforeAll(async () => {
    const standIn = standInWanted ? await StripeStandIn.start() : undefined;
    vi.useFakeTimers();
    vi.stubGlobal("fetch", standIn?.fetch ?? noStripe);
    const testsOwn = currentStandIn;
    currentStandIn = standIn;
    try {
      const t = newBackend();
      const now = Date.now();
      shared = { t, now, standIn, value: await prepare(t) };
    } finally {
      currentStandIn = testsOwn;
      vi.useRealTimers();
      vi.unstubAllGlobals();
    }
  }, 120_000);
  afterAll(async () => {
    await shared?.standIn?.stop();
  });
  beforeEach(() => {
    vi.setSystemTime(shared!.now);
  });
  return () => shared!;
}

/**
 * `t.run` with the database writer every mutation has: its writes go through the triggers, so what a
 * test writes straight into the database counts in the derived figures as a real write would
 * (`t.run` alone writes past them).
 */
export function runWithTriggers<T>(t: TestConvex, fn: (ctx: MutationCtx) => Promise<T>): Promise<T> {
  return t.run((ctx) => fn(triggers.wrapDB(ctx as MutationCtx)));
}

/** A client acting as one signed-in user. */
export type TestClient = ReturnType<TestConvex["withIdentity"]>;

type NewUser = Partial<Omit<Doc<"users">, "_id" | "_creationTime">> & {
  email: string;
  /** Also store an admin grant for this user. */
  admin?: boolean;
};

/**
 * Creates a user with an open session and returns a client acting as them. The identity's
 * subject is "userId|sessionId", exactly what @convex-dev/auth puts in its tokens.
 */
export async function signInAs(t: TestConvex, { admin = false, ...fields }: NewUser) {
  const { userId, sessionId } = await runWithTriggers(t, async (ctx) => {
    const userId: Id<"users"> = await ctx.db.insert("users", {
      consentGivenAt: Date.now(),
      // An account made by sign-up has proven its address; a test wanting one that has not says so.
      emailVerificationTime: Date.now(),
      ...fields,
    });
    const sessionId = await ctx.db.insert("authSessions", {
      userId,
      expirationTime: Date.now() + 24 * 60 * 60 * 1000,
    });
    if (admin)
      await ctx.db.insert("adminGrants", {
        userId,
        grantedAt: Date.now(),
        grantedBy: "test",
      });
    return { userId, sessionId };
  });
  return { userId, as: t.withIdentity({ subject: `${userId}|${sessionId}` }) };
}

/** The code of the ConvexError a refused call throws; fails the test when the call succeeds. */
export async function errorCodeOf(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ConvexError) return (error.data as { code: string }).code;
    throw error;
  }
  throw new Error("expected the call to be refused");
}

/** The identity a real sign-in produces, from the token the auth action returns. */
function identityFromToken(token: string) {
  const payload = JSON.parse(atob(token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/")));
  return { subject: payload.sub as string };
}

export const DEFAULT_TEST_PASSWORD = "segreta123";

/** A pass from the HTTP action /origin-pass as a browser at `address` gets it. */
export async function originPassFor(t: TestConvex, address: string): Promise<string> {
  const response = await t.fetch("/origin-pass", { method: "POST", headers: { "x-forwarded-for": address } });
  return ((await response.json()) as { pass: string }).pass;
}

/** The code of the latest sign-up email sent to `email`, read from the outbox as the person reads their mail. */
export async function signUpCodeSentTo(t: TestConvex, email: string): Promise<string | null> {
  const sent = await t.run((ctx) =>
    ctx.db
      .query("emailOutbox")
      .withIndex("by_to", (q) => q.eq("to", email))
      .collect(),
  );
  const latest = sent.filter((mail) => mail.kind === "sign_up_code").at(-1);
  return latest === undefined ? null : (/\b(\d{6})\b/.exec(latest.text)?.[1] ?? null);
}

/**
 * Signs up through the real auth action, as the sign-up form does: the details, then the emailed code.
 * Returns a client acting as the new user.
 */
export async function signUpWithPassword(
  t: TestConvex,
  fields: { email: string; name?: string; accountType?: "client" | "psychic"; password?: string },
) {
  const first = await t.action(api.auth.signIn, {
    provider: "password",
    params: {
      flow: "signUp",
      email: fields.email,
      password: fields.password ?? DEFAULT_TEST_PASSWORD,
      name: fields.name ?? "Persona di Prova",
      accountType: fields.accountType ?? "client",
      consent: true,
      // The form's pass, from this machine (loopback): not limited per origin.
      originPass: await originPassFor(t, "127.0.0.1"),
    },
  });
  if (first.tokens) throw new Error("sign-up signed in before its code came back");
  const code = await signUpCodeSentTo(t, fields.email.trim().toLowerCase());
  if (code === null) throw new Error(`no sign-up code was sent to ${fields.email}`);
  const result = await t.action(api.auth.signIn, {
    provider: "password",
    params: { flow: "signUpVerification", email: fields.email, code },
  });
  const identity = identityFromToken(result.tokens!.token);
  return { userId: identity.subject.split("|")[0] as Id<"users">, as: t.withIdentity(identity) };
}

/** Signs in through the real auth action with email and password. */
export async function signInWithPassword(t: TestConvex, email: string, password = DEFAULT_TEST_PASSWORD) {
  const result = await t.action(api.auth.signIn, {
    provider: "password",
    params: { flow: "signIn", email, password },
  });
  return t.withIdentity(identityFromToken(result.tokens!.token));
}

/**
 * What the browser does to upload a psychic photo: asks for an upload URL (recorded as the psychic's)
 * and posts the bytes to it as `type` (by default the image type of the bytes, as a browser names an
 * image file) naming that URL's record; returns the new file's storage id.
 */
export async function uploadPhotoAs(t: TestConvex, as: TestClient, bytes: BlobPart[], type?: string) {
  const { uploadId } = await as.mutation(api.psychicProfiles.generatePhotoUploadUrl, {});
  const blob = new Blob(bytes);
  const claimed = type ?? sniffImageType(new Uint8Array(await blob.slice(0, 12).arrayBuffer())) ?? "application/octet-stream";
  return t.run((ctx) => ctx.storage.store(new Blob([blob], { type: uploadContentType(claimed, uploadId) })));
}
