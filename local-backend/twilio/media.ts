// One call's media end: the browser's offer answered by a WebRTC peer in Node (werift), ICE-lite, since the
// Voice SDK sends its offer without trickling candidates and expects Twilio's media server to be reached, not
// to reach out. Opus arrives as RTP and is handed to the conference, which forwards it to the other legs.
//
// The leg offers a host candidate on loopback and on each of the machine's other interfaces, as a media server
// on this machine is reachable at each. A check that crosses from loopback to another interface (the browser's
// LAN address to the leg's 127.0.0.1, or back) is never answered: the kernel drops any packet between a loopback
// and a non-loopback address, so its answer and the media after it would go nowhere, and an ICE-lite end keeps
// the first pair the browser nominates — Chromium nominates such a pair before the one it uses, and the call
// was silent on any machine with an interface besides loopback.
import { MediaStreamTrack, RTCPeerConnection, RTCRtpCodecParameters, type RtpPacket } from "werift";

const isLoopback = (address: string) => address.startsWith("127.") || address === "::1";

/** Whether packets can go both ways between a local and a remote address on this machine: both loopback, or neither. */
export function sameAddressScope(localAddress: string, remoteAddress: string): boolean {
  return isLoopback(localAddress) === isLoopback(remoteAddress);
}

export class MediaLeg {
  private readonly pc: RTCPeerConnection;
  private readonly outgoing = new MediaStreamTrack({ kind: "audio" });
  packetsIn = 0;
  packetsOut = 0;
  iceState = "new";
  /** Where this leg's incoming audio goes (the conference sets it when the call joins). */
  onPacket: (rtp: RtpPacket) => void = () => undefined;

  constructor(hostAddresses: string[]) {
    this.pc = new RTCPeerConnection({
      iceLite: true,
      iceUseIpv6: false,
      // The browser runs on this machine: the loopback address is always a candidate it can reach.
      iceAdditionalHostAddresses: hostAddresses,
      // A check across scopes is dropped unanswered: the browser then nominates a pair that carries audio.
      iceFilterStunResponse: (_message, [remoteAddress], protocol) => sameAddressScope(protocol.localCandidate?.host ?? protocol.localIp ?? "", remoteAddress),
      codecs: { audio: [new RTCRtpCodecParameters({ mimeType: "audio/opus", clockRate: 48_000, channels: 2 })], video: [] },
    });
    this.pc.addTransceiver(this.outgoing, { direction: "sendrecv" });
    this.pc.onTrack.subscribe((track) => {
      track.onReceiveRtp.subscribe((rtp) => {
        this.packetsIn += 1;
        this.onPacket(rtp);
      });
    });
    this.pc.iceConnectionStateChange.subscribe((state) => {
      this.iceState = state;
    });
  }

  /** The SDP answer to the browser's offer, with this end's candidates in it (no trickle). */
  async answer(offer: string): Promise<string> {
    await this.pc.setRemoteDescription({ type: "offer", sdp: offer });
    await this.pc.setLocalDescription(await this.pc.createAnswer());
    if (this.pc.iceGatheringState !== "complete") await this.pc.iceGatheringStateChange.watch((state) => state === "complete");
    const local = this.pc.localDescription;
    if (!local) throw new Error("No local description");
    return local.sdp;
  }

  /** Another participant's audio, sent to this leg's browser. */
  send(rtp: RtpPacket) {
    this.outgoing.writeRtp(rtp.clone());
    this.packetsOut += 1;
  }

  async close() {
    await this.pc.close().catch(() => undefined);
  }
}
