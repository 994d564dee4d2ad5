// Query subscriptions grouped by (function, arguments, identity, admin, journal): each group is evaluated once per
// commit that touches its read set, and its result is serialised once for all subscribers.
import { tableNameFromId, type CommitChange } from "./internals.ts";
import { QueryContext, type Engine } from "./engine.ts";
import type { Identity, Json } from "./protocol.ts";
import { debugLog } from "./logs.ts";
import { tableKey } from "./reads.ts";

export class QueryGroup {
  readonly subscribers = new Set<Subscription>();
  /** Increments whenever the serialised result changes. */
  version = 0;
  /** Everything after `"queryId":N` in the modification JSON, e.g. `,"value":[...],"logLines":[],"journal":null}`. */
  body = "";
  type: "QueryUpdated" | "QueryFailed" = "QueryUpdated";
  stale = true;
  tables = new Set<string>();
  ctx: QueryContext | null = null;
  evaluations = 0;
  /** The evaluation under way, if any: a subscriber arriving meanwhile waits for its result. */
  running: Promise<boolean> | null = null;

  constructor(
    readonly key: string,
    readonly udfPath: string,
    readonly args: Json,
    readonly identity: Identity | null,
    readonly journal: string | null,
    /** Subscribed over an admin-authenticated socket: internal queries may run. */
    readonly admin = false,
    /** A mounted component's query (the CLI's `--component`, admin only); "" for the app's. */
    readonly componentPath = "",
  ) {}

  modification(queryId: number): string {
    return `{"type":"${this.type}","queryId":${queryId}${this.body}`;
  }
}

export interface Subscription {
  queryId: number;
  group: QueryGroup;
  /** Group version last sent to this subscriber. */
  sentVersion: number;
  owner: unknown;
}

export class SubscriptionManager {
  private readonly groups = new Map<string, QueryGroup>();
  private readonly byTable = new Map<string, Set<QueryGroup>>();
  /** Groups whose read set is unknown (never evaluated or failed before reading) are re-run on every commit. */
  private readonly untracked = new Set<QueryGroup>();
  evaluations = 0;

  constructor(private readonly engine: Engine) {}

  acquire(udfPath: string, args: Json, identity: Identity | null, journal: string | null, admin = false, componentPath = ""): QueryGroup {
    // Admin is part of the key: an internal query's result must never reach a non-admin subscriber.
    const key = JSON.stringify([udfPath, args, identity?.tokenIdentifier ?? null, identity ? JSON.stringify(identity) : null, journal, admin, componentPath]);
    let g = this.groups.get(key);
    if (!g) {
      g = new QueryGroup(key, udfPath, args, identity, journal, admin, componentPath);
      this.groups.set(key, g);
      this.untracked.add(g);
    }
    return g;
  }

  subscribe(sub: Subscription): void {
    sub.group.subscribers.add(sub);
  }

  unsubscribe(sub: Subscription): void {
    const g = sub.group;
    g.subscribers.delete(sub);
    if (g.subscribers.size > 0) return;
    this.groups.delete(g.key);
    this.untracked.delete(g);
    for (const t of g.tables) this.byTable.get(t)?.delete(g);
  }

  /** Groups a batch of committed changes may have altered; they are marked stale. */
  invalidate(changes: CommitChange[]): Set<QueryGroup> {
    const dirty = new Set<QueryGroup>(this.untracked);
    for (const change of changes) {
      const name = tableNameFromId(change.id);
      if (!name) continue;
      const table = tableKey(change.component, name);
      const candidates = this.byTable.get(table);
      if (!candidates) continue;
      for (const g of candidates) {
        if (dirty.has(g)) continue;
        if (!g.ctx || g.ctx.reads.touchedBy(change, table)) dirty.add(g);
      }
    }
    for (const g of dirty) g.stale = true;
    return dirty;
  }

  /** Every group, marked stale: the functions themselves changed (dev reload). */
  invalidateAll(): QueryGroup[] {
    for (const g of this.groups.values()) g.stale = true;
    return [...this.groups.values()];
  }

  /**
   * The group has a result to send: one evaluated now, or by the evaluation already running (a group is marked
   * fresh when its evaluation starts, and a subscriber of a group never evaluated must not get its empty body).
   */
  async ready(g: QueryGroup): Promise<void> {
    if (g.running) await g.running.catch(() => false);
    if (g.stale || g.body === "") await this.evaluate(g);
  }

  /** Re-runs the query; returns true when its serialised result changed. */
  async evaluate(g: QueryGroup): Promise<boolean> {
    const run = this.run(g);
    g.running = run;
    try {
      return await run;
    } finally {
      if (g.running === run) g.running = null;
    }
  }

  private async run(g: QueryGroup): Promise<boolean> {
    g.stale = false;
    const ctx = new QueryContext(g.ctx?.journal ?? g.journal);
    const r = await this.engine.call("query", g.udfPath, g.args, g.identity, ctx, g.admin, undefined, g.componentPath);
    this.evaluations++;
    g.evaluations++;
    const journal = JSON.stringify(ctx.journal);
    const type = r.ok ? "QueryUpdated" : "QueryFailed";
    const body = r.ok
      ? `,"value":${JSON.stringify(r.value)},"logLines":${JSON.stringify(r.logLines)},"journal":${journal}}`
      : `,"errorMessage":${JSON.stringify(r.error.errorMessage)},${
          r.error.errorData !== undefined ? `"errorData":${JSON.stringify(r.error.errorData)},` : ""
        }"logLines":${JSON.stringify(r.logLines)},"journal":${journal}}`;
    this.track(g, ctx);
    debugLog(() => `eval ${g.udfPath} reads=${[...g.tables].join(",")} changed=${body !== g.body}`);
    if (body === g.body && type === g.type) return false;
    g.body = body;
    g.type = type;
    g.version++;
    return true;
  }

  private track(g: QueryGroup, ctx: QueryContext): void {
    if (!this.groups.has(g.key)) return;
    for (const t of g.tables) this.byTable.get(t)?.delete(g);
    g.ctx = ctx;
    g.tables = ctx.reads.allTables();
    this.untracked.delete(g);
    for (const t of g.tables) {
      let set = this.byTable.get(t);
      if (!set) this.byTable.set(t, (set = new Set()));
      set.add(g);
    }
  }

  get groupCount(): number {
    return this.groups.size;
  }
}
