// The local Twilio Voice stand-in against a stand-in application (a small HTTP server that checks each
// webhook's X-Twilio-Signature with twilio-node, as convex/http.ts does): the token check, the voice
// webhook and its TwiML, the conference's status callbacks in order, audio forwarded between two werift
// peers as between two browsers, and <Dial timeLimit> hanging both up.
import http from "node:http";
import https from "node:https";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import twilio from "twilio";
import { MediaStreamTrack, RTCPeerConnection, RtpHeader, RtpPacket } from "werift";
import WebSocket from "ws";
import { afterEach, describe, expect, it } from "vitest";
import { verifyAccessToken } from "../twilio/accessToken";
import { startTwilioStandIn, type TwilioStandIn } from "../twilio/standIn";
import { parseTwiml, TwimlError } from "../twilio/twiml";

const keys = {
  accountSid: `AC${"1".repeat(32)}`,
  apiKeySid: `SK${"2".repeat(32)}`,
  apiKeySecret: "a-secret-of-the-api-key",
  authToken: "0123456789abcdef0123456789abcdef",
  appSid: `AP${"3".repeat(32)}`,
};

function token(identity: string, { secret = keys.apiKeySecret, ttl = 600, appSid = keys.appSid } = {}) {
  const made = new twilio.jwt.AccessToken(keys.accountSid, keys.apiKeySid, secret, { identity, ttl });
  made.addGrant(new twilio.jwt.AccessToken.VoiceGrant({ outgoingApplicationSid: appSid, incomingAllow: false }));
  return made.toJwt();
}

describe("the TwiML reader", () => {
  it("reads <Dial timeLimit><Conference> with Twilio's defaults for what is left out", () => {
    const [dial] = parseTwiml(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Dial timeLimit="90"><Conference maxParticipants="2" statusCallback="https://x/cb?a=1&amp;b=2" ' +
        'statusCallbackEvent="start end join leave">arcano-room</Conference></Dial></Response>',
    );
    expect(dial).toEqual({
      verb: "Dial",
      timeLimitSeconds: 90,
      conference: {
        name: "arcano-room",
        maxParticipants: 2,
        beep: "true",
        startConferenceOnEnter: true,
        endConferenceOnExit: false,
        waitUrl: "default",
        statusCallback: "https://x/cb?a=1&b=2",
        statusCallbackMethod: "POST",
        statusCallbackEvent: ["start", "end", "join", "leave"],
      },
    });
    expect(parseTwiml("<Response><Dial><Conference>r</Conference></Dial></Response>")[0]).toMatchObject({
      timeLimitSeconds: 14_400,
      conference: { maxParticipants: 250 },
    });
    expect(parseTwiml('<Response><Say language="it-IT">Ciao &amp; addio</Say><Hangup/></Response>')).toEqual([
      { verb: "Say", text: "Ciao & addio", language: "it-IT" },
      { verb: "Hangup" },
    ]);
  });

  it("refuses what Twilio could not run", () => {
    for (const bad of [
      "<Response><Play>x</Play></Response>",
      "<Reply/>",
      "<Response><Dial>",
      '<Response><Dial timeLimit="soon"><Conference>r</Conference></Dial></Response>',
    ]) {
      expect(() => parseTwiml(bad), bad).toThrow(TwimlError);
    }
  });
});

describe("the access token check", () => {
  it("takes the token our server mints and refuses a tampered, foreign, expired or grant-less one", () => {
    expect(verifyAccessToken(token("client_u_b"), keys)).toMatchObject({ identity: "client_u_b" });
    const good = token("client_u_b");
    const [head, body, signature] = good.split(".");
    const forgedBody = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body, "base64url").toString()), grants: { identity: "psychic_x_b" } }),
    ).toString("base64url");
    expect(verifyAccessToken(`${head}.${forgedBody}.${signature}`, keys)).toMatchObject({ code: 31204 });
    expect(verifyAccessToken(token("client_u_b", { secret: "another-secret" }), keys)).toMatchObject({ code: 31204 });
    expect(verifyAccessToken(token("client_u_b", { appSid: `AP${"9".repeat(32)}` }), keys)).toMatchObject({ code: 31204 });
    expect(verifyAccessToken(token("client_u_b", { ttl: 60 }), keys, Date.now() + 120_000)).toMatchObject({ code: 31205 });
    expect(verifyAccessToken("not-a-token", keys)).toMatchObject({ code: 31204 });
  });
});

type Received = { path: string; params: Record<string, string>; signed: boolean };

/** The application's webhooks: /voice answers `twiml`, /status records; each request's signature is checked. */
async function application(twiml: () => string) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const params = Object.fromEntries(new URLSearchParams(body));
      const url = `http://127.0.0.1:${(server.address() as { port: number }).port}${req.url}`;
      const signed = twilio.validateRequest(keys.authToken, String(req.headers["x-twilio-signature"] ?? ""), url, params);
      received.push({ path: req.url ?? "", params, signed });
      if (req.url === "/voice") {
        res.writeHead(200, { "content-type": "text/xml" });
        return void res.end(twiml());
      }
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { base, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

type Frame = { type: string; payload: Record<string, unknown> };

/** A browser's side: a werift peer sending RTP tagged with `mark`, and its signalling socket. */
async function browserSide(standIn: TwilioStandIn, identity: string, mark: number) {
  const pc = new RTCPeerConnection({ iceAdditionalHostAddresses: ["127.0.0.1"], iceUseIpv6: false });
  const track = new MediaStreamTrack({ kind: "audio" });
  pc.addTransceiver(track, { direction: "sendrecv" });
  const heard: number[] = [];
  pc.onTrack.subscribe((remote) => remote.onReceiveRtp.subscribe((rtp) => heard.push(rtp.payload[0])));
  await pc.setLocalDescription(await pc.createOffer());
  if (pc.iceGatheringState !== "complete") await pc.iceGatheringStateChange.watch((state) => state === "complete");
  const socket = new WebSocket(`wss://127.0.0.1:${standIn.port}/signal`, { rejectUnauthorized: false });
  const frames: Frame[] = [];
  const send = (type: string, payload: Record<string, unknown>) => socket.send(JSON.stringify({ type, version: "1.6", payload }));
  socket.on("message", (data) => {
    if (data.toString() === "\n") return;
    const frame = JSON.parse(data.toString()) as Frame;
    frames.push(frame);
    if (frame.type === "connected")
      send("invite", { callsid: `TJS${mark}`, sdp: pc.localDescription!.sdp, twilio: { params: "bookingId=b1&conferenceRoom=arcano-b1" } });
    if (frame.type === "answer") void pc.setRemoteDescription({ type: "answer", sdp: String(frame.payload.sdp) });
  });
  await new Promise((resolve) => socket.on("open", resolve));
  send("listen", { token: token(identity), browserinfo: {}, reconnectTimeout: 0 });
  let sequenceNumber = 1;
  const talk = setInterval(() => {
    if (pc.connectionState !== "connected") return;
    const header = new RtpHeader({ payloadType: 111, sequenceNumber: sequenceNumber++, timestamp: sequenceNumber * 960, marker: false });
    track.writeRtp(new RtpPacket(header, Buffer.from([mark, 0, 0, 0])));
  }, 20);
  return {
    frames,
    heard,
    close: async () => {
      clearInterval(talk);
      socket.close();
      await pc.close();
    },
  };
}

const eventually = async (check: () => boolean, what: string, ms = 20_000) => {
  for (const end = Date.now() + ms; Date.now() < end;) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`never: ${what}`);
};

describe("the Twilio Voice stand-in", () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function setUp(twiml: (base: string) => string) {
    let base = "";
    const app = await application(() => twiml(base));
    base = app.base;
    const dataDir = mkdtempSync(join(tmpdir(), "twilio-"));
    const standIn = await startTwilioStandIn({ ...keys, dataDir, port: 0, voiceUrl: `${app.base}/voice` });
    cleanups.push(app.close, standIn.close, async () => rmSync(dataDir, { recursive: true, force: true }));
    return { app, standIn };
  }

  it("puts two callers into one conference, forwards each one's audio to the other, and ends both at the time limit", async () => {
    const { app, standIn } = await setUp(
      (base) =>
        `<Response><Dial timeLimit="4"><Conference maxParticipants="2" statusCallback="${base}/status" statusCallbackEvent="start end join leave">arcano-b1</Conference></Dial></Response>`,
    );
    const client = await browserSide(standIn, "client_u1_b1", 7);
    cleanups.push(client.close);
    await eventually(() => client.frames.some((frame) => frame.type === "answer"), "the client's answer");
    const psychic = await browserSide(standIn, "psychic_u2_b1", 9);
    cleanups.push(psychic.close);

    expect(client.frames[0]).toMatchObject({ type: "connected", payload: { token: { identity: "client_u1_b1" } } });
    await eventually(() => client.heard.length > 5 && psychic.heard.length > 5, "audio both ways");
    // Each hears the other, never itself.
    expect(new Set(client.heard)).toEqual(new Set([9]));
    expect(new Set(psychic.heard)).toEqual(new Set([7]));

    await eventually(
      () => [client, psychic].every((side) => side.frames.some((frame) => frame.type === "hangup")),
      "both hung up at the time limit",
      15_000,
    );
    await eventually(() => app.received.some((request) => request.params.StatusCallbackEvent === "conference-end"), "conference-end");
    expect(app.received.every((request) => request.signed)).toBe(true);
    const voice = app.received.filter((request) => request.path === "/voice");
    expect(voice.map((request) => request.params)).toEqual([
      expect.objectContaining({
        From: "client:client_u1_b1",
        Direction: "inbound",
        ApplicationSid: keys.appSid,
        AccountSid: keys.accountSid,
        bookingId: "b1",
      }),
      expect.objectContaining({ From: "client:psychic_u2_b1", conferenceRoom: "arcano-b1" }),
    ]);
    const events = app.received.filter((request) => request.path === "/status").map((request) => request.params);
    expect(events.map((event) => event.StatusCallbackEvent)).toEqual([
      "participant-join",
      "conference-start",
      "participant-join",
      "participant-leave",
      "participant-leave",
      "conference-end",
    ]);
    expect(events.map((event) => Number(event.SequenceNumber))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(new Set(events.map((event) => event.ConferenceSid)).size).toBe(1);
    expect(events[0]).toMatchObject({ FriendlyName: "arcano-b1", CallSid: voice[0].params.CallSid, StartConferenceOnEnter: "true" });
    expect(events[5]).toMatchObject({ ReasonConferenceEnded: "last-participant-left" });
  }, 40_000);

  it("refuses a third caller when the conference is full, and hangs up on a refusal in TwiML", async () => {
    let refuse = false;
    const { standIn } = await setUp((base) =>
      refuse
        ? '<Response><Say language="it-IT">Il consulto non è disponibile in questo momento.</Say><Hangup/></Response>'
        : `<Response><Dial timeLimit="60"><Conference maxParticipants="2" statusCallback="${base}/status">arcano-b2</Conference></Dial></Response>`,
    );
    const sides = [];
    for (const [identity, mark] of [
      ["client_u1_b2", 1],
      ["psychic_u2_b2", 2],
      ["client_u3_b2", 3],
    ] as const) {
      const side = await browserSide(standIn, identity, mark);
      cleanups.push(side.close);
      sides.push(side);
      await eventually(() => side.frames.some((frame) => frame.type === "answer" || frame.type === "hangup"), `${identity} answered`);
    }
    expect(sides.map((side) => side.frames.some((frame) => frame.type === "hangup"))).toEqual([false, false, true]);
    refuse = true;
    const refused = await browserSide(standIn, "client_u4_b2", 4);
    cleanups.push(refused.close);
    await eventually(() => refused.frames.some((frame) => frame.type === "hangup"), "the refusal's hangup");
    expect(refused.frames.map((frame) => frame.type)).toEqual(["connected", "hangup"]);
    expect(refused.frames[1].payload).toEqual({ callsid: "TJS4" });
  }, 40_000);

  it("answers the SDK's Insights posts and sounds, and keeps its log behind the auth token", async () => {
    const { standIn } = await setUp(() => "<Response/>");
    const call = (path: string, method = "GET", headers: Record<string, string> = {}) =>
      new Promise<{ status: number; type: string }>((resolve, reject) => {
        const request = https.request({ host: "127.0.0.1", port: standIn.port, path, method, headers, rejectUnauthorized: false }, (response) => {
          response.resume();
          response.on("end", () => resolve({ status: response.statusCode ?? 0, type: String(response.headers["content-type"] ?? "") }));
        });
        request.on("error", reject);
        request.end(method === "POST" ? "{}" : undefined);
      });
    expect(await call("/v4/EndpointEvents", "POST", { "content-type": "application/json" })).toEqual({ status: 200, type: "application/json" });
    expect(await call("/js/client/sounds/releases/1.0.0/outgoing.mp3")).toEqual({ status: 200, type: "audio/wav" });
    expect((await call("/__standin/log")).status).toBe(401);
    expect((await call("/__standin/log", "GET", { authorization: `Bearer ${keys.authToken}` })).status).toBe(200);
    expect(standIn.spki).toMatch(/^[A-Za-z0-9+/]{43}=$/);

    // Addressed as Twilio's hosts (how the test browser reaches it) or as loopback on its port; nothing else.
    const sound = "/js/client/sounds/releases/1.0.0/incoming.mp3";
    expect((await call(sound, "GET", { host: "sdk.twilio.com" })).status).toBe(200);
    expect((await call(sound, "GET", { host: "eventgw.us1.twilio.com:443" })).status).toBe(200);
    expect((await call(sound, "GET", { host: `evil.example:${standIn.port}` })).status).toBe(403);
    expect((await call(sound, "GET", { host: "twilio.com.evil.example" })).status).toBe(403);
    expect((await call(sound, "GET", { host: "sdk.twilio.com", origin: "https://evil.example" })).status).toBe(403);
    expect((await call(sound, "GET", { host: "sdk.twilio.com", origin: "http://127.0.0.1:5173" })).status).toBe(200);
    const upgrade = (headers: Record<string, string>) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(`wss://127.0.0.1:${standIn.port}/signal`, { rejectUnauthorized: false, headers });
        ws.on("open", () => {
          ws.close();
          resolve(101);
        });
        ws.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
        ws.on("error", () => resolve(-1));
      });
    expect(await upgrade({ host: "voice-js.roaming.twilio.com", origin: "http://127.0.0.1:5173" })).toBe(101);
    expect(await upgrade({ host: "voice-js.roaming.twilio.com", origin: "https://evil.example" })).not.toBe(101);
  });
});
