// The emails the outbox gave up on (docs/product-rules.md, "Emails"): after its attempts a send left
// failed is listed for the admin on Panoramica, with 'Riprova l'invio' for those still worth sending.
// Codes (sign-up, password reset) expire within minutes: the person asks for a new one, so they are
// listed but not sent again. Subjects are not shown: a code's subject carries the code.
import { v } from "convex/values";
import { fail } from "./framework/errors";
import { adminMutation, adminQuery } from "./lib/platform/functions";
import { retryFailedEmail } from "./lib/email/outbox";
import { emailKind, type EmailKind } from "./framework/validators";
import { ADMIN_LIMITS } from "./model/admin";

const CODE_KINDS: ReadonlySet<EmailKind> = new Set(["sign_up_code", "password_reset"]);

const failedEmail = v.object({
  id: v.id("emailOutbox"),
  to: v.string(),
  kind: emailKind,
  attempts: v.number(),
  lastError: v.union(v.string(), v.null()),
  queuedAt: v.number(),
  /** False for codes, which expire before an admin could send them again. */
  retryable: v.boolean(),
});

/** Panoramica's "Email non inviate": the newest failed sends, and whether there are more than shown. */
export const failedEmails = adminQuery({
  args: {},
  returns: v.object({ emails: v.array(failedEmail), more: v.boolean() }),
  handler: async (ctx) => {
    const limit = ADMIN_LIMITS.failedEmails;
    const rows = await ctx.db
      .query("emailOutbox")
      .withIndex("by_status", (q) => q.eq("status", "failed"))
      .order("desc")
      .take(limit + 1);
    return {
      emails: rows.slice(0, limit).map((row) => ({
        id: row._id,
        to: row.to,
        kind: row.kind,
        attempts: row.attempts,
        lastError: row.lastError?.slice(0, 300) ?? null,
        queuedAt: row._creationTime,
        retryable: !CODE_KINDS.has(row.kind),
      })),
      more: rows.length > limit,
    };
  },
});

/** 'Riprova l'invio': a failed email goes back in the outbox for a new series of attempts. */
export const retryEmail = adminMutation({
  args: { emailId: v.string() },
  returns: v.null(),
  handler: async (ctx, { emailId }) => {
    const id = ctx.db.normalizeId("emailOutbox", emailId);
    const email = id === null ? null : await ctx.db.get("emailOutbox", id);
    if (email === null) return fail("NOT_FOUND");
    if (email.status !== "failed" || CODE_KINDS.has(email.kind)) return fail("INVALID_STATE");
    await retryFailedEmail(ctx, email._id, Date.now());
    return null;
  },
});
