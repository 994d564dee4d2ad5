// The export in parts (model/dataExportParts.ts): which sources the parts step through, how the rows of
// the parts add up (each once), the progress figure, and the loop that asks for part after part.
import { describe, expect, it } from "vitest";
import { EXPORT_SOURCES } from "../../../convex/model/dataExport";
import {
  addPart,
  bookingsRead,
  dependentSourcesOf,
  emptyCollection,
  finishExport,
  isSteppedSource,
  nextSteppedSource,
  readWholeExport,
  type ExportPart,
  type ExportStep,
} from "../../../convex/model/dataExportParts";

const position = (section: string, table: string) => EXPORT_SOURCES.findIndex((source) => source.section === section && source.table === table);
const bookingSources = EXPORT_SOURCES.flatMap((source, at) => (source.table === "bookings" ? [at] : []));
const callSources = dependentSourcesOf("bookings");
const EXPORTED_AT = Date.parse("2026-11-27T10:00:00Z");

const booking = (id: string) => ({ _id: id, startsAt: EXPORTED_AT });

describe("the export's parts", () => {
  it("step through the person's own lists; a booking's call and a transfer's reversals come with their rows", () => {
    expect(bookingSources.length).toBeGreaterThan(0);
    for (const at of bookingSources) expect(isSteppedSource(at)).toBe(true);
    expect(callSources.map((at) => EXPORT_SOURCES[at].table)).toContain("callSessions");
    for (const at of callSources) expect(isSteppedSource(at)).toBe(false);
    expect(dependentSourcesOf("psychicTransfers").map((at) => EXPORT_SOURCES[at].table)).toContain("transferReversals");
    expect(isSteppedSource(EXPORT_SOURCES.length)).toBe(false);
  });

  it("find the next stepped list from a position, and none past the last", () => {
    expect(nextSteppedSource(0)).toBe(0);
    const call = callSources[0];
    const next = nextSteppedSource(call)!;
    expect(next).toBeGreaterThan(call);
    expect(isSteppedSource(next)).toBe(true);
    expect(nextSteppedSource(EXPORT_SOURCES.length)).toBeNull();
  });

  it("keep each row once when two parts meet it, and count the consultations read", () => {
    const collection = emptyCollection();
    const asClient = bookingSources[0];
    addPart(collection, { exportedAt: EXPORTED_AT, rows: [{ source: asClient, rows: [booking("b1"), booking("b2")] }], next: null });
    addPart(collection, { exportedAt: EXPORTED_AT + 60_000, rows: [{ source: asClient, rows: [booking("b2"), booking("b3")] }], next: null });
    expect(collection.rows[asClient].map((row) => row._id)).toEqual(["b1", "b2", "b3"]);
    expect(bookingsRead(collection)).toBe(3);
    // The files are dated by the first part's server time.
    expect(collection.exportedAt).toBe(EXPORTED_AT);
    expect(finishExport(collection).fileBase).toContain("2026-11-27");
  });

  it("ask for part after part from where the last one stopped, report each, and make the files", async () => {
    const account = position("account", "users");
    const asClient = bookingSources[0];
    const parts: Record<string, ExportPart> = {
      start: {
        exportedAt: EXPORTED_AT,
        rows: [{ source: account, rows: [{ _id: "u1", email: "cliente@esempio.it" }] }],
        next: { source: asClient, value: 0, cursor: null },
      },
      [`${asClient}:null`]: {
        exportedAt: EXPORTED_AT,
        rows: [{ source: asClient, rows: [booking("b1")] }],
        next: { source: asClient, value: 0, cursor: "page2" },
      },
      [`${asClient}:page2`]: { exportedAt: EXPORTED_AT, rows: [{ source: asClient, rows: [booking("b2")] }], next: null },
    };
    const asked: Array<ExportStep | undefined> = [];
    const progress: number[] = [];
    const files = await readWholeExport(
      async (from) => {
        asked.push(from);
        return parts[from === undefined ? "start" : `${from.source}:${from.cursor}`];
      },
      (collection) => progress.push(bookingsRead(collection)),
    );
    expect(asked).toEqual([undefined, { source: asClient, value: 0, cursor: null }, { source: asClient, value: 0, cursor: "page2" }]);
    expect(progress).toEqual([0, 1, 2]);
    expect(files.json).toContain('"b1"');
    expect(files.json).toContain('"b2"');
    expect(files.html).toContain("<html");
  });
});
