// The rules of a chat consultation's conversation (docs/product-rules.md, "Chat consultations"): what a
// message may be, how many, how long 'sta scrivendo' lasts, and who reads the conversation until when.
// Plain values; the window and presence are a call's (model/calls.ts, model/attendance.ts).
import type { ErrorCode } from "../framework/errors";
import { maskContactDetails, type MaskedKind } from "./chatMasking";

/** Characters in one message, after trimming. */
export const CHAT_MESSAGE_MAX_LENGTH = 1000;
/** Messages one conversation holds: far more than two people type in two hours. */
export const MAX_MESSAGES_PER_CHAT = 1000;
/** The sender's own id for a message (the page makes one per message): at most this long. */
export const CLIENT_MESSAGE_ID_MAX_LENGTH = 64;
/** 'sta scrivendo' shows this long after the last keystroke the page reported. */
export const TYPING_SHOWN_MS = 6_000;
/** The page reports typing at most this often; the server writes no more often than half of it. */
export const TYPING_REPORT_MS = 3_000;
/** Days after the consultation's end the psychic may read the conversation; the client keeps it. */
export const PSYCHIC_TRANSCRIPT_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

type PreparedMessage = { body: string; masked: MaskedKind[] } | { refusal: Extract<ErrorCode, "MESSAGE_EMPTY" | "MESSAGE_TOO_LONG"> };

/** A typed message as both sides will read it: trimmed, at most CHAT_MESSAGE_MAX_LENGTH, contact details masked. */
export function prepareMessage(text: string): PreparedMessage {
  const trimmed = text.trim();
  if (trimmed === "") return { refusal: "MESSAGE_EMPTY" };
  if (trimmed.length > CHAT_MESSAGE_MAX_LENGTH) return { refusal: "MESSAGE_TOO_LONG" };
  const { text: body, masked } = maskContactDetails(trimmed);
  return { body, masked };
}

/** A message id the page made: printable, not empty, not longer than the cap. */
export function isClientMessageId(id: string): boolean {
  return id.length > 0 && id.length <= CLIENT_MESSAGE_ID_MAX_LENGTH && /^[\w-]+$/.test(id);
}

/** Whether the other side is typing at `now`, from when their page last said so. */
export function isTyping(typingAt: number | undefined, now: number): boolean {
  return typingAt !== undefined && now - typingAt < TYPING_SHOWN_MS;
}

/** Whether a typing report at `now` needs writing, after one at `typingAt`: not more often than half the page's pace. */
export function typingWorthWriting(typingAt: number | undefined, now: number): boolean {
  return typingAt === undefined || now - typingAt >= TYPING_REPORT_MS / 2;
}

/** The last instant the psychic may read a conversation that ended at `endsAt`. */
export const psychicReadsUntil = (endsAt: number) => endsAt + PSYCHIC_TRANSCRIPT_DAYS * DAY_MS;

/**
 * Why `party` may not read the conversation at `now`, or null: the client may as long as it is kept
 * (model/retention.ts), the psychic until PSYCHIC_TRANSCRIPT_DAYS after the end.
 */
export function transcriptRefusal(party: "client" | "psychic", endsAt: number, now: number): "TRANSCRIPT_EXPIRED" | null {
  return party === "psychic" && now > psychicReadsUntil(endsAt) ? "TRANSCRIPT_EXPIRED" : null;
}
