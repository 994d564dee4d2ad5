// A chat consultation's conversation (docs/product-rules.md, "Chat consultations"): the two parties write
// during the consultation's window, live on both screens; contact details are masked before anyone reads
// them (model/chatMasking.ts); the client keeps the conversation, the psychic reads it for 30 days, an
// admin reads it only while handling a report of that consultation. The room itself (window, presence,
// the end) is the call's: calls.ts `getRoom`, `join` and `leave` serve both types.
import { v } from "convex/values";
import type { Doc } from "./_generated/dataModel";
import type { QueryCtx } from "./_generated/server";
import { bookingX, type BookingParty } from "./lib/platform/access";
import { markPresent, readField, typingField } from "./lib/calls/callPresence";
import { roomPartyX, sessionOf } from "./lib/calls/callSessions";
import { fail } from "./framework/errors";
import { requireInstant } from "./framework/time";
import { rateLimit } from "./lib/platform/rateLimits";
import { adminQuery, authedMutation, authedQuery, internalMutation } from "./lib/platform/functions";
import { internal } from "./_generated/api";
import { bookingParty, maskedKind } from "./framework/validators";
import { DELETED_ACCOUNT_NAME } from "./model/accounts";
import { joinRefusal, typeRefusal } from "./model/calls";
import {
  isClientMessageId,
  MAX_MESSAGES_PER_CHAT,
  prepareMessage,
  psychicReadsUntil,
  transcriptRefusal,
  typingWorthWriting,
} from "./model/chats";


const message = v.object({
  id: v.id("chatMessages"),
  party: bookingParty,
  /** The viewer wrote it. */
  mine: v.boolean(),
  body: v.string(),
  /** What was hidden from one's own message, so the page says why it reads differently; empty on the other's. */
  masked: v.array(maskedKind),
  /** The page's own id of one's own message, to replace the pending copy it shows; null on the other's. */
  clientMessageId: v.union(v.string(), v.null()),
  sentAt: v.number(),
});

async function messagesOf(ctx: QueryCtx, booking: Doc<"bookings">) {
  return ctx.db
    .query("chatMessages")
    .withIndex("by_bookingId", (q) => q.eq("bookingId", booking._id))
    .take(MAX_MESSAGES_PER_CHAT);
}

function asSeenBy(row: Doc<"chatMessages">, viewer: BookingParty | null) {
  const mine = viewer !== null && row.party === viewer;
  return {
    id: row._id,
    party: row.party,
    mine,
    body: row.body,
    masked: mine ? row.masked : [],
    clientMessageId: mine ? row.clientMessageId : null,
    sentAt: row.sentAt,
  };
}

/**
 * Sends one message during the window (5 minutes early until the end), only by the booking's two
 * parties. Contact details are masked before it is stored; what was hidden comes back for the sender.
 * The same `clientMessageId` again (the page resending after a lost connection) is the stored message,
 * not a second one, even after the window. A message is a sign of presence, as a call's heartbeat is.
 */
export const send = authedMutation({
  args: { bookingId: v.string(), clientMessageId: v.string(), text: v.string() },
  returns: v.object({ id: v.id("chatMessages"), body: v.string(), masked: v.array(maskedKind) }),
  handler: async (ctx, { bookingId, clientMessageId, text }) => {
    const { booking, party } = await roomPartyX(ctx, ctx.viewerId, bookingId, "chat");
    if (!isClientMessageId(clientMessageId)) return fail("INVALID_INPUT", { field: "clientMessageId" });
    const stored = await ctx.db
      .query("chatMessages")
      .withIndex("by_bookingId_clientMessageId", (q) => q.eq("bookingId", booking._id).eq("clientMessageId", clientMessageId))
      .unique();
    if (stored !== null) {
      // Ids are the sender's own: the other party cannot learn or replace a message by guessing one.
      if (stored.senderId !== ctx.viewerId) return fail("INVALID_INPUT", { field: "clientMessageId" });
      return { id: stored._id, body: stored.body, masked: stored.masked };
    }
    const now = Date.now();
    const refusal = joinRefusal(booking, now, "chat");
    if (refusal !== null) return fail(refusal);
    const prepared = prepareMessage(text);
    if ("refusal" in prepared) return fail(prepared.refusal);
    const session = await sessionOf(ctx, booking._id);
    if ((session?.chatMessageCount ?? 0) >= MAX_MESSAGES_PER_CHAT) return fail("RATE_LIMITED");
    if (!(await rateLimit(ctx, { name: "chatMessagesByUser", key: ctx.viewerId })).ok) return fail("RATE_LIMITED");

    const id = await ctx.db.insert("chatMessages", {
      bookingId: booking._id,
      senderId: ctx.viewerId,
      party,
      body: prepared.body,
      masked: prepared.masked,
      clientMessageId,
      sentAt: now,
    });
    await markPresent(ctx, booking, party, now);
    const current = (await sessionOf(ctx, booking._id))!;
    await ctx.db.patch("callSessions", current._id, {
      chatMessageCount: (current.chatMessageCount ?? 0) + 1,
      // Sent ends typing, and one has read everything up to one's own message.
      [typingField[party]]: undefined,
      [readField[party]]: now,
    });
    return { id, body: prepared.body, masked: prepared.masked };
  },
});

/**
 * The conversation, oldest first, for its two parties: live during the consultation, and afterwards as
 * its transcript, for the client as long as it is kept and for the psychic for 30 days after the end
 * (TRANSCRIPT_EXPIRED after; the time is read when the page asks, as it opens the transcript).
 */
export const listMessages = authedQuery({
  args: { bookingId: v.string() },
  returns: v.object({ messages: v.array(message), psychicReadsUntil: v.number() }),
  handler: async (ctx, { bookingId }) => {
    const { booking, party } = await roomPartyX(ctx, ctx.viewerId, bookingId, "chat");
    const refusal = transcriptRefusal(party, booking.endsAt, Date.now());
    if (refusal !== null) return fail(refusal);
    const rows = await messagesOf(ctx, booking);
    return { messages: rows.map((row) => asSeenBy(row, party)), psychicReadsUntil: psychicReadsUntil(booking.endsAt) };
  },
});

/** The party is typing: the other screen shows 'sta scrivendo' for a few seconds. Only in the window. */
export const setTyping = authedMutation({
  args: { bookingId: v.string() },
  returns: v.null(),
  handler: async (ctx, { bookingId }) => {
    const { booking, party } = await roomPartyX(ctx, ctx.viewerId, bookingId, "chat");
    const now = Date.now();
    const refusal = joinRefusal(booking, now, "chat");
    if (refusal !== null) return fail(refusal);
    const session = await sessionOf(ctx, booking._id);
    // Typing before entering the room changes nothing: the page enters first.
    if (session === null || session.status === "ended" || !typingWorthWriting(session[typingField[party]], now)) return null;
    await ctx.db.patch("callSessions", session._id, { [typingField[party]]: now });
    return null;
  },
});

/**
 * The party has read the conversation up to the message sent at `upTo`: the other's messages until
 * then show 'Letto'. Never moves back, never past now; harmless before the room opened.
 */
export const markRead = authedMutation({
  args: { bookingId: v.string(), upTo: v.number() },
  returns: v.null(),
  handler: async (ctx, { bookingId, upTo }) => {
    const { booking, party } = await roomPartyX(ctx, ctx.viewerId, bookingId, "chat");
    requireInstant(upTo, "upTo");
    const session = await sessionOf(ctx, booking._id);
    if (session === null) return null;
    const readUpTo = Math.min(upTo, Date.now());
    if (readUpTo <= (session[readField[party]] ?? 0)) return null;
    await ctx.db.patch("callSessions", session._id, { [readField[party]]: readUpTo });
    return null;
  },
});

/**
 * An admin reads a chat consultation's conversation only while a client's report of it is in the
 * inbox (consultationReports.ts): the report is the reason to read it, and its link opens it.
 */
export const readReported = adminQuery({
  args: { bookingId: v.string() },
  returns: v.object({
    psychicName: v.string(),
    clientName: v.string(),
    scheduledDate: v.string(),
    scheduledTime: v.string(),
    messages: v.array(message),
  }),
  handler: async (ctx, { bookingId }) => {
    const booking = await bookingX(ctx, bookingId);
    const wrong = typeRefusal(booking, "chat");
    if (wrong !== null) return fail(wrong);
    const report = await ctx.db
      .query("contactMessages")
      .withIndex("by_reportBookingId", (q) => q.eq("reportBookingId", booking._id))
      .first();
    if (report === null) return fail("FORBIDDEN");
    const client = await ctx.db.get("users", booking.clientId);
    const rows = await messagesOf(ctx, booking);
    return {
      psychicName: booking.psychicName,
      clientName: client?.name ?? DELETED_ACCOUNT_NAME,
      scheduledDate: booking.scheduledDate,
      scheduledTime: booking.scheduledTime,
      messages: rows.map((row) => asSeenBy(row, null)),
    };
  },
});

/** Messages deleted per transaction when a conversation is forgotten. */
const FORGET_PART = 200;

/**
 * Forgets a booking's conversation, a part at a time (the client deleted the account:
 * lib/accounts/deletedHistory.ts). Safe to run again.
 */
export const forgetConversation = internalMutation({
  args: { bookingId: v.id("bookings") },
  returns: v.null(),
  handler: async (ctx, { bookingId }) => {
    const rows = await ctx.db
      .query("chatMessages")
      .withIndex("by_bookingId", (q) => q.eq("bookingId", bookingId))
      .take(FORGET_PART);
    for (const row of rows) await ctx.db.delete("chatMessages", row._id);
    if (rows.length === FORGET_PART) await ctx.scheduler.runAfter(0, internal.chats.forgetConversation, { bookingId });
    else {
      const session = await sessionOf(ctx, bookingId);
      if (session !== null) await ctx.db.patch("callSessions", session._id, { chatMessageCount: 0 });
    }
    return null;
  },
});
