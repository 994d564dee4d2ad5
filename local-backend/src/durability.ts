// Durability: an append-only log of committed document changes, fsynced before any write is acknowledged,
// compacted into a snapshot. Restore = snapshot + every complete log record after it.
import fs from "node:fs";
import path from "node:path";
import { convexToJson, jsonToConvex, type Value } from "convex/values";
import type { Doc } from "./internals.ts";
import type { Json } from "./protocol.ts";
import { backendLog } from "./logs.ts";
import { takeFault } from "./faults.ts";
import { OWNER_ONLY_FILE, ownerOnlyDir } from "../shared/ownerOnly.ts";

/** The stored document, as a reader of the log gets it. */
export type { Doc };

interface Counters {
  nextDocId: number;
  lastCreationTime: number;
  lastCommitTs: bigint;
}

/** A stored mutation response, replayed when a client re-sends the same (session, request). */
export interface StoredResponse {
  session: string;
  requestId: number;
  response: string;
  at: number;
}

export interface RestoredState {
  docs: Record<string, Doc>;
  counters: Counters;
  ts: bigint;
  responses: StoredResponse[];
  cronRuns: Record<string, number>;
}

type LogRecord =
  | { k: "c"; t: string; w: [string, Json | null][]; n: number; l: number; x: string }
  | { k: "r"; s: string; q: number; v: string; a: number }
  | { k: "cron"; name: string; at: number };

interface Snapshot {
  version: 1;
  gen: number;
  ts: string;
  counters: { nextDocId: number; lastCreationTime: number; lastCommitTs: string };
  docs: Record<string, Json>;
  responses: StoredResponse[];
  cronRuns: Record<string, number>;
}

const COMPACT_BYTES = 16 * 1024 * 1024;
/** Waits before each new attempt after a failed log write; when they are used up, the process stops. */
const RETRY_DELAYS_MS = [10, 50, 250, 1000, 2000];
/** How long a mutation response is kept for a client that re-sends the mutation after a reconnect. */
export const RESPONSE_TTL_MS = 60 * 60 * 1000;

export class Durability {
  private fd = -1;
  private gen = 0;
  private buffer: string[] = [];
  private waiters: Array<() => void> = [];
  private afterFlush: Array<() => void> = [];
  private flushScheduled = false;
  private logBytes = 0;
  private failures = 0;

  constructor(
    private readonly dir: string,
    /** Runs a callback outside any function's async context (see server.ts). */
    private readonly defer: (fn: () => void) => void,
    private readonly onFlushed: () => void,
  ) {
    ownerOnlyDir(dir);
  }

  private logPath(gen: number) {
    return path.join(this.dir, `log.${gen}.jsonl`);
  }

  /** Reads the snapshot and the log records after it; a torn last record (crash mid-write) is ignored. */
  load(): RestoredState {
    const state: RestoredState = {
      docs: {},
      counters: { nextDocId: 0, lastCreationTime: 0, lastCommitTs: 0n },
      ts: 0n,
      responses: [],
      cronRuns: {},
    };
    const snapPath = path.join(this.dir, "snapshot.json");
    if (fs.existsSync(snapPath)) {
      const snap = JSON.parse(fs.readFileSync(snapPath, "utf8")) as Snapshot;
      for (const [id, doc] of Object.entries(snap.docs)) state.docs[id] = jsonToConvex(doc) as Doc;
      state.counters = {
        nextDocId: snap.counters.nextDocId,
        lastCreationTime: snap.counters.lastCreationTime,
        lastCommitTs: BigInt(snap.counters.lastCommitTs),
      };
      state.ts = BigInt(snap.ts);
      state.responses = snap.responses;
      state.cronRuns = snap.cronRuns;
      this.gen = snap.gen;
    }
    const gens = fs
      .readdirSync(this.dir)
      .map((f) => /^log\.(\d+)\.jsonl$/.exec(f))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => Number(m[1]))
      .filter((g) => g >= this.gen)
      .sort((a, b) => a - b);
    const records: LogRecord[] = [];
    for (const g of gens) {
      const lines = fs.readFileSync(this.logPath(g), "utf8").split("\n");
      for (const line of lines) {
        if (!line) continue;
        try {
          records.push(JSON.parse(line) as LogRecord);
        } catch {
          break; // torn write at the end of the log: never acknowledged
        }
      }
      this.gen = Math.max(this.gen, g);
    }
    if (takeFault("dropLastAcknowledgedWrite")) dropLastAppWrite(records);
    for (const rec of records) applyRecord(state, rec);
    return state;
  }

  /** Writes a fresh snapshot of `state` and starts a new, empty log generation. */
  compact(state: RestoredState): void {
    const gen = this.gen + 1;
    const snap: Snapshot = {
      version: 1,
      gen,
      ts: state.ts.toString(),
      counters: {
        nextDocId: state.counters.nextDocId,
        lastCreationTime: state.counters.lastCreationTime,
        lastCommitTs: state.counters.lastCommitTs.toString(),
      },
      docs: Object.fromEntries(Object.entries(state.docs).map(([id, d]) => [id, convexToJson(d as Value)])),
      responses: state.responses.filter((r) => Date.now() - r.at < RESPONSE_TTL_MS),
      cronRuns: state.cronRuns,
    };
    const tmp = path.join(this.dir, "snapshot.json.tmp");
    const fd = fs.openSync(tmp, "w", OWNER_ONLY_FILE);
    fs.writeSync(fd, JSON.stringify(snap));
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(tmp, path.join(this.dir, "snapshot.json"));
    syncDir(this.dir);
    if (this.fd >= 0) fs.closeSync(this.fd);
    const old = this.gen;
    this.gen = gen;
    this.fd = fs.openSync(this.logPath(gen), "a", OWNER_ONLY_FILE);
    syncDir(this.dir);
    this.logBytes = 0;
    for (let g = 0; g <= old; g++) fs.rmSync(this.logPath(g), { force: true });
  }

  appendCommit(ts: bigint, changes: [string, Doc | null][], counters: Counters): void {
    const rec: LogRecord = {
      k: "c",
      t: ts.toString(),
      w: changes.map(([id, d]) => [id, d === null ? null : convexToJson(d as Value)]),
      n: counters.nextDocId,
      l: counters.lastCreationTime,
      x: counters.lastCommitTs.toString(),
    };
    this.append(rec);
  }

  appendResponse(r: StoredResponse): void {
    this.append({ k: "r", s: r.session, q: r.requestId, v: r.response, a: r.at });
  }

  appendCronRun(name: string, at: number): void {
    this.append({ k: "cron", name, at });
  }

  private append(rec: LogRecord): void {
    this.buffer.push(JSON.stringify(rec) + "\n");
    this.schedule();
  }

  private schedule(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    // Group commit: everything appended in this turn of the event loop shares one fsync.
    this.defer(() => setImmediate(() => this.flush()));
  }

  /** Resolves once everything appended so far is on disk. */
  synced(): Promise<void> {
    if (this.buffer.length === 0 && !this.flushScheduled) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /**
   * Runs `fn` once everything appended so far is on disk: now if it already is, else synchronously right
   * after the fsync, in call order. Unlike `synced()` no promise turn sits between the fsync and `fn`.
   */
  whenSynced(fn: () => void): void {
    if (this.buffer.length === 0 && !this.flushScheduled) return fn();
    this.afterFlush.push(fn);
  }

  get needsCompaction(): boolean {
    return this.logBytes > COMPACT_BYTES;
  }

  private flush(): void {
    this.flushScheduled = false;
    const data = this.buffer.join("");
    this.buffer = [];
    if (data) {
      try {
        this.writeLog(data);
        this.failures = 0;
      } catch (e) {
        // Nothing in this batch was acknowledged: keep it (and its waiters) for the next attempt.
        this.buffer.unshift(data);
        return this.retryAfter(e);
      }
    }
    const waiters = this.waiters;
    this.waiters = [];
    const after = this.afterFlush;
    this.afterFlush = [];
    for (const w of waiters) w();
    for (const f of after) {
      try {
        f();
      } catch (e) {
        backendLog(`after flush: ${(e as Error)?.stack ?? String(e)}`);
      }
    }
    this.onFlushed();
  }

  private writeLog(data: string): void {
    if (this.fd < 0) {
      this.fd = fs.openSync(this.logPath(this.gen), "a", OWNER_ONLY_FILE);
      syncDir(this.dir);
    }
    if (takeFault("failLogWrites")) {
      fs.writeSync(this.fd, data.slice(0, data.length >> 1));
      throw new Error("EIO: i/o error, fdatasync (injected by LOCAL_BACKEND_TEST_FAULTS)");
    }
    fs.writeSync(this.fd, data);
    fs.fdatasyncSync(this.fd);
    this.logBytes += data.length;
  }

  /**
   * After a failed write the file's tail is unknown (a torn record, and fsync errors are not reliably
   * reported twice), so the batch is written again to a new log generation; load() reads every generation
   * in order and ignores a torn record at the end of one, and records re-applied are idempotent. When the
   * disk keeps failing the process stops: unacknowledged writes are lost and clients re-send them.
   */
  private retryAfter(e: unknown): void {
    const delay = RETRY_DELAYS_MS[this.failures++];
    if (this.fd >= 0) {
      try {
        fs.closeSync(this.fd);
      } catch {
        // already unusable
      }
    }
    this.fd = -1;
    this.gen++;
    if (delay === undefined) {
      backendLog(`the durability log cannot be written (${String((e as Error)?.message ?? e)}); stopping so that nothing unwritten is acknowledged`);
      process.exit(1);
    }
    backendLog(`durability log write failed (${String((e as Error)?.message ?? e)}); retrying in ${delay} ms on ${this.logPath(this.gen)}`);
    this.flushScheduled = true;
    this.defer(() => setTimeout(() => this.flush(), delay));
  }

  close(): void {
    if (this.buffer.length) this.flush();
    if (this.fd >= 0) fs.closeSync(this.fd);
    this.fd = -1;
  }
}

function applyRecord(state: RestoredState, rec: LogRecord): void {
  if (rec.k === "c") {
    for (const [id, doc] of rec.w) {
      if (doc === null) delete state.docs[id];
      else state.docs[id] = jsonToConvex(doc) as Doc;
    }
    state.counters = { nextDocId: rec.n, lastCreationTime: rec.l, lastCommitTs: BigInt(rec.x) };
    const ts = BigInt(rec.t);
    if (ts > state.ts) state.ts = ts;
  } else if (rec.k === "r") {
    state.responses.push({ session: rec.s, requestId: rec.q, response: rec.v, at: rec.a });
  } else if (rec.k === "cron") {
    state.cronRuns[rec.name] = rec.at;
  }
}

/** Test-only (faults.ts): forgets the last commit that wrote an app table's document, as a lost write would. */
function dropLastAppWrite(records: LogRecord[]): void {
  for (let i = records.length - 1; i >= 0; i--) {
    const rec = records[i];
    if (rec.k === "c" && rec.w.some(([id]) => !/^[0-9]+_/.test(id))) {
      records.splice(i, 1);
      return;
    }
  }
}

function syncDir(dir: string): void {
  const fd = fs.openSync(dir, "r");
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
