// The room's words: the state line for each RoomLine (convex/model/calls.ts), the same truth on both
// screens, in gender-neutral Italian; 'Riconnessione…' while the audio is being brought back; and the
// initials of a person without a photo.
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

export function roomLineText(line: RoomLine, other: string): string {
  switch (line) {
    case "before":
      return "Il consulto non è ancora iniziato";
    case "ended":
      return "Consulto terminato";
    case "in_call":
      return `In chiamata con ${other}`;
    case "waiting_for_other":
      return `In attesa di ${other}`;
    case "other_left":
      return `${other} ha lasciato la chiamata`;
    case "other_waiting":
      return `${other} ti aspetta nella chiamata`;
    case "self_left":
      return "Hai lasciato la chiamata";
    case "nobody_in":
      return "Nessuno è ancora nella chiamata";
  }
}

/** "Marta Rossi" → "MR"; one word → its first letter. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join("");
}
