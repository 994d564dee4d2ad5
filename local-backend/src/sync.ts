// The sync WebSocket: query sets, authentication, mutations (replayed, never re-run, when a client
// re-sends them after a reconnect), actions, and Transitions that move each client to a new version.
import type { WebSocket } from "ws";
import { encodeTs, decodeTs, type ClientMessage, type Identity, type Json, type QuerySetModification } from "./protocol.ts";
import type { Engine } from "./engine.ts";
import type { SubscriptionManager, Subscription, QueryGroup } from "./subscriptions.ts";
import { AuthenticationError, BAD_ADMIN_KEY, actingAsIdentity, isAdminKey, type Verified } from "./auth.ts";
import { backendLog, debugLog } from "./logs.ts";
import { takeFault } from "./faults.ts";

interface Version {
  querySet: number;
  identity: number;
  ts: bigint;
}

export class Connection {
  sessionId: string | null = null;
  querySet = 0;
  identityVersion = 0;
  sent: Version = { querySet: 0, identity: 0, ts: 0n };
  readonly subs = new Map<number, Subscription>();
  identity: Identity | null = null;
  /** Authenticated with the admin key: internal functions may run, as over HTTP with `Convex <key>`. */
  admin = false;
  expiryTimer: NodeJS.Timeout | null = null;
  /** A Transition reaching at least this ts is owed (a mutation was acknowledged at it). */
  needTs = 0n;
  /** A MutationResponse went out: the client resolves it only on a later Transition, even one at the same ts. */
  owed = false;
  queue: Promise<void> = Promise.resolve();

  constructor(
    readonly id: number,
    readonly ws: WebSocket,
  ) {}

  get open(): boolean {
    return this.ws.readyState === this.ws.OPEN;
  }

  send(json: string): void {
    if (this.open) this.ws.send(json);
  }
}

interface SyncDeps {
  engine: Engine;
  subs: SubscriptionManager;
  verify: (token: string) => Promise<Verified>;
  adminKey: string;
  /** Resolves once every write committed so far is durable. */
  synced: () => Promise<void>;
  /** Runs a callback once every write committed so far is durable, in call order (see Durability.whenSynced). */
  whenSynced: (fn: () => void) => void;
  /** Latest commit timestamp (possibly not yet durable). */
  lastCommitTs: () => bigint;
  observeTs: (ts: bigint) => void;
  replay: ReplayStore;
  kick: () => void;
}

export interface ReplayStore {
  get(session: string, requestId: number): string | undefined;
  put(session: string, requestId: number, response: string): void;
}

export class SyncServer {
  readonly conns = new Set<Connection>();
  /** Timestamp of the newest durable commit whose effects have been pushed to subscribers. */
  visibleTs = 0n;
  private readonly inflight = new Map<string, Promise<string | undefined>>();

  constructor(private readonly d: SyncDeps) {}

  add(conn: Connection): void {
    this.conns.add(conn);
  }

  remove(conn: Connection): void {
    this.conns.delete(conn);
    if (conn.expiryTimer) clearTimeout(conn.expiryTimer);
    for (const sub of conn.subs.values()) this.d.subs.unsubscribe(sub);
    conn.subs.clear();
  }

  /** Messages of one connection take effect in order; actions start in order but run concurrently. */
  receive(conn: Connection, raw: string): void {
    let msg: ClientMessage;
    try {
      msg = JSON.parse(raw) as ClientMessage;
    } catch {
      return this.fatal(conn, "Invalid message: not JSON");
    }
    debugLog(() => `<- c${conn.id} ${raw.slice(0, 300)}`);
    conn.queue = conn.queue
      .then(() => this.handle(conn, msg))
      .catch((e: unknown) => {
        backendLog(`connection ${conn.id}: ${(e as Error)?.stack ?? String(e)}`);
        this.fatal(conn, "Internal error");
      });
  }

  private fatal(conn: Connection, error: string): void {
    conn.send(JSON.stringify({ type: "FatalError", error }));
    conn.ws.close();
  }

  private async handle(conn: Connection, msg: ClientMessage): Promise<void> {
    switch (msg.type) {
      case "Connect":
        conn.sessionId = msg.sessionId;
        if (msg.maxObservedTimestamp) this.d.observeTs(decodeTs(msg.maxObservedTimestamp));
        return;
      case "ModifyQuerySet":
        return this.modifyQuerySet(conn, msg.baseVersion, msg.newVersion, msg.modifications);
      case "Authenticate":
        return this.authenticate(conn, msg);
      case "Mutation":
        return this.mutation(conn, msg.requestId, msg.udfPath, msg.args[0]);
      case "Action": {
        void this.action(conn, msg.requestId, msg.udfPath, msg.args[0], conn.identity, conn.admin);
        return;
      }
      case "Event":
        return;
      default:
        return this.fatal(conn, `Unknown message type`);
    }
  }

  private transition(conn: Connection, mods: string[], end: Version): void {
    const s = conn.sent;
    conn.send(
      `{"type":"Transition","startVersion":{"querySet":${s.querySet},"identity":${s.identity},"ts":"${encodeTs(s.ts)}"},` +
        `"endVersion":{"querySet":${end.querySet},"identity":${end.identity},"ts":"${encodeTs(end.ts)}"},` +
        `"modifications":[${mods.join(",")}]}`,
    );
    conn.sent = end;
    if (end.ts >= conn.needTs) conn.owed = false;
  }

  private async modifyQuerySet(conn: Connection, base: number, next: number, mods: QuerySetModification[]): Promise<void> {
    if (base !== conn.querySet) return this.fatal(conn, `Invalid querySet base version ${base}, expected ${conn.querySet}`);
    conn.querySet = next;
    const added: Subscription[] = [];
    const removed: number[] = [];
    for (const m of mods) {
      if (m.type === "Add") {
        const group = this.d.subs.acquire(m.udfPath, m.args[0] ?? {}, conn.identity, m.journal ?? null, conn.admin, m.componentPath ?? "");
        const sub: Subscription = { queryId: m.queryId, group, sentVersion: -1, owner: conn };
        this.d.subs.subscribe(sub);
        await this.d.subs.ready(group);
        added.push(sub);
      } else {
        removed.push(m.queryId);
      }
    }
    // A fresh evaluation may have read commits whose fsync is pending: show it only once they are durable.
    await this.d.synced();
    // The socket closed while queries ran: nothing will ever unsubscribe these.
    if (!this.conns.has(conn)) return void added.forEach((sub) => this.d.subs.unsubscribe(sub));
    const out: string[] = [];
    for (const qid of removed) {
      const sub = conn.subs.get(qid);
      if (sub) this.d.subs.unsubscribe(sub);
      conn.subs.delete(qid);
      out.push(`{"type":"QueryRemoved","queryId":${qid}}`);
    }
    for (const sub of added) {
      conn.subs.set(sub.queryId, sub);
      sub.sentVersion = sub.group.version;
      out.push(sub.group.modification(sub.queryId));
    }
    this.transition(conn, out, { querySet: next, identity: conn.sent.identity, ts: this.ts(conn) });
  }

  private ts(conn: Connection): bigint {
    return this.visibleTs > conn.sent.ts ? this.visibleTs : conn.sent.ts;
  }

  private async authenticate(conn: Connection, msg: Extract<ClientMessage, { type: "Authenticate" }>): Promise<void> {
    if (msg.baseVersion !== conn.identityVersion) return this.fatal(conn, "Invalid identity base version");
    let identity: Identity | null = null;
    let expiresAt: number | null = null;
    let admin = false;
    if (msg.tokenType === "User") {
      try {
        ({ identity, expiresAt } = await this.d.verify(msg.value ?? ""));
      } catch (e) {
        const error = e instanceof AuthenticationError ? e.message : `Failed to verify token: ${String(e)}`;
        conn.send(JSON.stringify({ type: "AuthError", error, baseVersion: msg.baseVersion, authUpdateAttempted: true }));
        return;
      }
    } else if (msg.tokenType === "Admin") {
      if (!isAdminKey(msg.value ?? "", this.d.adminKey)) {
        conn.send(JSON.stringify({ type: "AuthError", error: BAD_ADMIN_KEY, baseVersion: msg.baseVersion, authUpdateAttempted: true }));
        return;
      }
      admin = true;
      identity = actingAsIdentity(msg.impersonating);
    }
    conn.identity = identity;
    conn.admin = admin;
    conn.identityVersion = msg.baseVersion + 1;
    this.armExpiry(conn, expiresAt);
    // Every subscription moves to the group of the new identity.
    const moved: [Subscription, QueryGroup][] = [];
    for (const sub of conn.subs.values()) {
      // Keeps the page boundary the query is pinned to (its journal), as a reconnecting client would.
      const g = this.d.subs.acquire(sub.group.udfPath, sub.group.args, identity, sub.group.ctx?.journal ?? sub.group.journal, admin, sub.group.componentPath);
      const fresh: Subscription = { queryId: sub.queryId, group: g, sentVersion: -1, owner: conn };
      this.d.subs.subscribe(fresh);
      await this.d.subs.ready(g);
      moved.push([fresh, sub.group]);
    }
    if (!this.conns.has(conn)) return void moved.forEach(([fresh]) => this.d.subs.unsubscribe(fresh));
    const out: string[] = [];
    for (const [fresh] of moved) {
      const old = conn.subs.get(fresh.queryId);
      if (old) this.d.subs.unsubscribe(old);
      conn.subs.set(fresh.queryId, fresh);
      fresh.sentVersion = fresh.group.version;
      out.push(fresh.group.modification(fresh.queryId));
    }
    this.transition(conn, out, { querySet: conn.sent.querySet, identity: conn.identityVersion, ts: this.ts(conn) });
  }

  /** An expired token is answered with AuthError, so the client fetches a fresh one. */
  private armExpiry(conn: Connection, expiresAt: number | null): void {
    if (conn.expiryTimer) clearTimeout(conn.expiryTimer);
    conn.expiryTimer = null;
    if (expiresAt === null) return;
    const version = conn.identityVersion;
    conn.expiryTimer = setTimeout(
      () => {
        if (conn.identityVersion !== version) return;
        conn.identity = null;
        conn.send(JSON.stringify({ type: "AuthError", error: "Token expired", baseVersion: version - 1, authUpdateAttempted: false }));
      },
      Math.max(0, Math.min(expiresAt - Date.now(), 2 ** 31 - 1)),
    );
  }

  private async mutation(conn: Connection, requestId: number, udfPath: string, args: Json | undefined): Promise<void> {
    const session = conn.sessionId ?? `connection-${conn.id}`;
    const key = `${session}:${requestId}`;
    const stored = this.d.replay.get(session, requestId) ?? (await this.inflight.get(key));
    if (stored !== undefined) {
      debugLog(() => `c${conn.id} replaying response to request ${requestId}`);
      return this.ack(conn, stored, this.d.lastCommitTs());
    }
    const pending = this.runMutation(session, requestId, udfPath, args, conn.identity, conn.admin);
    this.inflight.set(key, pending.then((r) => r.response ?? undefined));
    const { response, ts, unavailable } = await pending;
    this.inflight.delete(key);
    // As Convex closes a socket whose mutation met a failed commit or an overloaded backend ("try again
    // later"): the client reconnects and sends the mutation again.
    if (unavailable) {
      backendLog(`connection ${conn.id}: mutation request ${requestId} refused (${unavailable.code}); closing for the client to retry`);
      return void conn.ws.close(1013, unavailable.code);
    }
    this.ack(conn, response!, ts, requestId);
  }

  private async runMutation(session: string, requestId: number, udfPath: string, args: Json | undefined, identity: Identity | null, admin: boolean) {
    const r = await this.d.engine.call("mutation", udfPath, args, identity, undefined, admin);
    const ts = this.d.lastCommitTs();
    if (!r.ok && r.error.unavailable) return { response: null, ts, unavailable: r.error.unavailable };
    const response = r.ok
      ? JSON.stringify({ type: "MutationResponse", requestId, success: true, result: r.value, ts: encodeTs(ts), logLines: r.logLines })
      : JSON.stringify({ type: "MutationResponse", requestId, success: false, result: r.error.errorMessage, errorData: r.error.errorData, logLines: r.logLines });
    if (r.ok) this.d.replay.put(session, requestId, response);
    return { response, ts };
  }

  /** Sends a response once everything before it is durable, then owes the client a Transition reaching `ts`. */
  private ack(conn: Connection, response: string, ts: bigint, fresh?: number): void {
    // Sent in the same turn as the fsync, just before the pump's Transition, so both reach the client together.
    this.d.whenSynced(() => {
      if (fresh !== undefined && takeFault("dropMutationResponses")) {
        backendLog(`test fault: connection ${conn.id} dropped before the response to mutation request ${fresh}`);
        return void conn.ws.terminate();
      }
      conn.send(response);
      if (ts > conn.needTs) conn.needTs = ts;
      conn.owed = true;
      this.d.kick();
    });
  }

  private async action(conn: Connection, requestId: number, udfPath: string, args: Json | undefined, identity: Identity | null, admin: boolean) {
    const r = await this.d.engine.call("action", udfPath, args, identity, undefined, admin);
    await this.d.synced();
    const response = r.ok
      ? { type: "ActionResponse", requestId, success: true, result: r.value, logLines: r.logLines }
      : { type: "ActionResponse", requestId, success: false, result: r.error.errorMessage, errorData: r.error.errorData, logLines: r.logLines };
    conn.send(JSON.stringify(response));
  }

  /**
   * Pushes re-evaluated groups to their subscribers and settles owed Transitions. `changed` are the groups
   * whose result changed in this round; `ts` is the newest durable commit they reflect.
   */
  broadcast(changed: Iterable<QueryGroup>, ts: bigint): void {
    if (ts > this.visibleTs) this.visibleTs = ts;
    const targets = new Set<Connection>();
    for (const g of changed) for (const sub of g.subscribers) targets.add(sub.owner as Connection);
    for (const c of this.conns) if (c.owed || c.needTs > c.sent.ts) targets.add(c);
    for (const conn of targets) {
      if (!conn.open) continue;
      const mods: string[] = [];
      for (const sub of conn.subs.values()) {
        if (sub.sentVersion === sub.group.version) continue;
        sub.sentVersion = sub.group.version;
        mods.push(sub.group.modification(sub.queryId));
      }
      if (mods.length === 0 && !conn.owed && conn.needTs <= conn.sent.ts) continue;
      this.transition(conn, mods, { querySet: conn.sent.querySet, identity: conn.sent.identity, ts: this.ts(conn) });
    }
  }
}
