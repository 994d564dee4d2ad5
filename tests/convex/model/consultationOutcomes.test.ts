// The psychic's outcome after a consultation: only after its end, never a no-show against the call's records or a review.
import { describe, expect, it } from "vitest";
import { outcomeRefusal } from "../../../convex/model/consultationOutcomes";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const START = Date.UTC(2026, 10, 25, 9, 0);

describe("the psychic's outcome", () => {
  const held = { status: "confirmed" as const, endsAt: START + 30 * MINUTE };

  it("the psychic records an outcome only after the end, and never a no-show of a reviewed consultation", () => {
    expect(outcomeRefusal(held, "completed", START, false)).toBe("CONSULTATION_NOT_ENDED");
    expect(outcomeRefusal(held, "no_show", START - HOUR, false)).toBe("CONSULTATION_NOT_ENDED");
    expect(outcomeRefusal(held, "no_show", held.endsAt, false)).toBeNull();
    expect(outcomeRefusal({ ...held, status: "completed" }, "no_show", held.endsAt, false)).toBeNull();
    expect(outcomeRefusal({ ...held, status: "completed" }, "no_show", held.endsAt, true)).toBe("INVALID_STATE");
    expect(outcomeRefusal({ ...held, status: "cancelled" }, "completed", held.endsAt + HOUR, false)).toBe("INVALID_STATE");
  });

  it("the client attended (in the call during the paid window): 'Cliente assente' is refused, held is not", () => {
    const attended = { ...held, status: "completed" as const, clientJoinedAt: START + MINUTE };
    expect(outcomeRefusal(attended, "no_show", held.endsAt, false)).toBe("CLIENT_ATTENDED");
    expect(outcomeRefusal({ ...attended, status: "confirmed" }, "no_show", held.endsAt, false)).toBe("CLIENT_ATTENDED");
    expect(outcomeRefusal({ ...attended, status: "no_show" }, "completed", held.endsAt, false)).toBeNull();
    // Before the end the answer is still "not yet".
    expect(outcomeRefusal(attended, "no_show", START, false)).toBe("CONSULTATION_NOT_ENDED");
  });
});
