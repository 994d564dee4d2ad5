// A push as Convex's backend takes it (crates/application deploy_config): `start_push` loads and analyzes
// the new code without serving it, `wait_for_schema` checks the stored documents against its schema, and
// `finish_push` swaps it in (every document, scheduled job and subscription kept) and records it in the
// data folder. Only the latest started push can finish; an older one is told another push raced it.
import { randomBytes, randomUUID } from "node:crypto";
import type { GenericSchema, SchemaDefinition } from "convex/server";
import type { Engine } from "../engine.ts";
import type { ModuleEntry } from "../modules.ts";
import { formatViolations } from "../reload.ts";
import { analyzeModules, analyzeSchema, indexDiff, type AnalyzedModule, type AnalyzedSchema } from "./analyze.ts";
import { CodeStore, PushError, type CodeManifest, type PushedModule } from "./pushedCode.ts";
import type { DeploymentEnvironment } from "./environment.ts";

type AnySchema = SchemaDefinition<GenericSchema, boolean>;

/** The part of the CLI's `startPushRequest` this backend reads. */
export interface StartPushRequest {
  dryRun: boolean;
  functions: string;
  appDefinition: {
    schema: PushedModule | null;
    changedModules: PushedModule[];
    unchangedModuleHashes: Array<{ path: string; environment: "isolate" | "node"; sha256: string }>;
    udfServerVersion: string;
  };
  componentDefinitions: unknown[];
  nodeDependencies: unknown[];
  nodeVersion?: string;
}

/** Code loaded and analyzed, waiting for `finish_push`. */
interface PendingPush {
  id: string;
  dryRun: boolean;
  manifest: CodeManifest;
  entries: ModuleEntry[];
  dir: string;
  schema: AnySchema | undefined;
  analysis: Record<string, AnalyzedModule>;
  schemaAnalysis: AnalyzedSchema | null;
}

/** What the backend serves now, as the push diff compares it. */
interface Served {
  modules: string[];
  crons: string[];
  schema: AnalyzedSchema | null;
  analysis: Record<string, AnalyzedModule>;
}

interface DeploymentHooks {
  engine: () => Engine;
  environment: DeploymentEnvironment;
  cloudUrl: string;
  siteUrl: string;
  /** Serves `entries` (from folder `dir`) with `schema`, as dev mode's reload does. */
  install(entries: ModuleEntry[], dir: string, schema: AnySchema | undefined): Promise<void>;
}

const SCHEMA_VIOLATIONS_SHOWN = 10;

function cronNames(analysis: Record<string, AnalyzedModule>): string[] {
  return (analysis["crons.js"]?.cronSpecs ?? []).map((c) => c.identifier);
}

/** The function modules' paths as the push diff names them (`messages.js`). */
function modulePaths(entries: ModuleEntry[]): string[] {
  return entries
    .map((e) => e.rel.replace(/\.[^./]+$/, ".js"))
    .filter((p) => p !== "schema.js" && p !== "auth.config.js" && !p.startsWith("_system/"))
    .sort();
}

export class Deployment {
  readonly code: CodeStore;
  private pending: PendingPush | null = null;
  private served: Served = { modules: [], crons: [], schema: null, analysis: {} };
  /** The folder the served pushed code was loaded from (null: built from convex/). */
  private servedDir: string | null = null;

  constructor(
    dataDir: string,
    private readonly hooks: DeploymentHooks,
  ) {
    this.code = new CodeStore(dataDir);
  }

  /** The analysis of what is served (for `function-spec`). */
  analysis(): Record<string, AnalyzedModule> {
    return this.served.analysis;
  }

  /** Records what the backend serves, whoever loaded it (convex/ at start, or a push). */
  setServed(entries: ModuleEntry[], schema: AnySchema | undefined, dir: string | null): void {
    this.servedDir = dir;
    const analysis = analyzeModules(entries.filter((e) => !e.rel.startsWith("_system/")));
    this.served = { modules: modulePaths(entries), crons: cronNames(analysis), schema: analyzeSchema(schema), analysis };
  }

  /** Loads the last pushed code at a start without a convex/ folder, or null when nothing was pushed. */
  async loadLastPush(): Promise<{ entries: ModuleEntry[]; dir: string } | null> {
    const manifest = this.code.manifest();
    if (!manifest) return null;
    const modules = [...manifest.modules, ...(manifest.schema ? [manifest.schema] : [])].map((h) => this.code.module(h));
    if (modules.some((m) => m === null)) throw new Error("The data folder's pushed code is incomplete: push again with `npx convex dev`.");
    return this.code.load(modules as PushedModule[]);
  }

  async startPush(req: StartPushRequest): Promise<object> {
    if (req.componentDefinitions.length > 0)
      throw new PushError("This backend does not run components yet: remove `app.use(...)` from convex/convex.config.ts.", "InvalidComponents");
    const app = req.appDefinition;
    const unchanged = app.unchangedModuleHashes.map((h) => {
      const m = this.code.module(h);
      if (!m) throw new PushError(`Module ${h.path} was reported unchanged but this deployment never received it: push again.`, "ModuleNotFound");
      return m;
    });
    const modules = [...app.changedModules, ...unchanged];
    const all = app.schema ? [...modules, app.schema] : modules;
    const loaded = await this.code.load(all);
    const schema = loaded.entries.find((e) => e.rel === "schema.js")?.mod.default as AnySchema | undefined;
    const analysis = analyzeModules(loaded.entries);
    const schemaAnalysis = analyzeSchema(schema);
    const hashes = req.dryRun ? [] : this.code.keep(all);
    const manifest: CodeManifest = {
      functions: req.functions,
      nodeVersion: req.nodeVersion,
      udfServerVersion: app.udfServerVersion,
      modules: hashes.filter((h) => h.path !== "schema.js" || !app.schema),
      schema: app.schema ? (hashes.find((h) => h.path === app.schema!.path) ?? null) : null,
    };
    const id = randomUUID();
    this.code.prune([loaded.dir, ...(this.servedDir ? [this.servedDir] : [])]);
    this.pending = { id, dryRun: req.dryRun, manifest, entries: loaded.entries, dir: loaded.dir, schema, analysis, schemaAnalysis };
    const authConfig = loaded.entries.find((e) => e.rel === "auth.config.js")?.mod.default as { providers?: Array<Record<string, unknown>> } | undefined;
    const httpRoutes = analysis["http.js"]?.httpRoutes;
    const timestamp = Buffer.alloc(8);
    timestamp.writeBigInt64LE(BigInt(Date.now()));
    return {
      environmentVariables: this.hooks.environment.record(),
      externalDepsId: null,
      componentDefinitionPackages: {},
      appAuth: authConfig?.providers ?? [],
      analysis: {
        "": {
          definition: { path: "", definitionType: { type: "app" }, childComponents: [], httpMounts: {}, exports: { type: "branch", branch: [] } },
          schema: schemaAnalysis,
          functions: analysis,
          udfConfig: {
            serverVersion: app.udfServerVersion,
            importPhaseRngSeed: { $bytes: randomBytes(32).toString("base64") },
            importPhaseUnixTimestamp: { $integer: timestamp.toString("base64") },
          },
        },
      },
      app: {
        definitionPath: "",
        componentPath: "",
        args: {},
        childComponents: {},
        httpRoutes: { httpModuleRoutes: httpRoutes ? httpRoutes.map((r) => r.route) : null, mounts: [] },
        exports: {},
      },
      schemaChange: { allocatedComponentIds: {}, schemaIds: { "": id }, indexDiffs: { "": indexDiff(this.served.schema, schemaAnalysis) } },
    };
  }

  private pendingFor(schemaChange: unknown): PendingPush | null {
    const id = (schemaChange as { schemaIds?: Record<string, unknown> } | undefined)?.schemaIds?.[""];
    return this.pending && this.pending.id === id ? this.pending : null;
  }

  /** The stored documents against the pushed schema: complete, or failed naming the first mismatches. */
  waitForSchema(schemaChange: unknown): object {
    const push = this.pendingFor(schemaChange);
    if (!push) return { type: "raceDetected" };
    const violations = this.hooks.engine().internals.schemaViolations(push.schema, SCHEMA_VIOLATIONS_SHOWN);
    if (!violations.length) return { type: "complete" };
    return { type: "failed", error: formatViolations(violations), componentPath: "", tableName: violations[0].table };
  }

  async finishPush(startPush: unknown, dryRun: boolean): Promise<object> {
    const push = this.pendingFor((startPush as { schemaChange?: unknown } | undefined)?.schemaChange);
    if (!push) throw new PushError("Schema was overwritten by another push.", "RaceDetected");
    const before = this.served;
    const after = {
      modules: modulePaths(push.entries),
      crons: cronNames(push.analysis),
      schema: push.schemaAnalysis,
    };
    if (!dryRun && !push.dryRun) {
      // Documents written since wait_for_schema must match too.
      const violations = this.hooks.engine().internals.schemaViolations(push.schema, SCHEMA_VIOLATIONS_SHOWN);
      if (violations.length) throw new PushError(`Schema validation failed.\n${formatViolations(violations)}`, "SchemaValidationFailed");
      await this.hooks.install(push.entries, push.dir, push.schema);
      this.code.commit(push.manifest);
      this.pending = null;
      this.code.prune([push.dir]);
    }
    const schemaText = (s: AnalyzedSchema | null) => (s ? JSON.stringify(s) : null);
    return {
      authDiff: { added: [], removed: [] },
      definitionDiffs: {},
      componentDiffs: {
        "": {
          diffType: { type: before.modules.length ? "modify" : "create" },
          moduleDiff: { added: after.modules.filter((m) => !before.modules.includes(m)), removed: before.modules.filter((m) => !after.modules.includes(m)) },
          udfConfigDiff: null,
          cronDiff: {
            added: after.crons.filter((c) => !before.crons.includes(c)),
            updated: after.crons.filter((c) => before.crons.includes(c)),
            deleted: before.crons.filter((c) => !after.crons.includes(c)),
          },
          indexDiff: indexDiff(before.schema, after.schema),
          schemaDiff: schemaText(before.schema) === schemaText(after.schema) ? null : { previous_schema: schemaText(before.schema), next_schema: schemaText(after.schema) },
        },
      },
    };
  }

  configHashes(): object {
    const m = this.code.manifest();
    return {
      config: { functions: m?.functions ?? "convex/", authInfo: [], ...(m?.nodeVersion ? { nodeVersion: m.nodeVersion } : {}) },
      moduleHashes: (m?.modules ?? []).map((h) => ({ path: h.path, hash: h.sha256, environment: h.environment })),
      nodeDependencies: [],
      udfServerVersion: m?.udfServerVersion ?? null,
      nodeVersion: m?.nodeVersion ?? null,
    };
  }

  canonicalUrls(): object {
    return { convexCloudUrl: this.hooks.cloudUrl, convexSiteUrl: this.hooks.siteUrl };
  }
}
