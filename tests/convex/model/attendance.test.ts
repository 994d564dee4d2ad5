// Attendance as plain functions: a party's time in the call inside the paid window from their signs of
// presence and their leaving, what counts as present, and what the clock does once the time has come.
import { describe, expect, it } from "vitest";
import {
  afterLeave,
  afterSign,
  clientAttended,
  MIN_PSYCHIC_PRESENCE_SHARE,
  minPsychicPresenceMs,
  noAttendance,
  outcomeByClock,
  presentInWindow,
  PSYCHIC_LEAVING_MARGIN_MS,
  psychicStayedLongEnough,
  settlementFor,
  type Attendance,
} from "../../../convex/model/attendance";
import { HEARTBEAT_MS, PRESENCE_TIMEOUT_MS, PSYCHIC_GRACE_MS } from "../../../convex/model/calls";

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const startsAt = Date.UTC(2026, 10, 25, 9, 0);
const window = { startsAt, endsAt: startsAt + 30 * MINUTE };

/** A page beating every HEARTBEAT_MS from `from` to `to` (both included when on the beat), never leaving. */
function beats(from: number, to: number, attendance: Attendance = noAttendance) {
  let lastSeenAt: number | undefined;
  for (let at = from; at <= to; at += HEARTBEAT_MS) {
    attendance = afterSign(attendance, lastSeenAt, window, at);
    lastSeenAt = at;
  }
  return { attendance, lastSeenAt };
}

describe("presence in the paid window", () => {
  it("presence before the start does not count: a page open from 3 minutes before until just before the start, closed or gone silent", () => {
    const { attendance, lastSeenAt } = beats(startsAt - 3 * MINUTE, startsAt - SECOND);
    expect(lastSeenAt).toBe(startsAt - 10 * SECOND);
    expect(attendance).toEqual(noAttendance);
    expect(presentInWindow(attendance)).toBe(false);
    // Left just before the start: nothing of it inside the window.
    expect(afterLeave(attendance, lastSeenAt, window, startsAt - SECOND)).toEqual(noAttendance);
    // Gone silent: the window's settling finds the last sign long lapsed.
    expect(afterLeave(attendance, lastSeenAt, window, window.endsAt)).toEqual(noAttendance);
  });

  it("a party still connected across the start is present from the start, for the time they stay", () => {
    const { attendance } = beats(startsAt - 3 * MINUTE - 5 * SECOND, startsAt + 5 * SECOND);
    expect(attendance).toEqual({ firstPresentAt: startsAt, presentMs: 5 * SECOND });
    expect(presentInWindow(attendance)).toBe(true);
  });

  it("one sign inside the window is presence, however short; the start counts, the end does not", () => {
    expect(afterSign(noAttendance, undefined, window, startsAt)).toEqual({ firstPresentAt: startsAt, presentMs: 0 });
    expect(afterSign(noAttendance, undefined, window, window.endsAt - 1)).toEqual({ firstPresentAt: window.endsAt - 1, presentMs: 0 });
    expect(afterSign(noAttendance, undefined, window, window.endsAt)).toEqual(noAttendance);
    expect(afterSign(noAttendance, undefined, window, startsAt - 1)).toEqual(noAttendance);
  });

  it("connected before the start and leaving just after it: in the call at the start, so present", () => {
    const before = afterSign(noAttendance, undefined, window, startsAt - 5 * SECOND);
    expect(afterLeave(before, startsAt - 5 * SECOND, window, startsAt + 2 * SECOND)).toEqual({ firstPresentAt: startsAt, presentMs: 2 * SECOND });
  });

  it("counts the time between signs within the tolerance, not across a longer silence, and adds up the stretches", () => {
    const first = beats(startsAt + MINUTE, startsAt + 2 * MINUTE);
    expect(first.attendance).toEqual({ firstPresentAt: startsAt + MINUTE, presentMs: MINUTE });
    // Silent longer than PRESENCE_TIMEOUT_MS: the next sign starts a new stretch, the gap is not counted.
    const gapEnd = first.lastSeenAt! + PRESENCE_TIMEOUT_MS;
    const resumed = afterSign(first.attendance, first.lastSeenAt, window, gapEnd);
    expect(resumed).toEqual(first.attendance);
    // Left 20 seconds after a sign: those 20 seconds count.
    const left = afterLeave(afterSign(resumed, gapEnd, window, gapEnd + 10 * SECOND), gapEnd + 10 * SECOND, window, gapEnd + 30 * SECOND);
    expect(left).toEqual({ firstPresentAt: startsAt + MINUTE, presentMs: MINUTE + 30 * SECOND });
  });

  it("a party Twilio holds in its conference is in the call from participant-join to participant-leave, heartbeat or not", () => {
    const joined = afterSign(noAttendance, undefined, window, startsAt + MINUTE);
    // 20 minutes without a sign: the page's rule would count nothing; the conference held them in.
    expect(afterLeave(joined, startsAt + MINUTE, window, startsAt + 21 * MINUTE)).toEqual(joined);
    expect(afterLeave(joined, startsAt + MINUTE, window, startsAt + 21 * MINUTE, true)).toEqual({
      firstPresentAt: startsAt + MINUTE,
      presentMs: 20 * MINUTE,
    });
    // Held in since before the start: from the start, and never past the end.
    const early = afterSign(noAttendance, undefined, window, startsAt - 3 * MINUTE);
    expect(afterLeave(early, startsAt - 3 * MINUTE, window, window.endsAt + MINUTE, true)).toEqual({
      firstPresentAt: startsAt,
      presentMs: 30 * MINUTE,
    });
    // A sign while held counts the time since the last one, however long.
    expect(afterSign(joined, startsAt + MINUTE, window, startsAt + 5 * MINUTE, true)).toEqual({
      firstPresentAt: startsAt + MINUTE,
      presentMs: 4 * MINUTE,
    });
  });

  it("the window's settling closes a stretch at the end, never past it", () => {
    const { attendance, lastSeenAt } = beats(window.endsAt - 25 * SECOND, window.endsAt - 5 * SECOND);
    expect(afterLeave(attendance, lastSeenAt, window, window.endsAt)).toEqual({
      firstPresentAt: window.endsAt - 25 * SECOND,
      presentMs: 25 * SECOND,
    });
  });
});

describe("settling a booking once its time has come", () => {
  const booking = { status: "confirmed" as const, ...window };

  it("the psychic not in the call during the window 10 minutes after the start: absent; in it: held at the end", () => {
    expect(settlementFor(booking, startsAt + PSYCHIC_GRACE_MS - 1)).toBeNull();
    expect(settlementFor(booking, startsAt + PSYCHIC_GRACE_MS)).toBe("psychic_absent");
    const psychicCame = { ...booking, psychicJoinedAt: startsAt + MINUTE };
    expect(settlementFor(psychicCame, startsAt + PSYCHIC_GRACE_MS)).toBeNull();
    expect(settlementFor(psychicCame, window.endsAt - 1)).toBeNull();
    expect(settlementFor(psychicCame, window.endsAt)).toBe("took_place");
    expect(settlementFor({ ...booking, status: "cancelled" }, window.endsAt)).toBeNull();
  });

  it("the clock records the consultation held when the client was in the call, a no-show when not", () => {
    const bothIn = { clientPresentMs: 29 * MINUTE, psychicPresentMs: 30 * MINUTE };
    expect(outcomeByClock({ ...window, psychicJoinedAt: startsAt, clientJoinedAt: startsAt + MINUTE }, bothIn)).toBe("completed");
    expect(outcomeByClock({ ...window, psychicJoinedAt: startsAt }, { clientPresentMs: 0, psychicPresentMs: 30 * MINUTE })).toBe("no_show");
    expect(clientAttended({ clientJoinedAt: startsAt })).toBe(true);
    expect(clientAttended({})).toBe(false);
  });
});

describe("the psychic's minimum presence", () => {
  const half = 15 * MINUTE;
  const came = { ...window, psychicJoinedAt: startsAt + MINUTE, clientJoinedAt: startsAt };

  it("is half the paid window, or the client's own time less a minute when that is shorter", () => {
    expect(MIN_PSYCHIC_PRESENCE_SHARE).toBe(0.5);
    expect(minPsychicPresenceMs(window, 30 * MINUTE)).toBe(half);
    expect(minPsychicPresenceMs({ startsAt, endsAt: startsAt + 60 * MINUTE }, 60 * MINUTE)).toBe(30 * MINUTE);
    expect(minPsychicPresenceMs(window, 12 * MINUTE)).toBe(12 * MINUTE - PSYCHIC_LEAVING_MARGIN_MS);
    expect(minPsychicPresenceMs(window, 30 * SECOND)).toBe(0);
    expect(minPsychicPresenceMs(window, 0)).toBe(0);
  });

  it("a psychic who joins a minute after the start and leaves at once, the client waiting the whole window: not held by the psychic", () => {
    const presence = { clientPresentMs: 30 * MINUTE, psychicPresentMs: 0 };
    expect(psychicStayedLongEnough(window, presence)).toBe(false);
    expect(outcomeByClock(came, presence)).toBe("psychic_absent");
  });

  it("exactly the minimum is enough, a millisecond less is not", () => {
    expect(outcomeByClock(came, { clientPresentMs: 30 * MINUTE, psychicPresentMs: half })).toBe("completed");
    expect(outcomeByClock(came, { clientPresentMs: 30 * MINUTE, psychicPresentMs: half - 1 })).toBe("psychic_absent");
  });

  it("a client never in the call asks nothing of the psychic's time: a no-show, the psychic paid", () => {
    expect(outcomeByClock({ ...window, psychicJoinedAt: startsAt + MINUTE }, { clientPresentMs: 0, psychicPresentMs: 0 })).toBe("no_show");
  });

  it("a client who leaves early after the consultation: held, if the psychic stayed about as long", () => {
    expect(outcomeByClock(came, { clientPresentMs: 12 * MINUTE, psychicPresentMs: 11 * MINUTE })).toBe("completed");
    expect(outcomeByClock(came, { clientPresentMs: 12 * MINUTE, psychicPresentMs: 10 * MINUTE })).toBe("psychic_absent");
  });

  it("both in the call the whole window: held", () => {
    expect(outcomeByClock(came, { clientPresentMs: 30 * MINUTE, psychicPresentMs: 29 * MINUTE })).toBe("completed");
  });
});
