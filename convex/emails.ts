// The outbox's sender. With RESEND_API_KEY set, each queued email goes out through Resend
// (RESEND_BASE_URL points the SDK at the local mail catcher offline); without it, the email is
// kept in the outbox. Failures are recorded and retried a few times, never thrown at the sender.
import { v } from "convex/values";
import { Resend } from "resend";
import { internal } from "./_generated/api";
import { env } from "./_generated/server";
import { internalAction, internalMutation, internalQuery } from "./lib/functions";
import { DEFAULT_SENDER, resendEmail, resendIdempotencyKey, resendTimeoutMs } from "./email/resendRequest";

/** Attempts before an email is left as failed; retries wait 1, 5 and 25 minutes. */
export const MAX_SEND_ATTEMPTS = 4;
const retryDelayMs = (attempt: number) => 60_000 * 5 ** (attempt - 1);

export function senderAddress(): string {
  return env.EMAIL_FROM ?? DEFAULT_SENDER;
}

export const getForSending = internalQuery({
  args: { id: v.id("emailOutbox") },
  handler: async (ctx, { id }) => ctx.db.get("emailOutbox", id),
});

export const recordResult = internalMutation({
  args: {
    id: v.id("emailOutbox"),
    outcome: v.union(
      v.object({ kind: v.literal("sent"), providerId: v.optional(v.string()) }),
      v.object({ kind: v.literal("kept") }),
      v.object({ kind: v.literal("failed"), error: v.string() }),
    ),
  },
  returns: v.null(),
  handler: async (ctx, { id, outcome }) => {
    const email = await ctx.db.get("emailOutbox", id);
    if (email === null || email.status === "sent") return null;
    const attempts = email.attempts + 1;
    if (outcome.kind === "sent") {
      await ctx.db.patch("emailOutbox", id, { status: "sent", attempts, sentAt: Date.now(), providerId: outcome.providerId });
    } else if (outcome.kind === "kept") {
      await ctx.db.patch("emailOutbox", id, { status: "kept", attempts });
    } else {
      const retry = attempts < MAX_SEND_ATTEMPTS;
      await ctx.db.patch("emailOutbox", id, { status: retry ? "queued" : "failed", attempts, lastError: outcome.error });
      if (retry) await ctx.scheduler.runAfter(retryDelayMs(attempts), internal.emails.send, { id });
    }
    return null;
  },
});

export const send = internalAction({
  args: { id: v.id("emailOutbox") },
  returns: v.null(),
  handler: async (ctx, { id }) => {
    const email = await ctx.runQuery(internal.emails.getForSending, { id });
    if (email === null || email.status !== "queued") return null;
    const apiKey = env.RESEND_API_KEY;
    if (!apiKey) {
      await ctx.runMutation(internal.emails.recordResult, { id, outcome: { kind: "kept" } });
      return null;
    }
    let outcome: { kind: "sent"; providerId?: string } | { kind: "failed"; error: string };
    // An answer that never comes is a failed attempt like any other, retried under the same key.
    const timeoutMs = resendTimeoutMs(env.RESEND_TIMEOUT_MS);
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), timeoutMs);
    try {
      const { data, error } = await new Resend(apiKey).emails.send(resendEmail(email, senderAddress()), {
        idempotencyKey: resendIdempotencyKey(id),
        signal: abort.signal,
      });
      if (abort.signal.aborted) outcome = { kind: "failed", error: `no answer from Resend in ${timeoutMs / 1000} s` };
      else outcome = error ? { kind: "failed", error: `${error.name}: ${error.message}` } : { kind: "sent", providerId: data?.id };
    } catch (error) {
      outcome = { kind: "failed", error: error instanceof Error ? error.message : String(error) };
    } finally {
      clearTimeout(timer);
    }
    if (outcome.kind === "failed") console.error(`Invio email ${id} non riuscito: ${outcome.error}`);
    await ctx.runMutation(internal.emails.recordResult, { id, outcome });
    return null;
  },
});
