// What Convex's backend learns from pushed code before serving it ("analyze"): each module's functions
// with their type, visibility and validators, the HTTP routes, the cron jobs, and the schema's tables and
// indexes. Shaped as the CLI's deploy API types them (`analyzedModule`, `analyzedSchema`), and stored with
// the push for `npx convex function-spec`.
import type { GenericSchema, SchemaDefinition } from "convex/server";
import type { ModuleEntry } from "../modules.ts";
import { isFunctionModulePath } from "../modules.ts";

interface AnalyzedFunction {
  name: string;
  pos: null;
  udfType: "Query" | "Mutation" | "Action";
  visibility: { kind: "public" | "internal" };
  args: string;
  returns: string;
}

export interface AnalyzedModule {
  functions: AnalyzedFunction[];
  httpRoutes: Array<{ route: { path: string; method: string }; pos: null }> | null;
  cronSpecs: Array<{ identifier: string; spec: { udfPath: string; udfArgs: unknown; cronSchedule: unknown } }> | null;
  sourceMapped: null;
}

interface Registered {
  isQuery?: boolean;
  isMutation?: boolean;
  isAction?: boolean;
  isPublic?: boolean;
  exportArgs?: () => string;
  exportReturns?: () => string;
}

const ANY = JSON.stringify({ type: "any" });

function analyzeModule(e: ModuleEntry): AnalyzedModule {
  const functions: AnalyzedFunction[] = [];
  let httpRoutes: AnalyzedModule["httpRoutes"] = null;
  let cronSpecs: AnalyzedModule["cronSpecs"] = null;
  const modPath = e.rel.replace(/\.js$/, "");
  for (const [name, value] of Object.entries(e.mod).sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!value || (typeof value !== "object" && typeof value !== "function")) continue;
    const fn = value as Registered;
    const udfType = fn.isQuery ? "Query" : fn.isMutation ? "Mutation" : fn.isAction ? "Action" : null;
    if (udfType && isFunctionModulePath(modPath)) {
      functions.push({
        name,
        pos: null,
        udfType,
        visibility: { kind: fn.isPublic ? "public" : "internal" },
        args: fn.exportArgs ? fn.exportArgs() : ANY,
        returns: fn.exportReturns ? fn.exportReturns() : ANY,
      });
    }
  }
  const router = e.mod.default as { isRouter?: boolean; getRoutes?: () => Array<[string, string, unknown]> } | undefined;
  if (modPath === "http" && router?.isRouter && router.getRoutes) {
    httpRoutes = router.getRoutes().map(([path, method]) => ({ route: { path, method }, pos: null }));
  }
  const crons = e.mod.default as { isCrons?: boolean; crons?: Record<string, { name: string; args: unknown; schedule: unknown }> } | undefined;
  if (modPath === "crons" && crons?.isCrons && crons.crons) {
    cronSpecs = Object.entries(crons.crons).map(([identifier, c]) => ({
      identifier,
      spec: { udfPath: c.name, udfArgs: c.args, cronSchedule: c.schedule },
    }));
  }
  return { functions, httpRoutes, cronSpecs, sourceMapped: null };
}

/** Every function module's analysis by path (`messages.js`); chunks and configuration files are not modules. */
export function analyzeModules(entries: ModuleEntry[]): Record<string, AnalyzedModule> {
  const out: Record<string, AnalyzedModule> = {};
  for (const e of entries) if (isFunctionModulePath(e.rel.replace(/\.js$/, ""))) out[e.rel] = analyzeModule(e);
  return out;
}

type AnySchema = SchemaDefinition<GenericSchema, boolean>;

export interface AnalyzedSchema {
  tables: Array<{
    tableName: string;
    indexes: Array<{ indexDescriptor: string; fields: string[] }>;
    searchIndexes?: Array<{ indexDescriptor: string; searchField: string; filterFields: string[] }>;
    vectorIndexes?: Array<{ indexDescriptor: string; vectorField: string; dimensions?: number; filterFields: string[] }>;
    documentType: unknown;
  }>;
  schemaValidation: boolean;
}

export function analyzeSchema(schema: AnySchema | undefined): AnalyzedSchema | null {
  return schema ? (JSON.parse((schema as unknown as { export(): string }).export()) as AnalyzedSchema) : null;
}

/** An index as the CLI's push diff names it (`developerIndexConfig`). */
type IndexConfig =
  | { name: string; type: "database"; fields: string[] }
  | { name: string; type: "search"; searchField: string; filterFields: string[] }
  | { name: string; type: "vector"; dimensions: number; vectorField: string; filterFields: string[] };

function indexesOf(schema: AnalyzedSchema | null): Map<string, IndexConfig> {
  const out = new Map<string, IndexConfig>();
  for (const t of schema?.tables ?? []) {
    for (const i of t.indexes) out.set(`${t.tableName}.${i.indexDescriptor}`, { name: `${t.tableName}.${i.indexDescriptor}`, type: "database", fields: i.fields });
    for (const i of t.searchIndexes ?? [])
      out.set(`${t.tableName}.${i.indexDescriptor}`, { name: `${t.tableName}.${i.indexDescriptor}`, type: "search", searchField: i.searchField, filterFields: i.filterFields });
    for (const i of t.vectorIndexes ?? [])
      out.set(`${t.tableName}.${i.indexDescriptor}`, {
        name: `${t.tableName}.${i.indexDescriptor}`,
        type: "vector",
        dimensions: i.dimensions ?? 0,
        vectorField: i.vectorField,
        filterFields: i.filterFields,
      });
  }
  return out;
}

/** Indexes added and removed between two schemas (a changed index is removed and added, as Convex reports it). */
export function indexDiff(before: AnalyzedSchema | null, after: AnalyzedSchema | null): { added_indexes: IndexConfig[]; removed_indexes: IndexConfig[] } {
  const a = indexesOf(before);
  const b = indexesOf(after);
  const same = (x: IndexConfig, y: IndexConfig) => JSON.stringify(x) === JSON.stringify(y);
  return {
    added_indexes: [...b.values()].filter((i) => !a.has(i.name) || !same(a.get(i.name)!, i)),
    removed_indexes: [...a.values()].filter((i) => !b.has(i.name) || !same(b.get(i.name)!, i)),
  };
}
