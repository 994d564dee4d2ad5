// The backend measurements. Each takes already-connected clients and returns plain numbers.
import type { ConvexClient } from "convex/browser";
import { RawWriter, ref, subscribeAll } from "./clients.ts";
import { now, ms, sleep, summarize, within, type Latency } from "./stats.ts";

const STEP_MS = 10_000;

/**
 * Sequential, awaited ConvexClient.mutation calls (a small insert). The first `warmup` are summarised
 * apart: until the JIT has compiled the backend's hot path they run slower, and the target is the
 * running server's.
 */
export async function mutationRoundTrip(client: ConvexClient, warmup: number, n: number): Promise<Latency & { warmup: Latency }> {
  const samples: number[] = [];
  const warming: number[] = [];
  for (let i = 0; i < warmup + n; i++) {
    const t0 = now();
    await within(client.mutation(ref("bench:post"), { channel: "rtt", body: `m${i}` } as never), STEP_MS, "mutation");
    (i >= warmup ? samples : warming).push(ms(t0, now()));
  }
  return { ...summarize(samples), warmup: summarize(warming) };
}

/**
 * All clients subscribe to one query; a bare writer posts a new value each round. Measures from the
 * writer's MutationResponse to the last client's update, and from the send to that last update.
 */
export async function fanOut(cloudUrl: string, clients: ConvexClient[], warmup: number, rounds: number) {
  const writer = await RawWriter.open(cloudUrl);
  let expected = "";
  let left = 0;
  let firstAt = 0n;
  let lastAt = 0n;
  let done = () => {};
  const unsubscribe = await subscribeAll(
    clients,
    () => ["bench:latest", { channel: "fan" }],
    (_i, value) => {
      if (value !== expected) return;
      if (left === clients.length) firstAt = now();
      if (--left !== 0) return;
      lastAt = now();
      done();
    },
  );
  const fromAck: number[] = [];
  const firstFromAck: number[] = [];
  const fromSend: number[] = [];
  for (let i = 0; i < warmup + rounds; i++) {
    expected = `r${i}`;
    left = clients.length;
    const all = new Promise<void>((r) => (done = r));
    const t0 = now();
    const ack = await within(writer.mutation("bench:post", { channel: "fan", body: expected }), STEP_MS, "fan-out ack");
    await within(all, STEP_MS, `fan-out round ${i}`);
    if (i >= warmup) {
      fromAck.push(ms(ack, lastAt));
      firstFromAck.push(ms(ack, firstAt));
      fromSend.push(ms(t0, lastAt));
    }
    await sleep(2);
  }
  unsubscribe();
  writer.close();
  // firstFromAck: to the first client; the gap to the last is mostly the 100 clients' own work in this process.
  return { fromAck: summarize(fromAck), firstFromAck: summarize(firstFromAck), fromSend: summarize(fromSend) };
}

export interface Stats {
  evaluations: number;
  groups: number;
}

/**
 * 100 subscriptions on index ranges of `messages` (other channels) and on the `files` table; writes to a
 * channel none of them reads must re-run none. One write inside a watched range is the control: it
 * re-runs exactly one.
 */
export async function selectiveInvalidation(clients: ConvexClient[], writer: ConvexClient, stats: () => Promise<Stats>, writes: number) {
  const half = clients.length / 2;
  let controlSeen = () => {};
  const unsubscribe = await subscribeAll(
    clients,
    (i) => (i < half ? ["bench:latest", { channel: `other-${i}` }] : ["bench:fileCount", { tag: i }]),
    (i, value) => i === 0 && value === "control" && controlSeen(),
  );
  const post = ref("bench:post");
  const before = await stats();
  for (let i = 0; i < writes; i++) await within(writer.mutation(post, { channel: "elsewhere", body: `w${i}` } as never), STEP_MS, "write");
  // The writer's mutation resolves after the backend's update round; the pause covers any straggler.
  await sleep(100);
  const after = await stats();
  const seen = new Promise<void>((r) => (controlSeen = r));
  await within(writer.mutation(post, { channel: "other-0", body: "control" } as never), STEP_MS, "control write");
  await within(seen, STEP_MS, "control update");
  await sleep(100);
  const control = await stats();
  unsubscribe();
  return {
    subscriptions: before.groups,
    writes,
    reruns: after.evaluations - before.evaluations,
    controlReruns: control.evaluations - after.evaluations,
  };
}

/** `total` small mutations from every writer, each keeping `window` in flight; mutations per second. */
export async function throughput(writers: ConvexClient[], total: number, window: number) {
  const tick = ref("bench:tick");
  let next = 0;
  const t0 = now();
  const lane = async (c: ConvexClient) => {
    while (next < total) await within(c.mutation(tick, { at: next++ } as never), STEP_MS * 3, "throughput mutation");
  };
  await Promise.all(writers.flatMap((c) => Array.from({ length: window }, () => lane(c))));
  const seconds = ms(t0, now()) / 1000;
  return { mutations: total, seconds: Math.round(seconds * 1000) / 1000, perSecond: Math.round(total / seconds) };
}

/** Throughput while every client is subscribed to a query each tick invalidates. */
export async function throughputWithSubscribers(clients: ConvexClient[], writers: ConvexClient[], total: number, window: number) {
  const unsubscribe = await subscribeAll(clients, () => ["bench:lastTick", {}]);
  const r = await throughput(writers, total, window);
  unsubscribe();
  return { ...r, subscribers: clients.length };
}
