// Reading the catalogue's rows (model/catalogueEntries.ts) in the order asked, as a stream (convex-helpers) so a
// page can be filtered further and still end where its cursor says.
import { mergedStream, stream } from "convex-helpers/server/stream";
import type { QueryCtx } from "../../_generated/server";
import schema from "../../schema";
import type { CatalogueFilter } from "../../model/catalogueEntries";
import type { ListOrder } from "../../model/catalogueOrder";

/** The rows of `facet` in `order`; 'Disponibili oggi' and a price cap narrow the range where the order allows. */
export function rowsInOrder(ctx: QueryCtx, facet: string, order: ListOrder, filter: CatalogueFilter, endOfToday: number | null) {
  const rows = stream(ctx.db, schema).query("catalogueEntries");
  if (order === "soonest")
    return rows.withIndex("by_facet_free", (q) => (endOfToday === null ? q.eq("facet", facet) : q.eq("facet", facet).lt("freeAt", endOfToday)));
  if (order === "price") {
    const cap = filter.maxCentsPerMinute ?? null;
    if (cap === null) return rows.withIndex("by_facet_price", (q) => q.eq("facet", facet));
    // Those taking consultations, then the others, each up to the cap: two ranges read as one, in the index's order.
    const upTo = (closed: boolean) =>
      stream(ctx.db, schema)
        .query("catalogueEntries")
        .withIndex("by_facet_price", (q) => q.eq("facet", facet).eq("closed", closed).lte("centsPerMinute", cap));
    return mergedStream([upTo(false), upTo(true)], ["closed", "centsPerMinute", "ratingKey", "reviewsKey", "nameKey"]);
  }
  return rows.withIndex("by_facet_rating", (q) => q.eq("facet", facet));
}

