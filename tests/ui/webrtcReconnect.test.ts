// The offline provider mends a blip by itself (src/features/call/webrtcLink.ts), checked against a
// small stand-in for RTCPeerConnection: a 'disconnected' line gets an ICE restart on the same
// connection after the grace, again until it is back, answers to older offers are ignored; 'failed'
// starts a new attempt; the psychic answers a restart on its connection and never offers.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CallSignalKind } from "@convex/framework/validators";
import { showsReconnecting } from "@/features/call/roomWords";
import { GRACE_MS, RETRY_EVERY_MS, WebRtcLink, type LinkState } from "@/features/call/webrtcLink";

type Description = { type: "offer" | "answer"; sdp: string };

class FakePeer {
  static made: FakePeer[] = [];
  /** Whether a new offer finds a network to gather a candidate on. */
  static network = true;
  iceGatheringState: RTCIceGatheringState = "new";
  private readonly listeners: Array<[string, (event: { candidate: object | null }) => void]> = [];
  connectionState: RTCPeerConnectionState = "new";
  signalingState: RTCSignalingState = "stable";
  localDescription: (Description & { toJSON: () => Description }) | null = null;
  remoteDescription: Description | null = null;
  offers: Array<RTCOfferOptions | undefined> = [];
  remoteSdps: string[] = [];
  onconnectionstatechange: (() => void) | null = null;
  onicecandidate: unknown = null;
  ontrack: unknown = null;
  constructor() {
    FakePeer.made.push(this);
  }
  addTrack() {}
  async createOffer(options?: RTCOfferOptions): Promise<Description> {
    this.offers.push(options);
    return { type: "offer", sdp: `offer ${this.offers.length}${options?.iceRestart ? " restart" : ""}` };
  }
  async createAnswer(): Promise<Description> {
    return { type: "answer", sdp: `answer to ${this.remoteDescription?.sdp}` };
  }
  async setLocalDescription(description: Description | { type: "rollback" }) {
    if (description.type === "rollback") {
      this.signalingState = "stable";
      return;
    }
    this.localDescription = { ...description, toJSON: () => description };
    this.signalingState = description.type === "offer" ? "have-local-offer" : "stable";
    // Gathering: a host candidate when there is a network, then complete.
    this.iceGatheringState = "gathering";
    setTimeout(() => {
      if (FakePeer.network) this.emit("icecandidate", { candidate: { toJSON: () => ({ candidate: "host" }) } });
      this.iceGatheringState = "complete";
      this.emit("icegatheringstatechange", { candidate: null });
    }, 10);
  }
  addEventListener(type: string, listener: (event: { candidate: object | null }) => void) {
    this.listeners.push([type, listener]);
  }
  removeEventListener(type: string, listener: unknown) {
    const index = this.listeners.findIndex(([kind, known]) => kind === type && known === listener);
    if (index >= 0) this.listeners.splice(index, 1);
  }
  private emit(type: string, event: { candidate: object | null }) {
    if (type === "icecandidate") (this.onicecandidate as ((event: object) => void) | null)?.(event);
    for (const [kind, listener] of [...this.listeners]) if (kind === type) listener(event);
  }
  async setRemoteDescription(description: Description) {
    this.remoteDescription = description;
    this.remoteSdps.push(description.sdp);
    this.signalingState = description.type === "offer" ? "have-remote-offer" : "stable";
  }
  async addIceCandidate() {}
  async getStats() {
    return new Map();
  }
  close() {
    this.connectionState = "closed";
  }
  /** The browser reports a new connection state. */
  becomes(state: RTCPeerConnectionState) {
    this.connectionState = state;
    this.onconnectionstatechange?.();
  }
}

type Sent = { kind: CallSignalKind; message: { aid: string; nid?: string; sdp?: Description } };

function linkFor(offerer: boolean) {
  const sent: Sent[] = [];
  const states: LinkState[] = [];
  const stream = { getAudioTracks: () => [] } as unknown as MediaStream;
  const link = new WebRtcLink(offerer, stream, {
    send: async (kind, payload) => {
      sent.push({ kind, message: JSON.parse(payload) as Sent["message"] });
      return null;
    },
    onRemoteStream: () => undefined,
    onQuality: () => undefined,
    onInbound: () => undefined,
    onState: (state) => states.push(state),
    log: () => undefined,
  });
  const offers = () => sent.filter((signal) => signal.kind === "offer");
  let next = 0;
  /** A message from the other party, as listSignals brings it. */
  const receive = async (kind: CallSignalKind, message: object) => {
    link.handleSignals([{ id: `s${next++}`, kind, payload: JSON.stringify(message) }]);
    await vi.advanceTimersByTimeAsync(0);
  };
  return { link, sent, states, offers, receive };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  FakePeer.made = [];
  FakePeer.network = true;
  vi.stubGlobal("RTCPeerConnection", FakePeer);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("the client's link (the offerer)", () => {
  async function connectedClient() {
    const side = linkFor(true);
    side.link.setOtherPresent(true);
    await settle();
    const [first] = side.offers();
    await side.receive("answer", { aid: first!.message.aid, nid: first!.message.nid, sdp: { type: "answer", sdp: "answer 1" } });
    FakePeer.made[0]!.becomes("connected");
    return side;
  }

  it("restarts ICE on the same connection after the grace, again until it is back, then stops", async () => {
    const side = await connectedClient();
    const pc = FakePeer.made[0]!;
    const aid = side.offers()[0]!.message.aid;
    expect(side.states).toEqual(["connected"]);

    pc.becomes("disconnected");
    expect(side.link.linkState).toBe("reconnecting");
    await vi.advanceTimersByTimeAsync(GRACE_MS - 100);
    expect(side.offers()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(100 + 20);
    expect(side.offers()).toHaveLength(2);
    expect(pc.offers.at(-1)).toEqual({ iceRestart: true });
    expect(FakePeer.made).toHaveLength(1);
    const restart = side.offers()[1]!.message;
    expect(restart.aid).toBe(aid);
    expect(restart.sdp?.sdp).toBe("offer 2 restart");

    // Still down: another restart; the answer to the first one no longer fits and is ignored.
    await vi.advanceTimersByTimeAsync(RETRY_EVERY_MS);
    expect(side.offers()).toHaveLength(3);
    const latest = side.offers()[2]!.message;
    await side.receive("answer", { aid, nid: restart.nid, sdp: { type: "answer", sdp: "answer to restart 1" } });
    expect(pc.remoteSdps).toEqual(["answer 1"]);
    await side.receive("answer", { aid, nid: latest.nid, sdp: { type: "answer", sdp: "answer to restart 2" } });
    expect(pc.remoteSdps).toEqual(["answer 1", "answer to restart 2"]);

    pc.becomes("connected");
    expect(side.states).toEqual(["connected", "reconnecting", "connected"]);
    await vi.advanceTimersByTimeAsync(5 * RETRY_EVERY_MS);
    expect(side.offers()).toHaveLength(3);
    side.link.close();
  });

  it("while there is no network to gather on, a restart is taken back rather than sent; it goes once the network is back", async () => {
    const side = await connectedClient();
    const pc = FakePeer.made[0]!;
    FakePeer.network = false;
    pc.becomes("disconnected");
    await vi.advanceTimersByTimeAsync(GRACE_MS + 2 * RETRY_EVERY_MS + 20);
    expect(side.offers()).toHaveLength(1);
    expect(pc.offers.filter((options) => options?.iceRestart)).toHaveLength(3);
    expect(pc.signalingState).toBe("stable");
    FakePeer.network = true;
    await vi.advanceTimersByTimeAsync(RETRY_EVERY_MS);
    expect(side.offers()).toHaveLength(2);
    expect(side.offers()[1]!.message.sdp?.sdp).toBe("offer 5 restart");
    side.link.close();
  });

  it("a blip shorter than the grace needs nothing", async () => {
    const side = await connectedClient();
    FakePeer.made[0]!.becomes("disconnected");
    await vi.advanceTimersByTimeAsync(GRACE_MS / 2);
    FakePeer.made[0]!.becomes("connected");
    await vi.advanceTimersByTimeAsync(3 * RETRY_EVERY_MS);
    expect(side.offers()).toHaveLength(1);
    expect(side.states).toEqual(["connected", "reconnecting", "connected"]);
    side.link.close();
  });

  it("'failed' starts a new attempt on a new connection, and tries again while the audio stays down", async () => {
    const side = await connectedClient();
    FakePeer.made[0]!.becomes("failed");
    await settle();
    expect(FakePeer.made).toHaveLength(2);
    expect(FakePeer.made[0]!.connectionState).toBe("closed");
    const [first, second] = side.offers();
    expect(second!.message.aid).not.toBe(first!.message.aid);
    expect(side.link.linkState).toBe("reconnecting");
    // Unanswered (the other side is still cut off): a new attempt again later.
    await vi.advanceTimersByTimeAsync(RETRY_EVERY_MS);
    expect(side.offers()).toHaveLength(3);
    side.link.close();
  });

  it("does not offer while the other party is away, and stops when closed", async () => {
    const side = await connectedClient();
    side.link.setOtherPresent(false);
    FakePeer.made[0]!.becomes("disconnected");
    await vi.advanceTimersByTimeAsync(GRACE_MS + 3 * RETRY_EVERY_MS);
    expect(side.offers()).toHaveLength(1);
    side.link.close();
    side.link.setOtherPresent(true);
    await vi.advanceTimersByTimeAsync(3 * RETRY_EVERY_MS);
    expect(side.offers()).toHaveLength(1);
  });
});

describe("the psychic's link (the answerer)", () => {
  it("answers a restart on the same connection, echoing its offer's id, and never offers itself", async () => {
    const side = linkFor(false);
    await settle();
    expect(side.sent.map((signal) => signal.kind)).toEqual(["hangup"]);
    await side.receive("offer", { aid: "a1", nid: "a1", sdp: { type: "offer", sdp: "offer 1" } });
    expect(FakePeer.made).toHaveLength(1);
    const pc = FakePeer.made[0]!;
    pc.becomes("connected");
    pc.becomes("disconnected");
    expect(side.link.linkState).toBe("reconnecting");
    await vi.advanceTimersByTimeAsync(GRACE_MS + 3 * RETRY_EVERY_MS);
    expect(side.offers()).toHaveLength(0);

    await side.receive("offer", { aid: "a1", nid: "n2", sdp: { type: "offer", sdp: "offer 2 restart" } });
    expect(FakePeer.made).toHaveLength(1);
    expect(pc.remoteSdps).toEqual(["offer 1", "offer 2 restart"]);
    const answers = side.sent.filter((signal) => signal.kind === "answer").map((signal) => signal.message);
    expect(answers.map((answer) => [answer.aid, answer.nid, answer.sdp?.sdp])).toEqual([
      ["a1", "a1", "answer to offer 1"],
      ["a1", "n2", "answer to offer 2 restart"],
    ]);

    // The same signal seen twice (a query's answer again after the socket came back) is applied once.
    side.link.handleSignals([{ id: "s1", kind: "offer", payload: JSON.stringify({ aid: "a1", nid: "n2", sdp: { type: "offer", sdp: "again" } }) }]);
    await settle();
    expect(pc.remoteSdps).toHaveLength(2);

    // A new attempt (another aid) gets a new connection.
    await side.receive("offer", { aid: "a2", nid: "a2", sdp: { type: "offer", sdp: "offer 3" } });
    expect(FakePeer.made).toHaveLength(2);
    side.link.close();
  });
});

describe("'Riconnessione…' in the room", () => {
  const present = { seenAt: 1_000, leftAt: null };
  it("replaces the line while the call is on, not when it is over or the other party left on purpose", () => {
    expect(showsReconnecting("in_call", present)).toBe(true);
    expect(showsReconnecting("other_left", present)).toBe(true);
    expect(showsReconnecting("other_left", { seenAt: null, leftAt: 2_000 })).toBe(false);
    expect(showsReconnecting("ended", present)).toBe(false);
    expect(showsReconnecting("before", present)).toBe(false);
  });
});
