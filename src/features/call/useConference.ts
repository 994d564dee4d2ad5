// The conference's state machine (spec §4): idle → connecting → connected → ended, or failed with a
// retry. It drives either provider the server names, keeps the session's presence alive while in the
// call, and ends the call by itself when the paid window closes. Inside 'connected' the audio line has
// its own state: a blip makes it 'reconnecting' while the provider brings it back by itself; the room's
// timer reads the booking's times from the server, so nothing here restarts it.
import { useCallback, useEffect, useRef, useState } from "react";
import { useAction, useMutation, useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { HEARTBEAT_MS, isPresent, roomName } from "@convex/model/calls";
import { errorCodeOf, errorMessage } from "@/lib/text/errors";
import { CONNECT_TIMEOUT_MESSAGE, CONNECT_TIMEOUT_MS, LOG_LINES, type ConferenceState, type Quality, type Room } from "./callTypes";
import { TwilioLink } from "./twilioLink";
import { WebRtcLink, type Inbound, type LinkState } from "./webrtcLink";

export type Conference = ReturnType<typeof useConference>;

export function useConference(room: Room, now: number) {
  const bookingId = room.bookingId;
  const [state, setState] = useState<ConferenceState>("idle");
  const [error, setError] = useState<string | null>(null);
  const [muted, setMuted] = useState(false);
  const mutedRef = useRef(false);
  const [quality, setQuality] = useState<Quality>("unknown");
  const [inbound, setInbound] = useState<Inbound>({ bytes: 0, energy: 0 });
  const [audio, setAudio] = useState<LinkState>("connecting");
  const [remoteStream, setRemoteStream] = useState<MediaStream | null>(null);
  const [logs, setLogs] = useState<string[]>([]);
  const link = useRef<WebRtcLink | TwilioLink | null>(null);
  const [hadCall, setHadCall] = useState(false);
  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  }, [state]);

  const join = useMutation(api.calls.join);
  const leave = useMutation(api.calls.leave);
  const sendSignal = useMutation(api.calls.sendSignal);
  // The other screen says at once that this microphone is off: the room's own copy changes first.
  const publishMute = useMutation(api.calls.setMuted).withOptimisticUpdate((store, { bookingId: id, muted: next }) => {
    const current = store.getQuery(api.calls.getRoom, { bookingId: id });
    if (current) store.setQuery(api.calls.getRoom, { bookingId: id }, { ...current, self: { ...current.self, muted: next } });
  });
  const getToken = useAction(api.twilio.getVoiceToken);

  const log = useCallback((line: string) => {
    const time = new Date().toLocaleTimeString("it-IT");
    setLogs((lines) => [...lines, `${time} ${line}`].slice(-LOG_LINES));
  }, []);

  const closeLink = useCallback(() => {
    link.current?.close();
    link.current = null;
    setRemoteStream(null);
  }, []);

  const fail = useCallback(
    (message: string) => {
      log(message);
      closeLink();
      setError(message);
      setState("failed");
      void leave({ bookingId }).catch(() => undefined);
    },
    [bookingId, closeLink, leave, log],
  );

  const connected = useCallback(() => {
    setState("connected");
    setHadCall(true);
    log("In chiamata");
  }, [log]);

  /** 'Entra nella conferenza', with the microphone the device check opened. */
  const start = useCallback(
    async (stream: MediaStream) => {
      setError(null);
      setMuted(false);
      mutedRef.current = false;
      setQuality("unknown");
      setAudio("connecting");
      setState("connecting");
      log(`Connessione (${room.provider === "twilio" ? "Twilio Voice" : "WebRTC"})…`);
      try {
        if (room.provider === "webrtc") {
          await join({ bookingId, muted: false });
          link.current = new WebRtcLink(room.party === "client", stream, {
            send: (kind, payload) => sendSignal({ bookingId, kind, payload }),
            onRemoteStream: setRemoteStream,
            onQuality: setQuality,
            onInbound: setInbound,
            onState: setAudio,
            log,
          });
          connected();
        } else {
          // Twilio uses its own microphone capture; the check's stream has done its job.
          const grant = await getToken({ bookingId });
          if (grant === null) throw new Error("Nessun token ricevuto dal servizio audio.");
          link.current = await TwilioLink.connect(
            grant.token,
            { bookingId, conferenceRoom: roomName(bookingId), userType: room.party },
            {
              fetchToken: async () => (await getToken({ bookingId }).catch(() => null))?.token ?? null,
              onAccepted: () => {
                void join({ bookingId }).catch(() => undefined);
                connected();
              },
              onDisconnected: () => {
                closeLink();
                setState((current) => (current === "failed" ? current : "ended"));
              },
              onError: fail,
              onQuality: setQuality,
              onState: setAudio,
              log,
            },
          );
        }
      } catch (failure) {
        const code = errorCodeOf(failure);
        fail(code ? errorMessage(failure) : `Errore di connessione: ${failure instanceof Error ? failure.message : String(failure)}`);
      }
    },
    [bookingId, closeLink, connected, fail, getToken, join, log, room.party, room.provider, sendSignal],
  );

  /** 'Esci' (confirmed): out of the call; the other party sees it at once, and may enter again. */
  const end = useCallback(() => {
    closeLink();
    setState("ended");
    log("Chiamata terminata");
    void leave({ bookingId }).catch(() => undefined);
  }, [bookingId, closeLink, leave, log]);

  const retry = useCallback(() => {
    closeLink();
    setError(null);
    setState("idle");
  }, [closeLink]);

  const toggleMute = useCallback(() => {
    const next = !mutedRef.current;
    mutedRef.current = next;
    setMuted(next);
    link.current?.setMuted(next);
    // Refused past the limit on switches: the next heartbeat carries the state anyway.
    void publishMute({ bookingId, muted: next }).catch(() => undefined);
  }, [bookingId, publishMute]);

  // 30 seconds of connecting fail the attempt.
  useEffect(() => {
    if (state !== "connecting") return;
    const timer = setTimeout(() => {
      if (stateRef.current === "connecting") fail(CONNECT_TIMEOUT_MESSAGE);
    }, CONNECT_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [state, fail]);

  // Presence: the session hears from this page every few seconds while it is in the call. Once the
  // window is over by this clock the call ends here: the server would only refuse the beat.
  const endsAt = room.endsAt;
  useEffect(() => {
    if (state !== "connected") return;
    const timer = setInterval(() => {
      if (Date.now() >= endsAt) return end();
      join({ bookingId, muted: mutedRef.current }).catch((failure: unknown) => {
        if (errorCodeOf(failure) === "CALL_ENDED") end();
      });
    }, HEARTBEAT_MS);
    return () => clearInterval(timer);
  }, [state, bookingId, endsAt, join, end]);

  // The offline provider's messages from the other party, live.
  const signals = useQuery(
    api.calls.listSignals,
    room.provider === "webrtc" && (state === "connecting" || state === "connected") ? { bookingId } : "skip",
  );
  useEffect(() => {
    if (signals && link.current instanceof WebRtcLink) link.current.handleSignals(signals);
  }, [signals]);

  const otherPresent = isPresent(room.session?.otherSeenAt ?? undefined, now);
  useEffect(() => {
    if (link.current instanceof WebRtcLink) link.current.setOtherPresent(otherPresent);
  }, [otherPresent, state]);

  // The paid window is over (or the booking was settled early): the call ends by itself, for both parties.
  const windowOver = now >= room.endsAt || room.bookingStatus !== "confirmed";
  useEffect(() => {
    if (windowOver && (stateRef.current === "connecting" || stateRef.current === "connected")) end();
  }, [windowOver, end]);

  // Leaving the page leaves the call.
  useEffect(
    () => () => {
      if (link.current !== null) {
        link.current.close();
        link.current = null;
        void leave({ bookingId }).catch(() => undefined);
      }
    },
    [bookingId, leave],
  );

  return {
    state,
    error,
    muted,
    quality,
    inbound,
    remoteStream,
    logs,
    participants: state === "connected" ? (otherPresent ? 2 : 1) : 0,
    /** The audio line inside the call: 'reconnecting' while a blip is being mended. */
    audio,
    otherPresent,
    hadCall,
    start,
    end,
    retry,
    toggleMute,
    log,
  };
}
