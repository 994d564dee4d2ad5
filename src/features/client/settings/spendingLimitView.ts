// The spending limit as the settings show it, and the optimistic answer of each change: the same rules
// as the server (convex/model/spendingLimit.ts), applied to the page's copy until the server answers.
import { utcMsToRome } from "@convex/framework/time";
import { settled, type SpendingLimitState } from "@convex/model/spendingLimit";
import { formatItalianDate } from "@/lib/text/format";
import type { SpendingLimitView } from "@/lib/client/spendingLimit";

function stateOfView(view: SpendingLimitView): SpendingLimitState {
  return {
    limitCents: view.limitCents,
    ...(view.pendingLimit ? { pendingLimit: view.pendingLimit } : {}),
    ...(view.pausedThrough ? { pausedThrough: view.pausedThrough } : {}),
    ...(view.pauseEndsEarlyAt !== null ? { pauseEndsEarlyAt: view.pauseEndsEarlyAt } : {}),
  };
}

/** The view after `change` at `now`, the month's spend unchanged. */
export function viewAfter(
  view: SpendingLimitView,
  change: (state: SpendingLimitState, now: number) => SpendingLimitState,
  now: number,
): SpendingLimitView {
  const next = settled(change(stateOfView(view), now), now);
  return {
    limitCents: next.limitCents,
    pendingLimit: next.pendingLimit ?? null,
    pausedThrough: next.pausedThrough ?? null,
    pauseEndsEarlyAt: next.pausedThrough ? (next.pauseEndsEarlyAt ?? null) : null,
    spentCents: view.spentCents,
    remainingCents: next.limitCents === null ? null : Math.max(0, next.limitCents - view.spentCents),
  };
}

/** "27 novembre 2026 alle 14:05" in Rome time: when a waiting change counts. */
export function romeInstantLabel(ms: number): string {
  const { date, time } = utcMsToRome(ms);
  return `${formatItalianDate(date)} alle ${time}`;
}

/** Whole euros typed in the field, as cents; null when not a whole number from 1 to 10 000. */
export function limitCentsOf(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,5}$/.test(trimmed)) return null;
  const euros = Number(trimmed);
  return euros >= 1 && euros <= 10_000 ? euros * 100 : null;
}

/** The optimistic view: the change as the server will make it now. */
export function viewAfterNow(view: SpendingLimitView, change: (state: SpendingLimitState, now: number) => SpendingLimitState): SpendingLimitView {
  return viewAfter(view, change, Date.now());
}
