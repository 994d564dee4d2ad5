// Test-only fault injection: with LOCAL_BACKEND_TEST_FAULTS=1, `POST /debug/faults` (admin key) arms
// failures the backend must survive without losing or duplicating a write. Off, nothing here has any effect.
import fs from "node:fs";
import path from "node:path";
import { isObject } from "./protocol.ts";

interface Faults {
  /** Close the client's socket instead of sending the next N mutation responses (after the commit is durable). */
  dropMutationResponses: number;
  /** Fail the next N writes of the durability log (half the batch written, then an I/O error). */
  failLogWrites: number;
  /**
   * Close the sync sockets now and refuse new ones for this many milliseconds: the browser's connection
   * drops for real (the offline journeys in tests/e2e), while the backend, its data and its jobs go on.
   * With `refuseSyncTag`, only the sockets opened with the cookie `${CUT_COOKIE}=<tag>` (one test's browser),
   * so the other tests running beside it keep their connection.
   */
  refuseSyncMs: number;
  /** Run the function of the next N scheduled jobs run by the scheduler twice: the bug the fault tests must catch. */
  runNextJobTwice: number;
  /** At start, forget the last N logged commits that wrote an app table's document: an acknowledged write lost. */
  dropLastAcknowledgedWrite: number;
}

/** The cookie a test's browser carries to have only its own sockets refused. */
const CUT_COOKIE = "arcano-test-cut";

const armed: Faults = { dropMutationResponses: 0, failLogWrites: 0, refuseSyncMs: 0, runNextJobTwice: 0, dropLastAcknowledgedWrite: 0 };
/** Until when sockets are refused: by tag, "" for every socket. */
const refusedUntil = new Map<string, number>();
const syncRefusedListeners = new Set<(tag: string) => void>();

/** The tag of a socket's upgrade request (its CUT_COOKIE), or null. */
export function cutTagOf(cookieHeader: string | undefined): string | null {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === CUT_COOKIE) return value.join("=");
  }
  return null;
}

/** True while sockets of this tag (or every socket) are refused (`refuseSyncMs`). */
export function syncRefused(tag: string | null): boolean {
  const now = Date.now();
  return now < (refusedUntil.get("") ?? 0) || (tag !== null && now < (refusedUntil.get(tag) ?? 0));
}

/** Called when sockets start being refused, with the tag ("" for all): the server closes those open. */
export function onSyncRefused(listener: (tag: string) => void): () => void {
  syncRefusedListeners.add(listener);
  return () => syncRefusedListeners.delete(listener);
}

export function faultsEnabled(): boolean {
  return process.env.LOCAL_BACKEND_TEST_FAULTS === "1";
}

/** True (and one fewer left) when a fault of this kind is armed. */
export function takeFault(kind: keyof Faults): boolean {
  if (armed[kind] <= 0) return false;
  armed[kind]--;
  return true;
}

/** Sets the counts given in `body`; returns what is armed now. */
export function armFaults(body: unknown): Faults {
  if (isObject(body)) {
    for (const k of Object.keys(armed) as (keyof Faults)[]) {
      const n = body[k];
      if (typeof n === "number" && Number.isInteger(n) && n >= 0) armed[k] = n;
    }
    if (typeof body.refuseSyncMs === "number" && armed.refuseSyncMs > 0) {
      const tag = typeof body.refuseSyncTag === "string" ? body.refuseSyncTag : "";
      refusedUntil.set(tag, Date.now() + armed.refuseSyncMs);
      armed.refuseSyncMs = 0;
      for (const listener of syncRefusedListeners) listener(tag);
    }
  }
  return { ...armed };
}

/** Faults armed from the process start (JSON, as the body of POST /debug/faults): those that act at start or at once after it. */
const ARM_AT_START_ENV = "LOCAL_BACKEND_TEST_FAULTS_ARM";
/** How far ahead of the real clock the backend's clock runs (ms), to have jobs fall due while it is down. */
const CLOCK_OFFSET_ENV = "LOCAL_BACKEND_TEST_CLOCK_OFFSET_MS";
const CLOCK_FILE = "test-clock-offset";

/**
 * Test-only start: arms the faults of ARM_AT_START_ENV and moves the clock. `Date.now()` (function runs,
 * scheduled times, timers' delays, crons) runs `offset` ahead of the real clock; the offset is kept in the
 * data folder, so a restart without the variable never moves time backwards. Off, nothing happens.
 */
export function startTestFaults(dataDir: string): void {
  if (!faultsEnabled()) return;
  armFaults(JSON.parse(process.env[ARM_AT_START_ENV] || "{}"));
  const file = path.join(dataDir, CLOCK_FILE);
  const kept = fs.existsSync(file) ? Number(fs.readFileSync(file, "utf8")) : 0;
  const offset = Math.max(kept, Number(process.env[CLOCK_OFFSET_ENV] ?? 0) || 0);
  if (offset <= 0) return;
  fs.writeFileSync(file, String(offset), { mode: 0o600 });
  const realNow = Date.now.bind(Date);
  Date.now = () => realNow() + offset;
}

/** Test-only: how many times each scheduled job's function was run by the scheduler since the start (GET /debug/jobRuns). */
export const jobRuns = new Map<string, { name: string; runs: number }>();
export function countJobRun(jobId: string, name: string): void {
  if (!faultsEnabled()) return;
  const entry = jobRuns.get(jobId) ?? { name, runs: 0 };
  entry.runs++;
  jobRuns.set(jobId, entry);
}
