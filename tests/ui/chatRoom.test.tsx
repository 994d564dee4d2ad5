// A chat consultation's room (/call/:bookingId for a chat): the conversation instead of the audio, live on
// both sides, one's own messages with their delivery state and what was hidden from them, the other's
// typing, a message written offline shown as waiting and sent once, the input closed at the end, and the
// transcript to read and download afterwards (for the psychic only while the 30 days last).
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConvexError } from "convex/values";
import { describe, expect, it } from "vitest";
import { routes } from "@/app/router";
import type { Room } from "@/features/call/callTypes";
import { maskedNotice, transcriptFileName, transcriptText } from "@/features/call/chat/chatWords";
import { convexMock } from "./convexMock";
import { roomFixture } from "./roomFixture";
import { renderRoutes } from "./render";

const person = { memberSince: 0, isAdmin: false };
const client = { ...person, fullName: "Marta Rossi", id: "u1", email: "marta@esempio.it", accountType: "client" };
const psychic = { ...person, fullName: "Selene", id: "u2", email: "selene@esempio.it", accountType: "psychic" };

const MINUTE = 60_000;
const inRoom = () => ({ seenAt: Date.now(), leftAt: null, muted: false });

/** A 30-minute chat that started half a minute ago, both in the room, as calls.getRoom answers it. */
function chatRoom(party: "client" | "psychic", changes: Partial<Room> = {}): Room {
  return roomFixture(party, { consultationType: "chat", chat: { otherTypingAt: null, otherReadUpTo: null }, self: inRoom(), other: inRoom(), ...changes });
}

type Message = { id: string; party: "client" | "psychic"; mine: boolean; body: string; masked: Array<"phone" | "email" | "link" | "handle">; clientMessageId: string | null; sentAt: number };

function conversation(messages: Message[]) {
  return { messages, psychicReadsUntil: Date.now() + 30 * 24 * 60 * MINUTE };
}

const fromPsychic = (body: string, sentAt = Date.now() - 10_000): Message => ({
  id: `m-${body}`,
  party: "psychic",
  mine: false,
  body,
  masked: [],
  clientMessageId: null,
  sentAt,
});

async function openChat(viewer: Record<string, unknown>, room: Room, messages: Message[] = []) {
  convexMock.signedInAs(viewer);
  convexMock.queries.set("calls:getRoom", room);
  convexMock.queries.set("chats:listMessages", conversation(messages));
  renderRoutes(routes, { path: "/call/b1" });
  await screen.findByRole("heading", { level: 1, name: /^Consulto con/ });
}

const log = () => screen.getByRole("log", { name: "Conversazione" });
const messageTexts = () =>
  within(log())
    .queryAllByRole("listitem")
    .map((item) => item.textContent);

describe("the chat room", () => {
  it("shows the conversation instead of the audio, and enters the room on its own", async () => {
    await openChat(client, chatRoom("client"), [fromPsychic("Buongiorno Marta, mescolo le carte.")]);
    expect(screen.getByText("Consulto in chat")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Consulto con Selene" })).toBeInTheDocument();
    expect(screen.getByTestId("room-line")).toHaveTextContent("In chat con Selene");
    expect(screen.queryByRole("button", { name: /Prepara audio/ })).not.toBeInTheDocument();
    expect(messageTexts()).toEqual([expect.stringContaining("SeleneBuongiorno Marta, mescolo le carte.")]);
    expect(screen.getByRole("textbox", { name: "Il tuo messaggio" })).toBeInTheDocument();
    // Being on the page is being in the room; the other's message is read.
    await waitFor(() => expect(convexMock.calls.some((call) => call.name === "calls:join")).toBe(true));
    await waitFor(() => expect(convexMock.calls.find((call) => call.name === "chats:markRead")?.args).toMatchObject({ bookingId: "b1" }));
  });

  it("sends with Enter, keeps Shift+Enter for a new line, and shows the message waiting until the server has it", async () => {
    let finish: (value: unknown) => void = () => {};
    convexMock.handlers.set("chats:send", () => new Promise((resolve) => (finish = resolve)));
    await openChat(client, chatRoom("client"));
    const user = userEvent.setup();
    const input = screen.getByRole("textbox", { name: "Il tuo messaggio" });
    await user.type(input, "Prima riga{Shift>}{Enter}{/Shift}seconda riga{Enter}");
    const sent = convexMock.calls.find((call) => call.name === "chats:send")!.args as { text: string; clientMessageId: string };
    expect(sent.text).toBe("Prima riga\nseconda riga");
    expect(sent.clientMessageId).toMatch(/^[\w-]{8,64}$/);
    expect(input).toHaveValue("");
    expect(messageTexts()).toEqual([expect.stringContaining("Invio…")]);
    // Stored: the conversation now has it, with its own id, and the pending copy goes.
    convexMock.queries.set(
      "chats:listMessages",
      conversation([{ id: "m1", party: "client", mine: true, body: "Prima riga\nseconda riga", masked: [], clientMessageId: sent.clientMessageId, sentAt: Date.now() }]),
    );
    await act(async () => {
      finish({ id: "m1", body: "Prima riga\nseconda riga", masked: [] });
      convexMock.changed();
    });
    await waitFor(() => expect(messageTexts()).toEqual([expect.stringContaining("Inviato")]));
  });

  it("a message written offline waits, marked, and is sent once; its copy survives a reload of the tab", async () => {
    convexMock.handlers.set("chats:send", () => new Promise(() => {}));
    await openChat(client, chatRoom("client"));
    act(() => convexMock.setConnected(false));
    const user = userEvent.setup();
    await user.type(screen.getByRole("textbox", { name: "Il tuo messaggio" }), "Sei ancora lì?{Enter}");
    await waitFor(() => expect(messageTexts()).toEqual([expect.stringContaining("In attesa di connessione")]));
    const sends = convexMock.calls.filter((call) => call.name === "chats:send");
    expect(sends).toHaveLength(1);
    const stored = JSON.parse(sessionStorage.getItem("arcano-chat-outbox:b1") ?? "[]") as Array<{ text: string; clientMessageId: string }>;
    expect(stored).toMatchObject([{ text: "Sei ancora lì?", clientMessageId: (sends[0].args as { clientMessageId: string }).clientMessageId }]);
    sessionStorage.clear();
  });

  it("tells the sender what was hidden from their message; the other reads only the mask", async () => {
    await openChat(psychic, chatRoom("psychic"), [
      { id: "m1", party: "psychic", mine: true, body: "Chiamami al [numero nascosto]", masked: ["phone"], clientMessageId: "x1", sentAt: Date.now() - 5_000 },
    ]);
    expect(messageTexts()[0]).toContain("Chiamami al [numero nascosto]");
    expect(messageTexts()[0]).toContain(maskedNotice(["phone"]));
    expect(maskedNotice(["phone", "email", "link"])).toBe(
      "Abbiamo nascosto un numero di telefono, un indirizzo email e un link: su Arcano i contatti personali non si scambiano, per la sicurezza di entrambi.",
    );
  });

  it("shows 'Letto' once the other has read a message, and the other's typing", async () => {
    const sentAt = Date.now() - 20_000;
    await openChat(
      client,
      chatRoom("client", { chat: { otherTypingAt: Date.now(), otherReadUpTo: sentAt } }),
      [{ id: "m1", party: "client", mine: true, body: "Una domanda", masked: [], clientMessageId: "c1", sentAt }],
    );
    expect(messageTexts()[0]).toContain("Letto");
    expect(screen.getByText("Selene sta scrivendo…")).toBeInTheDocument();
  });

  it("refuses a message over 1000 characters before sending, and shows the server's refusal on a message", async () => {
    convexMock.handlers.set("chats:send", async () => {
      throw new ConvexError({ code: "RATE_LIMITED" });
    });
    await openChat(client, chatRoom("client"));
    const user = userEvent.setup();
    const input = screen.getByRole("textbox", { name: "Il tuo messaggio" });
    await user.click(input);
    await user.paste("a".repeat(1001));
    expect(screen.getByRole("button", { name: "Invia" })).toBeDisabled();
    expect(screen.getByText(/troppo lungo: al massimo 1000 caratteri/)).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, "Troppo in fretta{Enter}");
    await waitFor(() => expect(messageTexts()[0]).toContain("Non inviato"));
    expect(screen.getByRole("button", { name: "Riprova" })).toBeInTheDocument();
    sessionStorage.clear();
  });

  it("at the end the input closes for both, and the client downloads the conversation", async () => {
    const startsAt = Date.now() - 40 * MINUTE;
    await openChat(
      client,
      chatRoom("client", { startsAt, opensAt: startsAt - 5 * MINUTE, endsAt: startsAt + 30 * MINUTE, bookingStatus: "ended", settled: true }),
      [fromPsychic("Grazie a te.")],
    );
    expect(screen.getByTestId("room-line")).toHaveTextContent("Consulto terminato");
    expect(screen.queryByRole("textbox", { name: "Il tuo messaggio" })).not.toBeInTheDocument();
    expect(screen.getByText("Il tempo del consulto è finito: la chat è chiusa.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Scarica la conversazione" })).toBeInTheDocument();
    expect(messageTexts()).toEqual([expect.stringContaining("Grazie a te.")]);
  });

  it("the psychic after 30 days reads why the conversation is gone", async () => {
    const startsAt = Date.now() - 40 * 24 * 60 * MINUTE;
    convexMock.signedInAs(psychic);
    convexMock.queries.set("calls:getRoom", chatRoom("psychic", { startsAt, opensAt: startsAt, endsAt: startsAt + 30 * MINUTE, bookingStatus: "ended", settled: true }));
    convexMock.queries.set("chats:listMessages", new ConvexError({ code: "TRANSCRIPT_EXPIRED" }));
    renderRoutes(routes, { path: "/call/b1" });
    expect(await screen.findByText(/La conversazione non è più disponibile: il cartomante può rileggerla per 30 giorni/)).toBeInTheDocument();
  });
});

describe("the transcript file", () => {
  it("names each line's time and author, under a heading with the consultation", () => {
    const sentAt = Date.parse("2026-11-25T08:31:00Z");
    const text = transcriptText({ psychicName: "Selene", clientName: "Marta Rossi", scheduledDate: "2026-11-25", scheduledTime: "09:30" }, [
      { mine: true, party: "client", body: "Buongiorno", sentAt },
      { mine: false, party: "psychic", body: "Buongiorno Marta", sentAt: sentAt + 60_000 },
    ]);
    expect(text.split("\n")).toEqual([
      expect.stringMatching(/^Consulto in chat con Selene — .*25.*novembre 2026, ore 09:30 \(ora italiana\)$/),
      "Conversazione scaricata da Arcano.",
      "",
      "[09:31] Marta Rossi: Buongiorno",
      "[09:32] Selene: Buongiorno Marta",
      "",
    ]);
    expect(transcriptFileName("Selène d'Oro", "2026-11-25")).toBe("conversazione-selene-d-oro-2026-11-25.txt");
  });
});
