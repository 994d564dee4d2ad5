// A client's notices (docs/product-rules.md, "Favourites and 'Avvisami'"): the 'Notifiche' on the
// dashboard and the count in the header, live; each links to the day it is about and can be marked read.
import { v } from "convex/values";
import { fail } from "./framework/errors";
import { clientMutation, clientQuery } from "./lib/platform/functions";
import { durationMinutes } from "./framework/validators";
import { NOTICES_SHOWN } from "./model/availabilityAlerts";

const notice = v.object({
  id: v.id("clientNotices"),
  kind: v.literal("time_freed"),
  psychicProfileId: v.id("psychicProfiles"),
  psychicName: v.string(),
  date: v.string(),
  durationMinutes,
  createdAt: v.number(),
  read: v.boolean(),
});

/** The viewer's latest notices, newest first, and how many of them are unread. */
export const listMine = clientQuery({
  args: {},
  returns: v.object({ notices: v.array(notice), unread: v.number() }),
  handler: async (ctx) => {
    const rows = await ctx.db
      .query("clientNotices")
      .withIndex("by_client", (q) => q.eq("clientId", ctx.viewerId))
      .order("desc")
      .take(NOTICES_SHOWN);
    const notices = rows.map((row) => ({
      id: row._id,
      kind: row.kind,
      psychicProfileId: row.psychicProfileId,
      psychicName: row.psychicName,
      date: row.date,
      durationMinutes: row.durationMinutes,
      createdAt: row.createdAt,
      read: row.readAt !== undefined,
    }));
    return { notices, unread: notices.filter((item) => !item.read).length };
  },
});

/** Marks one of the viewer's notices read (again: nothing changes). Someone else's is refused. */
export const markRead = clientMutation({
  args: { noticeId: v.string() },
  returns: v.null(),
  handler: async (ctx, { noticeId }) => {
    const id = ctx.db.normalizeId("clientNotices", noticeId);
    const row = id === null ? null : await ctx.db.get("clientNotices", id);
    if (row === null) return fail("NOT_FOUND");
    if (row.clientId !== ctx.viewerId) return fail("FORBIDDEN");
    if (row.readAt === undefined) await ctx.db.patch("clientNotices", row._id, { readAt: Date.now() });
    return null;
  },
});
