// The counters' names (convex/model/counterMetrics.ts): those counted, and those stored rows may carry.
import { describe, expect, it } from "vitest";
import { counterMetric, storedCounterMetric } from "../../../convex/model/counterMetrics";

describe("the metrics' names", () => {
  it("the stored rows may still carry the legacy 'readers', which nothing counts any more", () => {
    const counted = counterMetric.members.map((member) => member.value);
    const stored = storedCounterMetric.members.map((member) => member.value);
    expect(counted).not.toContain("readers");
    expect(stored).toEqual([...counted, "readers"]);
  });
});
