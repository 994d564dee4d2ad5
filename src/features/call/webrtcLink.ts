// The offline provider: one RTCPeerConnection between the two browsers, its offer, answer and ICE
// candidates carried by Convex (calls.sendSignal / calls.listSignals). The client always offers and
// the psychic always answers, so the two sides never offer at once (no glare to resolve). Every
// negotiation carries an attempt id: messages of an older attempt are ignored, and a "hangup" from
// the psychic (it (re)joined, or its connection failed) makes the client start a new attempt.
// A blip (the line 'disconnected') is mended on the same connection: after a short grace the client
// offers again with an ICE restart, and keeps doing so every few seconds until the audio is back;
// 'failed' starts a new attempt. Signals sent while the socket is down wait in the Convex client's
// queue and reach the server once (it resends unacknowledged mutations idempotently).
import type { CallSignalKind } from "@convex/framework/validators";
import type { Quality } from "./callTypes";

type Signal = { id: string; kind: CallSignalKind; payload: string };
export type Inbound = { bytes: number; energy: number };
/** The audio line as the room words it: 'reconnecting' once it had been up and is down now. */
export type LinkState = "connecting" | "connected" | "reconnecting";

type Events = {
  send: (kind: CallSignalKind, payload: string) => Promise<unknown>;
  onRemoteStream: (stream: MediaStream) => void;
  onQuality: (quality: Quality) => void;
  /** What has arrived so far: bytes, and the audio's total energy (it stops growing while the other side is muted). */
  onInbound: (inbound: Inbound) => void;
  onState: (state: LinkState) => void;
  log: (line: string) => void;
};

/** `aid` names the attempt (one connection); `nid` one offer on it and the answer to that offer. */
type Message = { aid: string; nid?: string; sdp?: RTCSessionDescriptionInit; candidate?: RTCIceCandidateInit };

const STATS_EVERY_MS = 2_000;
/** Above this round trip (seconds) or packet loss the line counts as poor. */
const POOR_RTT_S = 0.4;
const POOR_LOSS = 0.05;
/** A 'disconnected' line this long gets an ICE restart (Chrome itself would wait ~30 s to call it 'failed'). */
export const GRACE_MS = 2_000;
/** While the audio is still not back, the client tries again this often. */
export const RETRY_EVERY_MS = 5_000;
/** How long an ICE restart waits for its first local candidate before it counts as having no network. */
const GATHER_WAIT_MS = 1_500;

/** Whether `pc` gathers a local candidate soon (listen before setLocalDescription starts the gathering). */
function firstCandidate(pc: RTCPeerConnection): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (found: boolean) => {
      clearTimeout(timer);
      pc.removeEventListener("icecandidate", onCandidate);
      pc.removeEventListener("icegatheringstatechange", onGathering);
      resolve(found);
    };
    const onCandidate = (event: RTCPeerConnectionIceEvent) => {
      if (event.candidate) done(true);
    };
    const onGathering = () => {
      if (pc.iceGatheringState === "complete") done(false);
    };
    const timer = setTimeout(() => done(false), GATHER_WAIT_MS);
    pc.addEventListener("icecandidate", onCandidate);
    pc.addEventListener("icegatheringstatechange", onGathering);
  });
}

export class WebRtcLink {
  private pc: RTCPeerConnection | null = null;
  private attempt: string | null = null;
  private readonly handled = new Set<string>();
  private pending: RTCIceCandidateInit[] = [];
  private negotiation: string | null = null;
  private otherPresent = false;
  private closed = false;
  private state: LinkState = "connecting";
  private everConnected = false;
  private recovery: ReturnType<typeof setTimeout> | null = null;
  /** Signals are applied one after the other: an ICE restart's candidates after its offer. */
  private queue: Promise<void> = Promise.resolve();
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
    if (!offerer) this.send("hangup", { aid: "join" });
  }

  /** 'connected', 'connecting' or 'reconnecting', as last told through onState. */
  get linkState(): LinkState {
    return this.state;
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
      this.queue = this.queue
        .then(() => this.handle(signal))
        .catch((error: unknown) => this.events.log(`Segnale ${signal.kind} non applicato: ${String(error)}`));
    }
  }

  setMuted(muted: boolean) {
    for (const track of this.stream.getAudioTracks()) track.enabled = !muted;
  }

  close() {
    this.closed = true;
    clearInterval(this.statsTimer);
    this.stopRecovery();
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
      if (candidate && this.pc === pc) this.send("candidate", { aid: attempt, candidate: candidate.toJSON() });
    };
    pc.ontrack = ({ streams }) => {
      if (streams[0]) this.events.onRemoteStream(streams[0]);
    };
    pc.onconnectionstatechange = () => {
      if (this.pc !== pc) return;
      this.events.log(`Connessione audio: ${pc.connectionState}`);
      this.onConnectionState(pc.connectionState);
    };
    this.pc = pc;
    return pc;
  }

  private onConnectionState(state: RTCPeerConnectionState) {
    if (state === "connected") {
      this.everConnected = true;
      this.stopRecovery();
      this.setState("connected");
    } else if (state === "disconnected") {
      this.setState(this.everConnected ? "reconnecting" : "connecting");
      this.scheduleRecovery(GRACE_MS);
    } else if (state === "failed") {
      this.setState(this.everConnected ? "reconnecting" : "connecting");
      this.restart();
      this.scheduleRecovery(RETRY_EVERY_MS);
    }
  }

  private setState(state: LinkState) {
    if (state === this.state) return;
    this.state = state;
    this.events.onState(state);
  }

  /** The client's side only: the psychic never offers, it asks for an offer with a hangup. */
  private scheduleRecovery(delay: number) {
    if (!this.offerer || this.closed || this.recovery !== null) return;
    this.recovery = setTimeout(() => {
      this.recovery = null;
      this.recover();
    }, delay);
  }

  private stopRecovery() {
    if (this.recovery !== null) clearTimeout(this.recovery);
    this.recovery = null;
  }

  /** Still not back: an ICE restart on the same connection if it is still usable, else a new attempt; then again later. */
  private recover() {
    const pc = this.pc;
    if (this.closed || pc?.connectionState === "connected") return;
    if (this.otherPresent) {
      const usable = pc !== null && pc.remoteDescription !== null && pc.connectionState !== "failed" && pc.connectionState !== "closed";
      if (usable) void this.restartIce(pc).catch((error: unknown) => this.events.log(`Riavvio ICE non riuscito: ${String(error)}`));
      else void this.offer();
    }
    this.scheduleRecovery(RETRY_EVERY_MS);
  }

  /** A new offer on the same connection with fresh ICE credentials: the audio resumes without a new attempt. */
  private async restartIce(pc: RTCPeerConnection) {
    const attempt = this.attempt;
    if (attempt === null) return;
    const nid = crypto.randomUUID();
    this.negotiation = nid;
    const offer = await pc.createOffer({ iceRestart: true });
    if (this.pc !== pc || this.negotiation !== nid) return;
    const gathered = firstCandidate(pc);
    await pc.setLocalDescription(offer);
    if (!(await gathered)) {
      // No network to gather on yet (the offer would carry no way to reach this side once answered):
      // taken back, and the next try comes in a few seconds.
      if (this.pc === pc && pc.signalingState === "have-local-offer") await pc.setLocalDescription({ type: "rollback" });
      if (this.negotiation === nid) this.negotiation = null;
      this.events.log("Riavvio ICE rimandato: nessuna rete");
      return;
    }
    if (this.pc !== pc || this.negotiation !== nid) return;
    this.events.log("Riavvio ICE: nuova offerta inviata");
    this.send("offer", { aid: attempt, nid, sdp: pc.localDescription?.toJSON() ?? offer });
  }

  private send(kind: CallSignalKind, message: Message) {
    this.events.send(kind, JSON.stringify(message)).catch((error: unknown) => this.events.log(`Segnale ${kind} non inviato: ${String(error)}`));
  }

  /** A broken or abandoned attempt: the client offers again, the psychic asks it to. */
  private restart() {
    if (this.closed) return;
    this.pc?.close();
    this.pc = null;
    if (this.offerer) {
      if (this.otherPresent) void this.offer();
    } else {
      this.send("hangup", { aid: this.attempt ?? "none" });
    }
  }

  private async offer() {
    if (this.closed) return;
    const attempt = crypto.randomUUID();
    const pc = this.newConnection(attempt);
    this.negotiation = attempt;
    try {
      const offer = await pc.createOffer();
      await pc.setLocalDescription(offer);
      this.events.log("Offerta audio inviata");
      this.send("offer", { aid: attempt, nid: attempt, sdp: pc.localDescription?.toJSON() ?? offer });
    } catch (error) {
      // A connection closed meanwhile (a newer attempt, the end of the call) has nothing to offer.
      this.events.log(`Offerta non riuscita: ${String(error)}`);
    }
  }

  private async handle(signal: Signal) {
    if (this.closed) return;
    const message = JSON.parse(signal.payload) as Message;
    switch (signal.kind) {
      case "offer": {
        if (this.offerer || !message.sdp) return;
        // The same attempt offered again is an ICE restart: it is answered on the same connection.
        const current = this.pc;
        const restart = current !== null && message.aid === this.attempt && current.signalingState === "stable";
        const pc = restart ? current : this.newConnection(message.aid);
        await pc.setRemoteDescription(message.sdp);
        await this.flushCandidates(pc);
        const answer = await pc.createAnswer();
        await pc.setLocalDescription(answer);
        this.events.log(restart ? "Riavvio ICE: risposta inviata" : "Risposta audio inviata");
        this.send("answer", { aid: message.aid, nid: message.nid, sdp: pc.localDescription?.toJSON() ?? answer });
        return;
      }
      case "answer": {
        const pc = this.pc;
        if (!this.offerer || !message.sdp || pc === null || message.aid !== this.attempt) return;
        // An answer to an older offer (an earlier restart) would not fit this one.
        if (pc.signalingState !== "have-local-offer" || message.nid !== this.negotiation) return;
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
