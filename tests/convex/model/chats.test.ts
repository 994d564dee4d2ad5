// The rules of a chat's messages (convex/model/chats.ts): what a message may be, its id, how long typing shows,
// and until when each party reads the conversation.
import { describe, expect, it } from "vitest";
import {
  CHAT_MESSAGE_MAX_LENGTH,
  CLIENT_MESSAGE_ID_MAX_LENGTH,
  isClientMessageId,
  isTyping,
  prepareMessage,
  PSYCHIC_TRANSCRIPT_DAYS,
  psychicReadsUntil,
  transcriptRefusal,
  TYPING_REPORT_MS,
  TYPING_SHOWN_MS,
  typingWorthWriting,
} from "../../../convex/model/chats";

const DAY = 24 * 60 * 60 * 1000;

describe("a message", () => {
  it("is trimmed, masked, and refused empty or over the limit", () => {
    expect(prepareMessage("  Ciao  ")).toEqual({ body: "Ciao", masked: [] });
    expect(prepareMessage(" \n\t ")).toEqual({ refusal: "MESSAGE_EMPTY" });
    expect(prepareMessage("a".repeat(CHAT_MESSAGE_MAX_LENGTH))).toMatchObject({ masked: [] });
    expect(prepareMessage("a".repeat(CHAT_MESSAGE_MAX_LENGTH + 1))).toEqual({ refusal: "MESSAGE_TOO_LONG" });
    expect(prepareMessage("Scrivimi a luna@esempio.it")).toEqual({ body: "Scrivimi a [email nascosta]", masked: ["email"] });
  });

  it("carries the page's own id: letters, digits, '-' and '_', not empty, not too long", () => {
    expect(isClientMessageId("3f2a9c1e-8b7d-4c1a-9e2f-1a2b3c4d5e6f")).toBe(true);
    expect(isClientMessageId("a".repeat(CLIENT_MESSAGE_ID_MAX_LENGTH))).toBe(true);
    for (const id of ["", "a".repeat(CLIENT_MESSAGE_ID_MAX_LENGTH + 1), "a b", "x/y", "é"]) expect(isClientMessageId(id)).toBe(false);
  });
});

describe("typing", () => {
  it("shows for a few seconds after the last report, and a report is written at most every half pace", () => {
    expect(isTyping(undefined, 0)).toBe(false);
    expect(isTyping(1_000, 1_000 + TYPING_SHOWN_MS - 1)).toBe(true);
    expect(isTyping(1_000, 1_000 + TYPING_SHOWN_MS)).toBe(false);
    expect(typingWorthWriting(undefined, 5)).toBe(true);
    expect(typingWorthWriting(1_000, 1_000 + TYPING_REPORT_MS / 2 - 1)).toBe(false);
    expect(typingWorthWriting(1_000, 1_000 + TYPING_REPORT_MS / 2)).toBe(true);
  });
});

describe("the transcript", () => {
  it("the client reads it always; the psychic until 30 days after the end, that instant included", () => {
    const endsAt = Date.UTC(2026, 10, 1, 10, 0);
    expect(psychicReadsUntil(endsAt)).toBe(endsAt + PSYCHIC_TRANSCRIPT_DAYS * DAY);
    expect(transcriptRefusal("psychic", endsAt, psychicReadsUntil(endsAt))).toBeNull();
    expect(transcriptRefusal("psychic", endsAt, psychicReadsUntil(endsAt) + 1)).toBe("TRANSCRIPT_EXPIRED");
    expect(transcriptRefusal("client", endsAt, endsAt + 400 * DAY)).toBeNull();
  });
});
