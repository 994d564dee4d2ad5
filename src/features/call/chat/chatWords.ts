// The chat room's words (its state line is the call's, roomWords.ts roomLineText): what was hidden from a
// message and why, a message's delivery state, and the transcript as a text file.
import type { MaskedKind } from "@convex/model/chatMasking";
import { formatItalianDate, formatRomeTime } from "@/lib/text/format";

const maskedNames: Record<MaskedKind, string> = {
  phone: "un numero di telefono",
  email: "un indirizzo email",
  link: "un link",
  handle: "un contatto di un'altra app",
};

/** Told to the sender under their own message when something was hidden from it. */
export function maskedNotice(kinds: readonly MaskedKind[]): string {
  const names = kinds.map((kind) => maskedNames[kind]);
  const list = names.length > 1 ? `${names.slice(0, -1).join(", ")} e ${names.at(-1)}` : names[0];
  return `Abbiamo nascosto ${list}: su Arcano i contatti personali non si scambiano, per la sicurezza di entrambi.`;
}

export type Delivery = "waiting_connection" | "sending" | "failed" | "sent" | "read";

export const deliveryText: Record<Delivery, string> = {
  waiting_connection: "In attesa di connessione",
  sending: "Invio…",
  failed: "Non inviato",
  sent: "Inviato",
  read: "Letto",
};

/** Said to both once the window is over. */
export const CHAT_CLOSED = "Il tempo del consulto è finito: la chat è chiusa.";

export const typingText = (other: string) => `${other} sta scrivendo…`;

type TranscriptLine = { mine: boolean; party: "client" | "psychic"; body: string; sentAt: number };

/** The conversation as a plain text file the client keeps: a heading, then one line per message. */
export function transcriptText(
  { psychicName, clientName, scheduledDate, scheduledTime }: { psychicName: string; clientName: string; scheduledDate: string; scheduledTime: string },
  messages: readonly TranscriptLine[],
): string {
  const nameOf = (party: "client" | "psychic") => (party === "psychic" ? psychicName : clientName);
  const heading = `Consulto in chat con ${psychicName} — ${formatItalianDate(scheduledDate)}, ore ${scheduledTime} (ora italiana)`;
  const lines = messages.map((message) => `[${formatRomeTime(message.sentAt)}] ${nameOf(message.party)}: ${message.body}`);
  return [heading, "Conversazione scaricata da Arcano.", "", ...lines, ""].join("\n");
}

/** "conversazione-selene-2026-11-29.txt" */
export function transcriptFileName(psychicName: string, scheduledDate: string): string {
  const name = psychicName
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `conversazione-${name || "consulto"}-${scheduledDate}.txt`;
}
