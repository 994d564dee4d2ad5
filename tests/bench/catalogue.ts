// `npm run bench:catalogue [-- 1000,20000]`: the public catalogue at a national launch's size. The embedded backend on
// the product's convex/, seeded as `npm start` seeds it, then filled to each size with `demoScale:fill`; at each size,
// the latency of the list's questions to the catalogue (catalogue:listPage: the first page, the fifth, a topic, chat by
// price under a cap, free today soonest first, a name, a word most psychics have; catalogue:listFacets) through the
// HTTP API. Then the documents each question reads at each size (tests/convex/catalogue.reads.test.ts, convex-test's
// metrics over the backend's indexes). Not part of `npm test` (the fill to 20 000 takes minutes); prints a Markdown
// table, and writes tests/bench/results/catalogue-latest.json.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { scaledPsychic } from "../../convex/demo/scale.ts";
import { startBackend } from "./procs.ts";
import { PRODUCT_ENV, seedProduct } from "./slots.ts";
import { summarize } from "./stats.ts";

const SIZES = (process.argv[2] ?? "1000,20000").split(",").map(Number);
const ROUNDS = 15;
const WARMUP = 3;
const PAGE = 24;

/** Calls a function with the admin key over the HTTP API (`/api/function`), as `npx convex run` does. */
async function call(cloudUrl: string, adminKey: string, path: string, args: object): Promise<unknown> {
  const response = await fetch(`${cloudUrl}/api/function`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Convex ${adminKey}` },
    body: JSON.stringify({ path, args, format: "json" }),
  });
  const body = (await response.json()) as { status: string; value?: unknown; errorMessage?: string };
  if (body.status !== "success") throw new Error(`${path} failed: ${body.errorMessage ?? JSON.stringify(body)}`);
  return body.value;
}

/** Median and p90 (ms) of `ROUNDS` calls after `WARMUP`, and the last answer. */
async function timed(run: () => Promise<unknown>): Promise<{ p50: number; p90: number; last: unknown }> {
  let last: unknown;
  for (let i = 0; i < WARMUP; i++) last = await run();
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    last = await run();
    samples.push(performance.now() - started);
  }
  const stats = summarize(samples);
  return { p50: stats.p50, p90: stats.p90, last };
}

/** The questions, named as tests/convex/catalogue.reads.test.ts names them; `pages` reads that many pages first. */
const QUESTIONS: Array<{ name: string; fn: string; args: Record<string, unknown>; pages?: number }> = [
  { name: "the first page", fn: "catalogue:listPage", args: {} },
  { name: "the fifth page", fn: "catalogue:listPage", args: {}, pages: 5 },
  { name: "a topic", fn: "catalogue:listPage", args: { specialization: "Amore e Relazioni" } },
  { name: "chat by price, capped", fn: "catalogue:listPage", args: { consultationType: "chat", order: "price", maxCentsPerMinute: 150 } },
  { name: "free today, soonest", fn: "catalogue:listPage", args: { availableToday: true, order: "soonest" } },
  { name: "a name (the 299th)", fn: "catalogue:listPage", args: { search: scaledPsychic(299).psychicName } },
  { name: "a word most have", fn: "catalogue:listPage", args: { search: "tarocchi" } },
  { name: "the filters' options", fn: "catalogue:listFacets", args: {} },
];

type Row = { psychics: number; fillSeconds: number; questions: Record<string, { p50: number; p90: number; shown: number; documentsRead?: number }> };

const product = await startBackend({ push: "." }, PRODUCT_ENV);
const rows: Row[] = [];
try {
  const { cloudUrl, adminKey } = product.info;
  await seedProduct(cloudUrl, adminKey);
  for (const size of SIZES) {
    const started = performance.now();
    await call(cloudUrl, adminKey, "demoScale:fill", { count: size });
    const fillSeconds = Math.round((performance.now() - started) / 100) / 10;
    const now = Date.now() - (Date.now() % (5 * 60_000));
    const row: Row = { psychics: size, fillSeconds, questions: {} };
    for (const question of QUESTIONS) {
      let cursor: string | null = null;
      const paged = question.fn === "catalogue:listPage";
      for (let page = 1; page < (question.pages ?? 1); page++) {
        const answer = (await call(cloudUrl, adminKey, question.fn, { ...question.args, now, paginationOpts: { numItems: PAGE, cursor } })) as { continueCursor: string };
        cursor = answer.continueCursor;
      }
      const args = paged ? { ...question.args, now, paginationOpts: { numItems: PAGE, cursor } } : question.args;
      const { p50, p90, last } = await timed(() => call(cloudUrl, adminKey, question.fn, args));
      const shown = paged ? (last as { page: unknown[] }).page.length : (last as { specializations: unknown[] }).specializations.length;
      row.questions[question.name] = { p50, p90, shown };
    }
    rows.push(row);
    console.log(`${size} scaled psychics (filled in ${fillSeconds} s): ${Object.entries(row.questions).map(([name, q]) => `${name} ${q.p50.toFixed(0)} ms`).join(", ")}`);
  }
} finally {
  await product.stop();
}

// The documents each question reads, at the same sizes, counted by convex-test's metrics over the backend's indexes.
const reads = spawnSync("npx", ["vitest", "run", "tests/convex/catalogue.reads.test.ts"], {
  env: { ...process.env, CATALOGUE_READS_SIZES: SIZES.join(",") },
  encoding: "utf8",
  maxBuffer: 64 * 1024 * 1024,
});
for (const line of `${reads.stdout}\n${reads.stderr}`.split("\n")) {
  const at = line.indexOf("CATALOGUE_READS ");
  if (at < 0) continue;
  const measured = JSON.parse(line.slice(at + "CATALOGUE_READS ".length)) as { name: string; runs: Array<{ size: number; documentsRead: number }> };
  for (const run of measured.runs) {
    const question = rows.find((row) => row.psychics === run.size)?.questions[measured.name];
    if (question) question.documentsRead = run.documentsRead;
  }
}

const table = [
  `| question | ${SIZES.map((size) => `${size} psychics: p50 / p90 (ms), shown, documents read`).join(" | ")} |`,
  `|---|${SIZES.map(() => "---").join("|")}|`,
  ...QUESTIONS.map(
    ({ name }) =>
      `| ${name} | ${rows
        .map((row) => {
          const q = row.questions[name]!;
          return `${q.p50.toFixed(0)} / ${q.p90.toFixed(0)}, ${q.shown}, ${q.documentsRead ?? "?"}`;
        })
        .join(" | ")} |`,
  ),
  `| fill (s) | ${rows.map((row) => row.fillSeconds).join(" | ")} |`,
].join("\n");
console.log(`\n${table}`);
mkdirSync("tests/bench/results", { recursive: true });
writeFileSync(join("tests/bench/results", "catalogue-latest.json"), `${JSON.stringify({ at: new Date().toISOString(), rows }, null, 2)}\n`);
