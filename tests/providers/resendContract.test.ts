// The mail catcher held to Resend's published OpenAPI (local-backend/mail/openapi/): the outbox's real
// sender reaches it through the Resend SDK with no violation, a request that breaks the specification
// is refused with Resend's error shape, and every Resend call in convex/ is an operation the subset has
// and the catcher serves.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { convexTest } from "convex-test";
import { Resend } from "resend";
import { afterEach, describe, expect, it, vi } from "vitest";
import { internal } from "../../convex/_generated/api";
import { bookingConfirmedClientEmail, bookingInvitation, type BookingFacts } from "../../convex/email/bookingEmails";
import { contactNotificationEmail } from "../../convex/email/contactEmails";
import { DEFAULT_SENDER, resendEmail, resendIdempotencyKey } from "../../convex/email/resendRequest";
import { signUpCodeEmail } from "../../convex/email/templates";
import schema from "../../convex/schema";
import { startMailCatcher } from "@arcano/local-backend/mail";
import { resendContract } from "@arcano/local-backend/mail/contract";
import { operationName, SERVED_OPERATIONS } from "@arcano/local-backend/mail/operations";
import { registerComponents } from "../convex/fixtures/components";

const API_KEY = "re_local_contract";
const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  vi.unstubAllEnvs();
  for (const stop of stops.splice(0)) await stop();
});

async function catcher() {
  const dataDir = mkdtempSync(join(tmpdir(), "resend-contract-"));
  const started = await startMailCatcher({ dataDir, port: 0, apiKey: API_KEY });
  stops.push(async () => {
    await started.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const read = async (path: string) => (await fetch(`${started.url}${path}`, { headers: { authorization: `Bearer ${started.accessToken}` } })).json();
  return { ...started, read };
}

const facts: BookingFacts = {
  bookingId: "booking-contract-1",
  psychicName: "Selene",
  clientName: "Giulia Rossi",
  scheduledDate: "2026-09-14",
  scheduledTime: "18:30",
  startsAt: Date.UTC(2026, 8, 14, 16, 30),
  endsAt: Date.UTC(2026, 8, 14, 17, 0),
  durationMinutes: 30,
  priceCents: 4500,
  siteUrl: "http://127.0.0.1:5173",
  sequence: 0,
};

/** What the product queues, built by its own email builders: a code, a booking with its invitation, a contact notice. */
const outbox = [
  { kind: "sign_up_code" as const, to: "giulia@esempio.it", ...signUpCodeEmail({ code: "123456", validMinutes: 15 }) },
  { kind: "booking_confirmed" as const, to: "giulia@esempio.it", ...bookingConfirmedClientEmail(facts, facts.startsAt - 3 * 86_400_000), attachments: [bookingInvitation(facts)] },
  {
    kind: "contact_message" as const,
    to: "supporto@arcano.it",
    ...contactNotificationEmail({
      name: "Giulia",
      email: "giulia@esempio.it",
      userType: "client",
      category: "booking",
      subject: "Orario",
      message: "Posso spostarlo?",
    }),
  },
];

describe("the mail catcher against Resend's OpenAPI", () => {
  it("takes every kind of email the outbox's sender sends, through its Convex action and the SDK, with no violation", async () => {
    const { url, violations, read } = await catcher();
    vi.stubEnv("RESEND_API_KEY", API_KEY);
    vi.stubEnv("RESEND_BASE_URL", url);
    const t = registerComponents(convexTest(schema, import.meta.glob(["../../convex/**/*.*s", "!../../convex/convex.config.ts"])));
    for (const email of outbox) {
      const { id, jobId } = await t.run(async (ctx) => {
        const id = await ctx.db.insert("emailOutbox", { ...email, status: "queued", attempts: 0 });
        // The outbox's job, its attempt run here rather than by the scheduler.
        const jobId = await ctx.db.insert("providerJobs", { kind: "email", subjectId: id, state: "pending", attempts: 0, series: 0, updatedAt: Date.now() });
        return { id, jobId };
      });
      await t.action(internal.providerJobs.attempt, { jobId });
      expect(await t.run((ctx) => ctx.db.get("emailOutbox", id))).toMatchObject({ status: "sent", providerId: expect.any(String) });
    }
    expect(violations()).toEqual([]);
    expect(await read("/__standin/violations")).toEqual([]);
    const caught = (await read("/api/messages")) as Array<{
      subject: string;
      attachments?: Array<{ filename: string; contentType?: string; content: string }>;
    }>;
    expect(caught.map((email) => email.subject).reverse()).toEqual(outbox.map((email) => email.subject));
    // The invitation arrives whole, with the content type the SDK sends as `content_type`.
    const invitation = bookingInvitation(facts);
    expect(caught.find((email) => email.attachments)?.attachments).toEqual([
      { filename: invitation.filename, contentType: invitation.contentType, content: invitation.content },
    ]);
  });

  it("gives the same payloads straight through the SDK, idempotency key included, with no violation", async () => {
    const { url, violations } = await catcher();
    const resend = new Resend(API_KEY, { baseUrl: url });
    for (const [index, email] of outbox.entries()) {
      const { data, error } = await resend.emails.send(resendEmail(email, DEFAULT_SENDER), {
        idempotencyKey: resendIdempotencyKey(`outbox${index}`),
      });
      expect(error).toBeNull();
      expect(data?.id).toEqual(expect.any(String));
    }
    expect(violations()).toEqual([]);
  });

  it("refuses a field of the wrong type, with Resend's error shape, and records the violation", async () => {
    const { url, violations, read } = await catcher();
    const payload = { ...resendEmail(outbox[0], DEFAULT_SENDER), subject: 42 } as unknown as Parameters<Resend["emails"]["send"]>[0];
    const { data, error } = await new Resend(API_KEY, { baseUrl: url }).emails.send(payload);
    expect(data).toBeNull();
    expect(error).toEqual({ statusCode: 422, name: "validation_error", message: "Invalid `subject` field: must be string." });
    expect(violations()).toEqual([
      { operation: "POST /emails", direction: "request", path: "body/subject", message: "must be string", rule: "openapi" },
    ]);
    expect(await read("/__standin/violations")).toEqual(violations());
    expect(await read("/api/messages")).toEqual([]);
  });

  it("refuses a missing required field, a wrong type inside an attachment and an address Resend would not take", async () => {
    const { url, violations } = await catcher();
    const resend = new Resend(API_KEY, { baseUrl: url });
    const { to: _to, ...withoutTo } = resendEmail(outbox[0], DEFAULT_SENDER);
    const missing = await resend.emails.send(withoutTo as Parameters<Resend["emails"]["send"]>[0]);
    expect(missing.error).toEqual({ statusCode: 422, name: "missing_required_field", message: "Missing `to` field." });

    const badAttachment = { ...resendEmail(outbox[1], DEFAULT_SENDER), attachments: [{ filename: 7, content: "QQ==" }] };
    const attachment = await resend.emails.send(badAttachment as unknown as Parameters<Resend["emails"]["send"]>[0]);
    expect(attachment.error).toMatchObject({
      statusCode: 422,
      name: "validation_error",
      message: "Invalid `attachments[0].filename` field: must be string.",
    });

    const address = await resend.emails.send({ ...resendEmail(outbox[0], DEFAULT_SENDER), from: "Arcano" });
    expect(address.error).toMatchObject({ statusCode: 422, name: "validation_error" });
    expect(violations().map(({ path, rule }) => `${rule} ${path}`)).toEqual([
      "openapi body",
      "openapi body/attachments/0/filename",
      "resend body/from",
    ]);
  });

  it("accepts a field the specification does not name, since SendEmailRequest allows extra properties", async () => {
    const { url, violations } = await catcher();
    const response = await fetch(`${url}/emails`, {
      method: "POST",
      headers: { authorization: `Bearer ${API_KEY}`, "content-type": "application/json" },
      body: JSON.stringify({ ...resendEmail(outbox[0], DEFAULT_SENDER), unknown_field: true }),
    });
    expect(response.status).toBe(200);
    expect(violations()).toEqual([]);
  });

  it("refuses a request with no bearer key and an over-long idempotency key, as the specification's security and header say", async () => {
    const { url, violations } = await catcher();
    const body = JSON.stringify(resendEmail(outbox[0], DEFAULT_SENDER));
    const noKey = await fetch(`${url}/emails`, { method: "POST", headers: { "content-type": "application/json" }, body });
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toMatchObject({ statusCode: 401, name: "missing_api_key" });
    const longKey = await new Resend(API_KEY, { baseUrl: url }).emails.send(resendEmail(outbox[0], DEFAULT_SENDER), {
      idempotencyKey: "k".repeat(257),
    });
    expect(longKey.error).toMatchObject({ statusCode: 400, name: "invalid_idempotency_key" });
    expect(violations().map(({ path }) => path)).toEqual(["headers/authorization", "headers/idempotency-key"]);
  });
});

/** The Resend SDK's methods, as the HTTP operations they call (resend@6). */
const SDK_OPERATIONS: Record<string, string> = {
  "emails.send": "POST /emails",
  "emails.create": "POST /emails",
  "emails.get": "GET /emails/{email_id}",
  "emails.list": "GET /emails",
  "emails.update": "PATCH /emails/{email_id}",
  "emails.cancel": "POST /emails/{email_id}/cancel",
  "batch.send": "POST /emails/batch",
  "batch.create": "POST /emails/batch",
};
const RESOURCES =
  "emails|batch|domains|apiKeys|audiences|contacts|broadcasts|templates|webhooks|segments|topics|contactProperties|automations|events|logs";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === "_generated" || name === "node_modules") return [];
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every Resend call in convex/: in each file that imports the SDK, `.<resource>.<method>(`. */
function resendCallsInConvex(): string[] {
  const calls = new Set<string>();
  for (const file of sourceFiles("convex")) {
    const source = readFileSync(file, "utf8");
    if (!/from "resend"/.test(source)) continue;
    for (const [, resource, method] of source.matchAll(new RegExp(`\\.(${RESOURCES})\\.(\\w+)\\(`, "g"))) {
      calls.add(SDK_OPERATIONS[`${resource}.${method}`] ?? `unmapped ${resource}.${method} in ${file}`);
    }
  }
  return [...calls].sort();
}

describe("the Resend operations the app calls", () => {
  it("are all in the extracted subset and served by the catcher", async () => {
    const calls = resendCallsInConvex();
    expect(calls).toContain("POST /emails");
    const subset = JSON.parse(readFileSync(createRequire(import.meta.url).resolve("@arcano/local-backend/mail/subset.json"), "utf8"));
    const inSubset = Object.entries(subset.paths as Record<string, object>).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(subset["x-subset-of"].operations).toEqual(inSubset);
    expect(SERVED_OPERATIONS.map(operationName)).toEqual(inSubset);
    for (const call of calls) expect(inSubset, `${call} is not in resend.subset.json`).toContain(call);

    // Served: the catcher routes it (an empty request is refused by the contract, not answered 404).
    const { url } = await catcher();
    for (const call of calls) {
      const [method, path] = call.split(" ");
      const response = await fetch(`${url}${path.replace(/\{\w+\}/g, "00000000-0000-4000-8000-000000000000")}`, {
        method,
        headers: { authorization: `Bearer ${API_KEY}`, "content-type": "application/json" },
        body: method === "GET" ? undefined : "{}",
      });
      expect([404, 405], `${call} is not served by the catcher`).not.toContain(response.status);
    }
  });
});

describe("the contract's answer check", () => {
  it("flags a success answer that breaks the response schema, which the catcher then answers 500", () => {
    const recorded: unknown[] = [];
    const contract = resendContract((violation) => recorded.push(violation));
    const sendEmail = SERVED_OPERATIONS[0];
    expect(contract.checkResponse(sendEmail, 200, { id: "4ef9a417-02e9-4d39-ad75-9611e0fcc33c" })).toBe(true);
    expect(contract.checkResponse(sendEmail, 200, { id: 5 })).toBe(false);
    expect(contract.checkResponse(sendEmail, 201, { id: "x" })).toBe(false);
    expect(recorded).toEqual([
      { operation: "POST /emails", direction: "response", path: "body/id", message: "must be string", rule: "openapi" },
      {
        operation: "POST /emails",
        direction: "response",
        path: "status",
        message: "status 201 is not among the operation's responses",
        rule: "openapi",
      },
    ]);
  });
});
