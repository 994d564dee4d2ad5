// Floors: raw WebSocket echo, broadcast to N sockets and pipelined echo against floorServer.ts, and the
// disk's fdatasync (every acknowledged mutation waits for one) in the folder the backend's data goes to.
import { closeSync, fdatasyncSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import WebSocket from "ws";
import { now, ms, summarize, within, type Latency } from "./stats.ts";

function open(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    ws.once("open", () => resolve(ws));
    ws.once("error", reject);
  });
}

/** Sequential echo round trips on one socket. */
export async function echoFloor(url: string, warmup: number, n: number): Promise<Latency> {
  const ws = await open(url);
  let answer: (() => void) | null = null;
  ws.on("message", () => answer?.());
  const samples: number[] = [];
  for (let i = 0; i < warmup + n; i++) {
    const t0 = now();
    await within(new Promise<void>((r) => ((answer = r), ws.send(`e${i}`))), 5000, "echo");
    if (i >= warmup) samples.push(ms(t0, now()));
  }
  ws.close();
  return summarize(samples);
}

/** Time from sending one message to the server until the last of `n` listener sockets has it. */
export async function broadcastFloor(url: string, n: number, warmup: number, rounds: number): Promise<Latency> {
  const sender = await open(url);
  const listeners = await Promise.all(Array.from({ length: n }, () => open(url)));
  let expected = "";
  let left = 0;
  let done: (() => void) | null = null;
  for (const l of listeners) {
    l.on("message", (d) => {
      if (d.toString() === expected && --left === 0) done?.();
    });
    l.send("l");
  }
  // Registration is in order on each socket; one echo on each proves the server has seen it.
  await Promise.all(listeners.map((l) => new Promise<void>((r) => (l.once("message", () => r()), l.send("e")))));
  const samples: number[] = [];
  for (let i = 0; i < warmup + rounds; i++) {
    expected = `b${i}`;
    left = n;
    const t0 = now();
    await within(new Promise<void>((r) => ((done = r), sender.send(expected))), 5000, "broadcast");
    if (i >= warmup) samples.push(ms(t0, now()));
  }
  for (const ws of [sender, ...listeners]) ws.close();
  return summarize(samples);
}

/** Echoes from `sockets` sockets, each keeping `window` in flight, until `total` are answered; per second. */
export async function echoThroughputFloor(url: string, sockets: number, window: number, total: number) {
  const conns = await Promise.all(Array.from({ length: sockets }, () => open(url)));
  let next = 0;
  const t0 = now();
  await Promise.all(
    conns.map(
      (ws) =>
        new Promise<void>((resolve) => {
          let inFlight = 0;
          const send = () => {
            for (; inFlight < window && next < total; inFlight++, next++) ws.send("e");
            if (inFlight === 0) resolve();
          };
          ws.on("message", () => {
            inFlight--;
            send();
          });
          send();
        }),
    ),
  );
  const seconds = ms(t0, now()) / 1000;
  for (const ws of conns) ws.close();
  return { messages: total, seconds: Math.round(seconds * 1000) / 1000, perSecond: Math.round(total / seconds) };
}

/** Appends a log-record-sized line and fdatasyncs it, `n` times, yielding to the event loop in between. */
export async function fsyncFloor(warmup: number, n: number): Promise<Latency> {
  const dir = mkdtempSync(join(tmpdir(), "arcano-bench-fsync-"));
  const fd = openSync(join(dir, "log"), "a");
  const line = JSON.stringify({ k: "c", w: [["x".repeat(32), { body: "x".repeat(200) }]] }) + "\n";
  const samples: number[] = [];
  try {
    for (let i = 0; i < warmup + n; i++) {
      await new Promise<void>((r) => setImmediate(r));
      const t0 = now();
      writeSync(fd, line);
      fdatasyncSync(fd);
      if (i >= warmup) samples.push(ms(t0, now()));
    }
  } finally {
    closeSync(fd);
    rmSync(dir, { recursive: true, force: true });
  }
  return summarize(samples);
}
