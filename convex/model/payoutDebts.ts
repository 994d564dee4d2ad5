// What a psychic owes back (docs/product-rules.md, "Payouts"): a reversal of their share that Stripe
// refused, most often because the weekly payout had already emptied their connected account (Stripe
// reverses a transfer only up to what the account has). It stays owed until Stripe makes it: the app
// asks again at each new transfer to them, so the next transfers pay it back.

type ReversalFacts = { state: "pending" | "reversed" | "failed"; amountCents: number; lastError?: string };

/** Cents `reversal` leaves owed: one Stripe refused at least once and has not made yet. */
export function owedCentsOf(reversal: ReversalFacts | null): number {
  if (reversal === null || reversal.state === "reversed" || reversal.lastError === undefined) return 0;
  return reversal.amountCents;
}

type Debt = { owedCents: number; since: number; reversalIds: string[] };

/** The psychic's debt after one reversal of theirs changed from owing `before` to `after` cents; null when nothing is owed. */
export function debtAfter(debt: Debt | null, reversalId: string, before: number, after: number, now: number): Debt | null {
  const ids = (debt?.reversalIds ?? []).filter((id) => id !== reversalId);
  if (after > 0) ids.push(reversalId);
  const owedCents = (debt?.owedCents ?? 0) - before + after;
  if (ids.length === 0 || owedCents <= 0) return null;
  return { owedCents, since: debt?.since ?? now, reversalIds: ids };
}
