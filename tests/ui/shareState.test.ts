// How 'Guadagni' words a share's state (src/features/psychic/earnings/shareState.ts).
import { describe, expect, it } from "vitest";
import { shareStateBadge } from "@/features/psychic/earnings/shareState";

describe("a share's state", () => {
  it("says when it was transferred, when it will go, and when money was taken back from it", () => {
    const at = Date.UTC(2026, 10, 16, 10, 0);
    expect(shareStateBadge({ state: "transferred", transferredAt: at, amountCents: 4250, reversedCents: 0 }).label).toBe("Trasferito il 16/11/2026");
    expect(shareStateBadge({ state: "scheduled", transferredAt: null, dueAt: at }).label).toBe("Programmato per il 16/11/2026");
    expect(shareStateBadge({ state: "transferred", transferredAt: at, amountCents: 4250, reversedCents: 1700 })).toEqual({
      // Intl puts a no-break space before the euro sign.
      label: "Trasferito, stornati 17,00\u00a0€",
      color: "amber",
    });
    expect(shareStateBadge({ state: "transferred", transferredAt: at, amountCents: 4250, reversedCents: 4250 })).toEqual({ label: "Stornato", color: "red" });
    expect(shareStateBadge({ state: "withheld", transferredAt: null }).label).toBe("Non dovuto: rimborsato al cliente");
  });
});
