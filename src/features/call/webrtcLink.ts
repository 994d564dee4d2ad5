// The offline provider: one RTCPeerConnection between the two browsers, its offer, answer and ICE
// candidates carried by Convex (calls.sendSignal / calls.listSignals). The client always offers and
// the psychic always answers, so the two sides never offer at once (no glare to resolve). Every
// negotiation carries an attempt id: messages of an older attempt are ignored, and a "hangup" from
// the psychic (it (re)joined, or its connection failed) makes the client start a new attempt.
import type { CallSignalKind } from "@convex/lib/validators";
import type { Quality } from "./callTypes";

export type Signal = { id: string; kind: CallSignalKind; payload: string };
export type Inbound = { bytes: number; energy: number };

type Events = {
  send: (kind: CallSignalKind, payload: string) => Promise<unknown>;
  onRemoteStream: (stream: MediaStream) => void;
  onQuality: (quality: Quality) => void;
  /** What has arrived so far: bytes, and the audio's total energy (it stops growing while the other side is muted). */
  onInbound: (inbound: Inbound) => void;
  log: (line: string) => void;
};

type Message = { aid: string; sdp?: RTCSessionDescriptionInit; candidate?: RTCIceCandidateInit };

const STATS_EVERY_MS = 2_000;
/** Above this round trip (seconds) or packet loss the line counts as poor. */
const POOR_RTT_S = 0.4;
const POOR_LOSS = 0.05;

export class WebRtcLink {
  private pc: RTCPeerConnection | null = null;
  private attempt: string | null = null;
  private readonly handled = new Set<string>();
  private pending: RTCIceCandidateInit[] = [];
  private otherPresent = false;
  private closed = false;
  private readonly statsTimer: ReturnType<typeof setInterval>;
  private readonly offerer: boolean;
  private readonly stream: MediaStream;
  private readonly events: Events;

  constructor(offerer: boolean, stream: MediaStream, events: Events) {
    this.offerer = offerer;
    this.stream = stream;
    this.events = events;
    this.statsTimer = setInterval(() => void this.readStats(), STATS_EVERY_MS);
    // The psychic asks for a fresh offer on every entry, so a reload never waits on an old attempt.
    if (!offerer) void this.events.send("hangup", JSON.stringify({ aid: "join" }));
  }

  /** The other party is (or is no longer) in the call, from the live session. */
  setOtherPresent(present: boolean) {
    const arrived = present && !this.otherPresent;
    this.otherPresent = present;
    if (this.offerer && arrived && this.pc === null) void this.offer();
  }

  /** New messages from the other party, oldest first; each is handled once. */
  handleSignals(signals: Signal[]) {
    for (const signal of signals) {
      if (this.handled.has(signal.id)) continue;
      this.handled.add(signal.id);
      void this.handle(signal).catch((error: unknown) => this.events.log(`Segnale ${signal.kind} non applicato: ${String(error)}`));
    }
  }

  setMuted(muted: boolean) {
    for (const track of this.stream.getAudioTracks()) track.enabled = !muted;
  }

  close() {
    this.closed = true;
    clearInterval(this.statsTimer);
    this.pc?.close();
    this.pc = null;
  }

  private newConnection(attempt: string) {
    this.pc?.close();
    this.attempt = attempt;
    this.pending = [];
    // Loopback and LAN need no STUN server; host candidates are enough.
    const pc = new RTCPeerConnection({ iceServers: [] });
    for (const track of this.stream.getAudioTracks()) pc.addTrack(track, this.stream);
    pc.onicecandidate = ({ candidate }) => {
      if (candidate && this.pc === pc) void this.events.send("candidate", JSON.stringify({ aid: attempt, candidate: candidate.toJSON() }));
    };
    pc.ontrack = ({ streams }) => {
      if (streams[0]) this.events.onRemoteStream(streams[0]);
    };
    pc.onconnectionstatechange = () => {
      if (this.pc !== pc) return;
      this.events.log(`Connessione audio: ${pc.connectionState}`);
      if (pc.connectionState === "failed") this.restart();
    };
    this.pc = pc;
    return pc;
  }

  /** A broken or abandoned attempt: the client offers again, the psychic asks it to. */
  private restart() {
    if (this.closed) return;
    this.pc?.close();
    this.pc = null;
    if (this.offerer) {
      if (this.otherPresent) void this.offer();
    } else {
      void this.events.send("hangup", JSON.stringify({ aid: this.attempt ?? "none" }));
    }
  }

  private async offer() {
    if (this.closed) return;
    const attempt = crypto.randomUUID();
    const pc = this.newConnection(attempt);
    const offer = await pc.createOffer();
    await pc.setLocalDescription(offer);
    this.events.log("Offerta audio inviata");
    await this.events.send("offer", JSON.stringify({ aid: attempt, sdp: pc.localDescription?.toJSON() ?? offer }));
  }

  private async handle(signal: Signal) {
    if (this.closed) return;
    const message = JSON.parse(signal.payload) as Message;
    switch (signal.kind) {
      case "offer": {
        if (this.offerer || !message.sdp) return;
        const pc = this.newConnection(message.aid);
        await pc.setRemoteDescription(message.sdp);
        await this.flushCandidates(pc);
        const answer = await pc.createAnswer();
        await pc.setLocalDescription(answer);
        this.events.log("Risposta audio inviata");
        await this.events.send("answer", JSON.stringify({ aid: message.aid, sdp: pc.localDescription?.toJSON() ?? answer }));
        return;
      }
      case "answer": {
        const pc = this.pc;
        if (!this.offerer || !message.sdp || pc === null || message.aid !== this.attempt) return;
        if (pc.signalingState !== "have-local-offer") return;
        await pc.setRemoteDescription(message.sdp);
        await this.flushCandidates(pc);
        this.events.log("Risposta audio ricevuta");
        return;
      }
      case "candidate": {
        if (message.aid !== this.attempt || !message.candidate) return;
        if (this.pc?.remoteDescription) await this.pc.addIceCandidate(message.candidate);
        else this.pending.push(message.candidate);
        return;
      }
      case "hangup":
        this.events.log("L'altra parte ha riavviato la connessione");
        if (this.offerer) this.restart();
        return;
    }
  }

  private async flushCandidates(pc: RTCPeerConnection) {
    const waiting = this.pending;
    this.pending = [];
    for (const candidate of waiting) await pc.addIceCandidate(candidate);
  }

  private async readStats() {
    const pc = this.pc;
    if (pc === null || pc.connectionState !== "connected") return;
    const report = await pc.getStats();
    let bytes = 0;
    let energy = 0;
    let lost = 0;
    let received = 0;
    let rtt: number | null = null;
    report.forEach((stat: Record<string, unknown>) => {
      if (stat.type === "inbound-rtp" && stat.kind === "audio") {
        bytes += Number(stat.bytesReceived ?? 0);
        energy += Number(stat.totalAudioEnergy ?? 0);
        lost += Number(stat.packetsLost ?? 0);
        received += Number(stat.packetsReceived ?? 0);
      }
      if (stat.type === "candidate-pair" && stat.nominated && typeof stat.currentRoundTripTime === "number") rtt = stat.currentRoundTripTime;
    });
    this.events.onInbound({ bytes, energy });
    const loss = received + lost > 0 ? lost / (received + lost) : 0;
    this.events.onQuality((rtt ?? 0) > POOR_RTT_S || loss > POOR_LOSS ? "poor" : "good");
  }
}
