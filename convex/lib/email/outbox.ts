// Putting an email in the outbox. The send is a provider job (lib/money/providerJobs.ts) asked for in the
// caller's transaction, so a failing provider never breaks the person's action and a rolled-back action
// never sends anything; its answers come back here.
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import type { EmailAttachment } from "../../email/bookingEmails";
import type { RenderedEmail } from "../../email/templates";
import { requestProviderCall } from "../money/providerJobs";
import type { EmailKind } from "../../framework/validators";

/**
 * The emails that come in batches: the month's invoices and the receipts, a freed time's alerts to every wisher, the
 * day-before reminders of a popular hour, the onboarding reminders. Each takes its turn in Resend's rate, so a batch
 * is spread out instead of refused. The others (a code being typed, a confirmation on screen) go at once.
 */
const BATCHED: ReadonlySet<EmailKind> = new Set(["fiscal_document", "availability_alert", "booking_reminder_24h", "payout_onboarding_reminder"]);

export async function queueEmail(
  ctx: MutationCtx,
  email: RenderedEmail & { to: string; kind: EmailKind; relatedId?: string; attachments?: EmailAttachment[] },
): Promise<Id<"emailOutbox">> {
  const id = await ctx.db.insert("emailOutbox", { ...email, status: "queued", attempts: 0 });
  await requestProviderCall(ctx, "email", id, Date.now(), { paced: BATCHED.has(email.kind) });
  return id;
}

/** Resend took it (`sent`), or there is no Resend key and it stays in the outbox (`kept`). */
export async function recordEmailSent(ctx: MutationCtx, email: Doc<"emailOutbox">, answer: { sent: boolean; providerId?: string }, now: number) {
  if (email.status === "sent") return;
  const attempts = email.attempts + 1;
  if (answer.sent) await ctx.db.patch("emailOutbox", email._id, { status: "sent", attempts, sentAt: now, providerId: answer.providerId });
  else await ctx.db.patch("emailOutbox", email._id, { status: "kept", attempts });
}

/** A refused attempt, tried again on the provider jobs' schedule. */
export async function recordEmailAttempt(ctx: MutationCtx, email: Doc<"emailOutbox">, error: string) {
  if (email.status !== "queued") return;
  await ctx.db.patch("emailOutbox", email._id, { attempts: email.attempts + 1, lastError: error });
}

/** The last attempt of a series was refused: left failed for the admin's 'Riprova l'invio'. */
export async function recordEmailFailed(ctx: MutationCtx, email: Doc<"emailOutbox">, error: string) {
  if (email.status !== "queued") return;
  await ctx.db.patch("emailOutbox", email._id, { status: "failed", attempts: email.attempts + 1, lastError: error });
}

/** 'Riprova l'invio': a failed email goes back in the outbox for a new series of attempts. */
export async function retryFailedEmail(ctx: MutationCtx, id: Id<"emailOutbox">, now: number) {
  await ctx.db.patch("emailOutbox", id, { status: "queued", attempts: 0 });
  await requestProviderCall(ctx, "email", id, now);
}
