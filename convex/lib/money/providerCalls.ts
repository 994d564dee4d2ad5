// The calls a provider job makes (convex/providerJobs.ts attempt), one per kind, through the real SDKs:
// each sends its request under the job's idempotency key and, where the provider can be asked, first looks
// for what an earlier attempt did (model/providerJobs.ts looksUpFirst). A refusal or a lost answer throws;
// the job records it and tries again on the one schedule.
import { Resend } from "resend";
import { env } from "../../_generated/server";
import { DEFAULT_SENDER, resendEmail, resendTimeoutMs } from "../../email/resendRequest";
import type { EmailAttachment } from "../../email/bookingEmails";
import { transferGroupOf } from "../../model/payouts";
import { refundParams, reversalParams, transferParams } from "../../model/stripeRequests";
import { stripeClient, type Stripe } from "./stripe";
import type { EmailKind } from "../../framework/validators";

/** What a job sends, read in a query when the attempt starts (null: nothing left to send). */
export type ProviderPayload =
  | { kind: "refund"; bookingId: string; paymentIntentId: string | null; refundCents: number }
  | { kind: "transfer"; transferId: string; bookingId: string; amountCents: number; destination: string; paymentIntentId: string | null }
  | { kind: "reversal"; reversalId: string; bookingId: string; stripeTransferId: string; amountCents: number }
  | { kind: "checkout_expiry"; sessionId: string }
  | {
      kind: "email";
      outboxId: string;
      email: { to: string; subject: string; html: string; text: string; kind: EmailKind; attachments?: EmailAttachment[] };
    };

/** What the provider answered, for the owner to record. */
export type ProviderResult =
  | { kind: "refund"; refundId?: string; succeeded: boolean }
  | { kind: "transfer"; stripeTransferId: string; amountCents: number }
  | { kind: "reversal"; stripeReversalId: string }
  | { kind: "checkout_expiry" }
  | { kind: "email"; sent: boolean; providerId?: string };

type Attempt = { idempotencyKey: string; lookUpFirst: boolean };

function requireStripe(): Stripe {
  const stripe = stripeClient();
  if (stripe === null) throw new Error("STRIPE_SECRET_KEY is not set");
  return stripe;
}

function senderAddress(): string {
  return env.EMAIL_FROM ?? DEFAULT_SENDER;
}

/** Makes the job's call; throws what the provider refused. */
export async function callProvider(payload: ProviderPayload, attempt: Attempt): Promise<ProviderResult> {
  switch (payload.kind) {
    case "refund":
      return refund(payload, attempt);
    case "transfer":
      return transfer(payload, attempt);
    case "reversal":
      return reversal(payload, attempt);
    case "checkout_expiry":
      return expireSession(payload, attempt);
    case "email":
      return sendEmail(payload, attempt);
  }
}

async function refund(payload: Extract<ProviderPayload, { kind: "refund" }>, attempt: Attempt): Promise<ProviderResult> {
  const stripe = requireStripe();
  if (payload.paymentIntentId === null) throw new Error("no payment intent recorded for the booking");
  if (attempt.lookUpFirst) {
    // A refund made while its answer was lost shows on the charge: never twice.
    const intent = await stripe.paymentIntents.retrieve(payload.paymentIntentId, { expand: ["latest_charge"] });
    const charge = intent.latest_charge;
    const refunded = typeof charge === "object" && charge !== null ? charge.amount_refunded : 0;
    if (refunded >= payload.refundCents) return { kind: "refund", succeeded: true };
    if (refunded > 0) throw new Error(`the charge already has ${refunded} cents refunded: check it on Stripe's dashboard`);
  }
  const made = await stripe.refunds.create(refundParams(payload.bookingId, payload.paymentIntentId, payload.refundCents), {
    idempotencyKey: attempt.idempotencyKey,
  });
  return { kind: "refund", refundId: made.id, succeeded: made.status === "succeeded" };
}

async function transfer(payload: Extract<ProviderPayload, { kind: "transfer" }>, attempt: Attempt): Promise<ProviderResult> {
  const stripe = requireStripe();
  const group = transferGroupOf(payload.bookingId);
  if (attempt.lookUpFirst) {
    // A transfer made under an earlier key is found by its share's id, not made again.
    const made = await stripe.transfers.list({ transfer_group: group, destination: payload.destination, limit: 10 });
    const mine = made.data.find((candidate) => candidate.metadata?.transferId === payload.transferId);
    if (mine !== undefined) return { kind: "transfer", stripeTransferId: mine.id, amountCents: mine.amount };
  }
  if (payload.paymentIntentId === null) throw new Error("the booking has no payment");
  const intent = await stripe.paymentIntents.retrieve(payload.paymentIntentId);
  const charge = typeof intent.latest_charge === "string" ? intent.latest_charge : intent.latest_charge?.id;
  if (!charge) throw new Error("the payment has no charge");
  const made = await stripe.transfers.create(
    transferParams({ transferId: payload.transferId, bookingId: payload.bookingId, amountCents: payload.amountCents, destination: payload.destination, charge }),
    { idempotencyKey: attempt.idempotencyKey },
  );
  return { kind: "transfer", stripeTransferId: made.id, amountCents: made.amount };
}

async function reversal(payload: Extract<ProviderPayload, { kind: "reversal" }>, attempt: Attempt): Promise<ProviderResult> {
  const stripe = requireStripe();
  if (attempt.lookUpFirst) {
    const made = await stripe.transfers.listReversals(payload.stripeTransferId, { limit: 100 });
    const mine = made.data.find((candidate) => candidate.metadata?.reversalId === payload.reversalId);
    if (mine !== undefined) return { kind: "reversal", stripeReversalId: mine.id };
  }
  const made = await stripe.transfers.createReversal(
    payload.stripeTransferId,
    reversalParams({ reversalId: payload.reversalId, bookingId: payload.bookingId, amountCents: payload.amountCents }),
    { idempotencyKey: attempt.idempotencyKey },
  );
  return { kind: "reversal", stripeReversalId: made.id };
}

/** A session no longer open (expired, or completed and so fulfilled by its webhook) needs nothing more. */
async function expireSession(payload: Extract<ProviderPayload, { kind: "checkout_expiry" }>, attempt: Attempt): Promise<ProviderResult> {
  const stripe = requireStripe();
  const session = await stripe.checkout.sessions.retrieve(payload.sessionId).catch((error: unknown) => {
    // A session Stripe does not know can never be paid.
    if (error instanceof Error && (error as { code?: string }).code === "resource_missing") return null;
    throw error;
  });
  if (session === null || session.status !== "open") return { kind: "checkout_expiry" };
  await stripe.checkout.sessions.expire(payload.sessionId, {}, { idempotencyKey: attempt.idempotencyKey });
  return { kind: "checkout_expiry" };
}

/** Without RESEND_API_KEY the email is kept in the outbox, not sent. */
async function sendEmail(payload: Extract<ProviderPayload, { kind: "email" }>, attempt: Attempt): Promise<ProviderResult> {
  const apiKey = env.RESEND_API_KEY;
  if (!apiKey) return { kind: "email", sent: false };
  // An answer that never comes is a failed attempt like any other, retried under the same key.
  const timeoutMs = resendTimeoutMs(env.RESEND_TIMEOUT_MS);
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  try {
    const { data, error } = await new Resend(apiKey).emails.send(resendEmail(payload.email, senderAddress()), {
      idempotencyKey: attempt.idempotencyKey,
      signal: abort.signal,
    });
    if (abort.signal.aborted) throw new Error(`no answer from Resend in ${timeoutMs / 1000} s`);
    if (error) throw new Error(`${error.name}: ${error.message}`);
    return { kind: "email", sent: true, providerId: data?.id };
  } finally {
    clearTimeout(timer);
  }
}
