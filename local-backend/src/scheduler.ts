// Scheduled functions that were pending when the process stopped. convex-test keeps its timers in memory,
// so after a restart the persisted `_scheduled_functions` documents are re-armed here and run as Convex
// runs them: pending -> inProgress -> success | failed.
import type { Value } from "convex/values";
import type { Engine } from "./engine.ts";
import type { Doc } from "./internals.ts";
import { backendLog } from "./logs.ts";

interface Job extends Doc {
  name: string;
  args: Value[];
  scheduledTime: number;
  state: { kind: string };
}

export class Scheduler {
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly engine: Engine,
    private readonly synced: () => Promise<void>,
  ) {}

  restore(docs: Record<string, Doc>): void {
    for (const doc of Object.values(docs)) {
      if (!doc._id.endsWith("_scheduled_functions")) continue;
      const job = doc as Job;
      if (job.state.kind === "pending") this.arm(job);
      else if (job.state.kind === "inProgress") void this.interrupted(job);
    }
  }

  private arm(job: Job): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.run(job._id);
    }, Math.max(0, job.scheduledTime - Date.now()));
    this.timers.add(timer);
  }

  /** A mutation interrupted by a crash did not commit and runs again; an action may have had effects, so it fails. */
  private async interrupted(job: Job): Promise<void> {
    const kind = this.engine.resolve(job.name)?.kind;
    if (kind === "mutation") {
      await this.setState(job._id, { state: { kind: "pending" } });
      this.arm(job);
    } else {
      await this.setState(job._id, { state: { kind: "failed" }, completedTime: Date.now() });
    }
  }

  private setState(id: string, value: Record<string, unknown>): Promise<void> {
    return this.engine.internals.transaction((db) => db.patch("_scheduled_functions", id, value));
  }

  private async run(id: string): Promise<void> {
    try {
      const job = await this.engine.internals.transaction((db) => {
        const j = db.get("_scheduled_functions", id) as Job | null;
        if (!j || j.state.kind !== "pending") return null;
        db.patch("_scheduled_functions", id, { state: { kind: "inProgress" } });
        return j;
      });
      if (!job) return;
      try {
        await this.engine.runByPath(job.name, job.args[0] ?? {});
        await this.setState(id, { state: { kind: "success" }, completedTime: Date.now() });
      } catch (e) {
        backendLog(`scheduled function ${job.name} failed: ${(e as Error)?.message ?? String(e)}`);
        await this.setState(id, { state: { kind: "failed" }, completedTime: Date.now() });
      }
      await this.synced();
    } catch (e) {
      backendLog(`scheduler error for job ${id}: ${(e as Error)?.stack ?? String(e)}`);
    }
  }

  stop(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
