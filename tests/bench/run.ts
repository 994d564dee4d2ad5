// `npm run bench`: raw WebSocket floors, then the embedded backend on the test fixture. Writes
// tests/bench/results/<timestamp>.json and latest.json, prints a table, then the page table (tests/bench/pages.ts),
// exits 1 if a target of either is missed.
// Not part of `npm test`: timings depend on the machine.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import type { ConvexClient } from "convex/browser";
import { fixtureConvexDir } from "@arcano/local-backend/testing/backend";
import { startBackend, startFloorServer } from "./procs.ts";
import { broadcastFloor, echoFloor, echoThroughputFloor, fsyncFloor } from "./floor.ts";
import { convexClient } from "./clients.ts";
import { fanOut, mutationRoundTrip, selectiveInvalidation, throughput, throughputWithSubscribers, type Stats } from "./scenarios.ts";
import { buildRows, formatTable } from "./report.ts";
import { waitForQuiet } from "./stats.ts";
import { cpuWindow } from "./load.ts";
import { PRODUCT_ENV, seedProduct, slotReads, slotsFanOut } from "./slots.ts";
import { signInTiming } from "./signIn.ts";
import { formatReadsTable, functionReads, READS_SIZES } from "./reads.ts";

const RESULTS = "tests/bench/results";
const N = 100;
const WRITERS = 10;
const WINDOW = 10;
const TOTAL = 3000;
/** Round trips before the measured ones: the steady state comes after about 2 000 on this machine. */
const ROUND_TRIP_WARMUP = 2000;
// Every round leaves one lapsed hold on the watched day; the slots query reads at most 200 bookings of a
// psychic's day (convex/lib/bookings/bookingTime.ts), so warm-up and rounds together stay below that.
const SLOTS_WARMUP = 10;
const SLOTS_ROUNDS = 180;
// Nothing may hang the bench: the whole run is abandoned after this long.
// The reads table alone takes 5 to 8 minutes on a 2-core machine (tests/bench/reads.ts).
const DEADLINE_MS = 20 * 60_000;
// Each measurement waits for a mostly idle CPU first, at most 20 s each and 90 s in all.
const QUIET_IDLE = 0.7;
let quietBudgetMs = 90_000;

const started = Date.now();
setTimeout(() => {
  console.error(`bench: still running after ${DEADLINE_MS / 1000} s, giving up`);
  process.exit(2);
}, DEADLINE_MS).unref();

const step = (what: string) => console.log(`[bench +${((Date.now() - started) / 1000).toFixed(1)} s] ${what}`);

/** What else the machine was doing around each measurement; other work lands in the tails. */
const conditions: Record<string, { idleBefore: number; waitedMs: number; otherProcessesCpuPercent: number | null }> = {};

async function measure<T>(name: string, pids: () => number[], fn: () => Promise<T>): Promise<T> {
  const quiet = await waitForQuiet(QUIET_IDLE, Math.min(20_000, quietBudgetMs));
  quietBudgetMs = Math.max(0, quietBudgetMs - quiet.waitedMs);
  step(`${name} (CPU ${Math.round(quiet.idle * 100)}% idle before)`);
  const window = cpuWindow(pids);
  const r = await fn();
  conditions[name] = { idleBefore: quiet.idle, waitedMs: quiet.waitedMs, otherProcessesCpuPercent: window.stop() };
  return r;
}

const floorServer = await startFloorServer();
const floorPids = () => [process.pid, floorServer.proc.pid ?? 0];
let floor;
try {
  const url = floorServer.info.url;
  floor = {
    echo: await measure("floor: echo", floorPids, () => echoFloor(url, 200, 2000)),
    broadcast: await measure(`floor: broadcast to ${N}`, floorPids, () => broadcastFloor(url, N, 20, 300)),
    echoThroughput: await measure("floor: pipelined echo", floorPids, () => echoThroughputFloor(url, WRITERS, WINDOW, TOTAL)),
    fsync: await measure("floor: fdatasync", floorPids, () => fsyncFloor(100, 1000)),
  };
} finally {
  await floorServer.stop();
}

step("backend: starting on the fixture");
const backend = await startBackend({ convexDir: fixtureConvexDir });
const { cloudUrl } = backend.info;
const pids = () => [process.pid, backend.info.pid];
const stats = async (): Promise<Stats> => (await (await fetch(`${cloudUrl}/debug/stats`)).json()) as Stats;
let clients: ConvexClient[] = [];
let writer: ConvexClient | null = null;
let results;
try {
  const w = (writer = convexClient(cloudUrl));
  clients = Array.from({ length: N }, () => convexClient(cloudUrl));
  const writers = clients.slice(0, WRITERS);
  // Fan-out first, while `messages` is small: convex-test scans the whole table on every query.
  const fan = await measure(`fan-out to ${N} subscribers`, pids, () => fanOut(cloudUrl, clients, 20, 300));
  const selective = await measure("selective invalidation", pids, () => selectiveInvalidation(clients, w, stats, 20));
  const roundTrip = await measure("mutation round trip", pids, () => mutationRoundTrip(w, ROUND_TRIP_WARMUP, 2000));
  const bare = await measure("throughput, no subscribers", pids, () => throughput(writers, TOTAL, WINDOW));
  const subscribed = await measure(`throughput, ${N} subscribers`, pids, () => throughputWithSubscribers(clients, writers, TOTAL, WINDOW));
  results = { roundTrip, fanOut: fan, selective, throughput: { bare, subscribed } };
} finally {
  await Promise.all([writer, ...clients].map((c) => c?.close()));
  await backend.stop();
}

step("backend: starting on the product's convex/, seeding the demo data");
const product = await startBackend({ push: "." }, PRODUCT_ENV);
const productPids = () => [process.pid, product.info.pid];
let slots;
let signIn;
try {
  clients = Array.from({ length: N }, () => convexClient(product.info.cloudUrl));
  const setup = await seedProduct(product.info.cloudUrl, product.info.adminKey);
  step(`slots of ${setup.psychicName} on ${setup.date}: ${setup.times.length} free times`);
  slots = await measure(`slots fan-out to ${N} subscribers`, productPids, () =>
    slotsFanOut(product.info.cloudUrl, product.info.siteUrl, product.info.adminKey, clients, setup, SLOTS_WARMUP, SLOTS_ROUNDS),
  );
  signIn = await measure("failed sign-ins, known and unknown addresses", productPids, () => signInTiming(product.info.cloudUrl));
} finally {
  await Promise.all(clients.map((c) => c.close()));
  await product.stop();
}
// Counts, not timings: no need to wait for a quiet machine.
step("slots query reads: tests/convex/bookings.slotsReads.test.ts");
const slotReadsResult = await slotReads();
step(`every public function's reads at ${READS_SIZES.join(" and ")} bookings: tests/convex/readsBudget.test.ts`);
const reads = await functionReads();
results = { ...results, slots, slotReads: slotReadsResult, signIn, functionReads: { passed: reads.passed, seconds: reads.seconds, rows: reads.rows } };

const rows = buildRows(results, floor, N);
const date = new Date();
const report = {
  date: date.toISOString(),
  machine: {
    cores: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? "unknown",
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  },
  conditions,
  parameters: { roundTripWarmup: ROUND_TRIP_WARMUP, clients: N, writers: WRITERS, window: WINDOW, throughputMutations: TOTAL, slotsWarmup: SLOTS_WARMUP, slotsRounds: SLOTS_ROUNDS },
  floor,
  results,
  targets: rows.filter((r) => r.ok !== null).map(({ name, value, target, ok }) => ({ name, value, target, ok })),
  seconds: Math.round((Date.now() - started) / 1000),
};
mkdirSync(RESULTS, { recursive: true });
const json = JSON.stringify(report, null, 2) + "\n";
writeFileSync(join(RESULTS, `${date.toISOString().replace(/[:.]/g, "-")}.json`), json);
writeFileSync(join(RESULTS, "latest.json"), json);

console.log(`\n${formatTable(rows)}\n`);
console.log(`The reads table (budgets: tests/convex/fixtures/readsBudget.ts)\n\n${formatReadsTable(reads.rows)}\n`);
const busiest = Math.max(...Object.values(conditions).map((c) => c.otherProcessesCpuPercent ?? 0));
console.log(
  `${report.machine.cores} cores, ${report.machine.cpu}, Node ${process.version}; other processes used up to ${busiest}% ` +
    `of the CPU during a measurement; ${report.seconds} s; results in ${RESULTS}/latest.json`,
);
const missed = rows.filter((r) => r.ok === false);
for (const row of reads.rows.filter((r) => !r.ok)) console.error(`reads over budget: ${row.name}: ${row.problems.join("; ")}`);
if (missed.length) console.error(`Missed: ${missed.map((r) => r.name).join("; ")}`);
// The page table (tests/bench/pages.ts, its own process: it starts the whole app); it exits 1 on a missed target.
step("page table: npm run bench:pages");
const pages = spawnSync(process.execPath, ["--import", "tsx", "tests/bench/pages.ts", ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(missed.length > 0 || pages.status !== 0 ? 1 : 0);
