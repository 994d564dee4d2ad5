// The conference as the page shows it (spec §4, "Conference").
import type { FunctionReturnType } from "convex/server";
import type { api } from "@convex/_generated/api";

export type Room = FunctionReturnType<typeof api.calls.getRoom>;

/** idle 'Pronto per iniziare' → connecting → connected 'In chiamata'; failed (retry) or ended. */
export type ConferenceState = "idle" | "connecting" | "connected" | "failed" | "ended";

/** Unknown until measured; poor on a high round trip, packet loss or a provider warning. */
export type Quality = "unknown" | "good" | "poor";

/** 30 seconds of connecting fail the attempt (spec §9). */
export const CONNECT_TIMEOUT_MS = 30_000;
export const CONNECT_TIMEOUT_MESSAGE = "Timeout: impossibile connettersi alla conferenza";
/**
 * Who else is in the call, in words that fit any reader or client: 'è nella chiamata', never a
 * gendered 'collegato/collegata'.
 */
export const presenceMessages = {
  otherHere: (who: string) => `${who} è nella chiamata`,
  /** The psychic's words for their client when the room does not name them. */
  theClient: "il cliente",
  waiting: "in attesa dell'altra parte",
} as const;

/** The diagnostics keep the last 10 log lines (spec §9). */
export const LOG_LINES = 10;

/** "07:05" from seconds; hours roll into minutes ("75:00"). */
export function mmss(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return `${String(Math.floor(seconds / 60)).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;
}

/** "2 h 05 min", "4 min 09 s": a countdown people read at a glance. */
export function countdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (hours > 0) return `${hours} h ${String(minutes).padStart(2, "0")} min`;
  return `${minutes} min ${String(seconds).padStart(2, "0")} s`;
}
