// What the outbox's sender hands to the Resend SDK for one queued email: a pure function over the
// outbox row, so the offline contract test (tests/providers/resendContract.test.ts) sends exactly
// what production sends.
import type { CreateEmailOptions } from "resend";
import type { EmailAttachment } from "./bookingEmails";
import type { RenderedEmail } from "./templates";

/** The sender when `EMAIL_FROM` is not set. */
export const DEFAULT_SENDER = "Arcano <no-reply@arcano.it>";

type OutboxEmail = RenderedEmail & { to: string; attachments?: EmailAttachment[] };

/** Resend takes attachment content as base64; the runtime has btoa but no Buffer. */
function utf8ToBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (let index = 0; index < bytes.length; index += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  }
  return btoa(binary);
}

export function resendEmail(email: OutboxEmail, from: string): CreateEmailOptions {
  return {
    from,
    to: email.to,
    subject: email.subject,
    html: email.html,
    text: email.text,
    attachments: email.attachments?.map(({ filename, contentType, content }) => ({ filename, contentType, content: utf8ToBase64(content) })),
  };
}

/**
 * One key per outbox row, the same at every attempt: a send Resend carried out while its answer was lost
 * (a timeout) is answered again, not sent twice. Resend keeps a key for 24 hours, longer than the retries.
 */
export function resendIdempotencyKey(outboxId: string): string {
  return `outbox-${outboxId}`;
}

/** How long one send may wait for Resend's answer; RESEND_TIMEOUT_MS may only shorten it (the outage tests). */
const RESEND_TIMEOUT_MS = 15_000;
export function resendTimeoutMs(configured: string | undefined): number {
  const value = Number(configured);
  return Number.isInteger(value) && value > 0 ? Math.min(value, RESEND_TIMEOUT_MS) : RESEND_TIMEOUT_MS;
}
