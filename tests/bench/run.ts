// `npm run bench`: raw WebSocket floors, then the embedded backend on the test fixture. Writes
// tests/bench/results/<timestamp>.json and latest.json, prints a table, exits 1 if a target is missed.
// Not part of `npm test`: timings depend on the machine.
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import type { ConvexClient } from "convex/browser";
import { startBackend, startFloorServer } from "./procs.ts";
import { broadcastFloor, echoFloor, echoThroughputFloor } from "./floor.ts";
import { convexClient } from "./clients.ts";
import { fanOut, mutationRoundTrip, selectiveInvalidation, throughput, throughputWithSubscribers, type Stats } from "./scenarios.ts";
import { formatTable, type Row } from "./report.ts";

const FIXTURE = "tests/local-backend/fixture/convex";
const RESULTS = "tests/bench/results";
const N = 100;
const WRITERS = 10;
const WINDOW = 10;
const TOTAL = 3000;
// Nothing may hang the bench: the whole run is abandoned after this long.
const DEADLINE_MS = 5 * 60_000;

const started = Date.now();
// Other work on the machine shows up in the tails; the load average is recorded with the results.
const loadBefore = os.loadavg()[0];
setTimeout(() => {
  console.error(`bench: still running after ${DEADLINE_MS / 1000} s, giving up`);
  process.exit(2);
}, DEADLINE_MS).unref();

const step = (what: string) => console.log(`[bench +${((Date.now() - started) / 1000).toFixed(1)} s] ${what}`);

step("floors: plain ws server");
const floorServer = await startFloorServer();
let floor;
try {
  floor = {
    echo: await echoFloor(floorServer.info.url, 200, 2000),
    broadcast: await broadcastFloor(floorServer.info.url, N, 20, 300),
    echoThroughput: await echoThroughputFloor(floorServer.info.url, WRITERS, WINDOW, TOTAL),
  };
} finally {
  await floorServer.stop();
}

step("backend: starting on the fixture");
const backend = await startBackend(FIXTURE);
const { cloudUrl } = backend.info;
const stats = async (): Promise<Stats> => (await (await fetch(`${cloudUrl}/debug/stats`)).json()) as Stats;
let clients: ConvexClient[] = [];
let writer: ConvexClient | null = null;
let results;
try {
  writer = convexClient(cloudUrl);
  clients = Array.from({ length: N }, () => convexClient(cloudUrl));
  step(`fan-out: ${N} subscribers to one query`);
  const fan = await fanOut(cloudUrl, clients, 20, 300);
  step(`selective invalidation: ${N} unrelated subscriptions`);
  const selective = await selectiveInvalidation(clients, writer, stats, 20);
  step("mutation round trip");
  const roundTrip = await mutationRoundTrip(writer, 200, 2000);
  step(`throughput: ${TOTAL} mutations, no subscribers`);
  const bare = await throughput(clients.slice(0, WRITERS), TOTAL, WINDOW);
  step(`throughput: ${TOTAL} mutations, ${N} subscribers`);
  const subscribed = await throughputWithSubscribers(clients, clients.slice(0, WRITERS), TOTAL, WINDOW);
  results = { roundTrip, fanOut: fan, selective, throughput: { bare, subscribed } };
} finally {
  await Promise.all([writer, ...clients].map((c) => c?.close()));
  await backend.stop();
}

const f2 = (x: number) => `${x.toFixed(2)} ms`;
const rows: Row[] = [
  { name: "mutation round trip p50", value: f2(results.roundTrip.p50), floor: `echo ${f2(floor.echo.p50)}`, target: "≤ 2 ms", ok: results.roundTrip.p50 <= 2 },
  { name: "mutation round trip p99", value: f2(results.roundTrip.p99), floor: `echo ${f2(floor.echo.p99)}`, target: "≤ 5 ms", ok: results.roundTrip.p99 <= 5 },
  {
    name: `fan-out to ${N} clients p99 (from ack)`,
    value: f2(results.fanOut.fromAck.p99),
    floor: `broadcast ${f2(floor.broadcast.p99)}`,
    target: "≤ 20 ms",
    ok: results.fanOut.fromAck.p99 <= 20,
  },
  { name: `fan-out to ${N} clients p50 (from ack)`, value: f2(results.fanOut.fromAck.p50), floor: `broadcast ${f2(floor.broadcast.p50)}`, target: "", ok: null },
  { name: `fan-out p99 (from send)`, value: f2(results.fanOut.fromSend.p99), floor: "", target: "", ok: null },
  {
    name: `re-runs of ${results.selective.subscriptions} untouched subscriptions (${results.selective.writes} writes)`,
    value: String(results.selective.reruns),
    floor: `control write: ${results.selective.controlReruns}`,
    target: "0",
    ok: results.selective.reruns === 0 && results.selective.controlReruns === 1,
  },
  {
    name: "throughput, no subscribers",
    value: `${results.throughput.bare.perSecond}/s`,
    floor: `echo ${floor.echoThroughput.perSecond}/s`,
    target: "≥ 800/s",
    ok: results.throughput.bare.perSecond >= 800,
  },
  {
    name: `throughput, ${N} subscribers`,
    value: `${results.throughput.subscribed.perSecond}/s`,
    floor: `echo ${floor.echoThroughput.perSecond}/s`,
    target: "≥ 300/s",
    ok: results.throughput.subscribed.perSecond >= 300,
  },
];

const date = new Date();
const report = {
  date: date.toISOString(),
  machine: {
    cores: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? "unknown",
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    loadAverage1m: { before: loadBefore, after: os.loadavg()[0] },
  },
  parameters: { clients: N, writers: WRITERS, window: WINDOW, throughputMutations: TOTAL },
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
console.log(
  `${report.machine.cores} cores, ${report.machine.cpu}, Node ${process.version}, load ${loadBefore.toFixed(2)} → ${os.loadavg()[0].toFixed(2)}; ` +
    `${report.seconds} s; results in ${RESULTS}/latest.json`,
);
const missed = rows.filter((r) => r.ok === false);
if (missed.length) {
  console.error(`Missed: ${missed.map((r) => r.name).join("; ")}`);
  process.exit(1);
}
process.exit(0);
