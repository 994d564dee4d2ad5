// 'Scarica i tuoi dati': the signed-in person's export, read for them only (model/dataExport.ts says
// what is in it and why the rest is not), one bounded part per call (model/dataExportParts.ts says why).
import { v } from "convex/values";
import type { TableNames } from "./_generated/dataModel";
import type { QueryCtx } from "./_generated/server";
import { fail } from "./framework/errors";
import { authedQuery } from "./lib/platform/functions";
import { dependentRowsExported, EXPORT_SOURCES, exportRow, type ExportRow, type ExportSource } from "./model/dataExport";
import { EXPORT_PART_ROWS, dependentSourcesOf, isSteppedSource, nextSteppedSource, type ExportPart, type ExportStep } from "./model/dataExportParts";

type StoredRow = Record<string, unknown> & { _id: string };
type Page = { page: StoredRow[]; isDone: boolean; continueCursor: string };
type OrderedRows = {
  collect: () => Promise<StoredRow[]>;
  take: (n: number) => Promise<StoredRow[]>;
  paginate: (options: { numItems: number; cursor: string | null }) => Promise<Page>;
};

/** One index's rows for one value, whatever the table (the sources name tables and indexes as data), in the source's order. */
function rowsWhere(ctx: QueryCtx, source: ExportSource, value: unknown): OrderedRows {
  const query = ctx.db.query(source.table as TableNames) as unknown as {
    withIndex: (
      name: string,
      range: (q: { eq: (field: string, value: unknown) => unknown }) => unknown,
    ) => { order: (order: "asc" | "desc") => OrderedRows };
  };
  return query.withIndex(source.index, (q) => q.eq(source.field, value)).order(source.newestFirst ? "desc" : "asc");
}

const exportStep = v.object({ source: v.number(), value: v.number(), cursor: v.union(v.string(), v.null()) });

/**
 * One part of the caller's export, from `from` (absent: the beginning). The part's first list is read by
 * page (EXPORT_PART_ROWS rows); when it ends, the following lists are read whole while they fit in what is
 * left of the part, each row with its dependents (a booking's call, a transfer's reversals), which count
 * against the part too. So a part reads about 2 × EXPORT_PART_ROWS documents at most (a page, its
 * dependents, one list that did not fit), whatever the history's length. The answer says where the next
 * part starts, or null at the end.
 */
export const readPart = authedQuery({
  args: { from: v.optional(exportStep) },
  returns: v.object({
    exportedAt: v.number(),
    rows: v.array(v.object({ source: v.number(), rows: v.array(v.any()) })),
    next: v.union(exportStep, v.null()),
  }),
  handler: async (ctx, { from }): Promise<ExportPart> => {
    let step: ExportStep = from ?? { source: 0, value: 0, cursor: null };
    if (!isSteppedSource(step.source) || !Number.isInteger(step.value) || step.value < 0) fail("INVALID_INPUT", { field: "from" });
    const exportedAt = Date.now();
    const read: ExportPart["rows"] = [];
    let profileIds: unknown[] | null = null;
    const ownerValues = async (source: ExportSource): Promise<unknown[]> => {
      switch (source.owner) {
        case "user":
          return [ctx.viewerId];
        case "email":
          return ctx.viewer.email ? [ctx.viewer.email] : [];
        case "profile":
          profileIds ??= (
            await ctx.db
              .query("psychicProfiles")
              .withIndex("by_userId", (q) => q.eq("userId", ctx.viewerId))
              .collect()
          ).map((profile) => profile._id);
          return profileIds;
        default:
          return [];
      }
    };
    /**
     * Keeps a source's rows, then reads each row's dependents (one call per booking, a reversal per refund or
     * dispute of a transfer); says how many rows that made, all counted against the part.
     */
    const keep = async (position: number, docs: StoredRow[]): Promise<number> => {
      const source = EXPORT_SOURCES[position];
      if (docs.length === 0) return 0;
      let kept = docs.length;
      read.push({ source: position, rows: docs.map((doc) => exportRow(source, doc)) });
      for (const dependent of dependentSourcesOf(source.table)) {
        const rows: ExportRow[] = [];
        for (const doc of docs) {
          if (!dependentRowsExported(EXPORT_SOURCES[dependent], source, doc, exportedAt)) continue;
          for (const row of await rowsWhere(ctx, EXPORT_SOURCES[dependent], doc._id).collect()) rows.push(exportRow(EXPORT_SOURCES[dependent], row));
        }
        if (rows.length > 0) read.push({ source: dependent, rows });
        kept += rows.length;
      }
      return kept;
    };

    let rowsLeft = EXPORT_PART_ROWS;
    let paged = false;
    for (;;) {
      const source = EXPORT_SOURCES[step.source];
      const values = await ownerValues(source);
      if (step.value < values.length) {
        const rows = rowsWhere(ctx, source, values[step.value]);
        if (!paged) {
          // The part's first list, by page: a query may read only one page (Convex runs one paginated read per function).
          paged = true;
          let page: Page;
          try {
            page = await rows.paginate({ numItems: EXPORT_PART_ROWS, cursor: step.cursor });
          } catch {
            return fail("INVALID_INPUT", { field: "from" });
          }
          rowsLeft -= await keep(step.source, page.page);
          if (!page.isDone) return { exportedAt, rows: read, next: { ...step, cursor: page.continueCursor } };
        } else {
          const docs = await rows.take(rowsLeft + 1);
          // Longer than what is left of this part: the next part reads it by page from its start.
          if (docs.length > rowsLeft) return { exportedAt, rows: read, next: step };
          rowsLeft -= await keep(step.source, docs);
        }
        step = { source: step.source, value: step.value + 1, cursor: null };
        if (step.value < values.length) {
          if (rowsLeft <= 0) return { exportedAt, rows: read, next: step };
          continue;
        }
      }
      const following = nextSteppedSource(step.source + 1);
      if (following === null) return { exportedAt, rows: read, next: null };
      step = { source: following, value: 0, cursor: null };
      if (rowsLeft <= 0) return { exportedAt, rows: read, next: step };
    }
  },
});
