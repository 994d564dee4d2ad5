// The local Twilio Voice stand-in: one HTTPS server on 127.0.0.1 that answers for Twilio's hosts (the test
// browser maps `*.twilio.com` to it and trusts its certificate): the signalling socket at /signal, the SDK's
// Insights posts (/v4/EndpointEvents, /v4/EndpointMetrics) and its sounds, plus a log for tests.
import { createHash, createPublicKey, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import type http from "node:http";
import https from "node:https";
import path from "node:path";
import selfsigned from "selfsigned";
import { WebSocketServer } from "ws";
import { foreignOrigin, foreignRequest } from "../shared/loopback.ts";
import { pcm16Wav } from "../shared/wav.ts";
import type { TokenKeys } from "./accessToken.ts";
import { VoiceGateway } from "./gateway.ts";

type TwilioStandInOptions = TokenKeys & { dataDir: string; port: number; authToken: string; voiceUrl: string };
export type TwilioStandIn = { url: string; port: number; spki: string; gateway: VoiceGateway; close: () => Promise<void> };

const MAX_LOG = 2_000;
const TWILIO_HOST = /^([a-z0-9-]+\.)*twilio\.com(:443)?$/;

/**
 * Why a request must be refused, or null. Like every stand-in it answers loopback names on its port; it also
 * answers Twilio's own host names, which the test browser is told to map here (a page rebinding its own DNS name
 * to 127.0.0.1 cannot send one). `Origin`, when sent, must be a page served on loopback, as for the others.
 */
function refusalOf(req: http.IncomingMessage, port: number): string | null {
  return TWILIO_HOST.test((req.headers.host ?? "").toLowerCase()) ? foreignOrigin(req) : foreignRequest(req, port);
}

/** Its certificate, made once per data folder so a browser told to trust it keeps trusting it. */
async function certificate(dataDir: string): Promise<{ key: string; cert: string }> {
  const file = path.join(dataDir, "certificate.json");
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, "utf8"));
  const made = await selfsigned.generate([{ name: "commonName", value: "twilio.com" }], {
    notAfterDate: new Date(Date.now() + 3 * 365 * 86_400_000),
    keyType: "ec",
    algorithm: "sha256",
    extensions: [
      {
        name: "subjectAltName",
        altNames: [
          { type: 2, value: "twilio.com" },
          { type: 2, value: "*.twilio.com" },
          { type: 7, ip: "127.0.0.1" },
        ],
      },
    ],
  });
  const pair = { key: made.private, cert: made.cert };
  fs.writeFileSync(file, JSON.stringify(pair), { mode: 0o600 });
  return pair;
}

/** What Chromium's --ignore-certificate-errors-spki-list takes: base64 of the SHA-256 of the public key. */
const spkiHash = (cert: string) =>
  createHash("sha256")
    .update(createPublicKey(cert).export({ type: "spki", format: "der" }))
    .digest("base64");

/** A tenth of a second of silence, for every sound the SDK asks for (the browser sniffs the format). */
const silence = () => pcm16Wav(new Int16Array(800), 8_000);

const CORS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, POST, OPTIONS",
  "access-control-allow-headers": "Content-Type, X-Twilio-Token",
};

export async function startTwilioStandIn(options: TwilioStandInOptions): Promise<TwilioStandIn> {
  fs.mkdirSync(options.dataDir, { recursive: true });
  // Its certificate's private key and the secrets of standin.json: the owner's only.
  fs.chmodSync(options.dataDir, 0o700);
  const { key, cert } = await certificate(options.dataDir);
  const log: Array<Record<string, unknown>> = [];
  const record = (entry: Record<string, unknown>) => {
    log.push({ at: Date.now(), ...entry });
    if (log.length > MAX_LOG) log.splice(0, log.length - MAX_LOG);
    if (process.env.TWILIO_STANDIN_DEBUG) console.error(`[twilio] ${JSON.stringify(entry)}`);
  };
  const gateway = new VoiceGateway({ ...options, hostAddresses: ["127.0.0.1"], log: record });
  const sound = silence();
  const authorized = (header: string | undefined) => {
    const given = Buffer.from(header ?? "");
    const expected = Buffer.from(`Bearer ${options.authToken}`);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  let port = options.port;
  const server = https.createServer({ key, cert }, (req, res) => {
    const refusal = refusalOf(req, port);
    if (refusal !== null) {
      res.writeHead(403, { "content-type": "text/plain; charset=utf-8" });
      return void res.end(`Richiesta rifiutata (${refusal})\n`);
    }
    const url = new URL(req.url ?? "/", "https://twilio.local");
    if (req.method === "OPTIONS") {
      res.writeHead(204, CORS);
      return void res.end();
    }
    if (req.method === "POST" && /^\/v4\/Endpoint(Events|Metrics)$/.test(url.pathname)) {
      // Insights: the SDK's call events and quality samples, taken and dropped.
      req.resume();
      res.writeHead(200, { ...CORS, "content-type": "application/json" });
      return void res.end("{}");
    }
    if (req.method === "GET" && url.pathname.startsWith("/js/client/sounds/")) {
      res.writeHead(200, { ...CORS, "content-type": "audio/wav", "cache-control": "max-age=3600" });
      return void res.end(sound);
    }
    if (url.pathname === "/__standin/log") {
      if (!authorized(req.headers.authorization)) {
        res.writeHead(401);
        return void res.end();
      }
      void gateway.settled().then(() => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify(log));
      });
      return;
    }
    res.writeHead(404, { ...CORS, "content-type": "text/plain" });
    res.end("Not found");
  });
  const sockets = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  server.on("upgrade", (req, socket, head) => {
    if (refusalOf(req, port) !== null) return void socket.end("HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n");
    if (new URL(req.url ?? "/", "https://twilio.local").pathname !== "/signal") return void socket.destroy();
    sockets.handleUpgrade(req, socket, head, (ws) => gateway.accept(ws));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, "127.0.0.1", () => resolve());
  });
  port = (server.address() as { port: number }).port;
  return {
    url: `https://127.0.0.1:${port}`,
    port,
    spki: spkiHash(cert),
    gateway,
    close: () =>
      new Promise<void>((resolve) => {
        sockets.clients.forEach((ws) => ws.terminate());
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
