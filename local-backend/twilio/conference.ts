// A <Conference> room: who is in it, the audio forwarded between them, and the status callbacks Twilio posts
// (conference-start, participant-join, participant-leave, conference-end), signed, in order, numbered.
import type { ConferenceNoun } from "./twiml.ts";
import type { MediaLeg } from "./media.ts";
import { postSigned, twilioTimestamp } from "./webhooks.ts";

type Participant = { callSid: string; media: MediaLeg; noun: ConferenceNoun; hangUp: (reason: string) => void };
type Settings = { accountSid: string; authToken: string; newSid: (prefix: string) => string; log: (entry: Record<string, unknown>) => void };

const EVENT_OF = { "conference-start": "start", "conference-end": "end", "participant-join": "join", "participant-leave": "leave" } as const;
type ConferenceEvent = keyof typeof EVENT_OF;

export class Conference {
  readonly sid: string;
  readonly participants = new Map<string, Participant>();
  private started = false;
  private sequence = 0;
  private callbacks: Promise<unknown> = Promise.resolve();
  /** The first participant's callback settings are the conference's, as on Twilio. */
  private noun: ConferenceNoun | null = null;

  constructor(
    readonly name: string,
    private readonly settings: Settings,
    private readonly onEnd: () => void,
  ) {
    this.sid = settings.newSid("CF");
  }

  /** Enters a call; false when the room already holds its maxParticipants. */
  join(participant: Participant): boolean {
    const limit = this.noun?.maxParticipants ?? participant.noun.maxParticipants;
    if (this.participants.size >= limit) {
      this.settings.log({ kind: "conference-full", conference: this.name, callSid: participant.callSid, maxParticipants: limit });
      return false;
    }
    this.noun ??= participant.noun;
    this.participants.set(participant.callSid, participant);
    // Two-party audio: each leg's packets go to every other leg (our rooms hold two; more would need a mixer).
    participant.media.onPacket = (rtp) => {
      for (const other of this.participants.values()) if (other.callSid !== participant.callSid) other.media.send(rtp);
    };
    this.event("participant-join", participant);
    if (!this.started && participant.noun.startConferenceOnEnter) {
      this.started = true;
      this.event("conference-start");
    }
    return true;
  }

  /** A call leaves (hung up, time limit, socket gone); the last one out, or an endConferenceOnExit one, ends the room. */
  leave(callSid: string, reason: { hungUp: boolean; why: string }) {
    const participant = this.participants.get(callSid);
    if (!participant) return;
    this.participants.delete(callSid);
    participant.media.onPacket = () => undefined;
    this.event("participant-leave", participant, {
      ParticipantCallStatus: "completed",
      ...(reason.hungUp ? { ReasonParticipantLeft: "participant_hung_up" } : {}),
    });
    this.settings.log({
      kind: "leave",
      conference: this.name,
      callSid,
      why: reason.why,
      packetsIn: participant.media.packetsIn,
      packetsOut: participant.media.packetsOut,
    });
    if (participant.noun.endConferenceOnExit && this.participants.size > 0) {
      this.end("participant-with-end-conference-on-exit-left", callSid);
      for (const other of [...this.participants.values()]) other.hangUp("conference ended");
    } else if (this.participants.size === 0) {
      this.end("last-participant-left", callSid);
    }
  }

  private end(reason: string, callSid: string) {
    if (!this.started) return this.onEnd();
    this.started = false;
    this.event("conference-end", undefined, { ReasonConferenceEnded: reason, CallSidEndingConference: callSid });
    this.onEnd();
  }

  /** Posts one status callback when the conference asked for it; callbacks go out one after another. */
  private event(event: ConferenceEvent, participant?: Participant, extra: Record<string, string> = {}) {
    const noun = this.noun;
    const sequence = ++this.sequence;
    this.settings.log({ kind: "conference-event", event, conference: this.name, callSid: participant?.callSid ?? null, sequence });
    if (!noun?.statusCallback || !noun.statusCallbackEvent.includes(EVENT_OF[event])) return;
    const params: Record<string, string> = {
      AccountSid: this.settings.accountSid,
      ConferenceSid: this.sid,
      FriendlyName: this.name,
      StatusCallbackEvent: event,
      SequenceNumber: String(sequence),
      Timestamp: twilioTimestamp(Date.now()),
      ...(participant
        ? {
            CallSid: participant.callSid,
            Muted: "false",
            Hold: "false",
            Coaching: "false",
            EndConferenceOnExit: String(participant.noun.endConferenceOnExit),
            StartConferenceOnEnter: String(participant.noun.startConferenceOnEnter),
          }
        : {}),
      ...extra,
    };
    const url = noun.statusCallback;
    this.callbacks = this.callbacks.then(async () => {
      const result = await postSigned(this.settings.authToken, url, params, noun.statusCallbackMethod);
      this.settings.log({
        kind: "status-callback",
        event,
        conference: this.name,
        callSid: participant?.callSid ?? null,
        sequence,
        status: result.status,
      });
    });
  }

  /** Resolves once every callback posted so far has been answered. */
  settled(): Promise<unknown> {
    return this.callbacks;
  }
}
