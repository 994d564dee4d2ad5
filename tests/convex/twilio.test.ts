// Twilio Voice: tokens bound to person, booking and window; the TwiML voice webhook and the
// conference status callback accept only requests signed with the account's auth token.
import twilio from "twilio";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { PSYCHIC_GRACE_MS } from "../../convex/model/calls";
import schema from "../../convex/schema";
import { bookingOf, callBooking, sessionOf } from "./fixtures/callWorld";
import { buildWorld, snapshotAllTables, type World } from "./fixtures/world";
import { errorCodeOf, setupTest, TEST_SITE_URL } from "./setup";

const AUTH_TOKEN = "twilio-auth-token-di-prova";
const twilioEnv = {
  TWILIO_ACCOUNT_SID: `AC${"1".repeat(32)}`,
  TWILIO_API_KEY_SID: `SK${"2".repeat(32)}`,
  TWILIO_API_KEY_SECRET: "segreto-della-chiave",
  TWILIO_AUTH_TOKEN: AUTH_TOKEN,
  TWILIO_TWIML_APP_SID: `AP${"3".repeat(32)}`,
};
beforeEach(() => Object.assign(process.env, twilioEnv));
afterEach(() => {
  for (const name of Object.keys(twilioEnv)) delete process.env[name];
});

const tableNames = Object.keys(schema.tables);

/** A webhook as Twilio sends it: form fields, signed over the public URL with `token`. */
function post(world: World, path: string, params: Record<string, string>, token: string | null = AUTH_TOKEN) {
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded" };
  if (token !== null) headers["X-Twilio-Signature"] = twilio.getExpectedTwilioSignature(token, `${TEST_SITE_URL}${path}`, params);
  return world.t.fetch(path, { method: "POST", headers, body: new URLSearchParams(params).toString() });
}

const voiceParams = (world: World, bookingId: Id<"bookings">, party: "client" | "psychic" = "client", callSid = "CA_client") => ({
  AccountSid: twilioEnv.TWILIO_ACCOUNT_SID,
  CallSid: callSid,
  From: `client:${party}_${party === "client" ? world.userIds.clientA : world.userIds.psychicA}_${bookingId}`,
  bookingId,
});

const statusParams = (bookingId: Id<"bookings">, sequence: string, event = "participant-join", callSid = "CA_client") => ({
  AccountSid: twilioEnv.TWILIO_ACCOUNT_SID,
  ConferenceSid: "CF_prova",
  FriendlyName: `arcano-consulto-${bookingId}`,
  StatusCallbackEvent: event,
  SequenceNumber: sequence,
  CallSid: callSid,
});

describe("Twilio Voice", () => {
  it("the room names Twilio as the provider and issues a token bound to the person, the booking and the window", async () => {
    const world = await buildWorld(setupTest());
    const bookingId = await callBooking(world);
    expect((await world.as.clientA.query(api.calls.getRoom, { bookingId })).provider).toBe("twilio");
    const grant = await world.as.psychicA.action(api.twilio.getVoiceToken, { bookingId });
    expect(grant?.identity).toBe(`psychic_${world.userIds.psychicA}_${bookingId}`);
    const payload = JSON.parse(atob(grant!.token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/")));
    expect(payload.grants).toMatchObject({
      identity: grant?.identity,
      voice: { outgoing: { application_sid: twilioEnv.TWILIO_TWIML_APP_SID } },
    });
    // Lives until the end of the 30-minute window plus a minute, not a day.
    expect(payload.exp - payload.iat).toBe(31 * 60);
    expect(await errorCodeOf(world.as.clientB.action(api.twilio.getVoiceToken, { bookingId }))).toBe("FORBIDDEN");
    const later = await callBooking(world, { startsInMs: 3_600_000 });
    expect(await errorCodeOf(world.as.clientA.action(api.twilio.getVoiceToken, { bookingId: later }))).toBe("CALL_NOT_OPEN");
  });

  it("the voice webhook puts a party into the booking's two-person conference, limited to the time left", async () => {
    const world = await buildWorld(setupTest());
    const bookingId = await callBooking(world);
    const response = await post(world, "/twilio/voice", voiceParams(world, bookingId));
    expect(response.status).toBe(200);
    const xml = await response.text();
    expect(xml).toContain(`<Dial timeLimit="1800">`);
    expect(xml).toContain('maxParticipants="2"');
    expect(xml).toContain(`statusCallback="${TEST_SITE_URL}/twilio/conference-status"`);
    expect(xml).toContain(`>arcano-consulto-${bookingId}</Conference>`);
  });

  it("the voice webhook hangs up on an identity that is not a party of the booking", async () => {
    const world = await buildWorld(setupTest());
    const bookingId = await callBooking(world);
    const stranger = { ...voiceParams(world, bookingId), From: `client:client_${world.userIds.clientB}_${bookingId}` };
    const xml = await (await post(world, "/twilio/voice", stranger)).text();
    expect(xml).toContain("<Hangup/>");
    expect(xml).not.toContain("<Conference");
  });

  it("a bad or missing signature gets 403 and changes nothing", async () => {
    const world = await buildWorld(setupTest());
    const bookingId = await callBooking(world);
    const before = await snapshotAllTables(world.t, tableNames);
    for (const token of ["un-altro-token", null]) {
      expect((await post(world, "/twilio/voice", voiceParams(world, bookingId), token)).status).toBe(403);
      expect((await post(world, "/twilio/conference-status", statusParams(bookingId, "1"), token)).status).toBe(403);
    }
    // Signed, then altered on the way: the signature no longer matches the fields.
    const params = voiceParams(world, bookingId);
    const signature = twilio.getExpectedTwilioSignature(AUTH_TOKEN, `${TEST_SITE_URL}/twilio/voice`, params);
    const altered = new URLSearchParams({ ...params, From: `client:psychic_${world.userIds.psychicA}_${bookingId}` }).toString();
    const response = await world.t.fetch("/twilio/voice", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": signature },
      body: altered,
    });
    expect(response.status).toBe(403);
    expect(await snapshotAllTables(world.t, tableNames)).toEqual(before);
  });

  it("conference events move presence, and a duplicated status callback counts once", async () => {
    const world = await buildWorld(setupTest());
    const bookingId = await callBooking(world);
    await post(world, "/twilio/voice", voiceParams(world, bookingId));
    await post(world, "/twilio/voice", voiceParams(world, bookingId, "psychic", "CA_psychic"));
    const join = statusParams(bookingId, "2");
    expect(await (await post(world, "/twilio/conference-status", join)).json()).toMatchObject({ outcome: "applied" });
    expect(await (await post(world, "/twilio/conference-status", join)).json()).toMatchObject({ outcome: "duplicate" });
    const session = async () =>
      (await world.t.run((ctx) => ctx.db.query("callSessions").withIndex("by_bookingId", (q) => q.eq("bookingId", bookingId)).unique()))!;
    expect((await session()).twilioEventKeys).toEqual(["CF_prova:2"]);
    expect((await session()).clientSeenAt).toBeDefined();
    await post(world, "/twilio/conference-status", statusParams(bookingId, "3", "participant-join", "CA_psychic"));
    expect(await world.as.clientA.query(api.calls.getRoom, { bookingId })).toMatchObject({ session: { status: "active" } });
    await post(world, "/twilio/conference-status", statusParams(bookingId, "4", "participant-leave", "CA_psychic"));
    expect(await world.as.clientA.query(api.calls.getRoom, { bookingId })).toMatchObject({ session: { status: "waiting", otherSeenAt: null } });
    const booking = await world.t.run((ctx) => ctx.db.get("bookings", bookingId));
    expect(booking?.clientJoinedAt).toBeDefined();
    expect(booking?.psychicJoinedAt).toBeDefined();
  });

  describe("Twilio holds a party in the call from participant-join to participant-leave", () => {
    const MINUTE = 60_000;
    async function advanceTo(world: World, at: number) {
      vi.advanceTimersByTime(Math.max(0, at - Date.now()));
      await world.t.finishInProgressScheduledFunctions();
    }
    /** Both parties dialled in 3 minutes before the start; the psychic's conference join comes then. */
    async function dialledInEarly(world: World) {
      const bookingId = await callBooking(world, { startsInMs: 3 * MINUTE });
      await post(world, "/twilio/voice", voiceParams(world, bookingId));
      await post(world, "/twilio/voice", voiceParams(world, bookingId, "psychic", "CA_psychic"));
      await post(world, "/twilio/conference-status", statusParams(bookingId, "1", "participant-join", "CA_psychic"));
      return { bookingId, ...(await bookingOf(world, bookingId))! };
    }

    it("a join and a leave before the start: the psychic is absent 10 minutes after it, cancelled with a full refund", async () => {
      const world = await buildWorld(setupTest());
      const { bookingId, startsAt } = await dialledInEarly(world);
      await advanceTo(world, startsAt - MINUTE);
      await post(world, "/twilio/conference-status", statusParams(bookingId, "2", "participant-leave", "CA_psychic"));
      expect((await bookingOf(world, bookingId))?.psychicJoinedAt).toBeUndefined();
      await advanceTo(world, startsAt + PSYCHIC_GRACE_MS);
      expect(await bookingOf(world, bookingId)).toMatchObject({ status: "cancelled", cancelReason: "psychic_no_show", refundCents: 5000 });
    });

    it("joins inside the window make each party present: the psychic stays, and 'Cliente assente' is refused at the end", async () => {
      const world = await buildWorld(setupTest());
      const { bookingId, startsAt, endsAt } = await dialledInEarly(world);
      await advanceTo(world, startsAt + MINUTE);
      await post(world, "/twilio/conference-status", statusParams(bookingId, "2", "participant-join", "CA_psychic"));
      await post(world, "/twilio/conference-status", statusParams(bookingId, "3", "participant-join", "CA_client"));
      // The psychic has been in the conference since before the start: present from it.
      expect(await bookingOf(world, bookingId)).toMatchObject({ psychicJoinedAt: startsAt, clientJoinedAt: startsAt + MINUTE });
      await advanceTo(world, startsAt + PSYCHIC_GRACE_MS);
      expect((await bookingOf(world, bookingId))?.status).toBe("confirmed");
      await advanceTo(world, endsAt);
      expect((await bookingOf(world, bookingId))?.status).toBe("completed");
      expect(await errorCodeOf(world.as.psychicA.mutation(api.bookings.markOutcomeByPsychic, { bookingId, outcome: "no_show" }))).toBe(
        "CLIENT_ATTENDED",
      );
    });

    it("still in the conference at the start, without the page's heartbeat: present from the start, not absent 10 minutes after", async () => {
      const world = await buildWorld(setupTest());
      const { bookingId, startsAt } = await dialledInEarly(world);
      await advanceTo(world, startsAt + PSYCHIC_GRACE_MS);
      expect(await bookingOf(world, bookingId)).toMatchObject({ status: "confirmed", psychicJoinedAt: startsAt });
    });

    it("both in the conference the whole window, the page's heartbeat never heard: each present the whole window, held and paid", async () => {
      const world = await buildWorld(setupTest());
      const bookingId = await callBooking(world);
      const { startsAt, endsAt } = (await bookingOf(world, bookingId))!;
      await post(world, "/twilio/voice", voiceParams(world, bookingId));
      await post(world, "/twilio/voice", voiceParams(world, bookingId, "psychic", "CA_psychic"));
      await post(world, "/twilio/conference-status", statusParams(bookingId, "1", "participant-join", "CA_psychic"));
      await post(world, "/twilio/conference-status", statusParams(bookingId, "2", "participant-join", "CA_client"));
      await advanceTo(world, endsAt);
      expect((await bookingOf(world, bookingId))?.status).toBe("completed");
      const session = await sessionOf(world, bookingId);
      expect(session?.psychicAttendance).toEqual({ firstPresentAt: startsAt, presentMs: 30 * MINUTE });
      expect(session?.clientAttendance).toEqual({ firstPresentAt: startsAt, presentMs: 30 * MINUTE });
    });

    it("the probe on Twilio: the psychic joins a minute after the start and leaves at once, the client in the conference throughout: refunded in full, no share", async () => {
      const world = await buildWorld(setupTest());
      const bookingId = await callBooking(world);
      const { endsAt } = (await bookingOf(world, bookingId))!;
      await post(world, "/twilio/voice", voiceParams(world, bookingId));
      await post(world, "/twilio/voice", voiceParams(world, bookingId, "psychic", "CA_psychic"));
      await post(world, "/twilio/conference-status", statusParams(bookingId, "1", "participant-join", "CA_client"));
      await advanceTo(world, Date.now() + MINUTE);
      await post(world, "/twilio/conference-status", statusParams(bookingId, "2", "participant-join", "CA_psychic"));
      await post(world, "/twilio/conference-status", statusParams(bookingId, "3", "participant-leave", "CA_psychic"));
      await advanceTo(world, endsAt);
      expect(await bookingOf(world, bookingId)).toMatchObject({ status: "cancelled", cancelReason: "psychic_no_show", refundCents: 5000 });
      expect((await sessionOf(world, bookingId))?.psychicAttendance?.presentMs).toBe(0);
      expect(await world.t.run((ctx) => ctx.db.query("psychicTransfers").collect())).toEqual([]);
    });
  });
});
