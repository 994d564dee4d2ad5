// The one provider job (convex/model/providerJobs.ts): its schedule, its edges, its keys.
import { describe, expect, it } from "vitest";
import {
  PROVIDER_ATTEMPTS_PER_SERIES,
  idempotencyKeyOf,
  looksUpFirst,
  providerJobStep,
  retryDelayMs,
  type ProviderJob,
} from "../../../convex/model/providerJobs";

const job = (fields: Partial<ProviderJob> = {}): ProviderJob => ({ kind: "refund", subjectId: "b1", state: "pending", attempts: 0, series: 0, ...fields });

describe("the one schedule", () => {
  it("a refused attempt is tried again after 1, 5 and 25 minutes, then waits for the admin", () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([60_000, 300_000, 1_500_000, null]);
    expect(PROVIDER_ATTEMPTS_PER_SERIES).toBe(4);
  });

  it("a series: three refusals scheduled again, the fourth ends it failed", () => {
    let current = job();
    const delays: Array<number | undefined> = [];
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const step = providerJobStep(current, { kind: "attempt_failed", error: `down ${attempt}` });
      if (step.outcome !== "changed") throw new Error("unchanged");
      delays.push(step.attemptInMs);
      current = { ...current, ...step.patch };
      if (attempt === 4) expect(step.ended).toBe("failed");
      else expect(step.ended).toBeUndefined();
    }
    expect(delays).toEqual([60_000, 300_000, 1_500_000, undefined]);
    expect(current).toMatchObject({ state: "failed", attempts: 4, lastError: "down 4" });
  });
});

describe("a job's edges", () => {
  it("requested: a new job attempts at once; one under way is left alone; one ended starts a new series", () => {
    expect(providerJobStep(null, { kind: "requested" })).toEqual({ outcome: "changed", patch: { state: "pending", attempts: 0, series: 0 }, attemptInMs: 0 });
    expect(providerJobStep(job({ attempts: 2 }), { kind: "requested" })).toEqual({ outcome: "unchanged" });
    for (const state of ["failed", "done"] as const) {
      expect(providerJobStep(job({ state, attempts: 4, series: 1, lastError: "x" }), { kind: "requested" })).toEqual({
        outcome: "changed",
        patch: { state: "pending", attempts: 0, series: 2, lastError: undefined },
        attemptInMs: 0,
      });
    }
  });

  it("an answer counts only for a pending job (a replayed attempt changes nothing)", () => {
    expect(providerJobStep(job(), { kind: "attempt_succeeded" })).toEqual({
      outcome: "changed",
      patch: { state: "done", attempts: 1, lastError: undefined },
      ended: "done",
    });
    expect(providerJobStep(job(), { kind: "nothing_to_send" })).toEqual({ outcome: "changed", patch: { state: "done" } });
    for (const state of ["done", "failed"] as const) {
      for (const event of [{ kind: "attempt_succeeded" }, { kind: "attempt_failed", error: "x" }, { kind: "nothing_to_send" }] as const) {
        expect(providerJobStep(job({ state }), event)).toEqual({ outcome: "unchanged" });
      }
    }
    expect(providerJobStep(null, { kind: "attempt_succeeded" })).toEqual({ outcome: "unchanged" });
  });
});

describe("keys and look-ups", () => {
  it("one idempotency key per series; an email keeps one for all", () => {
    expect(idempotencyKeyOf(job())).toBe("refund-b1");
    expect(idempotencyKeyOf(job({ series: 2 }))).toBe("refund-b1-retry-2");
    expect(idempotencyKeyOf(job({ kind: "transfer", subjectId: "t1", series: 1 }))).toBe("transfer-t1-retry-1");
    expect(idempotencyKeyOf(job({ kind: "reversal", subjectId: "r1" }))).toBe("reversal-r1");
    expect(idempotencyKeyOf(job({ kind: "checkout_expiry", subjectId: "cs_1" }))).toBe("expire-cs_1");
    expect(idempotencyKeyOf(job({ kind: "email", subjectId: "o1", series: 3 }))).toBe("outbox-o1");
  });

  it("asks the provider first where it can and where a lost answer may hide a done call", () => {
    expect(looksUpFirst(job())).toBe(false);
    expect(looksUpFirst(job({ series: 1 }))).toBe(true);
    expect(looksUpFirst(job({ kind: "transfer" }))).toBe(false);
    expect(looksUpFirst(job({ kind: "transfer", attempts: 1 }))).toBe(true);
    expect(looksUpFirst(job({ kind: "reversal", series: 1 }))).toBe(true);
    expect(looksUpFirst(job({ kind: "checkout_expiry" }))).toBe(true);
    expect(looksUpFirst(job({ kind: "email", series: 2, attempts: 3 }))).toBe(false);
  });
});
