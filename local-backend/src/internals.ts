// The ONLY file that reaches into convex-test beyond its public API. convex-test is pinned to exactly
// CONVEX_TEST_VERSION; `probeInternals` checks every member used here and fails loudly when one is missing,
// and tests/internals.test.ts exercises it.
import { AsyncLocalStorage } from "node:async_hooks";
import { createHash, randomInt } from "node:crypto";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { convexTest } from "convex-test";
import { OCC_MESSAGE, ServiceUnavailableError } from "./errors.ts";
import { paginateSearch, resolveSearch, SearchIndexes, type SearchableDb, type SearchIndexDefinition, type SearchSource } from "./search.ts";
import type { SchemaDefinition, GenericSchema } from "convex/server";

export const CONVEX_TEST_VERSION = "0.0.60";

/** The content type of the blob being stored in this async context. */
const storedContentType = new AsyncLocalStorage<string>();
/** The past snapshot the query started in this async context reads, if any. */
const snapshotToRead = new AsyncLocalStorage<Record<string, Doc>>();

/** A stored document: a Convex value object with `_id` and `_creationTime`. */
export type Doc = Record<string, unknown> & { _id: string; _creationTime: number };

/** `query.source` as the Convex runtime passes it to the `queryStream`/`queryPage` syscalls. */
export type QuerySource =
  | { type: "FullTableScan"; tableName: string; order?: string }
  | { type: "IndexRange"; indexName: string; range: RangeFilter[]; order?: string }
  | { type: "Search"; indexName: string; filters: unknown[] };
export type RangeFilter = { type: "Eq" | "Gt" | "Gte" | "Lt" | "Lte"; fieldPath: string; value: unknown };

interface DatabaseFake {
  _documents: Record<string, Doc>;
  _writes: Array<Record<string, Doc | null>>;
  _nextDocId: number;
  _lastCreationTime: number;
  _generateId(table: string): string;
  get(table: string | undefined, id: string): Doc | null;
  insert(table: string, value: Record<string, unknown>): string;
  patch(table: string, id: string, value: Record<string, unknown>): void;
  commit(commitTs: bigint | null): void;
  startTransaction(): void;
  rollbackWrites(): void;
  storeFile(id: string, blob: Blob): void;
  getFile(id: string): Blob | null;
  /** Validates a document (without system fields) against `_schema`; throws on mismatch. */
  _validate(table: string, doc: Record<string, unknown>): void;
  _schema: ExportedSchema | null;
  _resolveQuerySource(query: ConvexQuery): { sortedDocs: Doc[]; filterFn: (doc: Doc) => boolean; limit: number | null; fieldPathsToSortBy: string[]; order: string };
  paginate(args: { query: ConvexQuery; cursor: string | null; endCursor?: string | null; pageSize: number }): unknown;
}
/** A query as the runtime sends it: its source and operators (filters, limit). */
interface ConvexQuery {
  source: QuerySource;
  operators: unknown[];
}
/** The form DatabaseFake keeps a schema in (see its constructor). */
interface ExportedSchema {
  schemaValidation: boolean;
  tables: Map<string, unknown>;
}
type SyscallFn = (op: string, json: string) => string;
type AsyncSyscallFn = (op: string, json: string) => Promise<string>;
type JsSyscallFn = (op: string, args: Record<string, unknown>) => Promise<unknown>;
interface ConvexGlobal {
  components: Record<string, { db: DatabaseFake; modules: (path: string) => Promise<unknown> }>;
  transactionManager: { _lastCommitTs: bigint; commit(isNested: boolean): bigint | null };
  syscall: SyscallFn;
  asyncSyscall: AsyncSyscallFn;
  jsSyscall: JsSyscallFn;
}
interface ExecutionContext {
  udfPath: string;
  udfType: string;
  /** "" for the app, `jobs` or `jobs/batchWorker` inside a component. */
  componentPath: string;
}
/** convex-test's metadata of the request a function runs in; a scheduled run carries its job's id. */
interface RequestMetadata {
  ip: string | null;
  userAgent: string | null;
  requestId: string;
  scheduledFunctionId: string | null;
  authToken: string | null;
}
type FunctionPath = { udfPath: string; componentPath: string };

// Public accessor shape we use (convexTest's generic types are too precise for dynamically loaded modules).
export interface TestAccessor {
  query(ref: unknown, args: unknown): Promise<unknown>;
  mutation(ref: unknown, args: unknown): Promise<unknown>;
  action(ref: unknown, args: unknown): Promise<unknown>;
  run<T>(fn: (ctx: unknown) => Promise<T>): Promise<T>;
  /** Like `run`, as a function of the component at `componentPath` (its tables, its file storage). */
  runInComponent<T>(componentPath: string, fn: (ctx: unknown) => Promise<T>): Promise<T>;
  fetch(path: string, init?: RequestInit): Promise<Response>;
  withIdentity(identity: Record<string, unknown>): TestAccessor;
  registerComponent(componentPath: string, schema: AnySchema | undefined, modules: Record<string, () => Promise<unknown>>): void;
}

export interface CommitChange {
  id: string;
  old: Doc | null;
  new: Doc | null;
  /** The component whose table holds the document ("" for the app's). */
  component: string;
}

interface Hooks {
  /** Called synchronously after each top-level commit that wrote something. */
  onCommit(changes: CommitChange[]): void;
  /** Wraps every async syscall (DB reads, storage URLs, pagination); call `next` for convex-test's own. */
  asyncSyscall(op: string, json: string, next: (json: string) => Promise<string>): Promise<string>;
  /** Observes `queryStream` (a sync syscall) for read tracking. */
  onQueryStream(source: QuerySource): void;
  /** Persists a stored blob; convex-test keeps it in memory otherwise. */
  storeBlob(storageId: string, bytes: Uint8Array, contentType: string): void;
  readBlob(storageId: string): Blob | null;
}

export interface Engine {
  t: TestAccessor;
  db: DatabaseFake;
  /** Runs a function by path regardless of visibility (scheduled jobs, crons), in the app or a component. */
  runByPath(udfPath: string, args: unknown, componentPath?: string): Promise<unknown>;
  /** Runs `fn` inside a convex-test transaction, with direct access to a document store (the app's by default). */
  transaction<T>(fn: (db: EngineDb) => T, componentPath?: string): Promise<T>;
  /** The stored-file document `storageId` of the component at `componentPath`, committed or written in this transaction. */
  storageDocument(storageId: string, componentPath: string): Doc | null;
  /** Whether `storageId` is a committed stored file of the component at `componentPath` (the app's for ""), or of any when undefined. */
  hasStoredFile(storageId: string, componentPath?: string): boolean;
  /** The component the function running in this async context belongs to ("" for the app). */
  currentComponent(): string;
  /** The function currently executing in this async context, if any (for log labels). */
  currentUdf(): ExecutionContext | undefined;
  /** The `_scheduled_functions` id whose run this async context belongs to (nested calls included), or null. */
  scheduledJobId(): string | null;
  /** Runs `fn` as the run of scheduled job `jobId`, as convex-test runs its own (no auth, the job's request). */
  runAsJob<T>(jobId: string, fn: () => Promise<T>): Promise<T>;
  /** The app's current committed documents (never a past snapshot a query is reading). */
  documents(): Record<string, Doc>;
  /** Each mounted component's committed documents, by component path. */
  componentDocuments(): Record<string, Record<string, Doc>>;
  /**
   * Mounts the components (each with its definition's schema and modules), replaces the code of those
   * already mounted; a component no longer used keeps its data, with no functions.
   */
  setComponents(components: Array<{ componentPath: string; schema: AnySchema | undefined; modules: Record<string, () => Promise<unknown>> }>): void;
  /** Runs `fn` (a top-level query) against `docs` instead of the current documents. */
  readAt<T>(docs: Record<string, Doc>, fn: () => T): T;
  counters(): { nextDocId: number; lastCreationTime: number; lastCommitTs: bigint };
  restore(docs: Record<string, Doc>, c: { nextDocId: number; lastCreationTime: number; lastCommitTs: bigint }, componentDocs?: Record<string, Record<string, Doc>>): void;
  /** Documents the schema would refuse (user tables only), at most `limit`, in the app or a component. */
  schemaViolations(schema: AnySchema | undefined, limit?: number, componentPath?: string): SchemaViolation[];
  /** Tables the schema in force declares (the app's, or the component's at `componentPath`); null when there is no schema. */
  declaredTables(componentPath?: string): string[] | null;
  /**
   * One transaction that deletes `deletes` and writes `puts` as they are (ids and creation times kept,
   * each validated against the schema in force), for a snapshot import. Throws and writes nothing on a
   * mismatch. New ids issued later never collide with the imported ones.
   */
  writeDocuments(deletes: string[], puts: Doc[]): Promise<void>;
  /** Swaps in new function modules and schema; the data, scheduled jobs and counters stay. */
  replaceModules(modules: Record<string, () => Promise<unknown>>, schema: AnySchema | undefined): void;
}

type AnySchema = SchemaDefinition<GenericSchema, boolean>;

export interface SchemaViolation {
  table: string;
  id: string;
  /** convex-test's description of the mismatch. */
  message: string;
  /** The document without system fields, and the table's validator (JSON), for a Convex-worded report. */
  fields: Record<string, unknown>;
  validator: unknown;
}

function exportSchema(schema: AnySchema | undefined): ExportedSchema | null {
  if (!schema) return null;
  const tables = schema.tables as unknown as Record<string, { export(): unknown }>;
  return {
    schemaValidation: schema.schemaValidation,
    tables: new Map(Object.entries(tables).map(([name, table]) => [name, table.export()])),
  };
}

/** convex-test's module lookup: keys relative to the folder holding `_generated`, without extension. */
function moduleLoader(modules: Record<string, () => Promise<unknown>>): (path: string) => Promise<unknown> {
  const generated = Object.keys(modules).find((p) => p.includes("_generated"));
  if (!generated) throw new Error('Could not find the "_generated" directory in convex/');
  const prefix = generated.split("_generated", 2)[0];
  const byPath = new Map(Object.entries(modules).map(([p, load]) => [p.replace(/\.[^.]+$/, ""), load]));
  return async (path) => {
    const load = byPath.get(prefix + path);
    if (!load) throw new Error(`Could not find module for: "${path}"`);
    return await load();
  };
}

interface EngineDb {
  get(table: string, id: string): Doc | null;
  patch(table: string, id: string, value: Record<string, unknown>): void;
}

/** Digits in a storage id: as long as convex-test's ids (32 characters with "_storage"), about 80 random bits. */
const STORAGE_ID_DIGITS = 24;

/** A storage id of random digits (the format of every id here: digits, then the table's name). */
export function randomStorageId(): string {
  let digits = "";
  while (digits.length < STORAGE_ID_DIGITS) digits += String(randomInt(0, 1e12)).padStart(12, "0");
  return `${digits.slice(0, STORAGE_ID_DIGITS)}_storage`;
}

export function tableNameFromId(id: string): string | null {
  const m = /^[0-9]+/.exec(id);
  if (!m || m[0].length === id.length) return null;
  return id.slice(m[0].length);
}

/**
 * A staged index (`staged: true` in the schema) is being built and may not be read yet: Convex refuses a
 * query or vector search on it in these words. `indexName` is `table.index`, as the query carries it.
 */
function refuseStagedIndex(target: DatabaseFake, indexName: string): void {
  const dot = indexName.indexOf(".");
  const table = target._schema?.tables.get(indexName.slice(0, dot)) as Record<string, unknown> | undefined;
  if (!table) return;
  const name = indexName.slice(dot + 1);
  const staged = ["stagedDbIndexes", "stagedSearchIndexes", "stagedVectorIndexes"].flatMap((key) => (table[key] as Array<{ indexDescriptor: string }> | undefined) ?? []);
  if (staged.some((index) => index.indexDescriptor === name))
    throw new Error(`Index ${indexName} is currently staged and not available to query until it is enabled`);
}

function fail(what: string): never {
  throw new Error(
    `local-backend: convex-test internals changed (${what}). The embedded backend requires convex-test ` +
      `${CONVEX_TEST_VERSION} exactly; pin it in package.json or update local-backend/src/internals.ts.`,
  );
}

/** Throws unless the installed convex-test is exactly the version this file was written against. */
export function checkConvexTestVersion(installed: string = convexTestVersion()): void {
  if (installed !== CONVEX_TEST_VERSION) fail(`installed version ${installed}`);
}

export function convexTestVersion(): string {
  const entry = fileURLToPath(import.meta.resolve("convex-test"));
  const pkgPath = entry.replace(/dist[\\/]index\.js$/, "package.json");
  return (JSON.parse(fs.readFileSync(pkgPath, "utf8")) as { version: string }).version;
}

/**
 * Creates the convex-test instance and captures its per-instance state (the global it runs under and the
 * execution-context storage) by watching `AsyncLocalStorage.run` during one trivial query.
 */
export async function createEngine(
  schema: SchemaDefinition<GenericSchema, boolean> | undefined,
  modules: Record<string, () => Promise<unknown>>,
  hooks: Hooks,
): Promise<Engine> {
  checkConvexTestVersion();
  const t = (convexTest as unknown as (o: object) => TestAccessor)({ schema, modules, transactionLimits: true });
  const { global, execStorage, requestStorage } = await captureState(t);
  if (!requestStorage) fail("requestMetadataStorage not observed");
  return wire(t, global, execStorage, requestStorage, hooks);
}

/** A convex-test instance's global and storages, seen by watching `AsyncLocalStorage.run` during one trivial query. */
async function captureState(t: TestAccessor) {
  let global: ConvexGlobal | undefined;
  let execStorage: AsyncLocalStorage<ExecutionContext> | undefined;
  let requestStorage: AsyncLocalStorage<RequestMetadata> | undefined;
  const origRun = AsyncLocalStorage.prototype.run;
  AsyncLocalStorage.prototype.run = function <R>(this: AsyncLocalStorage<unknown>, store: unknown, cb: (...a: unknown[]) => R, ...args: unknown[]): R {
    if (store && typeof store === "object") {
      if ("components" in store && "transactionManager" in store) global ??= store as ConvexGlobal;
      if ("udfPath" in store && "udfType" in store && "paginatedQueries" in store)
        execStorage ??= this as AsyncLocalStorage<ExecutionContext>;
      if ("scheduledFunctionId" in store && "requestId" in store) requestStorage ??= this as AsyncLocalStorage<RequestMetadata>;
    }
    return origRun.call(this, store, cb, ...args) as R;
  } as typeof AsyncLocalStorage.prototype.run;
  try {
    await t.query(async () => null, undefined);
  } finally {
    AsyncLocalStorage.prototype.run = origRun;
  }
  return { global, execStorage, requestStorage };
}

/**
 * Gives a convex-test instance of one's own (a project's Convex tests) this backend's search indexes, so its
 * searches follow Convex's rules as the embedded backend's do; call it once the components are registered.
 * Each search builds its index from the documents it reads (test data is small), so no commit is watched.
 */
export async function installSearchIndexes<T>(t: T): Promise<T> {
  checkConvexTestVersion();
  const { global, execStorage } = await captureState(t as unknown as TestAccessor);
  probeInternals(t, global, execStorage);
  for (const [path, info] of Object.entries(global.components)) patchSearch(info.db, path, new SearchIndexes(), () => true);
  return t;
}

/** Checks every convex-test member this file relies on; throws naming the first one missing. */
export function probeInternals(
  t: unknown,
  global: unknown,
  execStorage: unknown,
): asserts global is ConvexGlobal {
  if (!global || typeof global !== "object") fail("convexGlobal not observed");
  if (!(execStorage instanceof AsyncLocalStorage)) fail("executionContextStorage not observed");
  const g = global as Partial<ConvexGlobal>;
  const root = g.components?.[""];
  const db = root?.db as Partial<DatabaseFake> | undefined;
  if (!db) fail("root component db");
  if (typeof root?.modules !== "function") fail("root component module loader");
  for (const m of ["get", "insert", "patch", "commit", "startTransaction", "rollbackWrites", "storeFile", "getFile", "_validate", "_generateId", "_resolveQuerySource", "paginate"] as const)
    if (typeof db[m] !== "function") fail(`DatabaseFake.${m}`);
  if (typeof db._documents !== "object" || !Array.isArray(db._writes)) fail("DatabaseFake document map");
  if (typeof db._nextDocId !== "number" || typeof db._lastCreationTime !== "number") fail("DatabaseFake counters");
  if (!("_schema" in db)) fail("DatabaseFake._schema");
  if (typeof g.transactionManager?._lastCommitTs !== "bigint") fail("TransactionManager._lastCommitTs");
  for (const m of ["syscall", "asyncSyscall", "jsSyscall"] as const)
    if (typeof g[m] !== "function") fail(`convexGlobal.${m}`);
  for (const m of ["fun", "runInComponent"] as const)
    if (typeof (t as Record<string, unknown> | null)?.[m] !== "function") fail(`accessor.${m}`);
}

function wire(
  t: TestAccessor,
  global: ConvexGlobal | undefined,
  execStorage: AsyncLocalStorage<ExecutionContext> | undefined,
  requestStorage: AsyncLocalStorage<RequestMetadata>,
  hooks: Hooks,
): Engine {
  probeInternals(t, global, execStorage);
  if (!execStorage) fail("executionContextStorage not observed");
  const root = global.components[""];
  const db = root.db;
  const fun = (t as unknown as { fun: (p: FunctionPath, args: unknown) => Promise<unknown> }).fun;

  // Commit hook: a top-level commit writes the last layer of every database's `_writes` (the app's and each
  // component's) at once; they are reported together, so a transaction that spans components is one record.
  // Search indexes, kept in step with commits; forgotten (built again on their next read) when schemas or
  // the documents change wholesale.
  const searchIndexes = new SearchIndexes();
  const manager = global.transactionManager;
  const origCommit = manager.commit.bind(manager);
  manager.commit = (isNested) => {
    if (isNested) return origCommit(isNested);
    const olds: Array<[string, string, Doc | null]> = [];
    for (const [component, info] of Object.entries(global.components)) {
      const top = info.db._writes.length === 1 ? info.db._writes[0] : null;
      if (top) for (const id of Object.keys(top)) olds.push([component, id, info.db._documents[id] ?? null]);
    }
    const ts = origCommit(isNested);
    if (olds.length) searchIndexes.apply(olds.map(([component, id]) => ({ component, id, new: global.components[component].db._documents[id] ?? null })));
    if (olds.length) hooks.onCommit(olds.map(([component, id, old]) => ({ id, old, new: global.components[component].db._documents[id] ?? null, component })));
    return ts;
  };

  const currentDb = () => global.components[execStorage.getStore()?.componentPath ?? ""]?.db ?? db;
  const origSyscall = global.syscall;
  global.syscall = (op, json) => {
    // Convex's syscalls for testing how clients meet a failed commit and an overloaded backend.
    if (op === "throwOcc") throw new ServiceUnavailableError("OptimisticConcurrencyControlFailure", OCC_MESSAGE);
    if (op === "throwOverloaded") throw new ServiceUnavailableError("Busy", "I'm a bit busy.");
    if (op === "1.0/queryStream") {
      const { source } = (JSON.parse(json) as { query: { source: QuerySource } }).query;
      if (source.type !== "FullTableScan") refuseStagedIndex(currentDb(), source.indexName);
      hooks.onQueryStream(source);
    }
    return origSyscall(op, json);
  };
  const origAsync = global.asyncSyscall;
  global.asyncSyscall = async (op, json) => {
    if (op === "1.0/queryPage" || op === "1.0/actions/vectorSearch") {
      const { query } = JSON.parse(json) as { query: { source?: QuerySource; indexName?: string } };
      const indexName = query.source ? (query.source.type === "FullTableScan" ? null : query.source.indexName) : query.indexName;
      if (indexName) refuseStagedIndex(currentDb(), indexName);
    }
    return hooks.asyncSyscall(op, json, (j) => origAsync(op, j));
  };
  const origJs = global.jsSyscall;
  global.jsSyscall = async (op, args) => {
    if (op !== "storage/storeBlob") return origJs(op, args);
    const blob = args.blob as Blob;
    const bytes = new Uint8Array(await blob.arrayBuffer());
    // `store(blob, { sha256 })` refuses bytes whose digest (base64) is not the one given, in Convex's words.
    const expected = (args.options as { sha256?: string } | undefined)?.sha256;
    if (expected !== undefined) {
      const actual = createHash("sha256").update(bytes).digest("base64");
      if (actual !== expected) throw new Error(`Sha256 mismatch. Expected: ${expected} Actual: ${actual}`);
    }
    const id = (await storedContentType.run(blob.type, () => origJs(op, args))) as string;
    hooks.storeBlob(id, bytes, blob.type);
    return id;
  };
  // A query at a past timestamp: while it holds convex-test's transaction lock, every read (db.get and
  // table scans both go through `_documents`) sees the snapshot; the current map comes back at rollback.
  let live: Record<string, Doc> | null = null;
  const origStart = db.startTransaction.bind(db);
  db.startTransaction = () => {
    const snapshot = db._writes.length === 0 ? snapshotToRead.getStore() : undefined;
    origStart();
    if (snapshot) {
      live = db._documents;
      db._documents = snapshot;
    }
  };
  const origRollback = db.rollbackWrites.bind(db);
  db.rollbackWrites = () => {
    origRollback();
    if (live && db._writes.length === 0) {
      db._documents = live;
      live = null;
    }
  };
  const origCommitForSnapshot = db.commit.bind(db);
  db.commit = (commitTs) => {
    if (live) throw new Error("local-backend: a write inside a read at a past timestamp");
    origCommitForSnapshot(commitTs);
  };
  patchDb(db, db, hooks);
  patchSearch(db, "", searchIndexes, () => live !== null);
  /** A new component's database joins the transaction layers open now, so a commit in flight spans it too. */
  const mount = (componentPath: string, schema: AnySchema | undefined, modules: Record<string, () => Promise<unknown>>) => {
    t.registerComponent(componentPath, schema, modules);
    const added = global.components[componentPath].db;
    patchDb(added, db, hooks);
    patchSearch(added, componentPath, searchIndexes, () => false);
    while (added._writes.length < db._writes.length) added._writes.push({});
  };
  const dbOf = (componentPath = "") => {
    const info = global.components[componentPath];
    if (!info) throw new Error(`Component "${componentPath}" is not mounted`);
    return info.db;
  };

  return {
    t,
    db,
    runByPath: (udfPath, args, componentPath = "") => fun({ udfPath, componentPath }, args),
    transaction: (fn, componentPath = "") => t.run(async () => fn(dbOf(componentPath))),
    hasStoredFile: (storageId, componentPath) =>
      Object.entries(global.components).some(
        ([path, info]) => (componentPath === undefined || path === componentPath) && storageId in (path === "" ? (live ?? db._documents) : info.db._documents),
      ),
    storageDocument: (storageId, componentPath) => global.components[componentPath]?.db.get("_storage", storageId) ?? null,
    currentUdf: () => execStorage.getStore(),
    currentComponent: () => execStorage.getStore()?.componentPath ?? "",
    scheduledJobId: () => requestStorage.getStore()?.scheduledFunctionId ?? null,
    runAsJob: (jobId, fn) =>
      requestStorage.run({ ip: null, userAgent: null, requestId: `job-${jobId}-${randomInt(0, 1e9)}`, scheduledFunctionId: jobId, authToken: null }, fn),
    documents: () => live ?? db._documents,
    componentDocuments: () => Object.fromEntries(Object.entries(global.components).flatMap(([path, info]) => (path === "" ? [] : [[path, info.db._documents]]))),
    setComponents: (components) => {
      searchIndexes.reset();
      const used = new Set(components.map((c) => c.componentPath));
      for (const c of components) {
        const mounted = global.components[c.componentPath];
        if (mounted) {
          mounted.modules = moduleLoader(c.modules);
          mounted.db._schema = exportSchema(c.schema);
        } else mount(c.componentPath, c.schema, c.modules);
      }
      // Unmounted, as on Convex: the data stays, the functions are gone.
      for (const [path, info] of Object.entries(global.components)) {
        if (path === "" || used.has(path)) continue;
        info.modules = async (p: string) => {
          throw new Error(`Component "${path}" is not mounted: no function ${p}`);
        };
      }
    },
    readAt: (docs, fn) => snapshotToRead.run(docs, fn),
    counters: () => ({
      nextDocId: db._nextDocId,
      lastCreationTime: db._lastCreationTime,
      lastCommitTs: global.transactionManager._lastCommitTs,
    }),
    restore: (docs, c, componentDocs = {}) => {
      searchIndexes.reset();
      db._documents = docs;
      for (const [path, cdocs] of Object.entries(componentDocs)) {
        // Data of a component no longer mounted is kept, in a database with no functions.
        const components = global.components as ConvexGlobal["components"];
        if (!(path in components)) mount(path, undefined, { "./convex/_generated/server.js": async () => ({}) });
        components[path].db._documents = cdocs;
      }
      db._nextDocId = Math.max(db._nextDocId, c.nextDocId);
      db._lastCreationTime = Math.max(db._lastCreationTime, c.lastCreationTime);
      if (c.lastCommitTs > global.transactionManager._lastCommitTs) global.transactionManager._lastCommitTs = c.lastCommitTs;
    },
    schemaViolations: (schema, limit = 10, componentPath = "") => {
      const target = global.components[componentPath]?.db;
      if (!target) return [];
      const saved = target._schema;
      target._schema = exportSchema(schema);
      const out: SchemaViolation[] = [];
      try {
        for (const doc of Object.values(target._documents)) {
          const table = tableNameFromId(doc._id);
          if (!table || table.startsWith("_")) continue;
          const { _id, _creationTime, ...fields } = doc;
          try {
            target._validate(table, fields);
          } catch (e) {
            const validator = (target._schema?.tables.get(table) as { documentType?: unknown } | undefined)?.documentType;
            out.push({ table, id: _id, message: (e as Error).message, fields, validator });
            if (out.length >= limit) break;
          }
        }
      } finally {
        target._schema = saved;
      }
      return out;
    },
    declaredTables: (componentPath = "") => {
      const schema = global.components[componentPath]?.db._schema;
      return schema ? [...schema.tables.keys()] : null;
    },
    writeDocuments: (deletes, puts) =>
      t.run(async () => {
        searchIndexes.reset();
        const writes = db._writes[db._writes.length - 1];
        for (const id of deletes) writes[id] = null;
        for (const doc of puts) {
          const table = tableNameFromId(doc._id);
          if (!table) throw new Error(`Invalid id ${doc._id}`);
          const { _id, _creationTime, ...fields } = doc;
          if (!table.startsWith("_")) db._validate(table, fields);
          writes[_id] = doc;
          const counter = Number(/^[0-9]+/.exec(_id)![0]);
          if (!table.startsWith("_") && counter >= db._nextDocId && counter < Number.MAX_SAFE_INTEGER) db._nextDocId = counter + 1;
          if (typeof _creationTime === "number" && _creationTime > db._lastCreationTime) db._lastCreationTime = _creationTime;
        }
      }),
    replaceModules: (modules, schema) => {
      searchIndexes.reset();
      root.modules = moduleLoader(modules);
      db._schema = exportSchema(schema);
    },
  };
}

/**
 * What every database (the app's and each component's) does differently from convex-test's: `_storage`
 * documents carry the content type; storage ids are random, as Convex's are unguessable (until a file is
 * shown only its uploader knows its id, so nobody can claim another's upload); other ids come from the
 * app's counter, so an id names one document in the whole deployment and the counter persisted with the
 * app's covers them all; blobs live on disk, not in memory.
 */
function patchDb(target: DatabaseFake, rootDb: DatabaseFake, hooks: Hooks): void {
  const origInsert = target.insert.bind(target);
  target.insert = (table, value) => {
    const contentType = table === "_storage" ? storedContentType.getStore() : undefined;
    return origInsert(table, contentType ? { ...value, contentType } : value);
  };
  const rootGenerateId = rootDb === target ? target._generateId.bind(target) : rootDb._generateId;
  target._generateId = (table) => {
    if (table !== "_storage") return rootGenerateId(table);
    for (;;) {
      const id = randomStorageId();
      if (!(id in target._documents)) return id;
    }
  };
  target.storeFile = () => {};
  target.getFile = (id) => (target.get("_storage", id) === null ? null : hooks.readBlob(id));
}

/**
 * Search queries (`withSearchIndex`) run on the search indexes (search.ts) instead of convex-test's scan of
 * the table: its query source and its pagination, for `Search` sources only. The query's other operators
 * (`.filter`, the limit) are still convex-test's, taken from it with no documents in view.
 */
function patchSearch(target: DatabaseFake, component: string, indexes: SearchIndexes, isSnapshot: () => boolean): void {
  const origResolve = target._resolveQuerySource.bind(target);
  const origPaginate = target.paginate.bind(target);
  const operators = (query: ConvexQuery) => {
    const [documents, writes] = [target._documents, target._writes];
    target._documents = {};
    target._writes = [];
    try {
      return origResolve({ ...query, source: { type: "FullTableScan", tableName: "_search", order: "asc" } });
    } finally {
      target._documents = documents;
      target._writes = writes;
    }
  };
  const db: SearchableDb = {
    component,
    definitions: (table) => ((target._schema?.tables.get(table) as { searchIndexes?: SearchIndexDefinition[] } | undefined)?.searchIndexes ?? []),
    committed: () => target._documents,
    isSnapshot,
    written: (table) => {
      const out = new Map<string, Doc | null>();
      for (const layer of target._writes) for (const [id, doc] of Object.entries(layer)) if (tableNameFromId(id) === table) out.set(id, doc);
      return out;
    },
  };
  target._resolveQuerySource = (query) => {
    if (query.source.type !== "Search") return origResolve(query);
    const { filterFn, limit } = operators(query);
    const sortedDocs = resolveSearch(indexes, db, query.source as SearchSource, filterFn, limit);
    return { sortedDocs, filterFn, limit, fieldPathsToSortBy: [], order: "asc" };
  };
  target.paginate = (args) => {
    if (args.query.source.type !== "Search") return origPaginate(args);
    return paginateSearch(indexes, db, args.query.source as SearchSource, operators(args.query).filterFn, args);
  };
}
