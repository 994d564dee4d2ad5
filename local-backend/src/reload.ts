// Dev mode (`--watch`): rebuilds convex/ when it changes and swaps the new functions in, keeping every
// document, scheduled job and subscription. A schema that existing documents violate is reported the way
// `npx convex dev` reports it, and the previous functions keep serving.
import fs from "node:fs";
import path from "node:path";
import type { GenericSchema, SchemaDefinition } from "convex/server";
import type { Engine } from "./engine.ts";
import { tableNameFromId, type Doc, type SchemaViolation } from "./internals.ts";
import { findModule, loadModules } from "./modules.ts";
import { backendLog } from "./logs.ts";
import { describeMismatch, type ValidatorJson } from "./validate.ts";

const DEBOUNCE_MS = 120;
const VIOLATIONS_SHOWN = 10;

/** Worded as `npx convex dev` reports it: the document, what is wrong, the object and the validator. */
export function formatViolations(violations: SchemaViolation[]): string {
  return violations
    .map((v) => {
      let why = v.message;
      try {
        why = describeMismatch(v.validator as ValidatorJson, v.fields) ?? v.message;
      } catch {
        // A validator this file cannot print: convex-test's own words will do.
      }
      return `Document with ID "${v.id}" in table "${v.table}" does not match the schema: ${why}`;
    })
    .join("\n\n");
}

/**
 * User tables that hold documents but are not declared in `schema`, with their document counts. Convex
 * accepts such a push: it validates declared tables only, keeps the documents and drops the table's
 * indexes. So this is reported, not refused. System tables (`_…`) are exempt.
 */
export function undeclaredTables(docs: Record<string, Doc>, schema: SchemaDefinition<GenericSchema, boolean> | undefined) {
  if (!schema) return [];
  const declared = new Set(Object.keys(schema.tables));
  const counts = new Map<string, number>();
  for (const id of Object.keys(docs)) {
    const table = tableNameFromId(id);
    if (!table || table.startsWith("_") || declared.has(table)) continue;
    counts.set(table, (counts.get(table) ?? 0) + 1);
  }
  return [...counts].map(([table, count]) => ({ table, count }));
}

export function formatUndeclared(tables: { table: string; count: number }[]): string {
  return tables
    .map(
      ({ table, count }) =>
        `Table "${table}" has ${count} document${count === 1 ? "" : "s"} but is not declared in convex/schema.ts: ` +
        `they are kept and not validated, and the table's indexes are gone (as on Convex). ` +
        `Declare the table again, or delete its documents.`,
    )
    .join("\n");
}

/**
 * Builds convex/ and checks it against the data, as a push is checked. Returns the new modules to swap
 * in, or null (reported) when the code does not build or load, or its schema does not match the data.
 */
export async function reloadFunctions(convexDir: string, engine: Engine): Promise<(Awaited<ReturnType<typeof loadModules>> & { schema: SchemaDefinition<GenericSchema, boolean> | undefined }) | null> {
  let next: Awaited<ReturnType<typeof loadModules>>;
  try {
    next = await loadModules(convexDir);
  } catch (e) {
    backendLog(`convex/ failed to build or load; still serving the previous functions.\n${(e as Error)?.message ?? String(e)}`);
    return null;
  }
  const schema = findModule(next.loaded, "schema")?.default as SchemaDefinition<GenericSchema, boolean> | undefined;
  const violations = engine.internals.schemaViolations(schema, VIOLATIONS_SHOWN);
  if (violations.length) {
    backendLog(
      `Schema validation failed: existing documents do not match convex/schema.ts; still serving the previous functions.\n` +
        `${formatViolations(violations)}\n` +
        (violations.length >= VIOLATIONS_SHOWN ? `(only the first ${VIOLATIONS_SHOWN} are shown)\n` : "") +
        `Change those documents (or relax the schema, e.g. with v.optional) and save again.`,
    );
    return null;
  }
  return { ...next, schema };
}

/** What a change of code says about tables it took out of the schema (the ones left out before were reported then). */
export function reportRemovedTables(engine: Engine, schema: SchemaDefinition<GenericSchema, boolean> | undefined): void {
  const before = engine.internals.declaredTables();
  const removed = undeclaredTables(engine.internals.documents(), schema).filter((t) => before === null || before.includes(t.table));
  if (removed.length) backendLog(formatUndeclared(removed));
}

/** Calls `onChange` (never twice at once) after source files under `dir` change, debounced. */
export function watchConvexDir(dir: string, onChange: () => Promise<void>): { close(): void } {
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  let again = false;
  const run = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        await onChange();
      } while (again);
    } catch (e) {
      backendLog(`reload failed: ${(e as Error)?.stack ?? String(e)}`);
    } finally {
      running = false;
    }
  };
  const watcher = fs.watch(dir, { recursive: true }, (_event, file) => {
    // Editors' swap and backup files are not code.
    if (file && !/\.(m?[jt]sx?|json)$/.test(String(file))) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      void run();
    }, DEBOUNCE_MS);
  });
  watcher.on("error", (e) => backendLog(`watching ${dir} failed: ${e.message}`));
  backendLog(`watching ${path.resolve(dir)} for changes`);
  return {
    close: () => {
      if (timer) clearTimeout(timer);
      watcher.close();
    },
  };
}
