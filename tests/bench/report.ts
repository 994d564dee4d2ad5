// The bench's table, as Markdown so it can be pasted into docs/benchmarks.md unchanged.
import type { Latency } from "./stats.ts";

interface Row {
  name: string;
  value: string;
  floor: string;
  target: string;
  /** null for figures reported without a target. */
  ok: boolean | null;
}

interface Floor {
  echo: Latency;
  broadcast: Latency;
  echoThroughput: { perSecond: number };
  fsync: Latency;
}

interface Spread {
  fromAck: Latency;
  firstFromAck: Latency;
  ackFromSend: Latency;
}

interface Results {
  roundTrip: Latency & { warmup?: Latency };
  fanOut: { fromAck: Latency; fromSend: Latency };
  selective: { subscriptions: number; writes: number; reruns: number; controlReruns: number };
  throughput: { bare: { perSecond: number }; subscribed: { perSecond: number } };
  slots: {
    hold: Spread;
    release: Spread;
    holdByLapsedHolds: { rounds: number; firstLapsedHolds: number[]; lastLapsedHolds: number[]; first: Latency; last: Latency };
  };
  slotReads: { passed: boolean; runs: Array<{ bookings: number; psychicDayBookings: number; documentsRead: number; bytesRead: number }> };
  signIn: { known: Latency; unknown: Latency; ratio: number };
  functionReads: { passed: boolean; seconds: number; rows: Array<{ name: string; ok: boolean; runs: Array<{ size: number }> }> };
}

/** An address without an account fails sign-in in about the time a wrong password takes. */
const SIGN_IN_RATIO_MIN = 0.67;
const SIGN_IN_RATIO_MAX = 1.5;

/** The product scenario's target: the last of 100 pages has the change within 25 ms. */
const SLOTS_P99_MS = 25;

const f2 = (x: number) => `${x.toFixed(2)} ms`;
const thousands = (x: number) => x.toLocaleString("en-US").replace(/,/g, " ");

function slotsRows(r: Results, floor: Floor, n: number): Row[] {
  const rows: Row[] = [];
  for (const [what, s] of [["hold taken, time gone", r.slots.hold], ["hold released, time back", r.slots.release]] as const) {
    const name = `slots, ${what}: ack → last of ${n}`;
    rows.push({ name: `${name}, p99`, value: f2(s.fromAck.p99), floor: `broadcast ${f2(floor.broadcast.p99)}`, target: `≤ ${SLOTS_P99_MS} ms`, ok: s.fromAck.p99 <= SLOTS_P99_MS });
    rows.push({ name: `${name}, p50`, value: f2(s.fromAck.p50), floor: `broadcast ${f2(floor.broadcast.p50)}`, target: "", ok: null });
  }
  const { hold, holdByLapsedHolds: edges } = r.slots;
  // Where the time goes: the query's re-run before the first update, and the hold mutation itself.
  rows.push({ name: `slots, hold taken: ack → first of ${n}, p50`, value: f2(hold.firstFromAck.p50), floor: `echo ${f2(floor.echo.p50)}`, target: "", ok: null });
  rows.push({ name: "slots, payments:createHold send → ack, p50", value: f2(hold.ackFromSend.p50), floor: `echo ${f2(floor.echo.p50)}; fdatasync ${f2(floor.fsync.p50)}`, target: "", ok: null });
  rows.push({
    name: `slots, hold taken: ack → last, p50, first / last ${edges.rounds} rounds`,
    value: `${edges.first.p50.toFixed(2)} / ${f2(edges.last.p50)}`,
    floor: `lapsed holds that day ${edges.firstLapsedHolds.join("–")} / ${edges.lastLapsedHolds.join("–")}`,
    target: "",
    ok: null,
  });
  for (const run of r.slotReads.runs) {
    // Bound: the profile plus that psychic's bookings of that day, whatever the table holds.
    const bound = run.psychicDayBookings + 1;
    rows.push({
      name: `slots query, documents read, ${thousands(run.bookings)} bookings`,
      value: `${run.documentsRead} (${thousands(run.bytesRead)} B)`,
      floor: `psychic's day: ${run.psychicDayBookings} + profile`,
      target: `≤ ${bound}`,
      ok: r.slotReads.passed && run.documentsRead <= bound,
    });
  }
  return rows;
}

/** Every public function within its reads budget at both sizes (the reads table has each one). */
function readsRow(r: Results): Row {
  const over = r.functionReads.rows.filter((row) => !row.ok).map((row) => row.name);
  const sizes = r.functionReads.rows[0]?.runs.map((run) => thousands(run.size)).join(" and ") ?? "";
  return {
    name: `public functions over their reads budget, ${sizes} bookings`,
    value: over.length === 0 ? "0" : `${over.length}: ${over.join(", ")}`,
    floor: `${r.functionReads.rows.length} functions`,
    target: "0",
    ok: r.functionReads.passed && over.length === 0,
  };
}

export function buildRows(r: Results, floor: Floor, n: number): Row[] {
  const echoRate = `pipelined echo ${floor.echoThroughput.perSecond}/s`;
  return [
    { name: "mutation round trip p50", value: f2(r.roundTrip.p50), floor: `echo ${f2(floor.echo.p50)}; fdatasync ${f2(floor.fsync.p50)}`, target: "≤ 2 ms", ok: r.roundTrip.p50 <= 2 },
    { name: "mutation round trip p99", value: f2(r.roundTrip.p99), floor: `echo ${f2(floor.echo.p99)}; fdatasync ${f2(floor.fsync.p99)}`, target: "≤ 5 ms", ok: r.roundTrip.p99 <= 5 },
    ...(r.roundTrip.warmup
      ? [{ name: "mutation round trip p50 / p99, warm-up", value: `${f2(r.roundTrip.warmup.p50)} / ${f2(r.roundTrip.warmup.p99)}`, floor: "", target: "", ok: null }]
      : []),
    {
      name: `fan-out, ack → last of ${n} clients, p99`,
      value: f2(r.fanOut.fromAck.p99),
      floor: `broadcast ${f2(floor.broadcast.p99)}`,
      target: "≤ 20 ms",
      ok: r.fanOut.fromAck.p99 <= 20,
    },
    { name: `fan-out, ack → last of ${n} clients, p50`, value: f2(r.fanOut.fromAck.p50), floor: `broadcast ${f2(floor.broadcast.p50)}`, target: "", ok: null },
    { name: `fan-out, send → last of ${n} clients, p99`, value: f2(r.fanOut.fromSend.p99), floor: "", target: "", ok: null },
    {
      name: `re-runs of ${r.selective.subscriptions} untouched subscriptions (${r.selective.writes} writes)`,
      value: String(r.selective.reruns),
      floor: `control write re-runs ${r.selective.controlReruns}`,
      target: "0 (control 1)",
      ok: r.selective.reruns === 0 && r.selective.controlReruns === 1,
    },
    { name: "throughput, no subscribers", value: `${r.throughput.bare.perSecond}/s`, floor: echoRate, target: "≥ 800/s", ok: r.throughput.bare.perSecond >= 800 },
    {
      name: `throughput, ${n} subscribers`,
      value: `${r.throughput.subscribed.perSecond}/s`,
      floor: echoRate,
      target: "≥ 300/s",
      ok: r.throughput.subscribed.perSecond >= 300,
    },
    ...slotsRows(r, floor, n),
    readsRow(r),
    {
      name: "failed sign-in, unknown address / wrong password, p50",
      value: `${f2(r.signIn.unknown.p50)} / ${f2(r.signIn.known.p50)} (× ${r.signIn.ratio})`,
      floor: `p90 ${f2(r.signIn.unknown.p90)} / ${f2(r.signIn.known.p90)}`,
      target: `× ${SIGN_IN_RATIO_MIN}–${SIGN_IN_RATIO_MAX}`,
      ok: r.signIn.ratio >= SIGN_IN_RATIO_MIN && r.signIn.ratio <= SIGN_IN_RATIO_MAX,
    },
  ];
}

export function formatTable(rows: Row[]): string {
  const cells = [
    ["Measure", "Measured", "Floor (same run)", "Target", ""],
    ...rows.map((r) => [r.name, r.value, r.floor, r.target, r.ok === null ? "" : r.ok ? "ok" : "MISSED"]),
  ];
  const widths = cells[0].map((_, c) => Math.max(...cells.map((row) => row[c].length)));
  const line = (row: string[]) => `| ${row.map((v, c) => v.padEnd(widths[c])).join(" | ")} |`;
  return [line(cells[0]), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...cells.slice(1).map(line)].join("\n");
}
