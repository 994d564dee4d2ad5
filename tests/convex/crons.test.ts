// Scheduled housekeeping (convex/crons.ts): each job names an internal mutation that exists and runs, twice
// in a row, on a world with nothing due.
import { makeFunctionReference } from "convex/server";
import { describe, expect, it } from "vitest";
import crons from "../../convex/crons";
import { buildWorld } from "./fixtures/world";
import { setupTest } from "./setup";

type CronJob = { name: string; args: unknown[] };
const jobs = () => Object.values((crons as unknown as { crons: Record<string, CronJob> }).crons);

describe("the scheduled jobs", () => {
  it("are the seven housekeeping jobs, each naming an internal function", () => {
    expect(jobs().map((job) => job.name)).toEqual([
      "originPasses:removeExpired",
      "uploads:removeUnattached",
      "calls:settleDue",
      "catalogue:refreshFreeTimes",
      "retention:sweep",
      "availabilityAlerts:removeOver",
      "fiscalDocuments:issueMonthlyInvoices",
    ]);
  });

  it("each runs twice in a row on a world with nothing due", async () => {
    const w = await buildWorld(setupTest());
    for (const job of jobs()) {
      const ref = makeFunctionReference<"mutation">(job.name);
      await w.t.mutation(ref, job.args[0] ?? {});
      await w.t.mutation(ref, job.args[0] ?? {});
    }
  });
});
