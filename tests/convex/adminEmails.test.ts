// The emails the outbox gave up on (convex/adminEmails.ts): listed for the admin, newest first; sent again on
// request, except codes, which expire before anyone could use them.
import { describe, expect, it } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import type { EmailKind } from "../../convex/framework/validators";
import { buildWorld, type World } from "./fixtures/world";
import { errorCodeOf, setupTest } from "./setup";

const failed = (w: World, kind: EmailKind, to: string): Promise<Id<"emailOutbox">> =>
  w.t.run((ctx) =>
    ctx.db.insert("emailOutbox", {
      to,
      subject: "Oggetto",
      html: "<p>Testo</p>",
      text: "Testo",
      kind,
      status: "failed",
      attempts: 4,
      lastError: "application_error: 500",
    }),
  );

describe("failed emails", () => {
  it("are listed newest first for the admin, codes among them but not retryable", async () => {
    const w = await buildWorld(setupTest());
    await failed(w, "booking_confirmed", "cliente@esempio.it");
    await failed(w, "password_reset", "altra@esempio.it");
    const { emails, more } = await w.as.admin.query(api.adminEmails.failedEmails, {});
    expect(more).toBe(false);
    expect(emails.map(({ to, kind, retryable, attempts, lastError }) => ({ to, kind, retryable, attempts, lastError }))).toEqual([
      { to: "altra@esempio.it", kind: "password_reset", retryable: false, attempts: 4, lastError: "application_error: 500" },
      { to: "cliente@esempio.it", kind: "booking_confirmed", retryable: true, attempts: 4, lastError: "application_error: 500" },
    ]);
  });

  it("'Riprova l'invio' queues a failed email again with a new series of attempts, once; a code or a sent email is refused", async () => {
    const w = await buildWorld(setupTest());
    const confirmation = await failed(w, "booking_confirmed", "cliente@esempio.it");
    const code = await failed(w, "sign_up_code", "nuova@esempio.it");
    await w.as.admin.mutation(api.adminEmails.retryEmail, { emailId: confirmation });
    expect(await w.t.run((ctx) => ctx.db.get("emailOutbox", confirmation))).toMatchObject({ status: "queued", attempts: 0 });
    expect(await w.t.query(internal.providerJobs.jobOf, { kind: "email", subjectId: confirmation })).not.toBeNull();
    expect(await errorCodeOf(w.as.admin.mutation(api.adminEmails.retryEmail, { emailId: confirmation }))).toBe("INVALID_STATE");
    expect(await errorCodeOf(w.as.admin.mutation(api.adminEmails.retryEmail, { emailId: code }))).toBe("INVALID_STATE");
    expect(await errorCodeOf(w.as.admin.mutation(api.adminEmails.retryEmail, { emailId: "sconosciuta" }))).toBe("NOT_FOUND");
    expect((await w.as.admin.query(api.adminEmails.failedEmails, {})).emails.map((email) => email.kind)).toEqual(["sign_up_code"]);
  });
});
