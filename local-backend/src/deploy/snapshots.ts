// `npx convex export` and `npx convex import`: Convex's snapshot ZIP (README.md, `_tables/documents.jsonl`,
// `<table>/documents.jsonl` and `generated_schema.jsonl` per table, `_storage/` with the files when asked),
// written from the committed documents at one commit, and read back in one transaction. The export and
// import records answer the CLI's `_system/cli/exports` and `queryImport` queries, shaped as Convex's
// `_exports` and `_snapshot_imports` documents.
import fs from "node:fs";
import path from "node:path";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { strToU8, strFromU8, unzipSync, zipSync, type Zippable } from "fflate";
import { jsonToConvex, type Value } from "convex/values";
import type { Doc } from "../internals.ts";
import { tableNameFromId } from "../internals.ts";
import { OWNER_ONLY_FILE, ownerOnlyDir } from "../../shared/ownerOnly.ts";
import { exportJson, parseExportJson } from "./exportJson.ts";

// Convex's own README of a snapshot (crates/exports/src/zip_uploader.rs).
const README = `# Welcome to your Convex snapshot export!

This ZIP file contains a snapshot of the tables in your Convex deployment.

Documents for each table are listed as lines of JSON in
<table_name>/documents.jsonl files.

For details on the format and how to use this snapshot with npx convex import,
check out [the docs](https://docs.convex.dev/database/import-export/export) or
ask us in [Discord](http://convex.dev/community).
`;

/** The first table number Convex gives a deployment's user tables. */
const FIRST_TABLE_NUMBER = 10001;

interface SnapshotStore {
  documents(): Record<string, Doc>;
  lastCommitTs(): bigint;
  readBlob(id: string): Blob | null;
  writeBlob(id: string, bytes: Uint8Array, contentType: string): void;
  writeDocuments(deletes: string[], puts: Doc[]): Promise<void>;
  /** A fresh storage id (random, as every storage id here). */
  newStorageId(): string;
  /** The export or import records changed: the CLI's subscriptions run again. */
  changed(): void;
  /** A write went out: clients' subscriptions and durability follow. */
  wrote(): Promise<void>;
}

type ImportMode = "requireEmpty" | "append" | "replace" | "replaceAll";
type ImportFormat = "zip" | "jsonLines" | "jsonArray" | "csv";

interface ImportRecord {
  _id: string;
  _creationTime: number;
  state: Record<string, Value>;
  /** Parsed and checked, waiting for `perform_import`. */
  plan?: ImportPlan;
}

interface ImportPlan {
  deletes: string[];
  puts: Doc[];
  blobs: Array<{ id: string; bytes: Uint8Array; contentType: string }>;
}

export class SnapshotError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const isUserTable = (t: string) => !t.startsWith("_");
const OUR_ID = /^[0-9]+[A-Za-z_][A-Za-z0-9_]*$/;

export class Snapshots {
  private readonly dir: string;
  private latest: Record<string, Value> | null = null;
  private readonly imports: ImportRecord[] = [];
  private readonly uploads = new Map<string, Map<string, Uint8Array>>();

  constructor(
    dataDir: string,
    private readonly store: SnapshotStore,
  ) {
    this.dir = path.join(dataDir, "exports");
    ownerOnlyDir(this.dir);
  }

  latestExport(): Record<string, Value> | null {
    return this.latest;
  }

  importList(): Array<Record<string, Value>> {
    return [...this.imports].reverse().map(({ _id, _creationTime, state }) => ({ _id, _creationTime, state }));
  }

  importById(id: string): Record<string, Value> | null {
    const r = this.imports.find((i) => i._id === id);
    return r ? { _id: r._id, _creationTime: r._creationTime, state: r.state } : null;
  }

  // ---- export ----

  /** Writes the snapshot of the committed documents now; one export at a time, the latest kept. */
  async requestExport(includeStorage: boolean): Promise<void> {
    if (this.latest && (this.latest.state === "requested" || this.latest.state === "in_progress"))
      throw new SnapshotError("ExportInProgress", "An export is already in progress");
    const startTs = this.store.lastCommitTs();
    const record: Record<string, Value> = {
      _id: randomUUID(),
      _creationTime: Date.now(),
      state: "in_progress",
      start_ts: startTs,
      format: { format: "zip", include_storage: includeStorage },
      requestor: "snapshotExport",
    };
    this.latest = record;
    this.store.changed();
    try {
      // Read in one go (no await): every document as of the same commit.
      const docs = Object.values(this.store.documents());
      const files: Zippable = { "README.md": strToU8(README) };
      const byTable = new Map<string, Doc[]>();
      for (const doc of docs) {
        const table = tableNameFromId(doc._id);
        if (!table || (!isUserTable(table) && table !== "_storage")) continue;
        let rows = byTable.get(table);
        if (!rows) byTable.set(table, (rows = []));
        rows.push(doc);
      }
      const userTables = [...byTable.keys()].filter(isUserTable).sort();
      files["_tables/documents.jsonl"] = strToU8(userTables.map((name, i) => `${JSON.stringify({ name, id: FIRST_TABLE_NUMBER + i })}\n`).join(""));
      for (const table of userTables) {
        const rows = byTable.get(table)!.sort((a, b) => (a._id < b._id ? -1 : 1));
        files[`${table}/documents.jsonl`] = strToU8(rows.map((d) => `${exportJson(d as unknown as Value)}\n`).join(""));
        files[`${table}/generated_schema.jsonl`] = strToU8(`"uniform"\n`);
      }
      if (includeStorage) {
        const stored = byTable.get("_storage") ?? [];
        files["_storage/documents.jsonl"] = strToU8(
          stored
            .map((d) => `${JSON.stringify({ _id: d._id, _creationTime: d._creationTime, sha256: d.sha256, size: d.size, contentType: d.contentType ?? null })}\n`)
            .join(""),
        );
        for (const d of stored) {
          const blob = this.store.readBlob(d._id);
          if (blob) files[`_storage/${d._id}`] = new Uint8Array(await blob.arrayBuffer());
        }
      }
      const zip = zipSync(files, { level: 6 });
      for (const f of fs.readdirSync(this.dir)) fs.rmSync(path.join(this.dir, f), { force: true });
      fs.writeFileSync(this.zipPath(startTs), zip, { mode: OWNER_ONLY_FILE });
      this.latest = { ...record, state: "completed", complete_ts: this.store.lastCommitTs(), zip_object_key: `snapshot_${startTs}.zip` };
    } catch (e) {
      this.latest = { ...record, state: "failed", failure_reason: (e as Error)?.message ?? String(e) };
    }
    this.store.changed();
  }

  private zipPath(ts: bigint): string {
    return path.join(this.dir, `snapshot_${ts}.zip`);
  }

  /** The ZIP of the completed export taken at `ts`, or null. */
  exportFile(ts: string): { file: string; name: string } | null {
    if (!/^[0-9]+$/.test(ts) || this.latest?.state !== "completed" || String(this.latest.start_ts) !== ts) return null;
    const file = this.zipPath(BigInt(ts));
    return fs.existsSync(file) ? { file, name: `snapshot_${ts}.zip` } : null;
  }

  // ---- import ----

  startUpload(): string {
    const token = randomBytes(16).toString("hex");
    this.uploads.set(token, new Map());
    return token;
  }

  uploadPart(token: string, partNumber: number, bytes: Uint8Array): string {
    const parts = this.uploads.get(token);
    if (!parts) throw new SnapshotError("InvalidUploadToken", "Unknown upload token");
    const partToken = `${partNumber}:${createHash("sha256").update(bytes).digest("hex")}`;
    parts.set(partToken, bytes);
    return partToken;
  }

  /** Parses and checks the upload, then waits for `performImport` (the CLI asks the person first). */
  finishUpload(token: string, partTokens: string[], args: { tableName?: string; mode: ImportMode; format: ImportFormat; componentPath?: string }): string {
    const parts = this.uploads.get(token);
    if (!parts) throw new SnapshotError("InvalidUploadToken", "Unknown upload token");
    this.uploads.delete(token);
    const chunks = partTokens.map((t) => parts.get(t));
    if (chunks.some((c) => !c)) throw new SnapshotError("InvalidUploadToken", "A part of the upload is missing");
    const bytes = Buffer.concat(chunks as Uint8Array[]);
    const record: ImportRecord = { _id: randomUUID(), _creationTime: Date.now(), state: { state: "uploaded" } };
    this.imports.push(record);
    try {
      if (args.componentPath) throw new SnapshotError("ImportFailed", "Imports into a component are not supported by this backend");
      const tables = this.parse(bytes, args.format, args.tableName);
      const { plan, summary } = this.plan(tables, args.mode);
      record.plan = plan;
      record.state = { state: "waiting_for_confirmation", message_to_confirm: summary, require_manual_confirmation: true };
    } catch (e) {
      record.state = { state: "failed", error_message: (e as Error)?.message ?? String(e) };
    }
    this.store.changed();
    return record._id;
  }

  async performImport(importId: string): Promise<void> {
    const record = this.imports.find((i) => i._id === importId);
    if (!record) throw new SnapshotError("ImportNotFound", `Import ${importId} not found`);
    if (record.state.state !== "waiting_for_confirmation" || !record.plan)
      throw new SnapshotError("ImportNotConfirmable", `Import ${importId} is not waiting for confirmation`);
    const plan = record.plan;
    record.plan = undefined;
    record.state = { state: "in_progress", progress_message: "Importing", checkpoint_messages: [] };
    this.store.changed();
    try {
      for (const b of plan.blobs) this.store.writeBlob(b.id, b.bytes, b.contentType);
      await this.store.writeDocuments(plan.deletes, plan.puts);
      await this.store.wrote();
      record.state = { state: "completed", num_rows_written: BigInt(plan.puts.filter((d) => isUserTable(tableNameFromId(d._id) ?? "_")).length) };
    } catch (e) {
      record.state = { state: "failed", error_message: (e as Error)?.message ?? String(e) };
    }
    this.store.changed();
  }

  /** The documents of the upload by table; `_storage` rows carry their file's bytes. */
  private parse(bytes: Uint8Array, format: ImportFormat, tableName?: string): Map<string, Array<Record<string, Value>>> {
    const tables = new Map<string, Array<Record<string, Value>>>();
    const asObject = (v: Value, where: string) => {
      if (v === null || typeof v !== "object" || Array.isArray(v) || v instanceof ArrayBuffer) throw new SnapshotError("ImportFailed", `${where} is not an object`);
      return v as Record<string, Value>;
    };
    if (format === "zip") {
      if (tableName) throw new SnapshotError("ImportFailed", "A ZIP snapshot is imported whole: leave out --table");
      let entries: Record<string, Uint8Array>;
      try {
        entries = unzipSync(bytes);
      } catch (e) {
        throw new SnapshotError("ImportFailed", `Not a valid ZIP file: ${(e as Error).message}`);
      }
      for (const [name, content] of Object.entries(entries)) {
        if (name.startsWith("_components/")) throw new SnapshotError("ImportFailed", "Snapshots with components are not supported by this backend");
        const m = /^([A-Za-z_][A-Za-z0-9_]*)\/documents\.jsonl$/.exec(name);
        if (!m || m[1] === "_tables") continue;
        if (!isUserTable(m[1]) && m[1] !== "_storage") continue;
        const rows = strFromU8(content)
          .split("\n")
          .filter((l) => l.trim())
          .map((line, i) => asObject(parseExportJson(line), `Line ${i + 1} of ${name}`));
        if (m[1] === "_storage") {
          for (const row of rows) {
            const id = String(row._id);
            const file = Object.keys(entries).find((n) => n === `_storage/${id}` || n.startsWith(`_storage/${id}.`));
            if (file) row.__bytes = entries[file].buffer.slice(entries[file].byteOffset, entries[file].byteOffset + entries[file].byteLength) as ArrayBuffer;
          }
          // Files without bytes in the ZIP (exported without --include-file-storage) are left out.
          const withBytes = rows.filter((r) => r.__bytes);
          if (withBytes.length) tables.set("_storage", withBytes);
        } else tables.set(m[1], rows);
      }
      return tables;
    }
    if (!tableName) throw new SnapshotError("ImportFailed", "Name the table to import into with --table");
    if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(tableName)) throw new SnapshotError("ImportFailed", `Invalid table name ${JSON.stringify(tableName)}`);
    const text = strFromU8(bytes);
    let values: Value[];
    if (format === "jsonLines") values = text.split("\n").filter((l) => l.trim()).map((l) => jsonToConvex(JSON.parse(l)));
    else if (format === "jsonArray") {
      const parsed = JSON.parse(text) as unknown;
      if (!Array.isArray(parsed)) throw new SnapshotError("ImportFailed", "A JSON array import must hold an array of objects");
      values = parsed.map((p) => jsonToConvex(p as never));
    } else throw new SnapshotError("ImportFailed", "CSV imports are not supported by this backend: use JSON lines or a JSON array");
    tables.set(
      tableName,
      values.map((v, i) => asObject(v, `Document ${i + 1}`)),
    );
    return tables;
  }

  /**
   * What the import writes, worded for the person to confirm. Ids this backend can keep are kept (a
   * snapshot it exported); others get new ones, and every value equal to an old id (a reference) follows.
   */
  private plan(tables: Map<string, Array<Record<string, Value>>>, mode: ImportMode): { plan: ImportPlan; summary: string } {
    const current = this.store.documents();
    const countByTable = new Map<string, number>();
    for (const id of Object.keys(current)) {
      const t = tableNameFromId(id);
      if (t) countByTable.set(t, (countByTable.get(t) ?? 0) + 1);
    }
    const imported = [...tables.keys()];
    if (mode === "requireEmpty") {
      const full = imported.filter((t) => (countByTable.get(t) ?? 0) > 0);
      if (full.length)
        throw new SnapshotError(
          "ImportFailed",
          `Tables ${full.map((t) => `"${t}"`).join(", ")} already exist and are not empty: pass --replace, --replace-all or --append`,
        );
    }
    const replaced = new Set(mode === "replaceAll" ? [...countByTable.keys()].filter((t) => isUserTable(t) || (t === "_storage" && tables.has("_storage"))) : mode === "replace" ? imported : []);
    const deletes = Object.keys(current).filter((id) => replaced.has(tableNameFromId(id) ?? ""));
    const remaining = new Set(Object.keys(current).filter((id) => !replaced.has(tableNameFromId(id) ?? "")));
    const taken = new Set(remaining);
    const remap = new Map<string, string>();
    const counterOf = (id: unknown) => (typeof id === "string" && OUR_ID.test(id) ? Number(/^[0-9]+/.exec(id)![0]) : 0);
    let counter = 10000;
    for (const id of Object.keys(current)) if (counterOf(id) < 1e15) counter = Math.max(counter, counterOf(id));
    for (const docs of tables.values()) for (const d of docs) if (counterOf(d._id) < 1e15) counter = Math.max(counter, counterOf(d._id));
    const newId = (table: string) => {
      if (table === "_storage") return this.store.newStorageId();
      for (;;) {
        const id = `${String(++counter).padStart(Math.max(1, 32 - table.length), "0")}${table}`;
        if (!taken.has(id)) return id;
      }
    };
    const idFor = (table: string, given: Value) => {
      const keep = mode !== "append" && typeof given === "string" && OUR_ID.test(given) && tableNameFromId(given) === table && !taken.has(given);
      const id = keep ? (given as string) : newId(table);
      taken.add(id);
      if (typeof given === "string" && given !== id) remap.set(given, id);
      return id;
    };
    const rows: Array<{ table: string; id: string; doc: Record<string, Value> }> = [];
    for (const [table, docs] of tables) for (const doc of docs) rows.push({ table, id: idFor(table, doc._id), doc });
    const follow = (v: Value): Value => {
      if (typeof v === "string") return remap.get(v) ?? v;
      if (Array.isArray(v)) return v.map(follow);
      if (v && typeof v === "object" && !(v instanceof ArrayBuffer)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, follow(x)]));
      return v;
    };
    const now = Date.now();
    const puts: Doc[] = [];
    const blobs: ImportPlan["blobs"] = [];
    for (const { table, id, doc } of rows) {
      const { _id, _creationTime, __bytes, ...fields } = doc;
      const creationTime = typeof _creationTime === "number" ? _creationTime : now;
      if (table === "_storage") {
        const bytes = new Uint8Array(__bytes as ArrayBuffer);
        const contentType = typeof fields.contentType === "string" ? fields.contentType : "application/octet-stream";
        blobs.push({ id, bytes, contentType });
        puts.push({ _id: id, _creationTime: creationTime, sha256: createHash("sha256").update(bytes).digest("base64"), size: bytes.byteLength, contentType } as unknown as Doc);
      } else puts.push({ ...(follow(fields) as Record<string, Value>), _id: id, _creationTime: creationTime } as unknown as Doc);
    }
    const lines = [...tables].map(([table, docs]) => {
      const existing = countByTable.get(table) ?? 0;
      return `${table} | ${docs.length} | ${replaced.has(table) ? existing : 0} of ${existing}`;
    });
    const summary = ["Import change summary:", "table | create | delete", ...lines, "Once the import has started, it will run in the background."].join("\n");
    return { plan: { deletes, puts, blobs }, summary };
  }
}
