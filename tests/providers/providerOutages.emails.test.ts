// Resend down (the mail catcher's outage switch) while the outbox sends: a 500 is retried after 1, 5 and 25
// minutes and then left failed, listed for the admin, who sends it again once Resend is back; a send that got no
// answer although Resend carried it out is retried under the same idempotency key, and the person gets one email.
import { ConvexError } from "convex/values";
import { describe, expect, it } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import { PROVIDER_ATTEMPTS_PER_SERIES as MAX_SEND_ATTEMPTS } from "../../convex/model/providerJobs";
import {
  ADMIN_EMAIL,
  minutes,
  outageBackend,
  signedIn,
  freshProvidersForEachTest,
  runJobWithRetries,
  pendingJob,
  takeScheduled,
  until,
  type Id,
  type OutageBackend,
  type Providers,
} from "./helpers/outageWorld";

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

    const retry = await takeScheduled(t, "providerJobs:attempt", { jobId });
    expect(minutes(retry!.delayMs)).toBe(1);
    await t.action(internal.providerJobs.attempt, { jobId });
    expect(await outboxRow(t, id)).toMatchObject({ status: "sent", attempts: 2, providerId: expect.any(String) });
    expect(await providers.caught("giulia.hang@esempio.it")).toBe(1);
    expect(await providers.mailFaults.hits()).toEqual([expect.objectContaining({ mode: "hang", applied: true })]);
  });
});
