// A scheduled mutation's "done" mark, logged in the same commit record as the mutation's writes: the job's document
// still says inProgress until the scheduler's next transaction marks it, so a crash in between would otherwise run
// the mutation again. One atomic write instead; a snapshot taken meanwhile records the job as done too.
import type { Engine } from "./engine.ts";
import type { CommitChange, Doc } from "./internals.ts";
import { durableKey } from "./components.ts";

export class MutationJobMarks {
  private readonly done = new Map<string, Doc>();

  constructor(
    private readonly engine: () => Engine,
    /** What the function at `udfPath` of `component` is ("mutation", …), or null when unknown. */
    private readonly kindOf: (component: string, udfPath: string) => string | null,
  ) {}

  /** The job this commit completes, as its durable key and its document marked done; null when none. */
  markFor(changes: CommitChange[]): [string, Doc] | null {
    for (const c of changes) this.done.delete(durableKey(c.component, c.id));
    const internals = this.engine().internals;
    const jobId = internals.scheduledJobId();
    if (!jobId || changes.some((c) => c.id === jobId)) return null;
    // Ids are unique across the app and its components: the job is in exactly one of them.
    const found = [["", internals.documents()] as const, ...Object.entries(internals.componentDocuments())].find(([, docs]) => jobId in docs);
    if (!found) return null;
    const [component, docs] = found;
    const job = docs[jobId] as Doc & { name: string; state: { kind: string } };
    if (job.state.kind !== "inProgress" || this.kindOf(component, job.name) !== "mutation") return null;
    const done = { ...job, state: { kind: "success" }, completedTime: Date.now() };
    const key = durableKey(component, jobId);
    this.done.set(key, done);
    return [key, done];
  }

  /** `docs` (durable keys) with the jobs marked done since their documents last changed. */
  overlay(docs: Record<string, Doc>): Record<string, Doc> {
    return this.done.size ? { ...docs, ...Object.fromEntries(this.done) } : docs;
  }
}
