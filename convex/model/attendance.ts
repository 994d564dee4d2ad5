// Who was in the call during the paid window, and for how long (docs/product-rules.md, "Calls"): the
// facts the psychic's absence, the clock's outcome and the psychic's 'Cliente assente' rest on.
// Plain functions over values; calls.ts and lib/calls/callSessions.ts keep the record in the call session,
// lib/bookings/bookingLifecycle.ts (recordJoin) copies each party's first instant onto the booking.
//
// A party is in the call from a sign of presence (entering, the page's heartbeat every HEARTBEAT_MS,
// Twilio's participant-join) until they leave (hang up, close the page, Twilio's participant-leave or
// conference-end), or until their next sign when it comes within PRESENCE_TIMEOUT_MS; a last sign
// followed by neither covers its own instant only. Twilio holds a party in its conference from their
// participant-join until it reports them gone, heartbeat or not: that stretch counts whole (`held`).
// A party was present in the paid window when they
// were in the call at some instant from the start (included) to the end (excluded): a page opened
// before the start and closed, or gone silent, before it does not count; one still beating across the
// start counts from the start.
import type { BookingStatus } from "../framework/validators";
import { isPresent, PSYCHIC_GRACE_MS } from "./calls";

/** The paid window: from the start to the start plus the duration. */
export type PaidWindow = { startsAt: number; endsAt: number };

/** One party's time in the call inside the paid window, as the call session keeps it. */
export type Attendance = {
  /** The first instant they were in the call inside the window; absent while they have not been. */
  firstPresentAt?: number;
  /** How long they were in the call inside the window, in milliseconds, over the stretches counted so far. */
  presentMs: number;
};

export const noAttendance: Attendance = { presentMs: 0 };

/** `attendance` with the stretch [from, to] in the call counted, for the part of it inside the window. */
function withStretch(attendance: Attendance, window: PaidWindow, from: number, to: number): Attendance {
  const inFrom = Math.max(from, window.startsAt);
  const inTo = Math.min(to, window.endsAt);
  if (inTo < inFrom || inFrom >= window.endsAt) return attendance;
  const first = attendance.firstPresentAt;
  return { firstPresentAt: first === undefined ? inFrom : Math.min(first, inFrom), presentMs: attendance.presentMs + (inTo - inFrom) };
}

/** Whether the party has been in the call since their last sign, at `at`: the sign is recent, or the provider holds them in. */
const stillIn = (lastSeenAt: number | undefined, at: number, held: boolean) => lastSeenAt !== undefined && (held || isPresent(lastSeenAt, at));

/**
 * A sign of presence at `now` from a party whose previous sign still in force was at `lastSeenAt`
 * (undefined when they were out): the time since that sign counts, or only this instant when it is
 * too old (PRESENCE_TIMEOUT_MS: a closed tab, a lost network in between) and the provider does not
 * hold them in its conference (`held`).
 */
export function afterSign(attendance: Attendance, lastSeenAt: number | undefined, window: PaidWindow, now: number, held = false): Attendance {
  return withStretch(attendance, window, stillIn(lastSeenAt, now, held) ? lastSeenAt! : now, now);
}

/**
 * The party's stretch in the call ends at `at`: they left, or the window's settling closes it. The time
 * since their last sign counts when that sign was still in force then, or the provider held them in;
 * otherwise it has counted already.
 */
export function afterLeave(attendance: Attendance, lastSeenAt: number | undefined, window: PaidWindow, at: number, held = false): Attendance {
  return stillIn(lastSeenAt, at, held) ? withStretch(attendance, window, lastSeenAt!, at) : attendance;
}

/** Whether the record shows the party in the call at some instant of the paid window. */
export const presentInWindow = (attendance: Attendance | undefined) => attendance?.firstPresentAt !== undefined;

/**
 * The booking's copy of those facts: `clientJoinedAt` / `psychicJoinedAt` hold the first instant each
 * party was in the call inside the paid window (never a presence before the start), so the settling and
 * the psychic's word read them without the session.
 */
type JoinTimes = { clientJoinedAt?: number; psychicJoinedAt?: number };

/** The client was in the call during the paid window: any presence counts, however short. */
export const clientAttended = (booking: JoinTimes) => booking.clientJoinedAt !== undefined;
const psychicAttended = (booking: JoinTimes) => booking.psychicJoinedAt !== undefined;

/** Each party's time in the call inside the paid window, in milliseconds, as the call's records say at its end. */
export type WindowPresence = { clientPresentMs: number; psychicPresentMs: number };

/**
 * A psychic who enters and leaves at once has not given the consultation: they must have been in the call
 * at least half the paid window. Half, not the window less the 10 minutes' grace: a psychic on time who
 * loses a minute to the connection keeps their share, and one gone before the middle clearly did not
 * give the consultation.
 */
export const MIN_PSYCHIC_PRESENCE_SHARE = 0.5;
/**
 * A client who leaves early has had the consultation they wanted: then the psychic needs only to have
 * been in the call as long as the client, less this margin for the goodbyes and the heartbeat's granularity.
 */
export const PSYCHIC_LEAVING_MARGIN_MS = 60_000;

/**
 * How long the psychic must have been in the call during the window for the consultation to count as
 * given by them: half the window, or the client's own time less the margin when that is shorter (a client
 * never in the call asks nothing of it).
 */
export function minPsychicPresenceMs(window: PaidWindow, clientPresentMs: number): number {
  const half = Math.floor((window.endsAt - window.startsAt) * MIN_PSYCHIC_PRESENCE_SHARE);
  return Math.min(half, Math.max(0, clientPresentMs - PSYCHIC_LEAVING_MARGIN_MS));
}

/** Whether the records show the psychic in the call long enough to have given the consultation (exactly the minimum is enough). */
export const psychicStayedLongEnough = (window: PaidWindow, presence: WindowPresence) =>
  presence.psychicPresentMs >= minPsychicPresenceMs(window, presence.clientPresentMs);

/**
 * What the records say at the end of the window: the psychic too little in the call while the client
 * was there ('psychic_absent': the client is refunded in full, the psychic gets nothing); else taken place if
 * the client was in the call, a no-show if not. The clock and the psychic's word both ask this.
 */
export function outcomeByClock(booking: PaidWindow & JoinTimes, presence: WindowPresence): "completed" | "no_show" | "psychic_absent" {
  if (!clientAttended(booking)) return "no_show";
  return psychicStayedLongEnough(booking, presence) ? "completed" : "psychic_absent";
}

/**
 * What happens to a confirmed booking once its time has come, if anything yet: cancelled with a full
 * refund when the psychic has not been in the call PSYCHIC_GRACE_MS after the start, taken place at the end.
 */
type Settlement = "psychic_absent" | "took_place" | null;

export function settlementFor(booking: PaidWindow & JoinTimes & { status: BookingStatus }, now: number): Settlement {
  if (booking.status !== "confirmed") return null;
  if (!psychicAttended(booking) && now >= booking.startsAt + PSYCHIC_GRACE_MS) return "psychic_absent";
  return now >= booking.endsAt ? "took_place" : null;
}
