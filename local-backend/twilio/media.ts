// One call's media end: the browser's offer answered by a WebRTC peer in Node (werift), ICE-lite, since the
// Voice SDK sends its offer without trickling candidates and expects Twilio's media server to be reached, not
// to reach out. Opus arrives as RTP and is handed to the conference, which forwards it to the other legs.
import { MediaStreamTrack, RTCPeerConnection, RTCRtpCodecParameters, type RtpPacket } from "werift";

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
