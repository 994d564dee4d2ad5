// The shapes of convex-test's internals that internals.ts and internalSearch.ts reach into (convex-test
// CONVEX_TEST_VERSION exactly; internals.ts probes each member before use), and the engine's own interface.
import type { SchemaDefinition, GenericSchema } from "convex/server";

/** A stored document: a Convex value object with `_id` and `_creationTime`. */
export type Doc = Record<string, unknown> & { _id: string; _creationTime: number };

/** `query.source` as the Convex runtime passes it to the `queryStream`/`queryPage` syscalls. */
export type QuerySource =
  | { type: "FullTableScan"; tableName: string; order?: string }
  | { type: "IndexRange"; indexName: string; range: RangeFilter[]; order?: string }
  | { type: "Search"; indexName: string; filters: unknown[] };
export type RangeFilter = { type: "Eq" | "Gt" | "Gte" | "Lt" | "Lte"; fieldPath: string; value: unknown };

export interface DatabaseFake {
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
  _nextQueryId: number;
  /** Each open query stream's results, as `queryNext` reads them (`length`, `shift()`). */
  _queryResults: Record<number, { readonly length: number; shift(): Doc | undefined }>;
  startQuery(query: ConvexQuery): number;
  _resolveQuerySource(query: ConvexQuery): { sortedDocs: Doc[]; filterFn: (doc: Doc) => boolean; limit: number | null; fieldPathsToSortBy: string[]; order: string };
  paginate(args: { query: ConvexQuery; cursor: string | null; endCursor?: string | null; pageSize: number }): unknown;
}
/** A query as the runtime sends it: its source and operators (filters, limit). */
export interface ConvexQuery {
  source: QuerySource;
  operators: unknown[];
}
/** The form DatabaseFake keeps a schema in (see its constructor). */
export interface ExportedSchema {
  schemaValidation: boolean;
  tables: Map<string, unknown>;
}
type SyscallFn = (op: string, json: string) => string;
type AsyncSyscallFn = (op: string, json: string) => Promise<string>;
type JsSyscallFn = (op: string, args: Record<string, unknown>) => Promise<unknown>;
export interface ConvexGlobal {
  components: Record<string, { db: DatabaseFake; modules: (path: string) => Promise<unknown> }>;
  transactionManager: { _lastCommitTs: bigint; commit(isNested: boolean): bigint | null };
  syscall: SyscallFn;
  asyncSyscall: AsyncSyscallFn;
  jsSyscall: JsSyscallFn;
}
export interface ExecutionContext {
  udfPath: string;
  udfType: string;
  /** "" for the app, `jobs` or `jobs/batchWorker` inside a component. */
  componentPath: string;
}
/** convex-test's metadata of the request a function runs in; a scheduled run carries its job's id. */
export interface RequestMetadata {
  ip: string | null;
  userAgent: string | null;
  requestId: string;
  scheduledFunctionId: string | null;
  authToken: string | null;
}
export type FunctionPath = { udfPath: string; componentPath: string };

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

export interface Hooks {
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

export type AnySchema = SchemaDefinition<GenericSchema, boolean>;

export interface SchemaViolation {
  table: string;
  id: string;
  /** convex-test's description of the mismatch. */
  message: string;
  /** The document without system fields, and the table's validator (JSON), for a Convex-worded report. */
  fields: Record<string, unknown>;
  validator: unknown;
}


/** A database as the engine's transactions see it (`Engine.transaction`). */
interface EngineDb {
  get(table: string, id: string): Doc | null;
  patch(table: string, id: string, value: Record<string, unknown>): void;
}
