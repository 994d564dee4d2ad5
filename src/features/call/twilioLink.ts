// The production provider: Twilio's Voice SDK calls the TwiML app, whose webhook (convex/http.ts)
// puts the caller into the booking's conference. Loaded only when the server says Twilio is in use.
import type { Call, Device } from "@twilio/voice-sdk";
import type { Quality } from "./callTypes";
import type { LinkState } from "./webrtcLink";

type Events = {
  /** A fresh token from the server (twilio:getVoiceToken); null when it can no longer be had. */
  fetchToken: () => Promise<string | null>;
  onAccepted: () => void;
  onDisconnected: () => void;
  onError: (message: string) => void;
  onQuality: (quality: Quality) => void;
  onState: (state: LinkState) => void;
  log: (line: string) => void;
};

export class TwilioLink {
  private device: Device | null = null;
  private call: Call | null = null;
  private closed = false;

  static async connect(token: string, params: Record<string, string>, events: Events): Promise<TwilioLink> {
    const { Call, Device } = await import("@twilio/voice-sdk");
    const link = new TwilioLink();
    const device = new Device(token, {
      codecPreferences: [Call.Codec.Opus, Call.Codec.PCMU],
      // Incoming calls are never expected: the page always calls in.
      allowIncomingWhileBusy: false,
      // Ask for a new token a minute before this one expires.
      tokenRefreshMs: 60_000,
    });
    link.device = device;
    device.on("tokenWillExpire", () => {
      void events.fetchToken().then((fresh) => {
        if (fresh && !link.closed) device.updateToken(fresh);
        events.log(fresh ? "Token rinnovato" : "Token non rinnovabile");
      });
    });
    device.on("error", (error: { message?: string }) => events.onError(`Errore del dispositivo: ${error.message ?? "sconosciuto"}`));
    const call = await device.connect({ params });
    link.call = call;
    call.on("accept", () => {
      events.log("Entrato nella conferenza");
      events.onState("connected");
      events.onAccepted();
    });
    // The SDK mends a network blip itself (ICE restart); the room says so meanwhile.
    call.on("reconnecting", () => {
      events.log("Riconnessione alla conferenza");
      events.onState("reconnecting");
    });
    call.on("reconnected", () => {
      events.log("Riconnesso alla conferenza");
      events.onState("connected");
    });
    call.on("disconnect", () => {
      events.log("Uscito dalla conferenza");
      events.onDisconnected();
    });
    call.on("error", (error: { message?: string }) => events.onError(`Errore della chiamata: ${error.message ?? "sconosciuto"}`));
    call.on("warning", (name: string) => {
      events.log(`Avviso di qualità: ${name}`);
      events.onQuality("poor");
    });
    call.on("warning-cleared", () => events.onQuality("good"));
    return link;
  }

  setMuted(muted: boolean) {
    this.call?.mute(muted);
  }

  close() {
    this.closed = true;
    this.call?.disconnect();
    this.device?.destroy();
  }
}
