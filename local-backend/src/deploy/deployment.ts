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
import path from "node:path";
import { CodeStore, PushError, type CodeManifest, type ModuleHash, type PushedModule } from "./pushedCode.ts";
import { evaluateDefinitions, type ComponentInstance, type DefinitionMetadata, type PushedComponentDefinition } from "./componentDefinitions.ts";
import type { DeploymentEnvironment } from "./environment.ts";

type AnySchema = SchemaDefinition<GenericSchema, boolean>;

/** The part of the CLI's `startPushRequest` this backend reads. */
export interface StartPushRequest {
  dryRun: boolean;
  functions: string;
  appDefinition: {
    definition: PushedModule | null;
    dependencies: string[];
    schema: PushedModule | null;
    changedModules: PushedModule[];
    unchangedModuleHashes: Array<{ path: string; environment: "isolate" | "node"; sha256: string }>;
    udfServerVersion: string;
  };
  componentDefinitions: PushedComponentDefinition[];
  nodeDependencies: unknown[];
  nodeVersion?: string;
}

/** One component definition loaded: its modules, schema and analysis, shared by its instances. */
interface LoadedDefinition {
  entries: ModuleEntry[];
  dir: string;
  schema: AnySchema | undefined;
  analysis: Record<string, AnalyzedModule>;
  schemaAnalysis: AnalyzedSchema | null;
}

/** Code ready to serve: the app's modules and, with components, the mounted instances and their definitions. */
export interface LoadedCode {
  dir: string;
  entries: ModuleEntry[];
  schema: AnySchema | undefined;
  analysis: Record<string, AnalyzedModule>;
  schemaAnalysis: AnalyzedSchema | null;
  components: { metadata: Map<string, DefinitionMetadata>; instances: ComponentInstance[]; definitions: Map<string, LoadedDefinition> } | null;
}

/** Code loaded and analyzed, waiting for `finish_push`. */
interface PendingPush {
  id: string;
  dryRun: boolean;
  manifest: CodeManifest;
  code: LoadedCode;
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
  /** Serves the code, as dev mode's reload does: functions, schema, components. */
  install(code: LoadedCode): Promise<void>;
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

const schemaOf = (entries: ModuleEntry[]) => entries.find((e) => e.rel === "schema.js")?.mod.default as AnySchema | undefined;

/** What a push's code is, whole: every module with its source (unchanged ones taken from the store). */
interface FullPush {
  modules: PushedModule[];
  schema: PushedModule | null;
  definition: PushedModule | null;
  dependencies: string[];
  components: PushedComponentDefinition[];
}

export class Deployment {
  readonly code: CodeStore;
  private pending: PendingPush | null = null;
  private served: Served = { modules: [], crons: [], schema: null, analysis: {} };
  /** The folder the served pushed code was loaded from (null: built from convex/). */
  private servedDir: string | null = null;
  /** Each mounted component's functions, by component path. */
  private componentAnalyses = new Map<string, Record<string, AnalyzedModule>>();

  constructor(
    dataDir: string,
    private readonly hooks: DeploymentHooks,
  ) {
    this.code = new CodeStore(dataDir);
  }

  /** The analysis of what is served (for `function-spec`): the app's, or the mounted component's at `componentPath`. */
  analysis(componentPath = ""): Record<string, AnalyzedModule> {
    return componentPath ? (this.componentAnalyses.get(componentPath) ?? {}) : this.served.analysis;
  }

  /** Records what the backend serves, whoever loaded it (convex/ at start, or a push), its components too. */
  setServed(entries: ModuleEntry[], schema: AnySchema | undefined, dir: string | null, components: LoadedCode["components"] = null): void {
    this.servedDir = dir;
    const analysis = analyzeModules(entries.filter((e) => !e.rel.startsWith("_system/")));
    this.served = { modules: modulePaths(entries), crons: cronNames(analysis), schema: analyzeSchema(schema), analysis };
    this.componentAnalyses = new Map((components?.instances ?? []).map((i) => [i.componentPath, components!.definitions.get(i.definitionPath)?.analysis ?? {}]));
  }

  /** Loads the last pushed code at a start without a convex/ folder, or null when nothing was pushed. */
  async loadLastPush(): Promise<LoadedCode | null> {
    const m = this.code.manifest();
    if (!m) return null;
    const get = (h: ModuleHash) => {
      const found = this.code.module(h);
      if (!found) throw new Error("The data folder's pushed code is incomplete: push again with `npx convex dev`.");
      return found;
    };
    return this.prepare({
      modules: m.modules.map(get),
      schema: m.schema ? get(m.schema) : null,
      definition: m.definition ? get(m.definition) : null,
      dependencies: m.dependencies ?? [],
      components: (m.components ?? []).map((c) => ({
        definitionPath: c.definitionPath,
        definition: get(c.definition),
        dependencies: c.dependencies,
        schema: c.schema ? get(c.schema) : null,
        functions: c.modules.map(get),
      })),
    });
  }

  /** Writes out, imports and analyzes a push's code, the components' definitions evaluated and mounted. */
  private async prepare(push: FullPush): Promise<LoadedCode> {
    const dir = this.code.newRunDir();
    const entries = await this.code.load(push.schema ? [...push.modules, push.schema] : push.modules, dir);
    const schema = schemaOf(entries);
    const code: LoadedCode = { dir, entries, schema, analysis: analyzeModules(entries), schemaAnalysis: analyzeSchema(schema), components: null };
    if (!push.definition) {
      if (push.components.length) throw new PushError("Component definitions were pushed without the app's convex.config.ts", "InvalidComponents");
      return code;
    }
    const definitions = new Map<string, LoadedDefinition>();
    for (const def of push.components) {
      const defDir = path.join(dir, "_components", Buffer.from(def.definitionPath).toString("base64url"));
      const defEntries = await this.code.load(def.schema ? [...def.functions, def.schema] : def.functions, defDir);
      const defSchema = schemaOf(defEntries);
      definitions.set(def.definitionPath, { entries: defEntries, dir: defDir, schema: defSchema, analysis: analyzeModules(defEntries), schemaAnalysis: analyzeSchema(defSchema) });
    }
    const publicFunctions = (definitionPath: string) =>
      Object.entries(definitions.get(definitionPath)?.analysis ?? {}).flatMap(([modulePath, m]) =>
        m.functions.filter((f) => f.visibility.kind === "public").map((f) => ({ modulePath, name: f.name })),
      );
    const { metadata, instances } = await evaluateDefinitions(dir, { definition: push.definition, dependencies: push.dependencies }, push.components, publicFunctions);
    code.components = { metadata, instances, definitions };
    return code;
  }

  async startPush(req: StartPushRequest): Promise<object> {
    const app = req.appDefinition;
    const unchanged = app.unchangedModuleHashes.map((h) => {
      const m = this.code.module(h);
      if (!m) throw new PushError(`Module ${h.path} was reported unchanged but this deployment never received it: push again.`, "ModuleNotFound");
      return m;
    });
    const modules = [...app.changedModules, ...unchanged];
    const code = await this.prepare({ modules, schema: app.schema, definition: app.definition, dependencies: app.dependencies, components: req.componentDefinitions });
    const keep = (list: PushedModule[]) => (req.dryRun ? [] : this.code.keep(list));
    const one = (m: PushedModule | null) => (m ? keep([m])[0] ?? null : null);
    const manifest: CodeManifest = {
      functions: req.functions,
      nodeVersion: req.nodeVersion,
      udfServerVersion: app.udfServerVersion,
      modules: keep(modules),
      schema: one(app.schema),
      definition: one(app.definition),
      dependencies: app.dependencies,
      components: req.componentDefinitions.map((c) => ({
        definitionPath: c.definitionPath,
        definition: one(c.definition)!,
        dependencies: c.dependencies,
        schema: one(c.schema),
        modules: keep(c.functions),
      })),
    };
    const id = randomUUID();
    this.code.prune([code.dir, ...(this.servedDir ? [this.servedDir] : [])]);
    this.pending = { id, dryRun: req.dryRun, manifest, code };
    const authConfig = code.entries.find((e) => e.rel === "auth.config.js")?.mod.default as { providers?: Array<Record<string, unknown>> } | undefined;
    const timestamp = Buffer.alloc(8);
    timestamp.writeBigInt64LE(BigInt(Date.now()));
    const udfConfig = {
      serverVersion: app.udfServerVersion,
      importPhaseRngSeed: { $bytes: randomBytes(32).toString("base64") },
      importPhaseUnixTimestamp: { $integer: timestamp.toString("base64") },
    };
    const appMetadata = code.components?.metadata.get("") ?? {
      path: "",
      definitionType: { type: "app" },
      childComponents: [],
      httpMounts: {},
      exports: { type: "branch", branch: [] },
    };
    const analysis: Record<string, object> = { "": { definition: appMetadata, schema: code.schemaAnalysis, functions: code.analysis, udfConfig } };
    for (const [definitionPath, def] of code.components?.definitions ?? []) {
      analysis[definitionPath] = { definition: code.components!.metadata.get(definitionPath), schema: def.schemaAnalysis, functions: def.analysis, udfConfig };
    }
    return {
      environmentVariables: this.hooks.environment.record(),
      externalDepsId: null,
      componentDefinitionPackages: {},
      appAuth: (authConfig?.providers ?? []).map(normalizedAuthProvider),
      analysis,
      app: checkedComponent(code, "", ""),
      schemaChange: { allocatedComponentIds: {}, schemaIds: { "": id }, indexDiffs: { "": indexDiff(this.served.schema, code.schemaAnalysis) } },
    };
  }

  private pendingFor(schemaChange: unknown): PendingPush | null {
    const id = (schemaChange as { schemaIds?: Record<string, unknown> } | undefined)?.schemaIds?.[""];
    return this.pending && this.pending.id === id ? this.pending : null;
  }

  /** The first stored documents the pushed schemas refuse: the app's, then each component's. */
  private violations(code: LoadedCode): { componentPath: string; message: string; table: string } | null {
    const internals = this.hooks.engine().internals;
    const app = internals.schemaViolations(code.schema, SCHEMA_VIOLATIONS_SHOWN);
    if (app.length) return { componentPath: "", message: formatViolations(app), table: app[0].table };
    for (const instance of code.components?.instances ?? []) {
      const found = internals.schemaViolations(code.components!.definitions.get(instance.definitionPath)?.schema, SCHEMA_VIOLATIONS_SHOWN, instance.componentPath);
      if (found.length) return { componentPath: instance.componentPath, message: formatViolations(found), table: found[0].table };
    }
    return null;
  }

  /** The stored documents against the pushed schemas: complete, or failed naming the first mismatches. */
  waitForSchema(schemaChange: unknown): object {
    const push = this.pendingFor(schemaChange);
    if (!push) return { type: "raceDetected" };
    const found = this.violations(push.code);
    if (!found) return { type: "complete" };
    return { type: "failed", error: found.message, componentPath: found.componentPath, tableName: found.table };
  }

  async finishPush(startPush: unknown, dryRun: boolean): Promise<object> {
    const push = this.pendingFor((startPush as { schemaChange?: unknown } | undefined)?.schemaChange);
    if (!push) throw new PushError("Schema was overwritten by another push.", "RaceDetected");
    const before = this.served;
    const after = { modules: modulePaths(push.code.entries), crons: cronNames(push.code.analysis), schema: push.code.schemaAnalysis };
    if (!dryRun && !push.dryRun) {
      // Documents written since wait_for_schema must match too.
      const found = this.violations(push.code);
      if (found) throw new PushError(`Schema validation failed.\n${found.message}`, "SchemaValidationFailed");
      await this.hooks.install(push.code);
      this.code.commit(push.manifest);
      this.pending = null;
      this.code.prune([push.code.dir]);
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

/** The instance tree as Convex's type checking returns it (`checkedComponent`), from `componentPath` down. */
function checkedComponent(code: LoadedCode, definitionPath: string, componentPath: string): object {
  const analysis = definitionPath === "" ? code.analysis : (code.components?.definitions.get(definitionPath)?.analysis ?? {});
  const routes = analysis["http.js"]?.httpRoutes;
  const children: Record<string, object> = {};
  for (const instance of code.components?.instances ?? []) {
    const parent = instance.componentPath.includes("/") ? instance.componentPath.slice(0, instance.componentPath.lastIndexOf("/")) : "";
    if (parent === componentPath) children[instance.name] = checkedComponent(code, instance.definitionPath, instance.componentPath);
  }
  return {
    definitionPath,
    componentPath,
    args: {},
    childComponents: children,
    httpRoutes: { httpModuleRoutes: routes ? routes.map((r) => r.route) : null, mounts: [] },
    exports: {},
  };
}

/** A provider of auth.config.ts as Convex answers it: a custom JWT without an application id has `applicationID: null`. */
function normalizedAuthProvider(provider: Record<string, unknown>): Record<string, unknown> {
  return provider.type === "customJwt" ? { ...provider, applicationID: provider.applicationID ?? null } : provider;
}
