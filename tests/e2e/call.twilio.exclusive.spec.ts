// The production call path, run here: the unchanged Voice SDK in two Chromium browsers (each microphone a
// tone of its own) connects to the local Twilio Voice stand-in, which asks our /twilio/voice webhook (signed as
// Twilio signs) what to do, puts both into the booking's <Conference>, forwards their audio and posts the
// conference's signed status callbacks; the paid window's end hangs both up through <Dial timeLimit>. Exclusive:
// it switches the deployment's call provider (as `npx convex env set TWILIO_…` does) while it runs.
import type { Page } from "@playwright/test";
import twilio from "twilio";
import WebSocket from "ws";
import { roomName } from "@convex/model/calls";
import { personPage, sessionState, signUpThroughApi } from "./api";
import { armBackendFault, CUT_COOKIE } from "./backendLog";
import { openAndEnter } from "./callRoom";
import { e2ePorts, runInternal } from "./env";
import { expect, sessionFile, test } from "./fixtures";
import { unexpected } from "./offlinePsychic";
import {
  heardTone,
  keepPeerConnections,
  standInCertificate,
  standInInfo,
  standInLog,
  twilioBrowser,
  useTwilioCalls,
  type LogEntry,
} from "./twilioStandIn";

const CLIENT_HZ = 520;
const PSYCHIC_HZ = 1_320;
const microphone = { permissions: ["microphone"] };
const stateLine = (page: Page) => page.getByTestId("room-line");
const near = (hz: number, target: number) => Math.abs(hz - target) < 20;

test.describe.configure({ mode: "serial", timeout: 180_000 });
test.beforeAll(() => useTwilioCalls(true));
test.afterAll(() => useTwilioCalls(false));

test("a client and a psychic talk through Twilio's path; each hears the other's tone; the window's end hangs both up through timeLimit", async () => {
  const clientName = `Tilde ${Date.now().toString(36)}`;
  const account = await signUpThroughApi(clientName);
  // The window ends 45 s from now: time for both to enter and to listen, then Twilio's timeLimit ends it.
  const endsAt = Date.now() + 45_000;
  const bookingId = (await runInternal("seed:callNow", { minutes: 15, endsInSeconds: 45, clientEmail: account.email })) as string;
  const errors: string[] = [];
  const [clientBrowser, psychicBrowser] = await Promise.all([twilioBrowser(CLIENT_HZ), twilioBrowser(PSYCHIC_HZ)]);
  try {
    const client = await personPage(clientBrowser, sessionState(account.session), errors, microphone);
    const psychic = await personPage(psychicBrowser, sessionFile("psychic"), errors, microphone);
    const cutTag = `twilio-${Date.now().toString(36)}`;
    for (const page of [client, psychic]) {
      await page.context().addCookies([{ name: CUT_COOKIE, value: cutTag, domain: "127.0.0.1", path: "/" }]);
      await keepPeerConnections(page);
      // The pages' clocks run as usual until the end, when the test stops them (below).
      await page.clock.install();
    }
    const since = Date.now();

    await openAndEnter(client, bookingId, "Selene");
    await expect(stateLine(client)).toHaveText("In attesa di Selene", { timeout: 20_000 });
    await openAndEnter(psychic, bookingId, clientName);
    await expect(stateLine(client)).toHaveText("In chiamata con Selene", { timeout: 20_000 });
    await expect(stateLine(psychic)).toHaveText(`In chiamata con ${clientName}`);

    // Each side hears the other's tone, not its own: the audio went through the conference.
    await expect.poll(async () => near((await heardTone(client)).hz, PSYCHIC_HZ), { timeout: 20_000 }).toBe(true);
    await expect.poll(async () => near((await heardTone(psychic)).hz, CLIENT_HZ), { timeout: 20_000 }).toBe(true);
    expect((await heardTone(client)).level).toBeGreaterThan(-70);

    // What the stand-in saw: two invites for this booking's room, the webhook accepted (signed), both in. The
    // status callbacks are posted after each join, so the log is read once both joins' callbacks have come.
    const ours = (entries: LogEntry[]) => entries.filter((entry) => entry.at >= since);
    const posted = async () =>
      ours(await standInLog())
        .filter((entry) => entry.kind === "status-callback" && ["participant-join", "conference-start"].includes(String(entry.event)))
        .map((entry) => entry.event)
        .sort();
    await expect.poll(posted, { timeout: 10_000 }).toEqual(["conference-start", "participant-join", "participant-join"]);
    let log = ours(await standInLog());
    const invites = log.filter((entry) => entry.kind === "invite");
    expect(invites).toHaveLength(2);
    for (const invite of invites) expect(invite.params).toMatchObject({ bookingId, conferenceRoom: roomName(bookingId) });
    const callSids = invites.map((invite) => invite.callSid);
    const webhook = log.filter((entry) => entry.kind === "twiml-request");
    expect(webhook.map((entry) => entry.status)).toEqual([200, 200]);
    for (const entry of webhook) expect(entry.body).toContain(`<Conference maxParticipants="2"`);
    const dials = log.filter((entry) => entry.kind === "verb" && entry.verb === "Dial");
    expect(dials).toHaveLength(2);
    const callbacks = (event: string) => log.filter((entry) => entry.kind === "status-callback" && entry.event === event);
    expect(callbacks("participant-join").map((entry) => [entry.callSid, entry.status])).toEqual(callSids.map((sid) => [sid, 200]));
    expect(callbacks("conference-start").map((entry) => entry.status)).toEqual([200]);

    // The end of the paid window, with the app unable to end the call itself: the pages' clocks stop short of it
    // and their Convex sockets are cut until after it (so the settled booking cannot reach them either). Only
    // Twilio's timeLimit can end the call now, as when a page is stuck or tampered with.
    for (const page of [client, psychic]) await page.clock.pauseAt(Date.now() + 500);
    await armBackendFault({ refuseSyncMs: Math.max(5_000, endsAt - Date.now() + 8_000), refuseSyncTag: cutTag });
    const endings = async () =>
      ours(await standInLog())
        .filter((entry) => entry.kind === "call-ended")
        .map((entry) => `${entry.callSid} ${entry.why}`)
        .sort();
    // Each Dial's limit is the window's time left when the webhook admitted the caller.
    for (const dial of dials) expect(dial.timeLimitSeconds).toBeLessThanOrEqual(45);
    await expect.poll(endings, { timeout: 90_000, intervals: [1_000] }).toEqual(callSids.map((sid) => `${sid} timeLimit`).sort());
    // The leave and end callbacks are posted after the calls end: waited for, as the joins' were.
    const closing = async () => {
      log = ours(await standInLog());
      return { leave: callbacks("participant-leave").map((entry) => entry.status), end: callbacks("conference-end").map((entry) => entry.status) };
    };
    await expect.poll(closing, { timeout: 10_000 }).toEqual({ leave: [200, 200], end: [200] });
    // The SDK heard Twilio's hangup and closed its media on both pages.
    for (const page of [client, psychic]) {
      await expect
        .poll(() =>
          page.evaluate(() =>
            (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections.every((pc) => pc.connectionState === "closed"),
          ),
        )
        .toBe(true);
    }
    // Each page left the call on Twilio's word: by its stopped clock the window is still open, so it offers to re-enter.
    for (const page of [client, psychic]) {
      await expect(page.getByRole("button", { name: "Rientra nella chiamata" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Esci" })).toHaveCount(0);
    }
    expect(unexpected(errors), "console errors in the room").toEqual([]);
  } finally {
    await Promise.all([clientBrowser.close(), psychicBrowser.close()]);
  }
});

/** A signalling session as the SDK opens one: `listen` with the token, then optionally an invite; the frames it got. */
async function signal(token: string, invite?: { params: string }): Promise<Array<{ type: string; payload: Record<string, unknown> }>> {
  const { port } = standInInfo();
  const socket = new WebSocket(`wss://127.0.0.1:${port}/signal`, { ca: standInCertificate() });
  const frames: Array<{ type: string; payload: Record<string, unknown> }> = [];
  const send = (type: string, payload: Record<string, unknown>) => socket.send(JSON.stringify({ type, version: "1.6", payload }));
  return new Promise((resolve, reject) => {
    const done = () => {
      socket.close();
      resolve(frames);
    };
    const timer = setTimeout(done, 15_000);
    socket.on("error", reject);
    socket.on("open", () => send("listen", { token, browserinfo: {}, reconnectTimeout: 0 }));
    socket.on("message", (data) => {
      if (data.toString() === "\n") return;
      const frame = JSON.parse(data.toString());
      frames.push(frame);
      if (frame.type === "connected" && invite) send("invite", { callsid: "TJSe2e", sdp: "v=0", twilio: { params: invite.params } });
      if (frame.type === "close" || frame.type === "hangup" || (frame.type === "connected" && !invite)) {
        clearTimeout(timer);
        done();
      }
    });
  });
}

/** A Voice token as our server mints one (convex/twilio.ts), with the stand-in's keys. */
function voiceToken(identity: string): string {
  const info = standInInfo();
  const token = new twilio.jwt.AccessToken(info.accountSid, info.apiKeySid, info.apiKeySecret, { identity, ttl: 600 });
  token.addGrant(new twilio.jwt.AccessToken.VoiceGrant({ outgoingApplicationSid: info.appSid, incomingAllow: false }));
  return token.toJwt();
}

test("Twilio's path refuses: a third account, a tampered token, a caller who is not a party, a webhook signed with the wrong token", async ({
  browser,
}) => {
  const bookingId = (await runInternal("seed:callNow", { minutes: 30 })) as string;

  // A third account opens the room: refused before any token is issued.
  const stranger = await signUpThroughApi(`Terzo ${Date.now().toString(36)}`);
  const page = await personPage(browser, sessionState(stranger.session));
  await page.goto(`/call/${bookingId}`);
  await expect(page.getByText("Non hai accesso a questo consulto")).toBeVisible();
  await page.context().close();

  // A good token is taken; the same token with one character of its signature changed is refused (31204).
  const good = voiceToken(`client_someone_${bookingId}`);
  expect((await signal(good)).map((frame) => frame.type)).toEqual(["connected"]);
  const tampered = `${good.slice(0, -2)}${good.at(-2) === "A" ? "B" : "A"}${good.at(-1)}`;
  const refused = await signal(tampered);
  expect(refused.map((frame) => frame.type)).toEqual(["error", "close"]);
  expect(refused[0].payload).toMatchObject({ error: { code: 31204 } });

  // A well-signed token whose identity is not a party of the booking: our webhook answers <Say> and <Hangup/>.
  const since = Date.now();
  const outsider = await signal(voiceToken(`client_k57abcdefghijklmnopqrstuvw_${bookingId}`), { params: `bookingId=${bookingId}` });
  expect(outsider.map((frame) => frame.type)).toEqual(["connected", "hangup"]);
  const log = (await standInLog()).filter((entry) => entry.at >= since);
  const request = log.find((entry) => entry.kind === "twiml-request");
  expect(request?.status).toBe(200);
  expect(request?.body).toContain("<Hangup/>");
  expect(log.filter((entry) => entry.kind === "verb").map((entry) => entry.verb)).toEqual(["Say", "Hangup"]);

  // Our voice webhook checks X-Twilio-Signature: the stand-in's auth token passes, another one gets 403.
  const url = `http://127.0.0.1:${e2ePorts.site}/twilio/voice`;
  const params = { CallSid: `CA${"0".repeat(32)}`, From: "client:nobody", bookingId };
  const post = (authToken: string) =>
    fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-twilio-signature": twilio.getExpectedTwilioSignature(authToken, url, params),
      },
      body: new URLSearchParams(params).toString(),
    });
  expect((await post(standInInfo().authToken)).status).toBe(200);
  const forged = await post("0123456789abcdef0123456789abcdef");
  expect(forged.status).toBe(403);
  expect(await forged.text()).toBe("Firma Twilio non valida");
});
