// Runs the app's functions on convex-test: resolves and checks visibility once per path, validates
// arguments, captures logs and read sets, applies pagination journals and serves storage syscalls.
import { AsyncLocalStorage } from "node:async_hooks";
import { makeFunctionReference, type GenericSchema, type SchemaDefinition } from "convex/server";
import { convexToJson, jsonToConvex, type Value } from "convex/values";
import { createEngine, type CommitChange, type Doc, type Engine as Internals, type TestAccessor } from "./internals.ts";
import { findModule, isFunctionModulePath, isNodeFunction, type LoadedModule, type ModuleMap } from "./modules.ts";
import { canonicalizeUdfPath, isObject, type FunctionKind, type Identity, type Json } from "./protocol.ts";
import { formatError, nestedFailure, newRequestId, recogniseConvexErrorsOfEveryCopy, notFoundError, type FormattedError } from "./errors.ts";
import { validateArgs, type ValidatorJson } from "./validate.ts";
import { checkArgumentLimits } from "./limits.ts";
import { checkIdTable, storageIdProblem, sha256Hex } from "./ids.ts";
import { LogCollector, installConsoleCapture, logContext } from "./logs.ts";
import { ReadSet } from "./reads.ts";
import type { FileStore } from "./storage.ts";
import { functionLog, type UdfTypeJson } from "./deploy/functionLogs.ts";

interface ResolvedFunction {
  path: string;
  kind: FunctionKind;
  isPublic: boolean;
  args: ValidatorJson;
}

export type CallResult =
  | { ok: true; value: Json; logLines: string[] }
  | { ok: false; error: FormattedError; logLines: string[] };

/** State of one query evaluation: what it read, and the pagination end cursor it is pinned to. */
export class QueryContext {
  readonly reads = new ReadSet();
  /** End cursor of the page, recorded on the first evaluation and reused so page boundaries stay put. */
  constructor(public journal: string | null) {}
}

interface RegisteredFunction {
  isQuery?: boolean;
  isMutation?: boolean;
  isAction?: boolean;
  isPublic?: boolean;
  exportArgs?: () => string;
}

const queryContext = new AsyncLocalStorage<QueryContext>();

interface EngineOptions {
  /** A mounted component's function (its kind and arguments' validator), or null when it has none by that path. */
  componentFunction: (componentPath: string, udfPath: string) => { kind: FunctionKind; args: ValidatorJson } | null;
  schema: SchemaDefinition<GenericSchema, boolean> | undefined;
  modules: ModuleMap;
  loaded: Map<string, LoadedModule>;
  files: FileStore;
  cloudUrl: string;
  onCommit: (changes: CommitChange[]) => void;
}

/**
 * Convex's runtime hands on a ConvexError thrown by a handler with its data serialized (JSON text, for the
 * syscall boundary); a query's or mutation's comes back deserialized, an HTTP action's not: its data is read
 * back here, so the error's body carries the value itself.
 */
function withDataDeserialized(e: unknown): unknown {
  if (typeof e !== "object" || e === null || !(Symbol.for("ConvexError") in e) || !("ConvexErrorSymbol" in e)) return e;
  const error = e as unknown as { data: unknown };
  if (typeof error.data !== "string") return e;
  try {
    error.data = jsonToConvex(JSON.parse(error.data) as Json);
  } catch {
    // Not serialized after all: kept as it is.
  }
  return e;
}

export class Engine {
  private readonly resolved = new Map<string, ResolvedFunction | null>();
  private readonly accessors = new Map<string, TestAccessor>();
  private readonly refs = new Map<string, unknown>();

  private constructor(
    readonly internals: Internals,
    private readonly opts: EngineOptions,
  ) {}

  static async create(opts: EngineOptions): Promise<Engine> {
    // The hooks are installed before the Engine exists; they reach it through this holder.
    const holder: { engine?: Engine } = {};
    const internals = await createEngine(opts.schema, opts.modules, {
      onCommit: (changes) => opts.onCommit(changes),
      onQueryStream: (source) => queryContext.getStore()?.reads.addSource(source, internals.currentComponent()),
      asyncSyscall: (op, json, next) => (holder.engine ? holder.engine.asyncSyscall(op, json, next) : next(json)),
      storeBlob: (id, bytes, type) => opts.files.write(id, bytes, type),
      readBlob: (id) => opts.files.read(id),
    });
    const engine = (holder.engine = new Engine(internals, opts));
    installConsoleCapture(() => internals.currentUdf(), isNodeFunction);
    recogniseConvexErrorsOfEveryCopy();
    return engine;
  }

  /** New code for the same data (dev mode): every function is looked up again. */
  replaceModules(modules: ModuleMap, loaded: Map<string, LoadedModule>, schema: EngineOptions["schema"]): void {
    this.internals.replaceModules(modules, schema);
    this.opts.loaded = loaded;
    this.opts.modules = modules;
    this.resolved.clear();
  }

  /** Null for anything that is not a registered Convex function. */
  resolve(udfPath: string): ResolvedFunction | null {
    const path = canonicalizeUdfPath(udfPath);
    const cached = this.resolved.get(path);
    if (cached !== undefined) return cached;
    const [mod, name] = path.split(":");
    const fn = (isFunctionModulePath(mod) ? findModule(this.opts.loaded, mod)?.[name] : undefined) as RegisteredFunction | undefined;
    let r: ResolvedFunction | null = null;
    if (fn && (typeof fn === "object" || typeof fn === "function")) {
      const kind: FunctionKind | null = fn.isQuery ? "query" : fn.isMutation ? "mutation" : fn.isAction ? "action" : null;
      if (kind) {
        const args = fn.exportArgs ? (JSON.parse(fn.exportArgs()) as ValidatorJson) : { type: "any" as const };
        r = { path, kind, isPublic: fn.isPublic === true, args };
      }
    }
    this.resolved.set(path, r);
    return r;
  }

  /** A function of the component at `componentPath`, any visibility: only the admin key reaches one. */
  private resolveInComponent(componentPath: string, udfPath: string, admin: boolean): ResolvedFunction | null {
    const path = canonicalizeUdfPath(udfPath);
    const fn = admin ? this.opts.componentFunction(componentPath, path) : null;
    return fn ? { path, kind: fn.kind, isPublic: false, args: fn.args } : null;
  }

  accessor(identity: Identity | null): TestAccessor {
    const key = identity ? JSON.stringify(identity) : "";
    let a = this.accessors.get(key);
    if (!a) {
      if (this.accessors.size > 10_000) this.accessors.clear();
      a = identity ? this.internals.t.withIdentity(identity) : this.internals.t;
      this.accessors.set(key, a);
    }
    return a;
  }

  private ref(path: string): unknown {
    let r = this.refs.get(path);
    if (!r) this.refs.set(path, (r = makeFunctionReference(path)));
    return r;
  }

  /**
   * Calls a public function as a client would (any function with `admin`). `kind` "any" is the HTTP API's /api/function.
   * `query` carries read tracking and the pagination journal for subscriptions.
   */
  async call(
    kind: FunctionKind | "any",
    udfPath: string,
    argsJson: Json | undefined,
    identity: Identity | null,
    query?: QueryContext,
    /** Called with the deployment's admin key: internal functions may run, as with `npx convex run`. */
    admin = false,
    /** The documents as of a past timestamp, for a query read at that timestamp (`/api/query_at_ts`). */
    snapshot?: Record<string, Doc> | null,
    /** A mounted component's function (the CLI's `--component`): with the admin key only, as on Convex. */
    componentPath = "",
  ): Promise<CallResult> {
    const requestId = newRequestId();
    const fn = componentPath ? this.resolveInComponent(componentPath, udfPath, admin) : this.resolve(udfPath);
    const label = `${(fn?.kind ?? kind)[0].toUpperCase()} ${componentPath ? `${componentPath}/` : ""}${fn?.path ?? udfPath}`;
    const logs = new LogCollector(label);
    const startedAt = Date.now();
    let failure: string | null = null;
    try {
      if (!fn || (!fn.isPublic && !admin) || (kind !== "any" && fn.kind !== kind)) throw notFoundError(udfPath);
      const args = jsonToConvex(argsJson ?? {}) as Value;
      if (!isObject(args)) throw new Error(`The arguments to a Convex function must be an object. Received: ${String(args)}`);
      checkArgumentLimits(fn.path, args);
      validateArgs(fn.args, args);
      const a = this.accessor(identity);
      const ref = this.ref(fn.path);
      const exec = componentPath
        ? () => this.internals.runByPath(fn.path, args, componentPath)
        : () => (fn.kind === "query" ? a.query(ref, args) : fn.kind === "mutation" ? a.mutation(ref, args) : a.action(ref, args));
      const run = snapshot && fn.kind === "query" ? () => this.internals.readAt(snapshot, exec) : exec;
      const value = await logContext.run(logs, () => (query ? queryContext.run(query, run) : run()));
      return { ok: true, value: convexToJson(value as Value), logLines: logs.lines };
    } catch (e) {
      const error = formatError(e, requestId);
      failure = error.errorMessage;
      return { ok: false, error, logLines: logs.lines };
    } finally {
      logs.open = false;
      // The backend's own `_system` queries (the CLI's) are not the deployment's executions.
      if (fn && !fn.path.startsWith("_system/"))
        this.logExecution(fn.kind, (componentPath ? `${componentPath}/` : "") + fn.path, logs, startedAt, failure, query ? "websocket" : "http");
    }
  }

  /** Runs any function by path (scheduled jobs, crons), without visibility checks. */
  async runByPath(path: string, args: Value, componentPath = ""): Promise<unknown> {
    const logs = new LogCollector(componentPath ? `${componentPath}/${path}` : path);
    const startedAt = Date.now();
    let failure: string | null = null;
    try {
      return await logContext.run(logs, () => this.internals.runByPath(path, args, componentPath));
    } catch (e) {
      failure = (e as Error)?.message ?? String(e);
      throw e;
    } finally {
      const kind = componentPath ? "action" : (this.resolve(path)?.kind ?? "action");
      this.logExecution(kind, (componentPath ? `${componentPath}/` : "") + canonicalizeUdfPath(path), logs, startedAt, failure, "scheduler");
    }
  }

  async fetch(identity: Identity | null, path: string, init?: RequestInit): Promise<Response> {
    const logs = new LogCollector(`H ${path}`);
    const startedAt = Date.now();
    let failure: string | null = null;
    try {
      return await logContext.run(logs, () => this.accessor(identity).fetch(path, init));
    } catch (e) {
      failure = (e as Error)?.message ?? String(e);
      throw withDataDeserialized(e);
    } finally {
      const method = init?.method ?? "GET";
      this.logExecution("http", `${method} ${new URL(path, "http://x").pathname}`, logs, startedAt, failure, "http");
    }
  }

  /** One entry of `npx convex logs` (deploy/functionLogs.ts). */
  private logExecution(kind: FunctionKind | "http", path: string, logs: LogCollector, startedAt: number, error: string | null, caller: string): void {
    const udfType: UdfTypeJson = kind === "query" ? "Query" : kind === "mutation" ? "Mutation" : kind === "action" ? "Action" : "HttpAction";
    functionLog.record({ udfType, identifier: path.replace(/\.js:/, ":"), logLines: [...logs.lines], startedAt, error, caller, node: kind === "action" && isNodeFunction(path) });
  }

  private async asyncSyscall(op: string, json: string, next: (json: string) => Promise<string>): Promise<string> {
    const q = queryContext.getStore();
    const component = this.internals.currentComponent();
    switch (op) {
      case "1.0/get": {
        const { id, isSystem } = JSON.parse(json) as { id: string; isSystem?: boolean };
        checkIdTable(id, isSystem === true);
        if (q) q.reads.addId(id, component);
        return next(json);
      }
      case "1.0/shallowMerge":
      case "1.0/replace":
      case "1.0/remove":
        checkIdTable((JSON.parse(json) as { id: string }).id, false);
        return next(json);
      case "1.0/storageDelete": {
        const { storageId } = JSON.parse(json) as { storageId: string };
        storageIdProblem(storageId, "storage.delete");
        if (this.internals.storageDocument(storageId, component) === null) throw new Error(`storage id ${storageId} not found`);
        return next(json);
      }
      case "1.0/count": {
        if (q) q.reads.addTable((JSON.parse(json) as { table: string }).table, component);
        return next(json);
      }
      case "1.0/runUdf":
        try {
          return await next(json);
        } catch (e) {
          // The runtime keeps only the message of what the callee threw; the caller nests the original.
          const failure = nestedFailure.getStore();
          if (failure) failure.error = e;
          throw e;
        }
      case "1.0/queryPage":
        return q ? this.queryPage(q, json, next) : next(json);
      case "1.0/storageGenerateUploadUrl":
        // The token names the component asking: the upload stores the file in its storage.
        return JSON.stringify(`${this.opts.cloudUrl}/api/storage/upload?token=${this.opts.files.uploadToken(component)}`);
      case "1.0/storageGetUrl": {
        const { storageId } = JSON.parse(json) as { storageId: string };
        storageIdProblem(storageId, "storage.getUrl");
        if (this.internals.storageDocument(storageId, component) === null) return "null";
        // A component's file is asked for with its component, as Convex's URLs name it.
        return JSON.stringify(`${this.opts.cloudUrl}/api/storage/${storageId}${component ? `?component=${encodeURIComponent(component)}` : ""}`);
      }
      case "1.0/storageGetMetadata": {
        const { storageId } = JSON.parse(json) as { storageId: string };
        storageIdProblem(storageId, "storage.getMetadata");
        const doc = this.internals.storageDocument(storageId, component);
        if (!doc) return "null";
        // Convex's fields only; the digest in hex (the `_storage` document keeps it in base64).
        return JSON.stringify({ storageId, sha256: sha256Hex(String(doc.sha256)), size: doc.size, contentType: doc.contentType ?? null });
      }
      default:
        return next(json);
    }
  }

  /** Pins a subscription's page to the end cursor of its first evaluation, like the real backend's journal. */
  private async queryPage(q: QueryContext, json: string, next: (json: string) => Promise<string>): Promise<string> {
    const args = JSON.parse(json) as { query: { source: Parameters<ReadSet["addSource"]>[0] }; endCursor: string | null };
    q.reads.addSource(args.query.source, this.internals.currentComponent());
    const pinned = args.endCursor ?? q.journal;
    const raw = await next(pinned === args.endCursor ? json : JSON.stringify({ ...args, endCursor: pinned }));
    const result = JSON.parse(raw) as { continueCursor: string; isDone: boolean };
    if (pinned === null) {
      q.journal = result.continueCursor;
      return raw;
    }
    // A page pinned to the end of the table stays the last page; otherwise it ends exactly at its cursor.
    return JSON.stringify({ ...result, continueCursor: pinned, isDone: pinned === "_end_cursor" });
  }
}
