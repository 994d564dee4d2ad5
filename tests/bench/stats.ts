// Timing helpers: monotonic nanosecond clock and latency summaries in milliseconds.
import os from "node:os";

export const now = (): bigint => process.hrtime.bigint();
export const ms = (from: bigint, to: bigint): number => Number(to - from) / 1e6;
export const sleep = (t: number) => new Promise<void>((r) => setTimeout(r, t));

export interface Latency {
  n: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
}

/** Nearest-rank percentiles, rounded to microseconds. */
export function summarize(samples: number[]): Latency {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
  const r = (x: number) => Math.round(x * 1000) / 1000;
  const mean = s.reduce((a, b) => a + b, 0) / (s.length || 1);
  return { n: s.length, p50: r(at(50)), p90: r(at(90)), p99: r(at(99)), max: r(s[s.length - 1] ?? 0), mean: r(mean) };
}

/** Rejects when `p` does not settle within `t` ms, so a stuck scenario cannot hang the bench. */
export function within<T>(p: Promise<T>, t: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${t} ms`)), t);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

function cpuTimes(): { idle: number; total: number } {
  let idle = 0;
  let total = 0;
  for (const c of os.cpus()) {
    idle += c.times.idle;
    total += c.times.idle + c.times.user + c.times.nice + c.times.sys + c.times.irq;
  }
  return { idle, total };
}

/** Fraction of CPU time left idle by the whole machine over `t` ms. */
async function idleFraction(t: number): Promise<number> {
  const a = cpuTimes();
  await sleep(t);
  const b = cpuTimes();
  return b.total > a.total ? (b.idle - a.idle) / (b.total - a.total) : 1;
}

/**
 * Other work on the machine lands in the tails, so the bench waits (up to `maxMs`) for a second in which
 * at least `minIdle` of the CPU was idle. Returns the idle fraction it started at and the time waited.
 */
export async function waitForQuiet(minIdle: number, maxMs: number): Promise<{ idle: number; waitedMs: number }> {
  const start = Date.now();
  let idle = await idleFraction(1000);
  while (idle < minIdle && Date.now() - start < maxMs) idle = await idleFraction(1000);
  return { idle: Math.round(idle * 100) / 100, waitedMs: Date.now() - start };
}

/** The middle value (the upper one of an even count). */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
/** "1 234 ms". */
export const formatMs = (ms: number) => `${Math.round(ms).toLocaleString("en-US").replace(",", " ")} ms`;
