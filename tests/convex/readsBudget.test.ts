// The reads budget (tests/convex/fixtures/readsBudget.ts): every public function, called as its persona
// in the bulk world (fixtures/bulkWorld.ts), reads no more documents and bytes than its budget, as
// convex-test's transaction metrics count them (fixtures/readsMeter.ts). `npm test` runs one size;
// READS_BUDGET_SIZES=1000,50000 runs each size on a fresh world, and then a function may not read more at
// the larger size than at the smaller beyond its budget (its page). Each function prints one
// `READS_BUDGET {...}` line; `npm run bench` (tests/bench/reads.ts) turns them into the reads table.
import { makeFunctionReference } from "convex/server";
import { describe, expect, it, vi } from "vitest";
import { publicFunctions, type PublicFunction } from "./fixtures/publicFunctions";
import { argsOf, BYTES_PER_DOCUMENT, readsBudget } from "./fixtures/readsBudget";
import { buildBulkWorld, type BulkWorld } from "./fixtures/bulkWorld";
import { measureReads } from "./fixtures/readsMeter";
import { setupTest, useStripeStandIn } from "./setup";

useStripeStandIn();

const SIZES = (process.env.READS_BUDGET_SIZES ?? "1000").split(",").map(Number);

type Run = { size: number; documentsRead: number; bytesRead: number; budget: number; largestTransaction: number; ms: number; error?: string };

function call(w: BulkWorld, fn: PublicFunction, args: Record<string, unknown>) {
  const client = w.as[readsBudget[fn.name].as];
  if (fn.kind === "query") return client.query(makeFunctionReference<"query">(fn.name), args);
  if (fn.kind === "mutation") return client.mutation(makeFunctionReference<"mutation">(fn.name), args);
  return client.action(makeFunctionReference<"action">(fn.name), args);
}

/** Every budgeted function, called once on a fresh world of `size` bookings, reads first and deletions last. */
async function measureAll(size: number): Promise<Map<string, Run>> {
  const started = vi.getRealSystemTime();
  const w = await buildBulkWorld(setupTest(), size);
  const built = vi.getRealSystemTime();
  const phaseOf = (fn: PublicFunction) => readsBudget[fn.name].phase ?? (fn.kind === "query" ? 0 : 1);
  const ordered = publicFunctions.filter((fn) => fn.name in readsBudget).sort((a, b) => phaseOf(a) - phaseOf(b));
  const runs = new Map<string, Run>();
  for (const fn of ordered) {
    const budget = readsBudget[fn.name];
    const limit = typeof budget.documents === "number" ? budget.documents : budget.documents(w);
    const callStarted = vi.getRealSystemTime();
    const ms = () => Math.round(vi.getRealSystemTime() - callStarted);
    try {
      const args = await argsOf(fn.name, w);
      const { reads } = await measureReads(() => call(w, fn, args));
      runs.set(fn.name, {
        size,
        documentsRead: reads.documentsRead,
        bytesRead: reads.bytesRead,
        budget: limit,
        largestTransaction: reads.largestTransaction.documentsRead,
        ms: ms(),
      });
    } catch (error) {
      runs.set(fn.name, { size, documentsRead: 0, bytesRead: 0, budget: limit, largestTransaction: 0, ms: ms(), error: String(error).slice(0, 300) });
    }
  }
  console.log(
    `READS_BUDGET_TIME ${JSON.stringify({ size, buildSeconds: Math.round((built - started) / 1000), callSeconds: Math.round((vi.getRealSystemTime() - built) / 1000) })}`,
  );
  // What the calls scheduled (emails, refunds, transfers) is not measured here: it never runs.
  vi.clearAllTimers();
  return runs;
}

describe("the reads budget", () => {
  it("has a budget for every public function, and none for a function that is gone", () => {
    const names = publicFunctions.map((fn) => fn.name);
    expect(names.filter((name) => !(name in readsBudget))).toEqual([]);
    expect(Object.keys(readsBudget).filter((name) => !names.includes(name))).toEqual([]);
  });

  it(`holds for every public function at ${SIZES.join(" and ")} bookings`, { timeout: 600_000 }, async () => {
    const bySize: Array<Map<string, Run>> = [];
    for (const size of SIZES) bySize.push(await measureAll(size));
    const failures: string[] = [];
    for (const fn of publicFunctions) {
      if (!(fn.name in readsBudget)) continue;
      const runs = bySize.map((runs) => runs.get(fn.name)!);
      const problems: string[] = [];
      for (const run of runs) {
        if (run.error !== undefined) problems.push(`failed at ${run.size}: ${run.error}`);
        else if (run.documentsRead > run.budget) problems.push(`${run.documentsRead} documents at ${run.size}, budget ${run.budget}`);
        else if (run.bytesRead > run.budget * BYTES_PER_DOCUMENT)
          problems.push(`${run.bytesRead} bytes at ${run.size}, budget ${run.budget * BYTES_PER_DOCUMENT}`);
      }
      const [small, large] = [runs[0], runs.at(-1)!];
      if (runs.length > 1 && large.documentsRead > small.documentsRead + small.budget) {
        problems.push(`grows: ${small.documentsRead} at ${small.size}, ${large.documentsRead} at ${large.size}`);
      }
      console.log(`READS_BUDGET ${JSON.stringify({ name: fn.name, kind: fn.kind, runs, ok: problems.length === 0, problems })}`);
      if (problems.length > 0) failures.push(`${fn.name}: ${problems.join("; ")}`);
    }
    expect(failures).toEqual([]);
  });
});
