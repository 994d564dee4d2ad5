// A chat consultation's conversation (convex/chats.ts): who may write and read it and when, what is masked,
// the limits, a message sent twice stored once, typing and read marks, the transcript's life afterwards
// (the client keeps it, the psychic reads it 30 days, an admin only for a report), and attendance from it.
import { describe, expect, it, vi } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { EARLY_ACCESS_MS, PSYCHIC_GRACE_MS } from "../../convex/model/calls";
import { CHAT_MESSAGE_MAX_LENGTH, MAX_MESSAGES_PER_CHAT, PSYCHIC_TRANSCRIPT_DAYS, TYPING_REPORT_MS } from "../../convex/model/chats";
import { readWholeExport } from "../../convex/model/dataExportParts";
import type { DataExport } from "../../convex/model/dataExport";
import { bookingOf, callBooking, sessionOf } from "./fixtures/callWorld";
import { buildWorld, type Persona, type World } from "./fixtures/world";
import { errorCodeOf, setupTest, stripe, useStripeStandIn } from "./setup";

useStripeStandIn();

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;

/** A chat consultation of clientA with psychicA, its window open now unless moved. */
const chatBooking = (world: World, fields: Parameters<typeof callBooking>[1] = {}) => callBooking(world, { consultationType: "chat", ...fields });

let sent = 0;
/** `persona` sends `text` with a fresh message id (or the one given), as the page does. */
function send(world: World, persona: Persona, bookingId: Id<"bookings">, text: string, clientMessageId = `m${++sent}`) {
  return world.as[persona].mutation(api.chats.send, { bookingId, clientMessageId, text });
}

const messagesAs = (world: World, persona: Persona, bookingId: Id<"bookings">) => world.as[persona].query(api.chats.listMessages, { bookingId });

const storedMessages = (world: World, bookingId: Id<"bookings">) =>
  world.t.run((ctx) =>
    ctx.db
      .query("chatMessages")
      .withIndex("by_bookingId", (q) => q.eq("bookingId", bookingId))
      .collect(),
  );

async function advanceTo(world: World, at: number) {
  vi.advanceTimersByTime(Math.max(0, at - Date.now()));
  await world.t.finishInProgressScheduledFunctions();
}

describe("who writes and reads, and when", () => {
  it("the two parties write and both read the conversation in order, each message marked as their own or not", async () => {
    const world = await buildWorld(setupTest());
    const bookingId = await chatBooking(world);
    await send(world, "clientA", bookingId, "Buongiorno, vorrei parlare del lavoro.");
    vi.advanceTimersByTime(SECOND);
    await send(world, "psychicA", bookingId, "Buongiorno Marta, mescolo le carte.");
    const client = await messagesAs(world, "clientA", bookingId);
    const psychic = await messagesAs(world, "psychicA", bookingId);
    expect(client.messages.map((message) => [message.party, message.mine, message.body])).toEqual([
      ["client", true, "Buongiorno, vorrei parlare del lavoro."],
      ["psychic", false, "Buongiorno Marta, mescolo le carte."],
    ]);
    expect(psychic.messages.map((message) => message.mine)).toEqual([false, true]);
    expect(client.messages[0].sentAt).toBeLessThan(client.messages[1].sentAt);
    // The page's own id comes back only on one's own messages.
    expect(client.messages[1].clientMessageId).toBeNull();
    expect(psychic.messages[1].clientMessageId).not.toBeNull();
  });

  it("nobody else reads or writes it: another client, another psychic, an admin, a visitor", async () => {
    const world = await buildWorld(setupTest());
    const bookingId = await chatBooking(world);
    await send(world, "clientA", bookingId, "Ci sono.");
    for (const persona of ["clientB", "psychicB", "admin"] as const) {
      expect(await errorCodeOf(messagesAs(world, persona, bookingId))).toBe("FORBIDDEN");
      expect(await errorCodeOf(send(world, persona, bookingId, "Intruso"))).toBe("FORBIDDEN");
      expect(await errorCodeOf(world.as[persona].mutation(api.chats.setTyping, { bookingId }))).toBe("FORBIDDEN");
    }
    expect(await errorCodeOf(world.as.visitor.query(api.chats.listMessages, { bookingId }))).toBe("NOT_AUTHENTICATED");
    expect(await storedMessages(world, bookingId)).toHaveLength(1);
  });

  it("a call has no conversation, and a chat has no call audio", async () => {
    const world = await buildWorld(setupTest());
    const call = await callBooking(world);
    expect(await errorCodeOf(send(world, "clientA", call, "Ciao"))).toBe("NOT_CHAT_CONSULTATION");
    expect(await errorCodeOf(messagesAs(world, "clientA", call))).toBe("NOT_CHAT_CONSULTATION");
    const chat = await chatBooking(world);
    expect(await errorCodeOf(world.as.clientA.query(api.calls.listSignals, { bookingId: chat }))).toBe("NOT_VOICE_CONSULTATION");
  });

  it("opens 5 minutes before the start and closes at the end, on the server's clock", async () => {
    const world = await buildWorld(setupTest());
    const bookingId = await chatBooking(world, { startsInMs: 20 * MINUTE, minutes: 30 });
    const { startsAt, endsAt } = (await bookingOf(world, bookingId))!;
    expect(await errorCodeOf(send(world, "clientA", bookingId, "Sono in anticipo"))).toBe("CALL_NOT_OPEN");
    await advanceTo(world, startsAt - EARLY_ACCESS_MS);
    await send(world, "clientA", bookingId, "Eccomi, un po' prima.");
    // Both pages open until just before the end, beating as the page does (a psychic away would be absent).
    while (Date.now() < endsAt - 10 * SECOND) {
      await world.as.psychicA.mutation(api.calls.join, { bookingId });
      await world.as.clientA.mutation(api.calls.join, { bookingId });
      await advanceTo(world, Date.now() + 10 * SECOND);
    }
    await advanceTo(world, endsAt - SECOND);
    await send(world, "psychicA", bookingId, "Ultimo messaggio.");
    await advanceTo(world, endsAt);
    expect(await errorCodeOf(send(world, "clientA", bookingId, "Troppo tardi"))).toBe("CALL_ENDED");
    expect(await errorCodeOf(world.as.clientA.mutation(api.chats.setTyping, { bookingId }))).toBe("CALL_ENDED");
    expect((await messagesAs(world, "clientA", bookingId)).messages.map((message) => message.body)).toEqual([
      "Eccomi, un po' prima.",
      "Ultimo messaggio.",
    ]);
  });

  it("an unpaid or cancelled booking has no conversation", async () => {
    const world = await buildWorld(setupTest());
    const unpaid = await chatBooking(world, { status: "pending_payment", holdExpiresAt: Date.now() + DAY });
    const cancelled = await chatBooking(world, { status: "cancelled" });
    for (const bookingId of [unpaid, cancelled]) {
      expect(await errorCodeOf(send(world, "clientA", bookingId, "Ciao"))).toBe("BOOKING_NOT_CONFIRMED");
    }
  });
});

describe("what a message may be", () => {
  it("contact details are masked before anyone reads them; the sender is told what, the other reads only the mask", async () => {
    const world = await buildWorld(setupTest());
    const bookingId = await chatBooking(world);
    const answer = await send(world, "psychicA", bookingId, "Scrivimi su WhatsApp al 347 123 4567 o a luna.viola@gmail.com");
    expect(answer.masked).toEqual(["phone", "email"]);
    expect(answer.body).toBe("Scrivimi su WhatsApp al [numero nascosto] o a [email nascosta]");
    const [stored] = await storedMessages(world, bookingId);
    // The original is stored nowhere: not even an admin could read it later. (Its strings only: the times are
    // numbers whose digits may hold "347".)
    const strings = JSON.stringify(Object.values(stored).filter((value) => typeof value !== "number"));
    expect(strings).not.toContain("347");
    expect(strings).not.toContain("gmail");
    const client = await messagesAs(world, "clientA", bookingId);
    expect(client.messages[0]).toMatchObject({ body: "Scrivimi su WhatsApp al [numero nascosto] o a [email nascosta]", masked: [] });
    expect((await messagesAs(world, "psychicA", bookingId)).messages[0].masked).toEqual(["phone", "email"]);
  });

  it("a message is trimmed, not empty, at most 1000 characters; a refused one stores nothing", async () => {
    const world = await buildWorld(setupTest());
    const bookingId = await chatBooking(world);
    expect(await errorCodeOf(send(world, "clientA", bookingId, "   \n "))).toBe("MESSAGE_EMPTY");
    expect(await errorCodeOf(send(world, "clientA", bookingId, "a".repeat(CHAT_MESSAGE_MAX_LENGTH + 1)))).toBe("MESSAGE_TOO_LONG");
    expect(await storedMessages(world, bookingId)).toEqual([]);
    const exact = await send(world, "clientA", bookingId, `  ${"a".repeat(CHAT_MESSAGE_MAX_LENGTH)}  `);
    expect(exact.body).toHaveLength(CHAT_MESSAGE_MAX_LENGTH);
  });

  it("the message id is the page's, short and plain", async () => {
    const world = await buildWorld(setupTest());
    const bookingId = await chatBooking(world);
    for (const id of ["", "x".repeat(65), "a b", "<script>"]) {
      expect(await errorCodeOf(send(world, "clientA", bookingId, "Ciao", id))).toBe("INVALID_INPUT");
    }
  });

  it("a burst of 10 messages, then one every 2 seconds: faster is refused and stores nothing", async () => {
    const world = await buildWorld(setupTest());
    const bookingId = await chatBooking(world);
    for (let i = 0; i < 10; i++) await send(world, "clientA", bookingId, `Messaggio ${i}`);
    expect(await errorCodeOf(send(world, "clientA", bookingId, "Uno di troppo"))).toBe("RATE_LIMITED");
    // The other party has a bucket of their own.
    await send(world, "psychicA", bookingId, "Rispondo io.");
    vi.advanceTimersByTime(2 * SECOND);
    await send(world, "clientA", bookingId, "Dopo due secondi.");
    expect(await storedMessages(world, bookingId)).toHaveLength(12);
  });

  it("a conversation holds at most its cap of messages", async () => {
    const world = await buildWorld(setupTest());
    const bookingId = await chatBooking(world);
    await send(world, "clientA", bookingId, "Il primo.");
    const session = (await sessionOf(world, bookingId))!;
    await world.t.run((ctx) => ctx.db.patch("callSessions", session._id, { chatMessageCount: MAX_MESSAGES_PER_CHAT }));
    expect(await errorCodeOf(send(world, "psychicA", bookingId, "Oltre il limite"))).toBe("RATE_LIMITED");
  });
});

describe("delivered once", () => {
  it("the same message sent again (a connection lost and back) is the stored one, also after the end", async () => {
    const world = await buildWorld(setupTest());
    const bookingId = await chatBooking(world, { minutes: 30 });
    const first = await send(world, "clientA", bookingId, "Sei ancora lì?", "offline-1");
    const again = await send(world, "clientA", bookingId, "Sei ancora lì?", "offline-1");
    expect(again).toEqual(first);
    const { endsAt } = (await bookingOf(world, bookingId))!;
    await advanceTo(world, endsAt + MINUTE);
    expect(await send(world, "clientA", bookingId, "Sei ancora lì?", "offline-1")).toEqual(first);
    expect(await storedMessages(world, bookingId)).toHaveLength(1);
  });

  it("another person's message id cannot be taken over", async () => {
    const world = await buildWorld(setupTest());
    const bookingId = await chatBooking(world);
    await send(world, "clientA", bookingId, "Mio.", "shared-id");
    expect(await errorCodeOf(send(world, "psychicA", bookingId, "Suo?", "shared-id"))).toBe("INVALID_INPUT");
    expect((await storedMessages(world, bookingId)).map((message) => message.body)).toEqual(["Mio."]);
  });
});

describe("typing and read marks", () => {
  it("the other side sees when one is typing, until a message is sent; reports are written at most every 1.5 s", async () => {
    const world = await buildWorld(setupTest());
    const bookingId = await chatBooking(world);
    await world.as.clientA.mutation(api.calls.join, { bookingId });
    await world.as.psychicA.mutation(api.calls.join, { bookingId });
    await world.as.clientA.mutation(api.chats.setTyping, { bookingId });
    const typedAt = Date.now();
    expect((await world.as.psychicA.query(api.calls.getRoom, { bookingId })).chat?.otherTypingAt).toBe(typedAt);
    vi.advanceTimersByTime(TYPING_REPORT_MS / 2 - 1);
    await world.as.clientA.mutation(api.chats.setTyping, { bookingId });
    expect((await world.as.psychicA.query(api.calls.getRoom, { bookingId })).chat?.otherTypingAt).toBe(typedAt);
    await send(world, "clientA", bookingId, "Ecco la mia domanda.");
    expect((await world.as.psychicA.query(api.calls.getRoom, { bookingId })).chat?.otherTypingAt).toBeNull();
    // One's own typing is not shown back.
    expect((await world.as.clientA.query(api.calls.getRoom, { bookingId })).chat?.otherTypingAt).toBeNull();
  });

  it("read marks move forward only, never past now, and show to the other side", async () => {
    const world = await buildWorld(setupTest());
    const bookingId = await chatBooking(world);
    const { id } = await send(world, "clientA", bookingId, "Mi leggi?");
    const [message] = (await messagesAs(world, "psychicA", bookingId)).messages;
    expect(message.id).toBe(id);
    await world.as.psychicA.mutation(api.chats.markRead, { bookingId, upTo: message.sentAt });
    expect((await world.as.clientA.query(api.calls.getRoom, { bookingId })).chat?.otherReadUpTo).toBe(message.sentAt);
    await world.as.psychicA.mutation(api.chats.markRead, { bookingId, upTo: message.sentAt - MINUTE });
    await world.as.psychicA.mutation(api.chats.markRead, { bookingId, upTo: Date.now() + DAY });
    expect((await world.as.clientA.query(api.calls.getRoom, { bookingId })).chat?.otherReadUpTo).toBe(Date.now());
  });
});

describe("the transcript afterwards", () => {
  it("the client reads it long after; the psychic for 30 days after the end, then no more", async () => {
    const world = await buildWorld(setupTest());
    const bookingId = await chatBooking(world, { minutes: 30 });
    await send(world, "clientA", bookingId, "Grazie di tutto.");
    const { endsAt } = (await bookingOf(world, bookingId))!;
    await advanceTo(world, endsAt + PSYCHIC_TRANSCRIPT_DAYS * DAY);
    expect((await messagesAs(world, "psychicA", bookingId)).messages).toHaveLength(1);
    vi.advanceTimersByTime(SECOND);
    expect(await errorCodeOf(messagesAs(world, "psychicA", bookingId))).toBe("TRANSCRIPT_EXPIRED");
    vi.advanceTimersByTime(300 * DAY);
    expect((await messagesAs(world, "clientA", bookingId)).messages.map((message) => message.body)).toEqual(["Grazie di tutto."]);
  });

  it("an admin reads a chat only once its client has reported it", async () => {
    const world = await buildWorld(setupTest());
    const bookingId = await chatBooking(world, { minutes: 30 });
    await send(world, "psychicA", bookingId, "Sentiamoci su telegram: lunaviola");
    expect(await errorCodeOf(world.as.admin.query(api.chats.readReported, { bookingId }))).toBe("FORBIDDEN");
    const { endsAt } = (await bookingOf(world, bookingId))!;
    await advanceTo(world, endsAt + MINUTE);
    await world.as.clientA.mutation(api.consultationReports.reportMine, {
      bookingId,
      reason: "off_platform_contact",
      text: "Mi ha chiesto di sentirci su un'altra app, fuori da Arcano.",
    });
    // The inbox knows the report is of a chat, to offer its conversation.
    const inbox = await world.as.admin.query(api.admin.listMessages, { status: "all", paginationOpts: { numItems: 50, cursor: null } });
    expect(inbox.page.find((message) => message.report?.bookingId === bookingId)?.report).toMatchObject({ consultationType: "chat" });
    const read = await world.as.admin.query(api.chats.readReported, { bookingId });
    expect(read.messages.map((message) => [message.party, message.body, message.mine])).toEqual([
      ["psychic", "Sentiamoci su telegram: [contatto nascosto]", false],
    ]);
    for (const persona of ["clientA", "psychicA", "adminNoGrant"] as const) {
      expect(await errorCodeOf(world.as[persona].query(api.chats.readReported, { bookingId }))).toBe("FORBIDDEN");
    }
  });

  it("the data export holds it for the client, and for the psychic within the 30 days", async () => {
    const world = await buildWorld(setupTest());
    const bookingId = await chatBooking(world, { minutes: 30 });
    await send(world, "clientA", bookingId, "Una domanda sul lavoro.");
    const chatRows = async (persona: "clientA" | "psychicA") => {
      const files = await readWholeExport((from) => world.as[persona].query(api.dataExport.readPart, from ? { from } : {}));
      const data = JSON.parse(files.json) as DataExport;
      return data.sezioni.find((section) => section.key === "chat")?.rows ?? [];
    };
    expect((await chatRows("clientA")).map((row) => [row.party, row.body])).toEqual([["client", "Una domanda sul lavoro."]]);
    expect(await chatRows("psychicA")).toHaveLength(1);
    expect(Object.keys((await chatRows("clientA"))[0])).not.toContain("senderId");
    const { endsAt } = (await bookingOf(world, bookingId))!;
    vi.advanceTimersByTime(endsAt + PSYCHIC_TRANSCRIPT_DAYS * DAY + SECOND - Date.now());
    expect(await chatRows("psychicA")).toEqual([]);
    expect(await chatRows("clientA")).toHaveLength(1);
  });

  it("the client's account deletion removes it; the psychic's leaves it to the client", async () => {
    const world = await buildWorld(setupTest());
    const kept = await chatBooking(world, { startsInMs: -2 * DAY, status: "completed" });
    const gone = await callBooking(world, { consultationType: "chat", clientId: world.userIds.clientB, startsInMs: -DAY, status: "completed" });
    await world.t.run(async (ctx) => {
      for (const [bookingId, senderId] of [
        [kept, world.userIds.clientA],
        [gone, world.userIds.clientB],
      ] as const) {
        await ctx.db.insert("chatMessages", { bookingId, senderId, party: "client", body: "Grazie.", masked: [], clientMessageId: `x-${bookingId}`, sentAt: Date.now() });
      }
    });
    await world.as.clientB.mutation(api.users.deleteMyAccount, {});
    await world.t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await storedMessages(world, gone)).toEqual([]);
    await world.as.psychicA.mutation(api.users.deleteMyAccount, {});
    await world.t.finishAllScheduledFunctions(vi.runAllTimers);
    expect((await messagesAs(world, "clientA", kept)).messages.map((message) => message.body)).toEqual(["Grazie."]);
  });

  it("chats.forgetConversation forgets a long conversation in parts, and again changes nothing", async () => {
    const world = await buildWorld(setupTest());
    const bookingId = await chatBooking(world, { startsInMs: -DAY, status: "completed" });
    await world.t.run(async (ctx) => {
      for (let i = 0; i < 450; i++) {
        await ctx.db.insert("chatMessages", { bookingId, senderId: world.userIds.clientA, party: "client", body: `Messaggio ${i}`, masked: [], clientMessageId: `f${i}`, sentAt: Date.now() });
      }
      await ctx.db.insert("callSessions", { bookingId, roomId: `arcano-${bookingId}`, status: "ended", updatedAt: Date.now(), chatMessageCount: 450 });
    });
    await world.t.mutation(internal.chats.forgetConversation, { bookingId });
    // The first part is gone at once; the rest in the parts it scheduled.
    expect(await storedMessages(world, bookingId)).toHaveLength(250);
    await world.t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await storedMessages(world, bookingId)).toEqual([]);
    expect((await sessionOf(world, bookingId))?.chatMessageCount).toBe(0);
    await world.t.mutation(internal.chats.forgetConversation, { bookingId });
    expect(await storedMessages(world, bookingId)).toEqual([]);
  });

  it("it is forgotten with the consultation's notes, 24 months after", async () => {
    const world = await buildWorld(setupTest());
    const bookingId = await chatBooking(world, { minutes: 30 });
    await send(world, "clientA", bookingId, "Da dimenticare un giorno.");
    vi.advanceTimersByTime(23 * 30 * DAY);
    await world.t.mutation(internal.retention.runBatch, { job: "chatMessages", after: 0 });
    expect(await storedMessages(world, bookingId)).toHaveLength(1);
    vi.advanceTimersByTime(60 * DAY);
    await world.t.mutation(internal.retention.runBatch, { job: "chatMessages", after: 0 });
    expect(await storedMessages(world, bookingId)).toEqual([]);
  });
});

describe("attendance from the conversation", () => {
  it("both writing during the window is a consultation that took place, the psychic paid as for a call", async () => {
    const world = await buildWorld(setupTest());
    const bookingId = await chatBooking(world, { minutes: 30 });
    const { endsAt } = (await bookingOf(world, bookingId))!;
    // No page heartbeat at all: the messages alone are the signs of presence, one every few seconds.
    while (Date.now() < endsAt - 10 * SECOND) {
      await send(world, "clientA", bookingId, "Domanda");
      await send(world, "psychicA", bookingId, "Risposta");
      await advanceTo(world, Date.now() + 10 * SECOND);
    }
    await advanceTo(world, endsAt + MINUTE);
    const booking = (await bookingOf(world, bookingId))!;
    expect(booking.status).toBe("completed");
    expect(booking.clientJoinedAt).toBeDefined();
    expect(booking.psychicJoinedAt).toBeDefined();
    expect(stripe().refunds()).toEqual([]);
  });

  it("a psychic who never writes nor opens the chat is absent 10 minutes after the start: cancelled and refunded in full", async () => {
    const world = await buildWorld(setupTest());
    const bookingId = await chatBooking(world, { minutes: 30 });
    const { startsAt } = (await bookingOf(world, bookingId))!;
    while (Date.now() < startsAt + PSYCHIC_GRACE_MS - SECOND) {
      await send(world, "clientA", bookingId, "C'è qualcuno?");
      await advanceTo(world, Date.now() + 10 * SECOND);
    }
    await advanceTo(world, startsAt + PSYCHIC_GRACE_MS + MINUTE);
    expect(await bookingOf(world, bookingId)).toMatchObject({ status: "cancelled", cancelReason: "psychic_no_show", refundCents: 5000 });
  });
});
