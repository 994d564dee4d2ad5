// A share's and a reversal's life as pure transitions (convex/model/payoutTransitions.ts): every edge,
// the refused and the replayed ones included.
import { describe, expect, it } from "vitest";
import {
  initialTransferState,
  owedShare,
  reversalTransition,
  shareTransition,
  type Reversal,
  type Share,
  type ShareEvent,
} from "../../../convex/model/payoutTransitions";
import type { TransferState } from "../../../convex/model/payouts";

const NOW = Date.UTC(2026, 10, 28, 9);
const STATES: TransferState[] = ["awaiting_onboarding", "scheduled", "pending", "transferred", "failed", "withheld"];

function share(fields: Partial<Share> = {}): Share {
  return { state: "pending", grossCents: 5000, commissionCents: 750, amountCents: 4250, dueAt: NOW, attempts: 0, ...fields };
}

/** The states from which `event` changes a share: the others answer unchanged or refused. */
function changesFrom(event: ShareEvent, fields: Partial<Share> = {}) {
  return STATES.filter((state) => shareTransition(share({ state, ...fields }), event, NOW).outcome === "changed");
}

describe("a share owed", () => {
  it("waits for its time, then for the account, then goes", () => {
    expect(initialTransferState(NOW + 1, NOW, true)).toBe("scheduled");
    expect(initialTransferState(NOW, NOW, false)).toBe("awaiting_onboarding");
    expect(initialTransferState(NOW, NOW, true)).toBe("pending");
  });

  it("is the gross less the 15 % commission, sent now or released at its time", () => {
    expect(owedShare({ reason: "consultation", grossCents: 5000, dueAt: NOW }, NOW, true)).toEqual({
      fields: { reason: "consultation", grossCents: 5000, commissionCents: 750, amountCents: 4250, state: "pending", dueAt: NOW, attempts: 0 },
      effects: [{ kind: "send_transfer" }],
    });
    expect(owedShare({ reason: "cancellation", grossCents: 1750, dueAt: NOW + 1000 }, NOW, true).effects).toEqual([{ kind: "release_at", at: NOW + 1000 }]);
    expect(owedShare({ reason: "consultation", grossCents: 5000, dueAt: NOW }, NOW, false).effects).toEqual([]);
  });
});

describe("a share's edges", () => {
  it("due: only a scheduled share whose time came, to pending (sent) or waiting for the account", () => {
    expect(changesFrom({ kind: "due", accountEnabled: true })).toEqual(["scheduled"]);
    expect(shareTransition(share({ state: "scheduled" }), { kind: "due", accountEnabled: true }, NOW)).toEqual({
      outcome: "changed",
      patch: { state: "pending" },
      effects: [{ kind: "send_transfer" }],
    });
    expect(shareTransition(share({ state: "scheduled" }), { kind: "due", accountEnabled: false }, NOW)).toEqual({
      outcome: "changed",
      patch: { state: "awaiting_onboarding" },
      effects: [],
    });
    expect(shareTransition(share({ state: "scheduled", dueAt: NOW + 1 }), { kind: "due", accountEnabled: true }, NOW)).toEqual({ outcome: "unchanged" });
  });

  it("account enabled: only a share waiting for it goes", () => {
    expect(changesFrom({ kind: "account_enabled" })).toEqual(["awaiting_onboarding"]);
    expect(shareTransition(share({ state: "awaiting_onboarding" }), { kind: "account_enabled" }, NOW)).toMatchObject({ effects: [{ kind: "send_transfer" }] });
  });

  it("a refused send counts on a pending share only; the series' last leaves it failed", () => {
    expect(changesFrom({ kind: "send_refused", error: "down", final: false })).toEqual(["pending"]);
    expect(shareTransition(share({ attempts: 1 }), { kind: "send_refused", error: "down", final: false }, NOW)).toEqual({
      outcome: "changed",
      patch: { attempts: 2, lastError: "down" },
      effects: [],
    });
    expect(shareTransition(share({ attempts: 3 }), { kind: "send_refused", error: "x".repeat(900), final: true }, NOW)).toEqual({
      outcome: "changed",
      patch: { attempts: 4, lastError: "x".repeat(500), state: "failed" },
      effects: [],
    });
  });

  it("the admin's retry: from failed only, a new series; refused from every other state", () => {
    for (const state of STATES) {
      const result = shareTransition(share({ state, attempts: 4 }), { kind: "retried" }, NOW);
      if (state === "failed") expect(result).toEqual({ outcome: "changed", patch: { state: "pending", attempts: 0 }, effects: [{ kind: "send_transfer" }] });
      else expect(result).toEqual({ outcome: "refused", code: "INVALID_STATE" });
    }
  });

  it("transferred: once; a share that shrank on the way gives the difference back at once", () => {
    const made = { kind: "transferred", stripeTransferId: "tr_1", amountCents: 4250 } as const;
    expect(changesFrom(made)).toEqual(STATES.filter((state) => state !== "transferred"));
    expect(shareTransition(share(), made, NOW)).toEqual({
      outcome: "changed",
      patch: { state: "transferred", stripeTransferId: "tr_1", transferredAt: NOW, lastError: undefined, amountCents: 4250 },
      effects: [],
    });
    expect(shareTransition(share({ amountCents: 2125 }), made, NOW)).toMatchObject({
      patch: { reversedCents: 2125 },
      effects: [{ kind: "reverse", amountCents: 2125, why: "refund" }],
    });
    expect(shareTransition(share({ state: "withheld", amountCents: 0 }), made, NOW)).toMatchObject({ effects: [{ kind: "reverse", amountCents: 4250 }] });
  });

  it("taken back before the transfer: the share shrinks, or is withheld when nothing is left", () => {
    expect(shareTransition(share({ state: "scheduled" }), { kind: "taken_back", takenCents: 2000, why: "refund" }, NOW)).toEqual({
      outcome: "changed",
      patch: { grossCents: 3000, commissionCents: 450, amountCents: 2550 },
      effects: [],
    });
    expect(shareTransition(share({ state: "scheduled" }), { kind: "taken_back", takenCents: 5000, why: "refund" }, NOW)).toEqual({
      outcome: "changed",
      patch: { state: "withheld", grossCents: 0, commissionCents: 0, amountCents: 0 },
      effects: [],
    });
  });

  it("taken back after the transfer: a reversal of the same proportion, never more than is left", () => {
    const transferred = share({ state: "transferred", stripeTransferId: "tr_1" });
    expect(shareTransition(transferred, { kind: "taken_back", takenCents: 5000, why: "dispute" }, NOW)).toEqual({
      outcome: "changed",
      patch: { grossCents: 0, commissionCents: 0, reversedCents: 4250 },
      effects: [{ kind: "reverse", amountCents: 4250, why: "dispute" }],
    });
    expect(shareTransition(share({ state: "transferred", reversedCents: 4250 }), { kind: "taken_back", takenCents: 5000, why: "refund" }, NOW)).toEqual({
      outcome: "changed",
      patch: { grossCents: 0, commissionCents: 0 },
      effects: [],
    });
  });

  it("taken back: nothing from a withheld share, nothing for nothing taken", () => {
    expect(changesFrom({ kind: "taken_back", takenCents: 100, why: "refund" })).toEqual(STATES.filter((state) => state !== "withheld"));
    expect(changesFrom({ kind: "taken_back", takenCents: 0, why: "refund" })).toEqual([]);
  });
});

describe("a reversal's edges", () => {
  const reversal = (fields: Partial<Reversal> = {}): Reversal => ({ state: "pending", attempts: 0, ...fields });

  it("reversed once", () => {
    expect(reversalTransition(reversal(), { kind: "reversed", stripeReversalId: "trr_1" }, NOW)).toEqual({
      outcome: "changed",
      patch: { state: "reversed", stripeReversalId: "trr_1", reversedAt: NOW, lastError: undefined },
      effects: [],
    });
    expect(reversalTransition(reversal({ state: "failed" }), { kind: "reversed", stripeReversalId: "trr_1" }, NOW).outcome).toBe("changed");
    expect(reversalTransition(reversal({ state: "reversed" }), { kind: "reversed", stripeReversalId: "trr_2" }, NOW)).toEqual({ outcome: "unchanged" });
  });

  it("refused sends count while pending; the last leaves it failed", () => {
    expect(reversalTransition(reversal(), { kind: "send_refused", error: "down", final: false }, NOW)).toEqual({
      outcome: "changed",
      patch: { attempts: 1, lastError: "down" },
      effects: [],
    });
    expect(reversalTransition(reversal({ attempts: 3 }), { kind: "send_refused", error: "down", final: true }, NOW)).toMatchObject({ patch: { state: "failed" } });
    expect(reversalTransition(reversal({ state: "reversed" }), { kind: "send_refused", error: "down", final: false }, NOW)).toEqual({ outcome: "unchanged" });
    expect(reversalTransition(reversal({ state: "failed" }), { kind: "send_refused", error: "down", final: true }, NOW)).toEqual({ outcome: "unchanged" });
  });

  it("the admin's retry from failed only", () => {
    expect(reversalTransition(reversal({ state: "failed", attempts: 4 }), { kind: "retried" }, NOW)).toEqual({
      outcome: "changed",
      patch: { state: "pending", attempts: 0 },
      effects: [{ kind: "send_reversal" }],
    });
    expect(reversalTransition(reversal(), { kind: "retried" }, NOW)).toEqual({ outcome: "refused", code: "INVALID_STATE" });
    expect(reversalTransition(reversal({ state: "reversed" }), { kind: "retried" }, NOW)).toEqual({ outcome: "refused", code: "INVALID_STATE" });
  });
});
