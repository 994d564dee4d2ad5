// The past of a deleted account (lib/accounts/accountDeletion.ts): its bookings stay for accounting without the
// psychic's name or the client's private notes and chat conversations, its reviews stay signed "Account eliminato", the emails
// addressed to it go. A history can be longer than one transaction may read (each booking's change runs the
// triggers), so the deleting transaction handles the first part of each list and, when one is longer,
// scheduled parts (users:scrubDeletedHistory) go on through the rest, one page of one list at a time.
import { internal } from "../../_generated/api";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { DELETED_ACCOUNT_NAME } from "../../model/accounts";
import { forgetClientNotesOf, renamePsychicOf } from "../bookings/bookingLifecycle";

/** Rows of one list handled per transaction: each booking's change reads about 17 documents through the triggers. */
export const HISTORY_PART = 250;

export const historyLists = ["psychicBookings", "clientBookings", "reviews", "emails"] as const;
type HistoryList = (typeof historyLists)[number];

/**
 * Whose history: the account, its psychic profile if any, its address, and the creation time of the newest
 * email to it when it was deleted (the notices the deletion queues afterwards are not part of its past).
 */
type HistoryOwner = { userId: Id<"users">; profileId: Id<"psychicProfiles"> | null; email: string | null; emailsUpTo: number };

function listQuery(ctx: MutationCtx, owner: HistoryOwner, list: HistoryList) {
  const { userId, profileId, email } = owner;
  switch (list) {
    case "psychicBookings":
      return profileId === null ? null : ctx.db.query("bookings").withIndex("by_psychicProfile_startsAt", (q) => q.eq("psychicProfileId", profileId));
    case "clientBookings":
      return ctx.db.query("bookings").withIndex("by_client_status_startsAt", (q) => q.eq("clientId", userId));
    case "reviews":
      return ctx.db.query("reviews").withIndex("by_client", (q) => q.eq("clientId", userId));
    case "emails":
      return email === null ? null : ctx.db.query("emailOutbox").withIndex("by_to", (q) => q.eq("to", email));
  }
}

type Row = { _id: string; _creationTime: number } & Record<string, unknown>;

/** What deleting the account does to one row of a list; idempotent, so a part may meet a row again. */
async function scrubRow(ctx: MutationCtx, owner: HistoryOwner, list: HistoryList, row: Row) {
  switch (list) {
    // The row is the booking as just read: each booking is in one list and met once per part.
    case "psychicBookings": {
      const booking = row as unknown as Doc<"bookings">;
      if (booking.psychicName !== DELETED_ACCOUNT_NAME) await renamePsychicOf(ctx, booking, DELETED_ACCOUNT_NAME);
      return;
    }
    case "clientBookings": {
      const booking = row as unknown as Doc<"bookings">;
      await forgetClientNotesOf(ctx, booking);
      // The client's conversation goes with the account (the psychic's reading of it too); in its own parts.
      if (booking.consultationType === "chat") await ctx.scheduler.runAfter(0, internal.chats.forgetConversation, { bookingId: booking._id });
      return;
    }
    case "reviews":
      if (row.clientName !== DELETED_ACCOUNT_NAME) await ctx.db.patch("reviews", row._id as Id<"reviews">, { clientName: DELETED_ACCOUNT_NAME });
      return;
    case "emails":
      // The notices of the bookings the deletion cancelled are queued after it and still go out.
      if (row._creationTime <= owner.emailsUpTo) await ctx.db.delete("emailOutbox", row._id as Id<"emailOutbox">);
      return;
  }
}

/**
 * In the deleting transaction: the first part of each list, and the scheduled parts for the rest when a list
 * is longer than that.
 */
export async function scrubHistory(ctx: MutationCtx, account: Omit<HistoryOwner, "emailsUpTo">): Promise<void> {
  const { email } = account;
  const newestEmail =
    email === null
      ? null
      : await ctx.db
          .query("emailOutbox")
          .withIndex("by_to", (q) => q.eq("to", email))
          .order("desc")
          .first();
  const owner = { ...account, emailsUpTo: newestEmail?._creationTime ?? 0 };
  let longer = false;
  for (const list of historyLists) {
    const rows = (await listQuery(ctx, owner, list)?.take(HISTORY_PART + 1)) ?? [];
    for (const row of rows.slice(0, HISTORY_PART)) await scrubRow(ctx, owner, list, row as unknown as Row);
    longer ||= rows.length > HISTORY_PART;
  }
  if (longer) await ctx.scheduler.runAfter(0, internal.users.scrubDeletedHistory, { ...owner, list: historyLists[0], cursor: null });
}

/** One scheduled part: a page of one list (from its start, so the first part is met again, harmlessly); then the next. */
export async function scrubHistoryPart(ctx: MutationCtx, owner: HistoryOwner, list: HistoryList, cursor: string | null): Promise<void> {
  const query = listQuery(ctx, owner, list);
  if (query !== null) {
    const page = await query.paginate({ numItems: HISTORY_PART, cursor });
    for (const row of page.page) await scrubRow(ctx, owner, list, row as unknown as Row);
    if (!page.isDone) {
      await ctx.scheduler.runAfter(0, internal.users.scrubDeletedHistory, { ...owner, list, cursor: page.continueCursor });
      return;
    }
  }
  const next = historyLists[historyLists.indexOf(list) + 1];
  if (next !== undefined) await ctx.scheduler.runAfter(0, internal.users.scrubDeletedHistory, { ...owner, list: next, cursor: null });
}
