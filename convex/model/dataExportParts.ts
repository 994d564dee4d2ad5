// 'Scarica i tuoi dati' in parts: a long history is more than one transaction may read (16 384 documents,
// 8 MiB), so the browser asks convex/dataExport.ts for one part after another, each reading at most
// EXPORT_PART_ROWS rows of the person's own lists (with each row's dependents), and puts the files
// together itself with the builders of model/dataExport.ts. No single answer holds the whole file either,
// so the 16 MiB limit of a function's answer never applies. Pure: shared by the server, the browser and the tests.
import { EXPORT_SOURCES, buildExport, exportFileBase, type ExportOwner, type ExportRow } from "./dataExport";
import { renderExportHtml } from "./dataExportHtml";

/** Rows of the person's own lists one part reads (a page of bookings, each with its call). */
export const EXPORT_PART_ROWS = 100;

/** Owners that are rows of an earlier source: their sources are read with each page of those rows. */
const DEPENDENT_OWNER_TABLE: Partial<Record<ExportOwner, string>> = { bookings: "bookings", transfers: "psychicTransfers" };

/** Where a part starts: the source (its position in EXPORT_SOURCES), which of its owner's values, and the page cursor. */
export type ExportStep = { source: number; value: number; cursor: string | null };

/** One part's answer: the rows it read, each under its source's position, and where the next part starts. */
export type ExportPart = {
  exportedAt: number;
  rows: Array<{ source: number; rows: ExportRow[] }>;
  next: ExportStep | null;
};

/** Whether the parts step through this source themselves (its rows are the person's, not dependents of other rows). */
export function isSteppedSource(position: number): boolean {
  const source = EXPORT_SOURCES[position];
  return source !== undefined && DEPENDENT_OWNER_TABLE[source.owner] === undefined;
}

/** The positions of the sources read with each row of `table` (a booking's call, a transfer's reversals). */
export function dependentSourcesOf(table: string): number[] {
  return EXPORT_SOURCES.flatMap((source, position) => (DEPENDENT_OWNER_TABLE[source.owner] === table ? [position] : []));
}

/** The first stepped source from `position` on, or null when none is left. */
export function nextSteppedSource(position: number): number | null {
  for (let at = position; at < EXPORT_SOURCES.length; at++) if (isSteppedSource(at)) return at;
  return null;
}

/** The rows read so far, one list per source, each row once (a row a page meets again is kept once). */
type ExportCollection = { rows: ExportRow[][]; seen: Array<Set<unknown>>; exportedAt: number | null };

export function emptyCollection(): ExportCollection {
  return { rows: EXPORT_SOURCES.map(() => []), seen: EXPORT_SOURCES.map(() => new Set()), exportedAt: null };
}

export function addPart(collection: ExportCollection, part: ExportPart): void {
  collection.exportedAt ??= part.exportedAt;
  for (const { source, rows } of part.rows) {
    for (const row of rows) {
      if (collection.seen[source].has(row._id)) continue;
      collection.seen[source].add(row._id);
      collection.rows[source].push(row);
    }
  }
}

/** How many consultations (bookings as client or as psychic) have been read, for the progress line. */
export function bookingsRead(collection: ExportCollection): number {
  return EXPORT_SOURCES.reduce((count, source, position) => count + (source.table === "bookings" ? collection.rows[position].length : 0), 0);
}

/** The two files, dated by the first part's server time. */
export function finishExport(collection: ExportCollection): { fileBase: string; json: string; html: string } {
  const now = collection.exportedAt ?? Date.now();
  const data = buildExport(
    EXPORT_SOURCES.map((source, position) => ({ source, rows: collection.rows[position] })),
    now,
  );
  return { fileBase: exportFileBase(now), json: JSON.stringify(data, null, 2), html: renderExportHtml(data, now) };
}

/** Asks for every part in turn (`readPart`), telling `onPart` after each, and makes the files. */
export async function readWholeExport(
  readPart: (from: ExportStep | undefined) => Promise<ExportPart>,
  onPart?: (collection: ExportCollection) => void,
): Promise<{ fileBase: string; json: string; html: string }> {
  const collection = emptyCollection();
  let from: ExportStep | undefined;
  do {
    const part = await readPart(from);
    addPart(collection, part);
    onPart?.(collection);
    from = part.next ?? undefined;
  } while (from !== undefined);
  return finishExport(collection);
}
