// A consultation's share as 'Guadagni' and the statement word it: the state's label from the one table
// (src/lib/text/states.ts), with the day a transfer was made or is due.
import type { TransferState } from "@convex/model/payouts";
import { formatCents, formatRomeDate } from "@/lib/text/format";
import { transferStates, type StateBadge } from "@/lib/text/states";

type Share = { state: TransferState; transferredAt: number | null; dueAt?: number; amountCents?: number; reversedCents?: number };

/** "Trasferito il 23/11/2026", "Stornato il …", "Programmato per il 25/11/2026", or the state's label. */
export function shareStateBadge(share: Share): StateBadge {
  const { label, color } = transferStates[share.state];
  const reversed = share.reversedCents ?? 0;
  if (share.state === "transferred" && reversed > 0) {
    // Money the client got back afterwards (a refund, a dispute) was taken back from the transfer.
    return reversed >= (share.amountCents ?? 0)
      ? { label: "Stornato", color: "red" }
      : { label: `${label}, stornati ${formatCents(reversed)}`, color: "amber" };
  }
  if (share.state === "transferred" && share.transferredAt !== null) return { label: `${label} il ${formatRomeDate(share.transferredAt)}`, color };
  if (share.state === "scheduled" && share.dueAt !== undefined) return { label: `${label} per il ${formatRomeDate(share.dueAt)}`, color };
  return { label, color };
}
