// One way to call a provider that moves money or sends mail (docs/product-rules.md, "Provider jobs"):
// a job per thing to do (a booking's refund, a share's transfer, a reversal, a Checkout Session's expiry,
// an email, and the issue of a fiscal document, which needs no provider but the same exactly-once), tried at once and again after 1, 5 and 25 minutes, then left failed for the admin's
// 'Riprova', which starts a new series under a new idempotency key. Pure: the job's life as a transition,
// like the booking's (model/bookingTransitions.ts). The attempts run in a workpool per provider
// (lib/money/providerJobs.ts); when to try again stays decided here.

export type ProviderJobKind = "refund" | "transfer" | "reversal" | "checkout_expiry" | "email" | "fiscal_document";

type ProviderJobState = "pending" | "done" | "failed";

/** The one retry schedule: after a refused attempt, the next one waits this long; after the last, the admin. */
const PROVIDER_RETRY_MINUTES = [1, 5, 25] as const;

export type ProviderJob = {
  kind: ProviderJobKind;
  subjectId: string;
  state: ProviderJobState;
  /** Attempts in the current series. */
  attempts: number;
  /** 0 for the first series; each 'Riprova' starts the next. */
  series: number;
  lastError?: string;
};

export type ProviderJobEvent =
  /** Something needs the provider: the first series, or a new one if the last one ended. */
  | { kind: "requested" }
  | { kind: "attempt_succeeded" }
  | { kind: "attempt_failed"; error: string }
  /** There was nothing left to send (the thing was settled meanwhile): done without a call. */
  | { kind: "nothing_to_send" };

export type ProviderJobStep =
  | { outcome: "unchanged" }
  | {
      outcome: "changed";
      patch: Partial<Pick<ProviderJob, "state" | "attempts" | "series" | "lastError">>;
      /** Run an attempt after this many ms; absent when no attempt follows. */
      attemptInMs?: number;
      /** The series ended here: the owner records the result or the failure. */
      ended?: "done" | "failed";
    };

const unchanged: ProviderJobStep = { outcome: "unchanged" };

/** After `attempts` refused attempts, the wait before the next one, or null when the series is over. */
export function retryDelayMs(attempts: number): number | null {
  const minutes = PROVIDER_RETRY_MINUTES[attempts - 1];
  return minutes === undefined ? null : minutes * 60_000;
}

/** What `event` does to a job (`null`: there is none yet for this subject). */
export function providerJobStep(job: ProviderJob | null, event: ProviderJobEvent): ProviderJobStep {
  if (event.kind === "requested") {
    if (job === null) return { outcome: "changed", patch: { state: "pending", attempts: 0, series: 0 }, attemptInMs: 0 };
    // A series under way is not started twice; one that ended (failed, or done and asked again) gets a new one.
    if (job.state === "pending") return unchanged;
    return { outcome: "changed", patch: { state: "pending", attempts: 0, series: job.series + 1, lastError: undefined }, attemptInMs: 0 };
  }
  if (job === null || job.state !== "pending") return unchanged;
  switch (event.kind) {
    case "attempt_succeeded":
      return { outcome: "changed", patch: { state: "done", attempts: job.attempts + 1, lastError: undefined }, ended: "done" };
    case "nothing_to_send":
      return { outcome: "changed", patch: { state: "done" } };
    case "attempt_failed": {
      const attempts = job.attempts + 1;
      const delay = retryDelayMs(attempts);
      const lastError = event.error.slice(0, 500);
      if (delay === null) return { outcome: "changed", patch: { state: "failed", attempts, lastError }, ended: "failed" };
      return { outcome: "changed", patch: { attempts, lastError }, attemptInMs: delay };
    }
  }
}

/**
 * The idempotency key of a job's current series: one per series, so a replay within it is answered with
 * the first answer, and an admin's new series is a new request (Stripe replays an answer for 24 hours under
 * the same key, refusals included). Before a new series, a provider that can be asked is asked first
 * (`looksUpFirst`), so money moved while an answer was lost is found, never moved twice. An email keeps one
 * key for all its series: Resend cannot be asked, and a mail sent twice is the worse failure.
 */
export function idempotencyKeyOf(job: Pick<ProviderJob, "kind" | "subjectId" | "series">): string {
  if (job.kind === "email") return `outbox-${job.subjectId}`;
  const base = `${job.kind === "checkout_expiry" ? "expire" : job.kind}-${job.subjectId}`;
  return job.series === 0 ? base : `${base}-retry-${job.series}`;
}

/** Whether this attempt asks the provider first whether the thing was done already. */
export function looksUpFirst(job: Pick<ProviderJob, "kind" | "attempts" | "series">): boolean {
  switch (job.kind) {
    case "email":
    case "fiscal_document":
      return false;
    case "checkout_expiry":
      // Cheap and exact: a session already expired or completed needs nothing.
      return true;
    case "refund":
      return job.series > 0;
    case "transfer":
    case "reversal":
      return job.attempts > 0 || job.series > 0;
  }
}

/** Attempts in a series: the first, then one after each wait. */
export const PROVIDER_ATTEMPTS_PER_SERIES = PROVIDER_RETRY_MINUTES.length + 1;
