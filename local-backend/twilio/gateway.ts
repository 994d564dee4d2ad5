// Twilio's Voice signalling, as the unchanged @twilio/voice-sdk speaks it over `wss://…/signal`: JSON frames
// `{type, version: "1.6", payload}`. The browser sends listen (its token), register, invite (SDP offer and the
// call's parameters) and hangup; the gateway answers connected, ready, answer and hangup, and sends the
// heartbeat ("\n") the SDK expects. An invite asks the TwiML app's voice URL what to do, and runs it.
import { randomBytes } from "node:crypto";
import type { WebSocket } from "ws";
import { isRefusal, verifyAccessToken, type TokenKeys } from "./accessToken.ts";
import { Conference } from "./conference.ts";
import { MediaLeg } from "./media.ts";
import { parseTwiml, type Verb } from "./twiml.ts";
import { postSigned } from "./webhooks.ts";

const PSTREAM_VERSION = "1.6";
// The SDK reconnects when it hears nothing for 15 s.
const HEARTBEAT_MS = 5_000;

type GatewaySettings = TokenKeys & {
  authToken: string;
  /** The TwiML app's Voice request URL (the application's /twilio/voice). */
  voiceUrl: string;
  hostAddresses: string[];
  log: (entry: Record<string, unknown>) => void;
};

type Call = {
  sid: string;
  /** The SDK's own id for the call until our answer names its CallSid. */
  outboundId: string;
  identity: string;
  media: MediaLeg | null;
  conference: Conference | null;
  timer: NodeJS.Timeout | null;
  ended: boolean;
  send: (type: string, payload: Record<string, unknown>) => void;
};

export const newSid = (prefix: string) => `${prefix}${randomBytes(16).toString("hex")}`;

export class VoiceGateway {
  private readonly calls = new Map<string, Call>();
  private readonly conferences = new Map<string, Conference>();

  constructor(private readonly settings: GatewaySettings) {}

  /** One browser's signalling socket. */
  accept(socket: WebSocket) {
    let identity: string | null = null;
    const mine = new Set<Call>();
    const send = (type: string, payload: Record<string, unknown>) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ type, version: PSTREAM_VERSION, payload }));
    };
    const heartbeat = setInterval(() => socket.readyState === socket.OPEN && socket.send("\n"), HEARTBEAT_MS);
    socket.on("close", () => {
      clearInterval(heartbeat);
      for (const call of mine) void this.end(call, { tellBrowser: false, hungUp: true, why: "signalling closed" });
    });
    socket.on("message", (data) => {
      const text = data.toString();
      if (text === "\n") return;
      let message: { type?: string; payload?: Record<string, unknown> };
      try {
        message = JSON.parse(text);
      } catch {
        return this.settings.log({ kind: "bad-frame", text: text.slice(0, 80) });
      }
      const payload = message.payload ?? {};
      switch (message.type) {
        case "listen": {
          const grant = verifyAccessToken(payload.token, this.settings);
          if (isRefusal(grant)) {
            this.settings.log({ kind: "token-refused", code: grant.code, message: grant.message });
            send("error", { error: { code: grant.code, message: grant.message } });
            send("close", {});
            return void socket.close();
          }
          identity = grant.identity;
          this.settings.log({ kind: "listen", identity });
          return send("connected", { region: "gll", edge: "roaming", home: "us1", token: { identity, ttl: grant.ttlSeconds } });
        }
        case "register":
          return send("ready", {});
        case "invite": {
          if (identity === null) return send("error", { error: { code: 31204, message: "Invalid JWT token: no listen before invite" } });
          const call: Call = {
            sid: newSid("CA"),
            outboundId: String(payload.callsid ?? ""),
            identity,
            media: null,
            conference: null,
            timer: null,
            ended: false,
            send,
          };
          mine.add(call);
          this.calls.set(call.sid, call);
          this.calls.set(call.outboundId, call);
          const twilioPart = (payload.twilio ?? {}) as { params?: string };
          return void this.run(call, String(payload.sdp ?? ""), twilioPart.params ?? "").catch((error: unknown) => {
            this.settings.log({ kind: "call-error", callSid: call.sid, message: error instanceof Error ? error.message : String(error) });
            void this.end(call, { tellBrowser: true, hungUp: false, why: "error", error: { code: 31005, message: "Connection error" } });
          });
        }
        case "hangup": {
          const call = this.calls.get(String(payload.callsid ?? ""));
          if (call) void this.end(call, { tellBrowser: false, hungUp: true, why: "browser hung up" });
          return;
        }
        default:
          // reinvite (ICE restart), dtmf, message: logged, not simulated.
          return this.settings.log({ kind: "ignored", type: message.type ?? null });
      }
    });
  }

  /** The voice webhook, then its verbs in order; what is left when they run out is a hangup. */
  private async run(call: Call, offer: string, encodedParams: string) {
    const params = Object.fromEntries(new URLSearchParams(encodedParams));
    this.settings.log({ kind: "invite", callSid: call.sid, identity: call.identity, params });
    const from = `client:${call.identity}`;
    const form = {
      AccountSid: this.settings.accountSid,
      ApiVersion: "2010-04-01",
      ApplicationSid: this.settings.appSid,
      CallSid: call.sid,
      CallStatus: "ringing",
      Called: "",
      Caller: from,
      Direction: "inbound",
      From: from,
      To: "",
      ...params,
    };
    const response = await postSigned(this.settings.authToken, this.settings.voiceUrl, form);
    this.settings.log({
      kind: "twiml-request",
      callSid: call.sid,
      url: this.settings.voiceUrl,
      status: response.status,
      body: response.body.slice(0, 600),
    });
    if (call.ended) return;
    if (response.status !== 200) {
      // Twilio's 11200 (HTTP retrieval failure): the caller hears an application error and the call ends.
      return this.end(call, {
        tellBrowser: true,
        hungUp: false,
        why: `voice URL answered ${response.status}`,
        error: { code: 31005, message: "HTTP retrieval failure" },
      });
    }
    let verbs: Verb[];
    try {
      verbs = parseTwiml(response.body);
    } catch (error) {
      return this.end(call, {
        tellBrowser: true,
        hungUp: false,
        why: `TwiML: ${(error as Error).message}`,
        error: { code: 31005, message: "Document parse failure" },
      });
    }
    for (const verb of verbs) {
      if (call.ended) return;
      this.settings.log({ kind: "verb", callSid: call.sid, ...verb });
      if (verb.verb === "Dial") {
        await this.dial(call, offer, verb);
        return;
      }
      // <Say> is logged above (no speech synthesis here); <Hangup> and <Reject> end the call.
      if (verb.verb !== "Say") break;
    }
    await this.end(call, { tellBrowser: true, hungUp: false, why: "TwiML ended" });
  }

  /** <Dial><Conference>: the media answered, the room entered, the time limit armed. */
  private async dial(call: Call, offer: string, verb: Extract<Verb, { verb: "Dial" }>) {
    const media = new MediaLeg(this.settings.hostAddresses);
    call.media = media;
    const answer = await media.answer(offer);
    if (call.ended) return void media.close();
    call.send("answer", { callsid: call.sid, sdp: answer });
    const name = verb.conference.name;
    let conference = this.conferences.get(name);
    if (!conference) {
      conference = new Conference(
        name,
        { accountSid: this.settings.accountSid, authToken: this.settings.authToken, newSid, log: this.settings.log },
        () => {
          if (this.conferences.get(name) === conference) this.conferences.delete(name);
        },
      );
      this.conferences.set(name, conference);
    }
    const hangUp = (why: string) => void this.end(call, { tellBrowser: true, hungUp: false, why });
    if (!conference.join({ callSid: call.sid, media, noun: verb.conference, hangUp })) return hangUp("conference full");
    call.conference = conference;
    call.timer = setTimeout(() => hangUp("timeLimit"), verb.timeLimitSeconds * 1000);
  }

  private async end(call: Call, how: { tellBrowser: boolean; hungUp: boolean; why: string; error?: { code: number; message: string } }) {
    if (call.ended) return;
    call.ended = true;
    if (call.timer) clearTimeout(call.timer);
    call.conference?.leave(call.sid, { hungUp: how.hungUp, why: how.why });
    this.calls.delete(call.sid);
    this.calls.delete(call.outboundId);
    this.settings.log({ kind: "call-ended", callSid: call.sid, identity: call.identity, why: how.why });
    if (how.tellBrowser) call.send("hangup", { callsid: call.media ? call.sid : call.outboundId, ...(how.error ? { error: how.error } : {}) });
    await call.media?.close();
  }

  /** Every status callback posted so far answered (tests read the log after). */
  async settled() {
    await Promise.all([...this.conferences.values()].map((conference) => conference.settled()));
  }
}
