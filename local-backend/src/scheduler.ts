// Scheduled functions that were pending when the process stopped. convex-test keeps its timers in memory,
// so after a restart the persisted `_scheduled_functions` documents are re-armed here and run as Convex
// runs them: pending -> inProgress -> success | failed. A job overdue at the start runs at once. Mutations
// run exactly once: the commit of a scheduled mutation also logs its job as done (server.ts), so a job
// found inProgress at the start is one whose mutation never committed. Actions run at most once.
import type { Value } from "convex/values";
import type { Engine } from "./engine.ts";
import type { Doc } from "./internals.ts";
import { backendLog } from "./logs.ts";
import { countJobRun, takeFault } from "./faults.ts";
import { setLongTimeout, type LongTimeout } from "./longTimers.ts";

interface Job extends Doc {
  name: string;
  args: Value[];
  scheduledTime: number;
  state: { kind: string };
}

export class Scheduler {
  private readonly timers = new Set<LongTimeout>();

  constructor(
    private readonly engine: Engine,
    private readonly synced: () => Promise<void>,
    /** The kind of a function of the app (component "") or of a component. */
    private readonly kindOf: (component: string, udfPath: string) => string | null,
  ) {}

  /** Re-arms the jobs of the app (`component` "") and of each component. */
  restore(docs: Record<string, Doc>, component = ""): void {
    for (const doc of Object.values(docs)) {
      if (!doc._id.endsWith("_scheduled_functions")) continue;
      const job = doc as Job;
      if (job.state.kind === "pending") this.arm(job, component);
      else if (job.state.kind === "inProgress") void this.interrupted(job, component);
    }
  }

  private arm(job: Job, component: string): void {
    const timer = setLongTimeout(() => {
      this.timers.delete(timer);
      void this.run(job._id, component);
    }, Math.max(0, job.scheduledTime - Date.now()));
    this.timers.add(timer);
  }

  /**
   * A mutation found inProgress did not commit (its commit would have logged the job as done), so it runs
   * again; an action may have had effects, so it fails, as on Convex.
   */
  private async interrupted(job: Job, component: string): Promise<void> {
    if (this.kindOf(component, job.name) === "mutation") {
      await this.setState(job._id, { state: { kind: "pending" } }, component);
      this.arm(job, component);
    } else {
      await this.setState(job._id, { state: { kind: "failed" }, completedTime: Date.now() }, component);
    }
  }

  private setState(id: string, value: Record<string, unknown>, component: string): Promise<void> {
    return this.engine.internals.transaction((db) => db.patch("_scheduled_functions", id, value), component);
  }

  private async run(id: string, component: string): Promise<void> {
    try {
      const job = await this.engine.internals.transaction((db) => {
        const j = db.get("_scheduled_functions", id) as Job | null;
        if (!j || j.state.kind !== "pending") return null;
        db.patch("_scheduled_functions", id, { state: { kind: "inProgress" } });
        return j;
      }, component);
      if (!job) return;
      try {
        const runOnce = () => {
          countJobRun(id, job.name);
          return this.engine.internals.runAsJob(id, () => this.engine.runByPath(job.name, job.args[0] ?? {}, component));
        };
        await runOnce();
        if (takeFault("runNextJobTwice")) await runOnce();
        await this.setState(id, { state: { kind: "success" }, completedTime: Date.now() }, component);
      } catch (e) {
        backendLog(`scheduled function ${job.name} failed: ${(e as Error)?.message ?? String(e)}`);
        await this.setState(id, { state: { kind: "failed" }, completedTime: Date.now() }, component);
      }
      await this.synced();
    } catch (e) {
      backendLog(`scheduler error for job ${id}: ${(e as Error)?.stack ?? String(e)}`);
    }
  }

  stop(): void {
    for (const t of this.timers) t.clear();
    this.timers.clear();
  }
}
