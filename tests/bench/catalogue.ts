// `npm run bench:catalogue [-- 1000,20000]`: the public catalogue at a national launch's size. The embedded backend on
// the product's convex/, seeded as `npm start` seeds it, then filled to each size with `demoScale:fill`; at each size,
// the latency of the catalogue's query (`psychics:listPublic`, the page's call and a search) and how many psychics it
// shows. Not part of `npm test` (the fill to 20 000 takes minutes); prints a Markdown table, and writes
// tests/bench/results/catalogue-latest.json.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startBackend } from "./procs.ts";
import { PRODUCT_ENV, seedProduct } from "./slots.ts";
import { summarize } from "./stats.ts";

const SIZES = (process.argv[2] ?? "1000,20000").split(",").map(Number);
const ROUNDS = 15;
const WARMUP = 3;

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

const product = await startBackend({ push: "." }, PRODUCT_ENV);
const rows: Array<{ psychics: number; fillSeconds: number; page: { p50: number; p90: number; shown: number }; search: { p50: number; p90: number; shown: number } }> = [];
try {
  const { cloudUrl, adminKey } = product.info;
  await seedProduct(cloudUrl, adminKey);
  for (const size of SIZES) {
    const started = performance.now();
    await call(cloudUrl, adminKey, "demoScale:fill", { count: size });
    const fillSeconds = Math.round((performance.now() - started) / 100) / 10;
    const shown = (answer: unknown) => (answer as { psychics: unknown[] }).psychics.length;
    const page = await timed(() => call(cloudUrl, adminKey, "psychics:listPublic", {}));
    // A word of many scaled psychics' bios and one of the demo's names: the search runs over the whole list.
    const search = await timed(() => call(cloudUrl, adminKey, "psychics:listPublic", { search: "tarocchi amore" }));
    rows.push({ psychics: size, fillSeconds, page: { p50: page.p50, p90: page.p90, shown: shown(page.last) }, search: { p50: search.p50, p90: search.p90, shown: shown(search.last) } });
    console.log(`${size} scaled psychics (filled in ${fillSeconds} s): the page ${page.p50.toFixed(0)} ms, a search ${search.p50.toFixed(0)} ms`);
  }
} finally {
  await product.stop();
}

const table = [
  "| scaled psychics | fill (s) | listPublic, the page: p50 / p90 (ms), shown | listPublic, a search: p50 / p90 (ms), shown |",
  "|---|---|---|---|",
  ...rows.map((r) => `| ${r.psychics} | ${r.fillSeconds} | ${r.page.p50.toFixed(0)} / ${r.page.p90.toFixed(0)}, ${r.page.shown} | ${r.search.p50.toFixed(0)} / ${r.search.p90.toFixed(0)}, ${r.search.shown} |`),
].join("\n");
console.log(`\n${table}`);
mkdirSync("tests/bench/results", { recursive: true });
writeFileSync(join("tests/bench/results", "catalogue-latest.json"), `${JSON.stringify({ at: new Date().toISOString(), rows }, null, 2)}\n`);
