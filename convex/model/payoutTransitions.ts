// The life of a psychic's share and of a reversal of it, as pure functions like the booking's
// (model/bookingTransitions.ts; docs/product-rules.md, "Payouts"): from the row, an event and the time,
// the fields that change with what must follow (a transfer or reversal to send through a provider job, a
// release at the due time), nothing (a replay), or a refusal. lib/money/payouts.ts is the only code that writes
// `psychicTransfers` and `transferReversals`; it applies what these decide.
import type { ErrorCode } from "../framework/errors";
import { reversalFor, shareOf, type ShareReason, type TransferState } from "./payouts";

export type Share = {
  state: TransferState;
  grossCents: number;
  commissionCents: number;
  amountCents: number;
  dueAt: number;
  attempts: number;
  lastError?: string;
  stripeTransferId?: string;
  transferredAt?: number;
  reversedCents?: number;
};

export type ShareEvent =
  /** The share's time came; `accountEnabled`: the psychic's account can take transfers. */
  | { kind: "due"; accountEnabled: boolean }
  /** The psychic's account can now take transfers. */
  | { kind: "account_enabled" }
  /** An attempt to transfer was refused; `final`: it was the series' last. */
  | { kind: "send_refused"; error: string; final: boolean }
  /** The admin's 'Riprova' on a failed transfer. */
  | { kind: "retried" }
  /** Stripe made the transfer (or had, under the same key or an earlier one). */
  | { kind: "transferred"; stripeTransferId: string; amountCents: number }
  /** The client got `takenCents` more of the payment back (a refund, a dispute) after the share was owed. */
  | { kind: "taken_back"; takenCents: number; why: "refund" | "dispute" };

export type ShareEffect =
  | { kind: "send_transfer" }
  | { kind: "release_at"; at: number }
  /** Take `amountCents` back from the transfer at Stripe (a new reversal row). */
  | { kind: "reverse"; amountCents: number; why: "refund" | "dispute" };

type MoneyTransition<Patch, Effect> =
  | { outcome: "changed"; patch: Patch; effects: Effect[] }
  | { outcome: "unchanged" }
  | { outcome: "refused"; code: ErrorCode };

type ShareTransition = MoneyTransition<Partial<Share>, ShareEffect>;

const unchanged = { outcome: "unchanged" } as const;
const refused = (code: ErrorCode) => ({ outcome: "refused", code }) as const;

/** A refused send counted on a pending share or reversal; the series' last leaves it failed for the admin. */
function refusedSend(row: { attempts: number }, event: { error: string; final: boolean }) {
  return { attempts: row.attempts + 1, lastError: event.error.slice(0, 500), ...(event.final ? { state: "failed" as const } : {}) };
}

/** Where a newly owed share starts: waiting for its time, for the account, or ready to send. */
export function initialTransferState(dueAt: number, now: number, accountEnabled: boolean): TransferState {
  if (dueAt > now) return "scheduled";
  return accountEnabled ? "pending" : "awaiting_onboarding";
}

/** A share owed for the first time: its row's money fields and state, and what follows. */
export function owedShare(share: { reason: ShareReason; grossCents: number; dueAt: number }, now: number, accountEnabled: boolean) {
  const state = initialTransferState(share.dueAt, now, accountEnabled);
  const effects: ShareEffect[] = state === "pending" ? [{ kind: "send_transfer" }] : state === "scheduled" ? [{ kind: "release_at", at: share.dueAt }] : [];
  return { fields: { reason: share.reason, ...shareOf(share.grossCents), state, dueAt: share.dueAt, attempts: 0 }, effects };
}

/** What `event` does to a share at `now`. */
export function shareTransition(share: Share, event: ShareEvent, now: number): ShareTransition {
  switch (event.kind) {
    case "due": {
      if (share.state !== "scheduled" || share.dueAt > now) return unchanged;
      return event.accountEnabled
        ? { outcome: "changed", patch: { state: "pending" }, effects: [{ kind: "send_transfer" }] }
        : { outcome: "changed", patch: { state: "awaiting_onboarding" }, effects: [] };
    }
    case "account_enabled":
      if (share.state !== "awaiting_onboarding") return unchanged;
      return { outcome: "changed", patch: { state: "pending" }, effects: [{ kind: "send_transfer" }] };
    case "send_refused":
      if (share.state !== "pending") return unchanged;
      return { outcome: "changed", patch: refusedSend(share, event), effects: [] };
    case "retried":
      if (share.state !== "failed") return refused("INVALID_STATE");
      return { outcome: "changed", patch: { state: "pending", attempts: 0 }, effects: [{ kind: "send_transfer" }] };
    case "transferred": {
      if (share.state === "transferred") return unchanged;
      const patch = { state: "transferred" as const, stripeTransferId: event.stripeTransferId, transferredAt: now, lastError: undefined, amountCents: event.amountCents };
      // The share shrank (or was withheld) while the transfer was on its way: the difference comes back at once.
      const excess = event.amountCents - (share.state === "withheld" ? 0 : share.amountCents);
      if (excess <= 0) return { outcome: "changed", patch, effects: [] };
      return {
        outcome: "changed",
        patch: { ...patch, reversedCents: (share.reversedCents ?? 0) + excess },
        effects: [{ kind: "reverse", amountCents: excess, why: "refund" }],
      };
    }
    case "taken_back": {
      if (event.takenCents <= 0 || share.state === "withheld") return unchanged;
      const grossLeft = Math.max(0, share.grossCents - event.takenCents);
      if (share.state === "transferred") {
        // The share now stands on what the platform still keeps; what was transferred stays as it was.
        const amount = reversalFor(share, event.takenCents);
        const patch = { grossCents: grossLeft, commissionCents: shareOf(grossLeft).commissionCents };
        if (amount <= 0) return { outcome: "changed", patch, effects: [] };
        return {
          outcome: "changed",
          patch: { ...patch, reversedCents: (share.reversedCents ?? 0) + amount },
          effects: [{ kind: "reverse", amountCents: amount, why: event.why }],
        };
      }
      // Not transferred yet: the share shrinks, and nothing goes when nothing of the gross is left.
      if (grossLeft === 0) return { outcome: "changed", patch: { state: "withheld", grossCents: 0, commissionCents: 0, amountCents: 0 }, effects: [] };
      return { outcome: "changed", patch: shareOf(grossLeft), effects: [] };
    }
  }
}

export type Reversal = { state: "pending" | "reversed" | "failed"; attempts: number; lastError?: string; stripeReversalId?: string; reversedAt?: number };

export type ReversalEvent =
  | { kind: "send_refused"; error: string; final: boolean }
  | { kind: "retried" }
  | { kind: "reversed"; stripeReversalId: string };

type ReversalTransition = MoneyTransition<Partial<Reversal>, { kind: "send_reversal" }>;

/** What `event` does to a reversal. */
export function reversalTransition(reversal: Reversal, event: ReversalEvent, now: number): ReversalTransition {
  switch (event.kind) {
    case "send_refused":
      if (reversal.state !== "pending") return unchanged;
      return { outcome: "changed", patch: refusedSend(reversal, event), effects: [] };
    case "retried":
      if (reversal.state !== "failed") return refused("INVALID_STATE");
      return { outcome: "changed", patch: { state: "pending", attempts: 0 }, effects: [{ kind: "send_reversal" }] };
    case "reversed":
      if (reversal.state === "reversed") return unchanged;
      return { outcome: "changed", patch: { state: "reversed", stripeReversalId: event.stripeReversalId, reversedAt: now, lastError: undefined }, effects: [] };
  }
}
