// Wires the embedded backend together: engine, durability, subscriptions, sync WebSocket, HTTP API,
// HTTP actions, scheduler and crons.
import http from "node:http";
import path from "node:path";
import { AsyncResource } from "node:async_hooks";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { WebSocketServer } from "ws";
import type { GenericSchema, SchemaDefinition } from "convex/server";
import { Engine } from "./engine.ts";
import { assembleModules, loadModules, findModule, provideSystemModules, type LoadedModule, type ModuleEntry, type ModuleMap } from "./modules.ts";
import { Durability, type RestoredState } from "./durability.ts";
import { Replay } from "./replay.ts";
import { MutationJobMarks } from "./mutationJobMarks.ts";
import { FileStore } from "./storage.ts";
import { SubscriptionManager, type QueryGroup } from "./subscriptions.ts";
import { Connection, SyncServer } from "./sync.ts";
import { loadOrCreateKeys, makeVerifier } from "./auth.ts";
import { TsClock } from "./protocol.ts";
import type { CommitChange, Doc } from "./internals.ts";
import { cloudHandler, siteHandler } from "./http.ts";
import { Scheduler } from "./scheduler.ts";
import { DeploymentCrons } from "./crons.ts";
import { backendLog } from "./logs.ts";
import { formatUndeclared, formatViolations, reloadFunctions, reportRemovedTables, undeclaredTables, watchConvexDir } from "./reload.ts";
import { randomStorageId, tableNameFromId } from "./internals.ts";
import { DeploymentEnvironment } from "./deploy/environment.ts";
import { Deployment } from "./deploy/deployment.ts";
import { systemModules } from "./deploy/systemFunctions.ts";
import { Snapshots } from "./deploy/snapshots.ts";
import type { LoadedCode } from "./deploy/deployment.ts";
import { durableKey, isolateComponentEnv, joinComponents, MountedComponents, splitByComponent } from "./components.ts";
import { lockDataDir } from "./lock.ts";
import { cutTagOf, onSyncRefused, startTestFaults, syncRefused } from "./faults.ts";
import { History } from "./history.ts";
import { refuseForeign, refuseForeignUpgrade } from "../shared/loopback.ts";
import { ownerOnlyDir } from "../shared/ownerOnly.ts";

interface BackendOptions {
  /** The functions to serve at start, built here; without it, the code last pushed with the CLI (or none). */
  convexDir?: string;
  dataDir: string;
  port: number;
  sitePort: number;
  host?: string;
  /** Dev mode: reload convex/ when it changes, keeping the data. */
  watch?: boolean;
}

export interface Backend {
  cloudUrl: string;
  siteUrl: string;
  adminKey: string;
  close(): Promise<void>;
}

const PING_MS = 15_000;

async function listen(server: http.Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

export async function startBackend(opts: BackendOptions): Promise<Backend> {
  const host = opts.host ?? "127.0.0.1";
  const cloud = http.createServer();
  const site = http.createServer();
  // The ports must be known before convex/ is imported (CONVEX_SITE_URL), so the servers listen first;
  // a request or socket arriving while the backend starts waits for it instead of hanging unanswered.
  const handlers: {
    upgrade?: (req: http.IncomingMessage, socket: Duplex, head: Buffer) => void;
    cloud?: http.RequestListener;
    site?: http.RequestListener;
  } = {};
  let markStarted!: () => void;
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  // Only requests addressed to a loopback name, from no foreign page (shared/loopback.ts).
  const portOf = (server: http.Server) => (server.address() as AddressInfo).port;
  cloud.on("upgrade", (req, socket, head) => {
    if (!refuseForeignUpgrade(req, socket, portOf(cloud), host)) void started.then(() => handlers.upgrade!(req, socket, head));
  });
  cloud.on("request", (req, res) => {
    if (!refuseForeign(req, res, portOf(cloud), host)) void started.then(() => handlers.cloud!(req, res));
  });
  site.on("request", (req, res) => {
    if (!refuseForeign(req, res, portOf(site), host)) void started.then(() => handlers.site!(req, res));
  });
  const port = await listen(cloud, opts.port, host);
  const sitePort = await listen(site, opts.sitePort, host);
  const cloudUrl = `http://${host}:${port}`;
  const siteUrl = `http://${host}:${sitePort}`;

  // Deployment environment the functions (and @convex-dev/auth) expect; set before convex/ is imported.
  ownerOnlyDir(opts.dataDir);
  const unlock = lockDataDir(opts.dataDir);
  startTestFaults(opts.dataDir);
  const keys = await loadOrCreateKeys(opts.dataDir);
  process.env.CONVEX_CLOUD_URL = cloudUrl;
  process.env.CONVEX_SITE_URL = siteUrl;
  process.env.JWT_PRIVATE_KEY ??= keys.JWT_PRIVATE_KEY;
  process.env.JWKS ??= keys.JWKS;
  process.env.SITE_URL ??= "http://localhost:5173";

  // Background work (pump, flushes, timers) must not inherit a function's async context, or convex-test
  // treats it as nested inside that function ("Transaction not started").
  const root = new AsyncResource("local-backend-root");
  const defer = (fn: () => void) => root.runInAsyncScope(fn);

  const clock = new TsClock();
  let pending: CommitChange[] = [];
  let durableChanges: CommitChange[] = [];
  let durableTs = 0n;
  let lastCommitTs = 0n;
  let pumpScheduled = false;
  let pumping = false;
  // Set once the log is restored (commits replayed then are not history); the commit hook reads it.
  const historyRef: { current?: History } = {};

  const durability = new Durability(opts.dataDir, defer, () => {
    durableChanges = durableChanges.length ? durableChanges.concat(pending) : pending;
    pending = [];
    durableTs = lastCommitTs;
    // Straight away rather than on the next loop turn: responses just went out, their Transitions follow.
    void pump();
  });
  const files = new FileStore(opts.dataDir, keys.uploadSecret);
  // The deployment's variables reach process.env before any code is imported.
  const environment = new DeploymentEnvironment(opts.dataDir);
  const deployment = new Deployment(opts.dataDir, {
    engine: () => engine,
    environment,
    cloudUrl,
    siteUrl,
    install: (code) => install(code),
  });
  const systemEntries = systemModules({
    tables: (componentPath) => {
      const names = new Set(engine.internals.declaredTables(componentPath) ?? []);
      const docs = componentPath ? (engine.internals.componentDocuments()[componentPath] ?? {}) : engine.internals.documents();
      for (const id of Object.keys(docs)) {
        const table = tableNameFromId(id);
        if (table) names.add(table);
      }
      return [...names].sort();
    },
    environment: () => environment.list(),
    analysis: (componentPath) => deployment.analysis(componentPath),
    currentComponent: () => engine.internals.currentComponent(),
    cloudUrl,
    latestExport: () => snapshots.latestExport(),
    imports: () => snapshots.importList(),
    importById: (id) => snapshots.importById(id),
  });
  provideSystemModules(() => systemEntries);
  const lastPush = opts.convexDir ? null : await deployment.loadLastPush();
  const components = new MountedComponents();
  const mountedComponents = (code: LoadedCode | null) => components.mount(code);
  const kindOf = (component: string, udfPath: string) => (component ? components.kindOf(component, udfPath) : (engine.resolve(udfPath)?.kind ?? null));
  const initial: { modules: ModuleMap; loaded: Map<string, LoadedModule>; entries: ModuleEntry[]; dir: string | null } = opts.convexDir
    ? { ...(await loadModules(opts.convexDir)), dir: null }
    : { ...assembleModules(lastPush?.entries ?? [], lastPush?.dir ?? opts.dataDir, true), entries: lastPush?.entries ?? [], dir: lastPush?.dir ?? null };
  const { modules, loaded } = initial;
  const schema = findModule(loaded, "schema")?.default as SchemaDefinition<GenericSchema, boolean> | undefined;
  deployment.setServed(initial.entries, schema, initial.dir, lastPush?.components ?? null);
  const jobMarks = new MutationJobMarks(() => engine, kindOf);
  const engine: Engine = await Engine.create({
    componentFunction: (component, udfPath) => components.functionOf(component, udfPath),
    schema,
    modules,
    loaded,
    files,
    cloudUrl,
    onCommit: (changes) => {
      lastCommitTs = clock.next();
      const writes: [string, Doc | null][] = changes.map((c) => [durableKey(c.component, c.id), c.new]);
      const jobDone = jobMarks.markFor(changes);
      if (jobDone) writes.push(jobDone);
      durability.appendCommit(lastCommitTs, writes, engine.internals.counters());
      // Reads at a past timestamp (query_at_ts) are the app's.
      historyRef.current?.record(
        lastCommitTs,
        changes.filter((c) => c.component === ""),
      );
      pending.push(...changes);
    },
  });
  engine.internals.setComponents(mountedComponents(lastPush));
  isolateComponentEnv(() => engine.internals.currentComponent(), (component) => components.envOf(component));

  const restored = durability.load();
  clock.observe(restored.ts);
  lastCommitTs = durableTs = restored.ts;
  const { app: appDocs, components: componentDocs } = splitByComponent(restored.docs);
  engine.internals.restore(appDocs, restored.counters, componentDocs);
  // No history before this start: a read at an earlier timestamp is out of retention.
  historyRef.current = new History(restored.ts);
  const violations = engine.internals.schemaViolations(schema);
  if (violations.length) backendLog(`Warning: stored documents do not match convex/schema.ts:\n${formatViolations(violations)}`);
  const undeclared = undeclaredTables(engine.internals.documents(), schema);
  if (undeclared.length) backendLog(formatUndeclared(undeclared));
  const replay = new Replay(durability);
  replay.load(restored.responses);
  const cronRuns = restored.cronRuns;
  const state = (): RestoredState => ({
    docs: jobMarks.overlay(joinComponents(engine.internals.documents(), engine.internals.componentDocuments())),
    counters: engine.internals.counters(),
    ts: lastCommitTs,
    responses: replay.all(),
    cronRuns,
  });
  durability.compact(state());
  files.collectGarbage((id) => engine.internals.hasStoredFile(id));

  const subs = new SubscriptionManager(engine);
  const authConfigOf = (mods: typeof loaded) => findModule(mods, "auth.config")?.default as { providers?: object[] } | undefined;
  let authConfig = authConfigOf(loaded);
  const verify = makeVerifier({
    providers: () => (authConfig?.providers ?? []) as never[],
    siteUrl,
    siteFetch: (p) => engine.fetch(null, p),
  });
  const sync = new SyncServer({
    engine,
    subs,
    verify,
    adminKey: keys.adminKey,
    synced: () => durability.synced(),
    whenSynced: (fn) => durability.whenSynced(fn),
    lastCommitTs: () => lastCommitTs,
    observeTs: (ts) => clock.observe(ts),
    replay,
    kick: () => kick(),
  });
  sync.visibleTs = durableTs;

  function kick(): void {
    if (pumpScheduled) return;
    pumpScheduled = true;
    defer(() => setImmediate(() => void pump()));
  }

  /** Re-runs the subscriptions a durable batch of commits touched, then pushes Transitions. */
  let again = false;
  async function pump(): Promise<void> {
    pumpScheduled = false;
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    try {
      do {
        again = false;
        const changes = durableChanges;
        durableChanges = [];
        const ts = durableTs;
        const changed: QueryGroup[] = [];
        if (changes.length) {
          for (const g of subs.invalidate(changes)) {
            if (g.subscribers.size && (await subs.evaluate(g))) changed.push(g);
          }
        }
        // A mutation may have committed between two evaluations: its effects go out only once durable.
        if (changed.length) await durability.synced();
        sync.broadcast(changed, ts);
      } while (again || durableChanges.length);
      if (durability.needsCompaction) durability.compact(state());
    } catch (e) {
      backendLog(`subscription update failed: ${(e as Error)?.stack ?? String(e)}`);
    } finally {
      pumping = false;
    }
  }

  const scheduler = new Scheduler(engine, () => durability.synced(), kindOf);
  const crons = new DeploymentCrons(engine, cronRuns, (name, at) => {
    cronRuns[name] = at;
    durability.appendCronRun(name, at);
  });
  crons.replace(findModule(loaded, "crons")?.default, components.crons());

  /** Every subscription runs again (new code, new variables: any query may read them). */
  const refreshAll = async () => {
    const changed: QueryGroup[] = [];
    for (const g of subs.invalidateAll()) if (g.subscribers.size && (await subs.evaluate(g))) changed.push(g);
    sync.broadcast(changed, durableTs);
  };
  /** New code for the same data: the functions, schema, auth providers and crons swapped together. */
  const apply = async (next: { modules: ModuleMap; loaded: Map<string, LoadedModule> }, nextSchema: SchemaDefinition<GenericSchema, boolean> | undefined) => {
    reportRemovedTables(engine, nextSchema);
    engine.replaceModules(next.modules, next.loaded, nextSchema);
    authConfig = authConfigOf(next.loaded);
    crons.replace(findModule(next.loaded, "crons")?.default, components.crons());
    crons.start();
    await refreshAll();
  };
  // A push (`npx convex dev`): the deployment checked the schemas against the data already. The components
  // are mounted first, so the app's new functions find them.
  async function install(code: LoadedCode) {
    engine.internals.setComponents(mountedComponents(code));
    await apply(assembleModules(code.entries, code.dir, true), code.schema);
    deployment.setServed(code.entries, code.schema, code.dir, code.components);
    backendLog(`functions pushed (${code.entries.length} modules${code.components?.instances.length ? `, ${code.components.instances.length} components` : ""}); data kept`);
  }
  // Dev mode: rebuilds convex/ on a change.
  const reload = async () => {
    const next = await reloadFunctions(opts.convexDir!, engine);
    if (!next) return;
    await apply(next, next.schema);
    deployment.setServed(next.entries, next.schema, null);
    backendLog(`functions reloaded from ${path.resolve(opts.convexDir!)}; data kept`);
  };
  // `npx convex env set`: kept in the data folder, then every query runs again.
  const updateEnvironment = async (changes: Array<{ name: string; value?: string }>) => {
    environment.update(changes);
    backendLog(`environment: ${changes.map(({ name, value }) => `${name} ${value === undefined ? "removed" : "set"}`).join(", ")}`);
    await refreshAll();
  };
  const watcher =
    opts.watch && opts.convexDir
      ? watchConvexDir(opts.convexDir, () => new Promise<void>((resolve, reject) => defer(() => void reload().then(resolve, reject))))
      : null;

  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  let nextConnId = 1;
  // Test-only (faults.ts): the sockets opened with a test's cut cookie, to close just those.
  const cutTags = new WeakMap<object, string>();
  onSyncRefused((tag) => wss.clients.forEach((ws) => (tag === "" || cutTags.get(ws) === tag) && ws.terminate()));
  handlers.upgrade = (req, socket, head) => {
    const url = new URL(req.url ?? "/", cloudUrl);
    const tag = cutTagOf(req.headers.cookie);
    if (!/^\/api\/[^/]+\/sync$/.test(url.pathname) || syncRefused(tag)) return void socket.destroy();
    wss.handleUpgrade(req, socket, head, (ws) => {
      if (tag !== null) cutTags.set(ws, tag);
      const conn = new Connection(nextConnId++, ws);
      sync.add(conn);
      const ping = setInterval(() => conn.send('{"type":"Ping"}'), PING_MS);
      ws.on("message", (data) => defer(() => sync.receive(conn, data.toString())));
      ws.on("close", () => {
        clearInterval(ping);
        sync.remove(conn);
      });
      ws.on("error", () => ws.terminate());
    });
  };
  // Off by default: the bench reads how many query evaluations a write caused.
  const stats =
    process.env.LOCAL_BACKEND_DEBUG_STATS === "1"
      ? () => ({ evaluations: subs.evaluations, groups: subs.groupCount, connections: sync.conns.size })
      : undefined;
  const snapshotAt = (ts: bigint) => historyRef.current!.at(ts, engine.internals.documents());
  const snapshots = new Snapshots(opts.dataDir, {
    documents: () => engine.internals.documents(),
    lastCommitTs: () => lastCommitTs,
    readBlob: (id) => files.read(id),
    writeBlob: (id, bytes, type) => files.write(id, bytes, type),
    writeDocuments: (deletes, puts) => engine.internals.writeDocuments(deletes, puts),
    newStorageId: () => randomStorageId(),
    changed: () => defer(() => void refreshAll()),
    wrote: async () => {
      await durability.synced();
      kick();
    },
  });
  const ctx = { engine, files, verify, synced: () => durability.synced(), kick, lastCommitTs: () => lastCommitTs, snapshotAt, cloudUrl, adminKey: keys.adminKey, stats, updateEnvironment, deployment, snapshots };
  handlers.cloud = (req, res) => defer(() => void cloudHandler(ctx, req, res));
  handlers.site = (req, res) => defer(() => void siteHandler(ctx, req, res));

  defer(() => {
    scheduler.restore(engine.internals.documents());
    for (const [component, docs] of Object.entries(engine.internals.componentDocuments())) scheduler.restore(docs, component);
    crons.start();
  });
  markStarted();
  backendLog(`${opts.convexDir ? `convex dir ${path.resolve(opts.convexDir)}` : initial.dir ? "serving the code last pushed" : "no code pushed yet"}, data dir ${path.resolve(opts.dataDir)}, ${Object.keys(engine.internals.documents()).length} documents restored`);

  return {
    cloudUrl,
    siteUrl,
    adminKey: keys.adminKey,
    close: async () => {
      watcher?.close();
      crons.stop();
      scheduler.stop();
      for (const c of sync.conns) c.ws.terminate();
      wss.close();
      await Promise.all([new Promise((r) => cloud.close(r)), new Promise((r) => site.close(r))]);
      durability.close();
      unlock();
    },
  };
}
