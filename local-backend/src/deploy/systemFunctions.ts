// The `_system/cli/*` queries the Convex CLI calls (with the admin key, over the sync WebSocket or the HTTP
// API), as Convex's own system functions answer them (npm-packages/system-udfs/convex/_system/cli): served
// beside the deployment's modules, internal, so only the admin key reaches them.
import { internalQueryGeneric, paginationOptsValidator, type GenericQueryCtx, type GenericDataModel } from "convex/server";
import { v, jsonToConvex, type Value } from "convex/values";
import type { ModuleEntry } from "../modules.ts";
import type { AnalyzedModule } from "./analyze.ts";

/** What the system functions read that is not in the database. */
interface SystemState {
  /** Tables that exist in a component ("" for the app): declared by its schema or holding documents, system tables included. */
  tables(componentPath: string): string[];
  environment(): Array<{ name: string; value: string }>;
  /** The analysis of the modules served now, the app's or a component's. */
  analysis(componentPath: string): Record<string, AnalyzedModule>;
  /** The component the system function runs in ("" for the app): the CLI names one with `--component`. */
  currentComponent(): string;
  cloudUrl: string;
  /** The latest snapshot export, as Convex's `_exports` document, or null. */
  latestExport(): Record<string, Value> | null;
  /** The snapshot imports, newest first (`_snapshot_imports`). */
  imports(): Array<Record<string, Value>>;
  importById(id: string): Record<string, Value> | null;
}

type Ctx = GenericQueryCtx<GenericDataModel>;
// Documents read by one page of `npx convex data` (Convex's maximumRowsRead for system pages).
const MAXIMUM_ROWS_READ = 16384;

function module(rel: string, exports: Record<string, unknown>): ModuleEntry {
  return { rel: `_system/cli/${rel}.js`, runtime: "isolate", mod: exports };
}

export function systemModules(state: SystemState): ModuleEntry[] {
  const anyDb = (ctx: Ctx, table: string) => (table.startsWith("_") ? (ctx.db as unknown as { system: Ctx["db"] }).system : ctx.db);
  return [
    module("tables", {
      default: internalQueryGeneric({
        args: { paginationOpts: paginationOptsValidator },
        handler: async () => ({
          page: state
            .tables(state.currentComponent())
            .filter((name) => !name.startsWith("_"))
            .map((name) => ({ name })),
          isDone: true,
          continueCursor: "end",
        }),
      }),
    }),
    module("tableData", {
      default: internalQueryGeneric({
        args: { table: v.string(), order: v.union(v.literal("asc"), v.literal("desc")), paginationOpts: paginationOptsValidator },
        handler: async (ctx, { table, order, paginationOpts }) =>
          await anyDb(ctx, table)
            .query(table)
            .order(order)
            .paginate({ ...paginationOpts, numItems: Math.min(paginationOpts.numItems, MAXIMUM_ROWS_READ) }),
      }),
    }),
    module("tableSize", {
      default: internalQueryGeneric({
        args: { tableName: v.string() },
        handler: async (ctx, { tableName }) => (await anyDb(ctx, tableName).query(tableName).collect()).length,
      }),
    }),
    module("queryTable", {
      // A new answer whenever the table changes (the CLI's `data --watch`).
      default: internalQueryGeneric({
        args: { tableName: v.string() },
        handler: async (ctx, { tableName }) => {
          await anyDb(ctx, tableName).query(tableName).collect();
          return Math.random();
        },
      }),
    }),
    module("queryEnvironmentVariables", {
      default: internalQueryGeneric({ args: {}, handler: async () => state.environment() }),
      get: internalQueryGeneric({
        args: { name: v.string() },
        handler: async (_ctx, { name }) => {
          const value = process.env[name];
          return value === undefined ? null : { name, value };
        },
      }),
    }),
    module("convexUrl", {
      cloudUrl: internalQueryGeneric({ args: {}, handler: async () => state.cloudUrl }),
    }),
    module("modules", {
      apiSpec: internalQueryGeneric({
        args: { componentId: v.optional(v.union(v.string(), v.null())) },
        handler: async () => {
          const out: unknown[] = [];
          for (const [path, analyzed] of Object.entries(state.analysis(state.currentComponent()))) {
            for (const fn of analyzed.functions)
              out.push({
                identifier: `${path}:${fn.name}`,
                functionType: fn.udfType,
                visibility: fn.visibility,
                args: jsonToConvex(JSON.parse(fn.args)),
                returns: jsonToConvex(JSON.parse(fn.returns)),
              });
            for (const r of analyzed.httpRoutes ?? []) out.push({ functionType: "HttpAction", method: r.route.method, path: r.route.path });
          }
          return out;
        },
      }),
    }),
    module("exports", {
      getLatest: internalQueryGeneric({ args: {}, handler: async () => state.latestExport() }),
    }),
    module("queryImport", {
      default: internalQueryGeneric({ args: { importId: v.string() }, handler: async (_ctx, { importId }) => state.importById(importId) }),
      list: internalQueryGeneric({ args: {}, handler: async () => state.imports().slice(0, 20) }),
    }),
  ];
}
