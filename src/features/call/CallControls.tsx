// The call's controls inside the window: prepare the audio and enter (or enter again after leaving),
// mute, leave with a confirmation, retry after a failure; the diagnostics stay behind their button.
import { useCallback, useEffect, useRef, useState } from "react";
import { AlertDialog, Button, Callout, Flex } from "@radix-ui/themes";
import { ExclamationTriangleIcon } from "@radix-ui/react-icons";
import { useNeedsConnection } from "@/components/NeedsConnection";
import type { Room } from "./callTypes";
import { DeviceCheck } from "./DeviceCheck";
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

      {out && (
        <Flex direction="column" align="center" gap="3" width="100%" maxWidth="360px">
          <DeviceCheck stream={stream} onReady={setStream} onLog={log} />
          {stream && (
            <Button size="3" style={tall} onClick={enter} disabled={connection.offline} aria-describedby={connection.describedBy}>
              {conference.hadCall ? "Rientra nella chiamata" : "Entra nella chiamata"}
            </Button>
          )}
          {stream && connection.note}
        </Flex>
      )}

      {(conference.state === "connecting" || inCall) && (
        <Flex gap="3" wrap="wrap" justify="center">
          <Button size="3" style={tall} variant="soft" onClick={conference.toggleMute} aria-pressed={conference.muted} disabled={!inCall}>
            {conference.muted ? "Riattiva microfono" : "Disattiva microfono"}
          </Button>
          <LeaveCallDialog otherName={otherName} onLeave={leave} />
        </Flex>
      )}

      {conference.state === "failed" && (
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
