// The Twilio stand-in's media end (twilio/media.ts) against Debian's Chromium, as the Voice SDK reaches it: the
// leg offers a host candidate on loopback and on each of the machine's other interfaces, answers only the checks
// that can carry packets both ways, and audio flows in both directions whatever interfaces the machine has — with
// Chromium's loopback candidates (the browser tests' flag) and without them (a developer's browser).
import { existsSync } from "node:fs";
import { networkInterfaces } from "node:os";
import { chromium, type Browser } from "@playwright/test";
import { createSocket } from "node:dgram";
import { classes, Message, methods, RtpHeader, RtpPacket } from "werift";
import { afterEach, describe, expect, it } from "vitest";
import { MediaLeg, sameAddressScope } from "../twilio/media";

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

/** The machine's IPv4 addresses besides loopback (none inside a loopback-only network namespace). */
const otherAddresses = Object.values(networkInterfaces())
  .flat()
  .filter((entry) => entry !== undefined && entry.family === "IPv4" && !entry.internal)
  .map((entry) => entry!.address);

describe("which checks the leg answers", () => {
  it("only those where both ends are loopback or neither is: packets never cross between them", () => {
    expect(sameAddressScope("127.0.0.1", "127.0.0.1")).toBe(true);
    expect(sameAddressScope("192.0.2.2", "192.0.2.2")).toBe(true);
    // Two interfaces of the same machine reach each other.
    expect(sameAddressScope("192.0.2.2", "10.0.0.7")).toBe(true);
    expect(sameAddressScope("127.0.0.1", "192.0.2.2")).toBe(false);
    expect(sameAddressScope("192.0.2.2", "127.0.0.1")).toBe(false);
    expect(sameAddressScope("::1", "fe80::1")).toBe(false);
  });
});

let browser: Browser | undefined;
let leg: MediaLeg | undefined;
afterEach(async () => {
  await browser?.close();
  await leg?.close();
  browser = leg = undefined;
});

/** A page's peer connection with its fake microphone, offering without trickle as the Voice SDK does. */
async function browserOffer(allowLoopback: boolean) {
  browser = await chromium.launch({
    executablePath,
    args: ["--no-sandbox", "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", ...(allowLoopback ? ["--allow-loopback-in-peer-connection"] : [])],
  });
  const page = await browser.newPage();
  // getUserMedia needs a secure context: 127.0.0.1 is one, served here without a server.
  await page.route("http://127.0.0.1:9/**", (route) => route.fulfill({ contentType: "text/html", body: "<title>media</title>" }));
  await page.goto("http://127.0.0.1:9/");
  const offer = await page.evaluate(async () => {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    const pc = new RTCPeerConnection();
    (window as unknown as { pc: RTCPeerConnection }).pc = pc;
    for (const track of stream.getTracks()) pc.addTrack(track, stream);
    await pc.setLocalDescription(await pc.createOffer());
    await new Promise<void>((done) => {
      if (pc.iceGatheringState === "complete") done();
      pc.onicegatheringstatechange = () => pc.iceGatheringState === "complete" && done();
    });
    return pc.localDescription!.sdp;
  });
  return { page, offer };
}

const candidateAddresses = (sdp: string) =>
  sdp
    .split(/\r?\n/)
    .filter((line) => line.startsWith("a=candidate:"))
    .map((line) => line.split(" ")[4]);

const sdpValue = (sdp: string, name: string) => sdp.match(new RegExp(`^a=${name}:(.+)$`, "m"))![1].trim();

/**
 * What Chromium does on a machine with another interface: a check from that interface's address to the leg's
 * loopback candidate, nominating the pair, before the pair it will use. The kernel delivers it (the destination
 * is local) but would drop any answer (a loopback source to another address): a leg that takes this nomination
 * sends its audio nowhere.
 */
async function crossScopeNomination(offer: string, answer: string) {
  const port = Number(answer.split(/\r?\n/).find((line) => line.startsWith("a=candidate:") && line.split(" ")[4] === "127.0.0.1")!.split(" ")[5]);
  const request = new Message(methods.BINDING, classes.REQUEST)
    .setAttribute("USERNAME", `${sdpValue(answer, "ice-ufrag")}:${sdpValue(offer, "ice-ufrag")}`)
    .setAttribute("PRIORITY", 1_853_817_087)
    .setAttribute("ICE-CONTROLLING", BigInt(2) ** BigInt(62))
    .setAttribute("USE-CANDIDATE", null)
    .addMessageIntegrity(Buffer.from(sdpValue(answer, "ice-pwd"), "utf8"))
    .addFingerprint();
  const socket = createSocket("udp4");
  await new Promise<void>((done) => socket.bind(0, otherAddresses[0], done));
  await new Promise<void>((done, fail) => socket.send(request.bytes, port, "127.0.0.1", (error) => (error ? fail(error) : done())));
  // Time for the leg to read it before the browser's own checks arrive.
  await new Promise((done) => setTimeout(done, 200));
  socket.close();
}

describe("audio between Chromium and the leg", () => {
  const cases = [
    { name: "with Chromium's loopback candidates (the browser tests)", allowLoopback: true, runs: true, crossFirst: false },
    // Without the flag Chromium has no loopback candidate: only a machine with another interface can be reached.
    { name: "without them, as a developer's browser", allowLoopback: false, runs: otherAddresses.length > 0, crossFirst: false },
    { name: "when a check across scopes nominates first", allowLoopback: true, runs: otherAddresses.length > 0, crossFirst: true },
  ];
  for (const { name, allowLoopback, runs, crossFirst } of cases) {
    it.runIf(runs)(`flows both ways ${name}, on every address the machine has`, { timeout: 30_000 }, async () => {
      const { page, offer } = await browserOffer(allowLoopback);
      leg = new MediaLeg(["127.0.0.1"]);
      // The leg plays back what it hears, as the conference forwards one caller's audio to the other.
      leg.onPacket = (rtp) => leg!.send(new RtpPacket(new RtpHeader({ ...rtp.header }), rtp.payload));
      const answer = await leg.answer(offer);
      expect(new Set(candidateAddresses(answer))).toEqual(new Set(["127.0.0.1", ...otherAddresses]));
      if (crossFirst) await crossScopeNomination(offer, answer);
      await page.evaluate((sdp) => (window as unknown as { pc: RTCPeerConnection }).pc.setRemoteDescription({ type: "answer", sdp }), answer);

      const heard = async () =>
        page.evaluate(async () => {
          const report = await (window as unknown as { pc: RTCPeerConnection }).pc.getStats();
          const stats = [...report.values()] as Array<Record<string, unknown>>;
          const byId = new Map(stats.map((entry) => [entry.id, entry]));
          const inbound = stats.find((entry) => entry.type === "inbound-rtp");
          // The pair the transport sends on now (Chromium may have nominated others on the way).
          const transport = stats.find((entry) => entry.type === "transport");
          const pair = transport ? byId.get(transport.selectedCandidatePairId) : undefined;
          return {
            bytes: Number(inbound?.bytesReceived ?? 0),
            local: pair ? String(byId.get(pair.localCandidateId)?.address) : null,
            remote: pair ? String(byId.get(pair.remoteCandidateId)?.address) : null,
          };
        });
      await expect.poll(async () => (await heard()).bytes, { timeout: 20_000, interval: 250 }).toBeGreaterThan(1000);
      await expect.poll(() => leg!.packetsIn, { timeout: 5_000 }).toBeGreaterThan(20);
      expect(leg.iceState).toBe("connected");
      const { local, remote } = await heard();
      expect(sameAddressScope(local!, remote!), `the pair in use, ${local} → ${remote}`).toBe(true);
    });
  }
});
