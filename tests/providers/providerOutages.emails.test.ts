// Resend down (the mail catcher's outage switch) while the outbox sends: a 500 is retried after 1, 5 and 25
// minutes and then left failed, listed for the admin, who sends it again once Resend is back; a send that got no
// answer although Resend carried it out is retried under the same idempotency key, and the person gets one email.
import { ConvexError } from "convex/values";
import { describe, expect, it } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import { PROVIDER_ATTEMPTS_PER_SERIES as MAX_SEND_ATTEMPTS } from "../../convex/model/providerJobs";
import { queueEmail } from "../../convex/lib/email/outbox";
import {
  ADMIN_EMAIL,
  minutes,
  outageBackend,
  signedIn,
  freshProvidersForEachTest,
  runJobWithRetries,
  pendingJob,
  until,
  type Id,
  type OutageBackend,
  type Providers,
} from "./helpers/outageWorld";
import { takeQueuedAttempt } from "../convex/fixtures/providerJobs";

let providers: Providers;
freshProvidersForEachTest((started) => (providers = started));

const queued = (t: OutageBackend, to: string, kind: "booking_confirmed" | "password_reset" = "booking_confirmed") =>
  t.run((ctx) =>
    ctx.db.insert("emailOutbox", {
      to,
      kind,
      subject: "Consulto confermato",
      html: "<p>Confermato</p>",
      text: "Confermato",
      status: "queued",
      attempts: 0,
    }),
  );
const outboxRow = (t: OutageBackend, id: Id<"emailOutbox">) => t.run((ctx) => ctx.db.get("emailOutbox", id));

describe("emails while Resend is down", () => {
  it("500s: retried after 1, 5 and 25 minutes, then failed and listed for the admin, who sends it once Resend is back", async () => {
    const t = outageBackend(providers);
    const { as: admin } = await signedIn(t, { email: ADMIN_EMAIL }, true);
    await providers.mailFaults.arm({ mode: "error500" });
    const id = await queued(t, "giulia.500@esempio.it");
    expect(await runJobWithRetries(t, "email", id)).toEqual([1, 5, 25]);
    expect(await outboxRow(t, id)).toMatchObject({
      status: "failed",
      attempts: MAX_SEND_ATTEMPTS,
      lastError: expect.stringContaining("application_error"),
    });
    expect((await providers.mailFaults.hits()).length).toBe(MAX_SEND_ATTEMPTS);
    expect(await providers.caught("giulia.500@esempio.it")).toBe(0);

    // A code left failed is listed too, but not sent again: it has expired by now.
    const code = await queued(t, "luca.500@esempio.it", "password_reset");
    await t.run((ctx) => ctx.db.patch("emailOutbox", code, { status: "failed", attempts: MAX_SEND_ATTEMPTS }));
    const listed = await admin.query(api.adminEmails.failedEmails, {});
    expect(listed).toEqual({
      more: false,
      emails: [
        expect.objectContaining({ id: code, kind: "password_reset", retryable: false }),
        expect.objectContaining({ id, to: "giulia.500@esempio.it", kind: "booking_confirmed", attempts: MAX_SEND_ATTEMPTS, retryable: true }),
      ],
    });
    expect(JSON.stringify(listed)).not.toContain("subject");
    await expect(admin.mutation(api.adminEmails.retryEmail, { emailId: code })).rejects.toThrow(ConvexError);

    await providers.mailFaults.disarm();
    await admin.mutation(api.adminEmails.retryEmail, { emailId: id });
    await until(
      () => outboxRow(t, id),
      (row) => row?.status === "sent",
      "the email sent again",
    );
    expect(await providers.caught("giulia.500@esempio.it")).toBe(1);
    expect((await admin.query(api.adminEmails.failedEmails, {})).emails.map((email) => email.id)).toEqual([code]);
  });

  it("no answer although Resend sent it: the retry under the same key gets the same email, the person gets one", async () => {
    const t = outageBackend(providers);
    await providers.mailFaults.arm({ mode: "hang", count: 1, hangMs: 5_000, apply: true });
    const id = await queued(t, "giulia.hang@esempio.it");
    const started = Date.now();
    const jobId = await pendingJob(t, "email", id);
    await t.action(internal.providerJobs.attempt, { jobId });
    // Bounded by the timeout (a second here, 15 s in production), not by the hang.
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(await outboxRow(t, id)).toMatchObject({ status: "queued", attempts: 1, lastError: expect.stringContaining("no answer from Resend") });
    expect(await providers.caught("giulia.hang@esempio.it")).toBe(1);

    const retry = await takeQueuedAttempt(t, jobId);
    expect(minutes(retry!.delayMs)).toBe(1);
    await t.action(internal.providerJobs.attempt, { jobId });
    expect(await outboxRow(t, id)).toMatchObject({ status: "sent", attempts: 2, providerId: expect.any(String) });
    expect(await providers.caught("giulia.hang@esempio.it")).toBe(1);
    expect(await providers.mailFaults.hits()).toEqual([expect.objectContaining({ mode: "hang", applied: true })]);
  });

  it("a batch of twelve alerts reaches Resend at most two at a time (its pool) and two a second (its rate); a code is not held behind it", async () => {
    const t = outageBackend(providers);
    // Resend takes each email but holds the connection 300 ms and then drops it: requests sent side by side overlap.
    const HELD_MS = 300;
    await providers.mailFaults.arm({ mode: "hang", count: 13, hangMs: HELD_MS, apply: true });
    // A freed time's alerts to twelve wishers, each queued by its own transaction, then a sign-up code.
    const queuedAt = Date.now();
    const email = (to: string, kind: "availability_alert" | "sign_up_code") => ({ to, kind, subject: "Avviso", html: "<p>Avviso</p>", text: "Avviso" });
    await Promise.all(Array.from({ length: 12 }, (_, i) => t.run((ctx) => queueEmail(ctx, email(`raffica${i}@esempio.it`, "availability_alert")))));
    await t.run((ctx) => queueEmail(ctx, email("codice@esempio.it", "sign_up_code")));
    await until(() => providers.caught("codice@esempio.it"), (caught) => caught === 1, "the code at Resend", 30_000);
    const codeSeenAt = Date.now();
    const hits = await until(() => providers.mailFaults.hits(), (list) => list.length === 13, "thirteen requests at Resend", 30_000);
    const arrivals = hits.map((hit) => hit.at).sort((a, b) => a - b);
    // How many requests were at Resend when each arrived (itself included).
    const atResend = arrivals.map((at, i) => arrivals.slice(0, i).filter((earlier) => earlier + HELD_MS > at).length + 1);
    expect(Math.max(...atResend)).toBeLessThanOrEqual(2);
    // Two alerts at once (the bucket's capacity), then one each half second: the last no sooner than five seconds on
    // (less the pool's 100 ms slices). The code did not wait for them.
    expect(arrivals[12] - queuedAt).toBeGreaterThanOrEqual(4_800);
    expect(codeSeenAt).toBeLessThan(arrivals[12]);
    for (let i = 0; i < 12; i++) expect(await providers.caught(`raffica${i}@esempio.it`)).toBe(1);
    expect(await providers.caught("codice@esempio.it")).toBe(1);
  });
});
