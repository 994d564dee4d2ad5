// Recent document history, so a query can read the database as it was at a past commit timestamp
// (`/api/query_at_ts`, the client's `consistentQuery`). Each commit keeps the previous versions of the
// documents it wrote (references, no copies); commits older than the retention window are forgotten.
// Reading at T starts from the current documents and undoes, newest first, every commit after T.
import type { CommitChange, Doc } from "./internals.ts";

/**
 * Convex keeps in-memory snapshots for MAX_TRANSACTION_WINDOW (10 s in crates/database/src/snapshot_manager.rs)
 * and answers a read before its oldest snapshot with an OutOfRetention error. LOCAL_BACKEND_HISTORY_MS changes
 * the window (tests shorten it).
 */
function historyWindowMs(): number {
  const fromEnv = Number(process.env.LOCAL_BACKEND_HISTORY_MS);
  return Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : 10_000;
}

/** Memory bound whatever the write rate: at most this many previous versions are kept. */
const MAX_VERSIONS = 100_000;

interface Commit {
  ts: bigint;
  at: number;
  undo: [string, Doc | null][];
}

export class OutOfRetentionError extends Error {}

export class History {
  private commits: Commit[] = [];
  /** Index of the first live entry in `commits` (dropping from the front without shifting every time). */
  private head = 0;
  private versions = 0;
  /** Oldest timestamp whose state can still be rebuilt. */
  private earliest: bigint;

  constructor(
    startTs: bigint,
    private readonly windowMs: number = historyWindowMs(),
    private readonly now: () => number = Date.now,
  ) {
    this.earliest = startTs;
  }

  record(ts: bigint, changes: CommitChange[]): void {
    this.commits.push({ ts, at: this.now(), undo: changes.map((c) => [c.id, c.old]) });
    this.versions += changes.length;
    this.prune();
  }

  private prune(): void {
    const cutoff = this.now() - this.windowMs;
    while (this.head < this.commits.length) {
      const c = this.commits[this.head];
      if (c.at >= cutoff && this.versions <= MAX_VERSIONS) break;
      // Without this commit's undo, states before it can no longer be rebuilt.
      this.earliest = c.ts;
      this.versions -= c.undo.length;
      this.head++;
    }
    if (this.head > 1024 && this.head * 2 > this.commits.length) {
      this.commits = this.commits.slice(this.head);
      this.head = 0;
    }
  }

  /**
   * The documents as they were at `ts` (every commit up to and including `ts`), or null when no commit
   * after `ts` is remembered (the current documents are that state). Throws OutOfRetentionError when `ts`
   * is older than the window.
   */
  at(ts: bigint, live: Record<string, Doc>): Record<string, Doc> | null {
    this.prune();
    if (ts < this.earliest) throw new OutOfRetentionError(`Timestamp ${ts} is too early, retry with a higher timestamp`);
    const last = this.commits.length - 1;
    if (last < this.head || this.commits[last].ts <= ts) return null;
    const docs = { ...live };
    for (let i = last; i >= this.head && this.commits[i].ts > ts; i--) {
      for (const [id, old] of this.commits[i].undo) {
        if (old === null) delete docs[id];
        else docs[id] = old;
      }
    }
    return docs;
  }
}
