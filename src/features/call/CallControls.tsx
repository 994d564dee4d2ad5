// The call's controls inside the window: prepare the audio and enter; after leaving or a dropped call,
// 'Rientra nella chiamata' in one tap (the microphone checked once is opened again without the check);
// mute, leave with a confirmation, retry a first attempt that failed; the diagnostics stay behind their button.
import { useCallback, useEffect, useRef, useState } from "react";
import { AlertDialog, Button, Callout, Flex } from "@radix-ui/themes";
import { ExclamationTriangleIcon } from "@radix-ui/react-icons";
import { useNeedsConnection } from "@/components/NeedsConnection";
import type { Room } from "./callTypes";
import { DeviceCheck, microphoneErrorMessage } from "./DeviceCheck";
import { DiagnosticsDialog } from "./DiagnosticsDialog";
import type { Conference } from "./useConference";

const tall = { minHeight: 44 };

export function CallControls({ room, conference, otherName }: { room: Room; conference: Conference; otherName: string }) {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const audio = useRef<HTMLAudioElement>(null);
  const inCall = conference.state === "connected";
  const out = conference.state === "idle" || conference.state === "ended";
  // Joining is never queued offline (a call in progress mends itself instead): disabled, with why.
  const connection = useNeedsConnection();

  // The other party's voice.
  useEffect(() => {
    if (audio.current) audio.current.srcObject = conference.remoteStream;
  }, [conference.remoteStream]);

  // The microphone closes with the page.
  useEffect(() => () => stream?.getTracks().forEach((track) => track.stop()), [stream]);

  const { start, end, log } = conference;
  const enter = useCallback(() => {
    if (stream) void start(stream);
  }, [start, stream]);

  // Back in after a call: the same microphone if still open, else opened again (already allowed), no check.
  const [reopenError, setReopenError] = useState<string | null>(null);
  const [reopening, setReopening] = useState(false);
  const enterAgain = useCallback(async () => {
    setReopenError(null);
    const live = stream?.getAudioTracks().some((track) => track.readyState === "live") ? stream : null;
    if (live) return void start(live);
    setReopening(true);
    try {
      const opened = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
      setStream(opened);
      void start(opened);
    } catch (failure) {
      const message = microphoneErrorMessage(failure);
      log(message);
      setReopenError(message);
    } finally {
      setReopening(false);
    }
  }, [log, start, stream]);
  const rejoins = conference.hadCall && (out || conference.state === "failed");

  /** Out of the call: the other side sees it at once, and the microphone closes until entering again. */
  const leave = useCallback(() => {
    end();
    setStream(null);
  }, [end]);

  return (
    <Flex direction="column" align="center" gap="3" width="100%">
      {conference.error && (
        <Callout.Root color="red" role="alert">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>{conference.error}</Callout.Text>
        </Callout.Root>
      )}

      {rejoins ? (
        <Flex direction="column" align="center" gap="3" width="100%" maxWidth="360px">
          <Button
            size="3"
            style={tall}
            onClick={() => void enterAgain()}
            loading={reopening}
            disabled={connection.offline}
            aria-describedby={connection.describedBy}
          >
            Rientra nella chiamata
          </Button>
          {connection.note}
          {reopenError && (
            <Callout.Root color="red" role="alert">
              <Callout.Text>{reopenError}</Callout.Text>
            </Callout.Root>
          )}
        </Flex>
      ) : out ? (
        <Flex direction="column" align="center" gap="3" width="100%" maxWidth="360px">
          <DeviceCheck stream={stream} onReady={setStream} onLog={log} />
          {stream && (
            <Button size="3" style={tall} onClick={enter} disabled={connection.offline} aria-describedby={connection.describedBy}>
              Entra nella chiamata
            </Button>
          )}
          {stream && connection.note}
        </Flex>
      ) : null}

      {(conference.state === "connecting" || inCall) && (
        <Flex gap="3" wrap="wrap" justify="center">
          <Button size="3" style={tall} variant="soft" onClick={conference.toggleMute} aria-pressed={conference.muted} disabled={!inCall}>
            {conference.muted ? "Riattiva microfono" : "Disattiva microfono"}
          </Button>
          <LeaveCallDialog otherName={otherName} onLeave={leave} />
        </Flex>
      )}

      {conference.state === "failed" && !rejoins && (
        <Button size="3" style={tall} onClick={conference.retry}>
          Riprova
        </Button>
      )}

      <DiagnosticsDialog conference={conference} provider={room.provider} />
      {/* The other party's voice; no controls: the call's buttons drive it. */}
      <audio ref={audio} autoPlay aria-hidden />
    </Flex>
  );
}

/** 'Esci', asked once more: one click by mistake must not drop the consultation. */
function LeaveCallDialog({ otherName, onLeave }: { otherName: string; onLeave: () => void }) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger>
        <Button size="3" style={tall} color="red" highContrast>
          Esci
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Content maxWidth="420px">
        <AlertDialog.Title>Uscire dalla chiamata?</AlertDialog.Title>
        <AlertDialog.Description size="2">
          {otherName} vedrà che hai lasciato la chiamata. Puoi rientrare finché il tempo del consulto non è finito.
        </AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end" wrap="wrap">
          <AlertDialog.Cancel>
            <Button size="3" style={tall} variant="soft" color="gray">
              Resta
            </Button>
          </AlertDialog.Cancel>
          <AlertDialog.Action>
            <Button size="3" style={tall} color="red" highContrast onClick={onLeave}>
              Esci
            </Button>
          </AlertDialog.Action>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
