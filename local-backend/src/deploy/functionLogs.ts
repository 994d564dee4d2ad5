// `npx convex logs` and `npx convex dev`'s log tail: every function execution's log lines, kept in memory
// (the newest 10 000) and served by `GET /api/stream_function_logs?cursor=`, a long poll that answers as
// soon as something newer than the cursor ran or after 60 seconds with nothing, as Convex's does
// (crates/local_backend/src/logs.rs, `FunctionExecutionJson::Completion`).
import { randomUUID } from "node:crypto";

export type UdfTypeJson = "Query" | "Mutation" | "Action" | "HttpAction";

interface CompletionEntry {
  kind: "Completion";
  udfType: UdfTypeJson;
  componentPath: null;
  identifier: string;
  logLines: string[];
  /** Seconds since the epoch, when it ended. */
  timestamp: number;
  cachedResult: false;
  caller: string;
  parentExecutionId: null;
  /** Seconds it ran. */
  executionTime: number;
  userExecutionTime: number;
  success: null;
  error: string | null;
  requestId: string;
  executionId: string;
  usageStats: { databaseReadBytes: 0; databaseWriteBytes: 0; databaseReadDocuments: 0; storageReadBytes: 0; storageWriteBytes: 0; vectorIndexReadBytes: 0; vectorIndexWriteBytes: 0; memoryUsedMb: 0 };
  returnBytes: null;
  occInfo: null;
  willRetry: false;
  executionTimestamp: number;
  identityType: string;
  environment: "isolate" | "node";
}

const KEPT = 10_000;
const POLL_MS = 60_000;

class FunctionLog {
  private readonly entries: Array<{ cursor: number; entry: CompletionEntry }> = [];
  private lastCursor = 0;
  private waiters = new Set<() => void>();

  record(e: { udfType: UdfTypeJson; identifier: string; logLines: string[]; startedAt: number; error: string | null; caller: string; node: boolean }): void {
    const now = Date.now();
    // Strictly increasing, so a cursor never skips an entry that ended in the same millisecond.
    const cursor = (this.lastCursor = Math.max(now, this.lastCursor + 0.001));
    const id = randomUUID();
    this.entries.push({
      cursor,
      entry: {
        kind: "Completion",
        udfType: e.udfType,
        componentPath: null,
        identifier: e.identifier,
        logLines: e.logLines,
        timestamp: now / 1000,
        cachedResult: false,
        caller: e.caller,
        parentExecutionId: null,
        executionTime: (now - e.startedAt) / 1000,
        userExecutionTime: (now - e.startedAt) / 1000,
        success: null,
        error: e.error,
        requestId: id,
        executionId: id,
        usageStats: { databaseReadBytes: 0, databaseWriteBytes: 0, databaseReadDocuments: 0, storageReadBytes: 0, storageWriteBytes: 0, vectorIndexReadBytes: 0, vectorIndexWriteBytes: 0, memoryUsedMb: 0 },
        returnBytes: null,
        occInfo: null,
        willRetry: false,
        executionTimestamp: e.startedAt / 1000,
        identityType: "unknown",
        environment: e.node ? "node" : "isolate",
      },
    });
    if (this.entries.length > KEPT) this.entries.splice(0, this.entries.length - KEPT);
    for (const wake of this.waiters) wake();
    this.waiters.clear();
  }

  private after(cursor: number) {
    const out = this.entries.filter((e) => e.cursor > cursor);
    return { entries: out.map((e) => e.entry), newCursor: out.length ? out[out.length - 1].cursor : Math.max(cursor, this.lastCursor) };
  }

  /** Entries after `cursor`; waits up to 60 s (or until `signal` aborts) for the first one. */
  async stream(cursor: number, signal?: AbortSignal, pollMs = POLL_MS): Promise<{ entries: CompletionEntry[]; newCursor: number }> {
    const now = this.after(cursor);
    if (now.entries.length) return now;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        signal?.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, pollMs);
      this.waiters.add(done);
      signal?.addEventListener("abort", done);
    });
    const later = this.after(cursor);
    return later.entries.length ? later : { entries: [], newCursor: cursor };
  }
}

export const functionLog = new FunctionLog();
