// The room's words: the state line for each RoomLine (convex/model/calls.ts), the same truth on both
// screens, in gender-neutral Italian; 'Riconnessione…' while the audio is being brought back; and the
// initials of a person without a photo; the end drawing near, and the other party's microphone.
import type { PartyPresence, RoomLine } from "@convex/model/calls";

export const RECONNECTING = "Riconnessione…";

/**
 * The audio line is down while this page is in the call: the room says 'Riconnessione…' instead of its
 * line, unless the call is over, or the other party left on purpose ('Esci'), which the line says better.
 */
export function showsReconnecting(line: RoomLine, other: PartyPresence): boolean {
  if (line === "ended" || line === "before") return false;
  const leftOnPurpose = other.leftAt !== null && other.leftAt >= (other.seenAt ?? 0);
  return !(line === "other_left" && leftOnPurpose);
}

/** The room's line, said of a call or of a chat (the same facts, the room's own noun). */
export function roomLineText(line: RoomLine, other: string, type: "voice" | "chat" = "voice"): string {
  const room = type === "chat" ? "chat" : "chiamata";
  switch (line) {
    case "before":
      return "Il consulto non è ancora iniziato";
    case "ended":
      return "Consulto terminato";
    case "in_call":
      return `In ${room} con ${other}`;
    case "waiting_for_other":
      return `In attesa di ${other}`;
    case "other_left":
      return `${other} ha lasciato la ${room}`;
    case "other_waiting":
      return `${other} ti aspetta nella ${room}`;
    case "self_left":
      return `Hai lasciato la ${room}`;
    case "nobody_in":
      return `Nessuno è ancora nella ${room}`;
  }
}

/** The visible warning comes this long before the end of the paid window. */
export const END_WARNING_SECONDS = 2 * 60;

/** The minutes before the end at which screen readers hear the time left (not every second). */
const ANNOUNCED_MINUTES = [5, 2, 1] as const;

/**
 * What the polite live region says with `secondsLeft` in the paid window: the last mark passed (5, 2 or
 * 1 minutes, then the end), so its text changes, and is read, only at those marks; nothing before.
 */
export function remainingAnnouncement(secondsLeft: number): string {
  if (secondsLeft <= 0) return "Il tempo del consulto è finito.";
  const passed = ANNOUNCED_MINUTES.filter((minutes) => secondsLeft <= minutes * 60).at(-1);
  if (passed === undefined) return "";
  return passed === 1 ? "Manca 1 minuto alla fine del consulto." : `Mancano ${passed} minuti alla fine del consulto.`;
}

/** The visible warning in the last two minutes. */
export const END_WARNING = `Mancano meno di ${END_WARNING_SECONDS / 60} minuti alla fine del consulto: è il momento di salutarvi.`;

/** The other party's microphone is off while both are in the call. */
export const mutedLine = (other: string) => `${other} ha disattivato il microfono`;

/** "Marta Rossi" → "MR"; one word → its first letter. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join("");
}
