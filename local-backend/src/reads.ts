// Read sets of query evaluations: whole tables, index ranges and single documents. A commit invalidates a
// query only if one of its changed documents (before or after the write) falls inside what the query read.
import { compareValues, jsonToConvex, type Value } from "convex/values";
import { tableNameFromId, type CommitChange, type Doc, type QuerySource, type RangeFilter } from "./internals.ts";

interface IndexRead {
  filters: { fieldPath: string; type: RangeFilter["type"]; value: Value | undefined }[];
}

/** A table's key in read sets: `messages` in the app, `jobs/work` in component `jobs`. */
export function tableKey(component: string, table: string): string {
  return component ? `${component}/${table}` : table;
}

export class ReadSet {
  readonly tables = new Set<string>();
  readonly ranges = new Map<string, IndexRead[]>();
  readonly ids = new Set<string>();
  /** The tables of the documents read by id (ids are unique across the app and its components). */
  private readonly idTables = new Set<string>();

  /** What a query read from a table of the app (`component` "") or of a component. */
  addSource(source: QuerySource, component = ""): void {
    if (source.type === "FullTableScan") {
      this.tables.add(tableKey(component, source.tableName));
      return;
    }
    const table = tableKey(component, source.indexName.split(".")[0]);
    if (source.type === "Search" || this.tables.has(table)) {
      this.tables.add(table);
      return;
    }
    const filters = source.range.map((f) => ({ fieldPath: f.fieldPath, type: f.type, value: rangeValue(f.value) }));
    let list = this.ranges.get(table);
    if (!list) this.ranges.set(table, (list = []));
    list.push({ filters });
  }

  addTable(table: string, component = ""): void {
    this.tables.add(tableKey(component, table));
  }

  addId(id: string, component = ""): void {
    this.ids.add(id);
    const table = tableNameFromId(id);
    if (table) this.idTables.add(tableKey(component, table));
  }

  /** Every table this read set depends on (for the table → queries index). */
  allTables(): Set<string> {
    const out = new Set(this.tables);
    for (const t of this.ranges.keys()) out.add(t);
    for (const t of this.idTables) out.add(t);
    return out;
  }

  touchedBy(change: CommitChange, table: string): boolean {
    if (this.tables.has(table) || this.ids.has(change.id)) return true;
    const ranges = this.ranges.get(table);
    if (!ranges) return false;
    return ranges.some((r) => inRange(change.old, r) || inRange(change.new, r));
  }
}

function rangeValue(json: unknown): Value | undefined {
  if (typeof json === "object" && json !== null && "$undefined" in json) return undefined;
  return jsonToConvex(json as Parameters<typeof jsonToConvex>[0]);
}

function field(doc: Doc, fieldPath: string): Value | undefined {
  let v: unknown = doc;
  for (const p of fieldPath.split(".")) {
    v = typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>)[p] : undefined;
  }
  return v as Value | undefined;
}

function inRange(doc: Doc | null, r: IndexRead): boolean {
  if (doc === null) return false;
  for (const f of r.filters) {
    const c = compareValues(field(doc, f.fieldPath), f.value);
    const ok =
      f.type === "Eq" ? c === 0 : f.type === "Gt" ? c > 0 : f.type === "Gte" ? c >= 0 : f.type === "Lt" ? c < 0 : c <= 0;
    if (!ok) return false;
  }
  return true;
}
