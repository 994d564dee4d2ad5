// The Twilio Voice stand-in as the browser tests drive it (local-backend/twilio/): its addresses and keys, the
// backend switched to it (as `npx convex env set TWILIO_…` switches a deployment), browsers that reach Twilio's
// hosts there with a microphone playing a tone of their own, the tone a page hears, and the stand-in's log.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import https from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium as playwrightChromium, type Browser, type Page } from "@playwright/test";
import { pcm16Wav } from "@arcano/local-backend/wav";
import { e2eDataDir, e2ePorts } from "./env";
import { callLaunchOptions } from "./fixtures";

type StandInInfo = {
  url: string;
  port: number;
  spki: string;
  accountSid: string;
  apiKeySid: string;
  apiKeySecret: string;
  authToken: string;
  appSid: string;
};
export type LogEntry = { at: number; kind: string; [field: string]: unknown };

export const standInInfo = (): StandInInfo => JSON.parse(readFileSync(join(e2eDataDir, "twilio", "standin.json"), "utf8"));
/** Its certificate, for Node clients that check it (the browsers trust its public key by hash). */
export const standInCertificate = (): string => JSON.parse(readFileSync(join(e2eDataDir, "twilio", "certificate.json"), "utf8")).cert;

const adminKey = () => (JSON.parse(readFileSync(join(e2eDataDir, "backend", "keys.json"), "utf8")) as { adminKey: string }).adminKey;

/** The backend's call provider: Twilio through the stand-in, or (off) browser-to-browser WebRTC. */
export async function useTwilioCalls(on: boolean) {
  const info = standInInfo();
  const values = {
    TWILIO_ACCOUNT_SID: info.accountSid,
    TWILIO_API_KEY_SID: info.apiKeySid,
    TWILIO_API_KEY_SECRET: info.apiKeySecret,
    TWILIO_AUTH_TOKEN: info.authToken,
    TWILIO_TWIML_APP_SID: info.appSid,
  };
  const changes = Object.entries(values).map(([name, value]) => (on ? { name, value } : { name }));
  const response = await fetch(`http://127.0.0.1:${e2ePorts.backend}/api/update_environment_variables`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Convex ${adminKey()}` },
    body: JSON.stringify({ changes }),
  });
  if (!response.ok) throw new Error(`update_environment_variables: ${response.status} ${await response.text()}`);
}

/** One second of a sine at `hz` (16-bit mono WAV), which Chromium's fake microphone plays in a loop. */
function toneFile(hz: number): string {
  const rate = 48_000;
  const samples = Int16Array.from({ length: rate }, (_, i) => Math.round(12_000 * Math.sin((2 * Math.PI * hz * i) / rate)));
  const wav = pcm16Wav(samples, rate);
  const dir = join(tmpdir(), "arcano-e2e-tones");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `tone-${hz}.wav`);
  writeFileSync(file, wav);
  return file;
}

/**
 * A browser whose requests to Twilio's hosts reach the stand-in and which trusts its certificate (and no
 * other self-signed one), with a fake microphone playing `hz`. Every page keeps its peer connections on
 * `window.__peerConnections`, for the tone check.
 */
export async function twilioBrowser(hz: number): Promise<Browser> {
  const info = standInInfo();
  return playwrightChromium.launch({
    ...callLaunchOptions,
    args: [
      ...callLaunchOptions.args,
      `--host-resolver-rules=MAP *.twilio.com 127.0.0.1:${info.port}`,
      `--ignore-certificate-errors-spki-list=${info.spki}`,
      `--use-file-for-fake-audio-capture=${toneFile(hz)}`,
    ],
  });
}

/** Run before the page's scripts: remembers every RTCPeerConnection the page makes (the Voice SDK's included). */
export async function keepPeerConnections(page: Page) {
  await page.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const kept: RTCPeerConnection[] = [];
    (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections = kept;
    window.RTCPeerConnection = class extends Native {
      constructor(...args: ConstructorParameters<typeof RTCPeerConnection>) {
        super(...args);
        kept.push(this);
      }
    };
  });
}

/** The loudest frequency in the audio this page receives from the call, and its level (dBFS). */
export async function heardTone(page: Page): Promise<{ hz: number; level: number }> {
  return page.evaluate(async () => {
    const kept = (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections;
    const receiver = kept
      .filter((pc) => pc.connectionState !== "closed")
      .flatMap((pc) => pc.getReceivers())
      .find((r) => r.track.kind === "audio" && r.track.readyState === "live");
    if (!receiver) return { hz: 0, level: -Infinity };
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 8192;
    context.createMediaStreamSource(new MediaStream([receiver.track])).connect(analyser);
    await new Promise((done) => setTimeout(done, 1_500));
    const bins = new Float32Array(analyser.frequencyBinCount);
    analyser.getFloatFrequencyData(bins);
    let loudest = 1;
    for (let i = 2; i < bins.length; i++) if (bins[i] > bins[loudest]) loudest = i;
    const result = { hz: (loudest * context.sampleRate) / analyser.fftSize, level: bins[loudest] };
    await context.close();
    return result;
  });
}

/** The stand-in's log (signalling, webhook requests, TwiML, status callbacks), once its callbacks are answered. */
export function standInLog(): Promise<LogEntry[]> {
  const info = standInInfo();
  return new Promise((resolve, reject) => {
    // Its certificate names 127.0.0.1 too: checked against the one this run's stand-in made.
    const request = https.get(
      {
        host: "127.0.0.1",
        port: info.port,
        path: "/__standin/log",
        ca: standInCertificate(),
        headers: { authorization: `Bearer ${info.authToken}` },
      },
      (response) => {
        let body = "";
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => (response.statusCode === 200 ? resolve(JSON.parse(body)) : reject(new Error(`log: ${response.statusCode}`))));
      },
    );
    request.on("error", reject);
  });
}
