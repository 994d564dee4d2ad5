import { describe, expect, it } from "vitest";
import {
  EXCLUDED_TABLES,
  EXPORT_SOURCES,
  buildExport,
  exportFileBase,
  exportRow,
} from "../../../convex/model/dataExport";
import schema from "../../../convex/schema";

type ValidatorJson = { type: string; tableName?: string; value?: unknown; fieldType?: ValidatorJson };
type TableJson = { validator: { json: ValidatorJson }; export: () => { indexes: Array<{ indexDescriptor: string; fields: string[] }> } };
const tables = schema.tables as unknown as Record<string, TableJson>;

/** The tables a person's data can hang from: a row naming one of these is about someone. */
const PERSON_LINKS = new Set(["users", "psychicProfiles", "bookings", "psychicTransfers"]);

/** Whether a validator holds, at any depth, an id of a table that names a person. */
function linksToPerson(validator: ValidatorJson): boolean {
  if (validator.type === "id") return PERSON_LINKS.has(validator.tableName ?? "");
  const inner = validator.value;
  if (Array.isArray(inner)) return inner.some((member) => linksToPerson(member as ValidatorJson));
  if (inner && typeof inner === "object") {
    if ("type" in inner) return linksToPerson(inner as ValidatorJson);
    return Object.values(inner as Record<string, { fieldType: ValidatorJson }>).some((field) => linksToPerson(field.fieldType));
  }
  return validator.fieldType ? linksToPerson(validator.fieldType) : false;
}

describe("every table is decided", () => {
  const exported = new Set(EXPORT_SOURCES.map((source) => source.table));

  it("every table linked to a person is exported or excluded with a reason", () => {
    const linked = Object.keys(tables).filter((name) => linksToPerson(tables[name].validator.json));
    expect(linked).toContain("bookings");
    expect(linked.filter((name) => !exported.has(name) && !(name in EXCLUDED_TABLES))).toEqual([]);
  });

  it("every table, linked or not, is decided, and no table is both", () => {
    expect(Object.keys(tables).filter((name) => !exported.has(name) && !(name in EXCLUDED_TABLES))).toEqual([]);
    expect(Object.keys(EXCLUDED_TABLES).filter((name) => exported.has(name))).toEqual([]);
    expect(Object.keys(EXCLUDED_TABLES).filter((name) => !(name in tables))).toEqual([]);
    for (const reason of Object.values(EXCLUDED_TABLES)) expect(reason.length).toBeGreaterThan(10);
  });

  it("each source reads an index of its table whose first field is the one it compares", () => {
    for (const source of EXPORT_SOURCES) {
      const table = tables[source.table];
      expect(table, source.table).toBeDefined();
      if (source.index === "by_id") {
        expect(source.field).toBe("_id");
        continue;
      }
      const index = table.export().indexes.find((candidate) => candidate.indexDescriptor === source.index);
      expect(index?.fields[0], `${source.table}.${source.index}`).toBe(source.field);
    }
  });

  it("a source's owner comes from a section read before it", () => {
    const before = (table: string, position: number) => EXPORT_SOURCES.slice(0, position).some((source) => source.table === table);
    EXPORT_SOURCES.forEach((source, position) => {
      if (source.owner === "profile") expect(before("psychicProfiles", position)).toBe(true);
      if (source.owner === "bookings") expect(before("bookings", position)).toBe(true);
      if (source.owner === "transfers") expect(before("psychicTransfers", position)).toBe(true);
    });
  });
});

describe("the files", () => {
  const source = EXPORT_SOURCES.find((candidate) => candidate.section === "consultiRicevuti")!;
  const now = Date.UTC(2026, 10, 26, 23, 30);

  it("leaves out a source's omitted fields", () => {
    expect(exportRow(source, { _id: "b1", notes: "privata", clientId: "u1", priceCents: 5000 })).toEqual({ _id: "b1", priceCents: 5000 });
  });

  it("merges sources of one section once each, and drops empty sections", () => {
    const messages = EXPORT_SOURCES.filter((candidate) => candidate.section === "messaggi");
    const data = buildExport(
      [
        { source: messages[0], rows: [{ _id: "m1" }] },
        { source: messages[1], rows: [{ _id: "m1" }, { _id: "m2" }] },
        { source, rows: [] },
      ],
      now,
    );
    expect(data.sezioni.map((section) => [section.key, section.rows.length])).toEqual([["messaggi", 2]]);
    expect(data.esportatoIl).toBe("2026-11-26T23:30:00.000Z");
  });

  it("names the files after the Rome date", () => {
    expect(exportFileBase(now)).toBe("arcano-dati-2026-11-27");
  });
});
