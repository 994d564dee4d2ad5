// The catalogue's reads stay flat however many psychics there are: each catalogue query, called as the list page
// calls it, reads no more documents at a large size than at a small one, within its budget. The deployment is
// filled with demoScale:fill and read through the embedded backend's indexes (installDatabaseIndexes), as convex-test's
// metrics count the reads. `npm test` runs 300 psychics; CATALOGUE_READS_SIZES=1000,20000 (npm run bench:catalogue
// prints the table from the `CATALOGUE_READS {...}` lines) runs each size on a fresh deployment.
import { makeFunctionReference } from "convex/server";
import { describe, expect, it, vi } from "vitest";
import { installDatabaseIndexes } from "@arcano/local-backend/testing/indexes";
import { internal } from "../../convex/_generated/api";
import { scaledPsychic } from "../../convex/demo/scale";
import { measureReads } from "./fixtures/readsMeter";
import { setupTest } from "./setup";

const SIZES = (process.env.CATALOGUE_READS_SIZES ?? "300").split(",").map(Number);
const PAGE = 24;
const MONDAY_MORNING = Date.UTC(2026, 11, 7, 7, 0);

type Question = { name: string; fn: string; args: (now: number) => Record<string, unknown>; pages?: number; budget: number; why: string };

/** Cards read per card shown: its row, its profile, its figures row and the blocking bookings of its next days. */
const PER_CARD = 3 + 4;

const QUESTIONS: Question[] = [
  { name: "the first page", fn: "catalogue:listPage", args: (now) => ({ now }), budget: PAGE * PER_CARD + 5, why: "one page of cards" },
  { name: "the fifth page", fn: "catalogue:listPage", args: (now) => ({ now }), pages: 5, budget: PAGE * PER_CARD + 5, why: "one page from its cursor" },
  { name: "a topic", fn: "catalogue:listPage", args: (now) => ({ now, specialization: "Amore e Relazioni" }), budget: PAGE * PER_CARD + 5, why: "the topic's rows" },
  { name: "chat by price, capped", fn: "catalogue:listPage", args: (now) => ({ now, consultationType: "chat", order: "price", maxCentsPerMinute: 150 }), budget: PAGE * PER_CARD + 5, why: "the type's rows up to the cap" },
  {
    name: "free today, soonest",
    fn: "catalogue:listPage",
    args: (now) => ({ now, availableToday: true, order: "soonest" }),
    budget: 3 * PAGE * PER_CARD,
    why: "rows whose stored time is today, each checked by the slot engine",
  },
  { name: "a name (the 299th)", fn: "catalogue:listPage", args: (now) => ({ now, search: scaledPsychic(299).psychicName }), budget: 250 + PAGE * PER_CARD, why: "the rows the search index finds for the number (a few), then the page" },
  { name: "a word most have", fn: "catalogue:listPage", args: (now) => ({ now, search: "tarocchi" }), budget: 201 + 600 + PAGE * PER_CARD, why: "201 found, then rows read in order until a page is full" },
  { name: "the filters' options", fn: "catalogue:listFacets", args: () => ({}), budget: 20, why: "one row per topic and technique" },
];

describe("the catalogue's reads", () => {
  it(
    "are flat in the number of psychics, each question within its budget",
    async () => {
      const runs = new Map<string, Array<{ size: number; documentsRead: number; ms: number }>>();
      for (const size of SIZES) {
        vi.useRealTimers();
        const t = await installDatabaseIndexes(setupTest());
        // A Monday at 8 in Rome: most psychics are free later today, whatever the hour the test runs at.
        vi.useFakeTimers({ now: MONDAY_MORNING });
        await t.action(internal.demoScale.fill, { count: size });
        const now = Date.now();
        for (const question of QUESTIONS) {
          let cursor: string | null = null;
          const ask = (args: Record<string, unknown>) => t.query(makeFunctionReference<"query">(question.fn), args);
          for (let page = 1; page < (question.pages ?? 1); page++) {
            const result = (await ask({ ...question.args(now), paginationOpts: { numItems: PAGE, cursor } })) as { continueCursor: string };
            cursor = result.continueCursor;
          }
          const args = question.fn === "catalogue:listPage" ? { ...question.args(now), paginationOpts: { numItems: PAGE, cursor } } : question.args(now);
          const started = vi.getRealSystemTime();
          const { result, reads } = await measureReads(() => ask(args));
          const ms = Math.round(vi.getRealSystemTime() - started);
          if (question.fn === "catalogue:listPage") expect((result as { page: unknown[] }).page.length, question.name).toBeGreaterThan(0);
          const list = runs.get(question.name) ?? [];
          list.push({ size, documentsRead: reads.documentsRead, ms });
          runs.set(question.name, list);
        }
      }
      for (const question of QUESTIONS) {
        const measured = runs.get(question.name)!;
        const ok = measured.every((run) => run.documentsRead <= question.budget);
        console.log(`CATALOGUE_READS ${JSON.stringify({ name: question.name, budget: question.budget, why: question.why, runs: measured, ok })}`);
        for (const run of measured) expect(run.documentsRead, `${question.name} at ${run.size}`).toBeLessThanOrEqual(question.budget);
      }
    },
    60 * 60_000,
  );
});
