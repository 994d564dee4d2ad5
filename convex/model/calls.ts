// The call's rules (docs/product-rules.md, "Calls": 5 minutes early, no-shows) as
// plain functions over values, so the server, the page and the tests share one answer.
import type { ErrorCode } from "../framework/errors";
import type { BookingStatus, ConsultationType } from "../framework/validators";

/** The room opens this long before the start, for the device check and joining. */
export const EARLY_ACCESS_MS = 5 * 60_000;
/** A psychic not in the call during the window this long after the start is absent: the client is refunded in full (model/attendance.ts). */
export const PSYCHIC_GRACE_MS = 10 * 60_000;
/** An open call page confirms its presence this often… */
export const HEARTBEAT_MS = 10_000;
/** …and counts as gone when it has not done so for this long (a closed tab, a lost network). */
export const PRESENCE_TIMEOUT_MS = 30_000;
/** The room name: a fixed prefix plus the booking id (spec §3, call_sessions). */
const ROOM_PREFIX = "arcano-consulto-";
/** An SDP offer is a few kilobytes; anything far larger is not one. */
export const MAX_SIGNAL_PAYLOAD = 20_000;
/** Signals one booking may hold at once; a new offer clears the previous negotiation's. */
export const MAX_SIGNALS_PER_BOOKING = 300;
/** Twilio status callbacks remembered per call, to apply a retried delivery once. */
export const MAX_EVENT_KEYS = 100;
/** Twilio access tokens live at most this long, and never much past the window. */
const MAX_TOKEN_TTL_SECONDS = 4 * 3600;

type CallParty = "client" | "psychic";
type CallPhase = "before" | "open" | "ended";

type CallBooking = { status: BookingStatus; consultationType: ConsultationType; startsAt: number; endsAt: number };

export const callOpensAt = (startsAt: number) => startsAt - EARLY_ACCESS_MS;

/** Before the room opens, open (5 minutes early until the end of the paid window), or over. */
export function callPhase(booking: { startsAt: number; endsAt: number }, now: number): CallPhase {
  if (now < callOpensAt(booking.startsAt)) return "before";
  return now < booking.endsAt ? "open" : "ended";
}

/** What a function that serves one type only says of a booking of the other: the audio is voice's, messages chat's. */
const wrongType = { voice: "NOT_VOICE_CONSULTATION", chat: "NOT_CHAT_CONSULTATION" } as const;

/** Why a function serving `needs` only refuses this booking, or null (also when it serves both types). */
export function typeRefusal(booking: Pick<CallBooking, "consultationType">, needs?: ConsultationType): ErrorCode | null {
  return needs !== undefined && booking.consultationType !== needs ? wrongType[needs] : null;
}

/**
 * Why this booking has no consultation room at all, whatever the time: not of the type `needs` (when the
 * caller serves one type only), not confirmed, already over. Both types share the room, its window and presence.
 */
export function bookingRefusal(booking: Pick<CallBooking, "status" | "consultationType">, needs?: ConsultationType): ErrorCode | null {
  const wrong = typeRefusal(booking, needs);
  if (wrong !== null) return wrong;
  if (booking.status === "completed" || booking.status === "no_show") return "CALL_ENDED";
  return booking.status === "confirmed" ? null : "BOOKING_NOT_CONFIRMED";
}

/** Why a party may not enter the room (or, with `needs`, use its audio or its messages) now, or null when they may. */
export function joinRefusal(booking: CallBooking, now: number, needs?: ConsultationType): ErrorCode | null {
  const refusal = bookingRefusal(booking, needs);
  if (refusal !== null) return refusal;
  const phase = callPhase(booking, now);
  if (phase === "before") return "CALL_NOT_OPEN";
  return phase === "ended" ? "CALL_ENDED" : null;
}

export const roomName = (bookingId: string) => `${ROOM_PREFIX}${bookingId}`;

export function bookingIdOfRoom(room: string): string | null {
  return room.startsWith(ROOM_PREFIX) ? room.slice(ROOM_PREFIX.length) : null;
}

/** Whether a party whose page last confirmed its presence at `seenAt` is still in the call. */
export function isPresent(seenAt: number | undefined, now: number): boolean {
  return seenAt !== undefined && now - seenAt < PRESENCE_TIMEOUT_MS;
}

/** Whole seconds left in the paid window (0 once it is over). */
export const remainingSeconds = (endsAt: number, now: number) => Math.max(0, Math.ceil((endsAt - now) / 1000));

/**
 * The Twilio identity of a party in one booking's call: bound to the person and the booking, so a
 * token for one consultation never enters another. Twilio allows letters, digits and underscores.
 */
export const twilioIdentity = (party: CallParty, userId: string, bookingId: string) => `${party}_${userId}_${bookingId}`;

/** The parts of an identity as Twilio reports it ("client:<identity>" in a webhook's From). */
export function parseTwilioIdentity(from: string): { party: CallParty; userId: string; bookingId: string } | null {
  const parts = from.replace(/^client:/, "").split("_");
  if (parts.length !== 3) return null;
  const [party, userId, bookingId] = parts;
  if ((party !== "client" && party !== "psychic") || !userId || !bookingId) return null;
  return { party, userId, bookingId };
}

/** A token's lifetime: to the end of the window plus a minute, within Twilio's bounds. */
export function tokenTtlSeconds(endsAt: number, now: number): number {
  return Math.min(MAX_TOKEN_TTL_SECONDS, Math.max(60, remainingSeconds(endsAt, now) + 60));
}

/** One party's presence as the call session records it: the last sign while in, the last time they left. */
export type PartyPresence = { seenAt: number | null; leftAt: number | null };

/** What the room needs to say where the call stands, from the viewer's side. */
export type RoomFacts = {
  opensAt: number;
  endsAt: number;
  /** The booking is no longer confirmed (held, client absent, psychic absent) or its session ended. */
  settled: boolean;
  self: PartyPresence;
  other: PartyPresence;
  /**
   * The viewer's page knows it is out of the call (not entered, left, failed) although the session may
   * still show its last sign for a few seconds (a reloaded page): then the viewer is not in it.
   */
  selfConnected?: boolean;
};

/**
 * The room's one state line, the same truth on both screens (the page words it):
 * `before` the room opens (a countdown); `ended` (window over or booking settled); `in_call` (both in);
 * `waiting_for_other` (I am in, the other has not entered yet);
 * `other_left` (the other was in and left, or went silent); `other_waiting` (the other is in, I am not);
 * `self_left` (I left, the other is not in); `nobody_in` (neither has entered yet).
 */
export type RoomLine = "before" | "ended" | "in_call" | "waiting_for_other" | "other_left" | "other_waiting" | "self_left" | "nobody_in";

/** A party who was in the call and is not any more: left it, or their page stopped confirming presence. */
const hasLeft = (party: PartyPresence, now: number) => !isPresent(party.seenAt ?? undefined, now) && (party.leftAt !== null || party.seenAt !== null);

export function roomLine(facts: RoomFacts, now: number): RoomLine {
  if (facts.settled || now >= facts.endsAt) return "ended";
  if (now < facts.opensAt) return "before";
  const selfIn = facts.selfConnected !== false && isPresent(facts.self.seenAt ?? undefined, now);
  const otherIn = isPresent(facts.other.seenAt ?? undefined, now);
  if (selfIn && otherIn) return "in_call";
  if (otherIn) return "other_waiting";
  if (hasLeft(facts.other, now)) return "other_left";
  if (selfIn) return "waiting_for_other";
  const selfLeft = facts.self.leftAt !== null || facts.self.seenAt !== null;
  return selfLeft ? "self_left" : "nobody_in";
}
