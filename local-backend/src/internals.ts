// With internalTypes.ts, internalSearch.ts, internalIndexRanges.ts and testingIndexes.ts, the ONLY code that reaches into convex-test beyond its public
// API. convex-test is pinned to exactly CONVEX_TEST_VERSION; `probeInternals` checks every member used and
// fails loudly when one is missing, and tests/internals.test.ts exercises it.
import { AsyncLocalStorage } from "node:async_hooks";
import { createHash, randomInt } from "node:crypto";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { convexTest } from "convex-test";
import { OCC_MESSAGE, ServiceUnavailableError } from "./errors.ts";
import { SearchIndexes } from "./search.ts";
import { patchSearch, refuseStagedIndex } from "./internalSearch.ts";
import { DatabaseIndexes } from "./indexRanges.ts";
import { patchIndexRanges } from "./internalIndexRanges.ts";
import type { SchemaDefinition, GenericSchema } from "convex/server";
import type {
  AnySchema,
  CommitChange,
  ConvexGlobal,
  DatabaseFake,
  Doc,
  Engine,
  ExecutionContext,
  ExportedSchema,
  FunctionPath,
  QuerySource,
  Hooks,
  RequestMetadata,
  SchemaViolation,
  TestAccessor,
} from "./internalTypes.ts";

export type { CommitChange, Doc, Engine, QuerySource, RangeFilter, SchemaViolation, TestAccessor } from "./internalTypes.ts";

export const CONVEX_TEST_VERSION = "0.0.60";

/** The content type of the blob being stored in this async context. */
const storedContentType = new AsyncLocalStorage<string>();
/** The past snapshot the query started in this async context reads, if any. */
const snapshotToRead = new AsyncLocalStorage<Record<string, Doc>>();

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
export async function captureState(t: TestAccessor) {
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
 * Calls `onCommit` after each top-level commit that wrote something, with every write: a top-level commit writes
 * the last layer of every database's `_writes` (the app's and each component's) at once, so a transaction that
 * spans components is one record.
 */
export function watchCommits(global: ConvexGlobal, onCommit: (changes: CommitChange[]) => void): void {
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
    if (olds.length) onCommit(olds.map(([component, id, old]) => ({ id, old, new: global.components[component].db._documents[id] ?? null, component })));
    return ts;
  };
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
  for (const m of ["get", "insert", "patch", "commit", "startTransaction", "rollbackWrites", "storeFile", "getFile", "_validate", "_generateId", "_resolveQuerySource", "paginate", "startQuery"] as const)
    if (typeof db[m] !== "function") fail(`DatabaseFake.${m}`);
  if (typeof db._documents !== "object" || !Array.isArray(db._writes)) fail("DatabaseFake document map");
  if (typeof db._nextDocId !== "number" || typeof db._lastCreationTime !== "number" || typeof db._nextQueryId !== "number") fail("DatabaseFake counters");
  if (typeof db._queryResults !== "object") fail("DatabaseFake._queryResults");
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
  // Search indexes and database indexes, kept in step with commits; forgotten (built again on their next
  // read) when schemas or the documents change wholesale.
  const searchIndexes = new SearchIndexes();
  const dbIndexes = new DatabaseIndexes();
  const resetIndexes = () => {
    searchIndexes.reset();
    dbIndexes.reset();
  };
  watchCommits(global, (changes) => {
    searchIndexes.apply(changes);
    dbIndexes.apply(changes);
    hooks.onCommit(changes);
  });

  const currentDb = () => global.components[execStorage.getStore()?.componentPath ?? ""]?.db ?? db;
  const origSyscall = global.syscall;
  global.syscall = (op, json) => {
    // Convex's syscalls for testing how clients meet a failed commit and an overloaded backend.
    if (op === "throwOcc") throw new ServiceUnavailableError("OptimisticConcurrencyControlFailure", OCC_MESSAGE);
    if (op === "throwOverloaded") throw new ServiceUnavailableError("Busy", "I'm a bit busy.");
    // convex-test keeps a stream's results after the function stops reading them; they go when it says so.
    if (op === "1.0/queryCleanup") delete currentDb()._queryResults[(JSON.parse(json) as { queryId: number }).queryId];
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
  patchIndexRanges(db, "", dbIndexes, () => live ?? db._documents);
  /** A new component's database joins the transaction layers open now, so a commit in flight spans it too. */
  const mount = (componentPath: string, schema: AnySchema | undefined, modules: Record<string, () => Promise<unknown>>) => {
    t.registerComponent(componentPath, schema, modules);
    const added = global.components[componentPath].db;
    patchDb(added, db, hooks);
    patchSearch(added, componentPath, searchIndexes, () => false);
    patchIndexRanges(added, componentPath, dbIndexes, () => added._documents);
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
      resetIndexes();
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
      resetIndexes();
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
        resetIndexes();
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
      resetIndexes();
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
