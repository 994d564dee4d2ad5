// 'Scarica i tuoi dati': the signed-in person's export, read for them only (model/dataExport.ts says
// what is in it and why the rest is not).
import { v } from "convex/values";
import type { TableNames } from "./_generated/dataModel";
import type { QueryCtx } from "./_generated/server";
import { authedQuery } from "./lib/functions";
import {
  EXPORT_SOURCES,
  buildExport,
  exportFileBase,
  exportRow,
  renderExportHtml,
  type ExportOwner,
  type ExportRow,
  type ExportSource,
} from "./model/dataExport";

/** Reads one index for one value, whatever the table (the sources name tables and indexes as data); newest first with a limit. */
async function rowsWhere(ctx: QueryCtx, source: ExportSource, value: unknown): Promise<Record<string, unknown>[]> {
  type Ranged = {
    collect: () => Promise<Record<string, unknown>[]>;
    order: (order: "desc") => { take: (n: number) => Promise<Record<string, unknown>[]> };
  };
  const query = ctx.db.query(source.table as TableNames) as unknown as {
    withIndex: (name: string, range: (q: { eq: (field: string, value: unknown) => unknown }) => unknown) => Ranged;
  };
  const rows = query.withIndex(source.index, (q) => q.eq(source.field, value));
  return source.limit === undefined ? rows.collect() : rows.order("desc").take(source.limit);
}

/** The caller's JSON and HTML files, made on request (the browser downloads them as they are). */
export const mine = authedQuery({
  args: {},
  returns: v.object({ fileBase: v.string(), json: v.string(), html: v.string() }),
  handler: async (ctx) => {
    const now = Date.now();
    const email = ctx.viewer.email;
    const read: Array<{ source: (typeof EXPORT_SOURCES)[number]; rows: ExportRow[] }> = [];
    const idsOf = (table: string) => read.filter((entry) => entry.source.table === table).flatMap((entry) => entry.rows.map((row) => row._id));
    const ownerValues = (owner: ExportOwner): unknown[] => {
      switch (owner) {
        case "user":
          return [ctx.viewerId];
        case "email":
          return email ? [email] : [];
        case "profile":
          return idsOf("psychicProfiles");
        case "bookings":
          return [...new Set(idsOf("bookings"))];
        case "transfers":
          return idsOf("psychicTransfers");
      }
    };
    for (const source of EXPORT_SOURCES) {
      const rows: ExportRow[] = [];
      for (const value of ownerValues(source.owner)) {
        for (const doc of await rowsWhere(ctx, source, value)) rows.push(exportRow(source, doc));
      }
      read.push({ source, rows });
    }
    const data = buildExport(read, now);
    return { fileBase: exportFileBase(now), json: JSON.stringify(data, null, 2), html: renderExportHtml(data, now) };
  },
});
