// The conference panel (spec §2, Call screen): who, state, timer, participants, schedule, quality,
// and the buttons to prepare the audio, enter, mute, end and retry.
import { useCallback, useEffect, useRef, useState } from "react";
import { Badge, Button, Callout, Card, DataList, Flex, Heading, Text } from "@radix-ui/themes";
import { ExclamationTriangleIcon } from "@radix-ui/react-icons";
import { formatMinutes } from "@/lib/format";
import { mmss, presenceMessages, type ConferenceState, type Quality, type Room } from "./callTypes";
import { DeviceCheck } from "./DeviceCheck";
import { DiagnosticsDialog } from "./DiagnosticsDialog";
import type { Conference } from "./useConference";

const stateBadge: Record<ConferenceState, { label: string; color: "gray" | "amber" | "green" | "red" | "violet" }> = {
  idle: { label: "Pronto per iniziare", color: "violet" },
  connecting: { label: "Connessione…", color: "amber" },
  connected: { label: "In chiamata", color: "green" },
  failed: { label: "Connessione non riuscita", color: "red" },
  ended: { label: "Chiamata terminata", color: "gray" },
};

const qualityLabel: Record<Quality, { label: string; color: "gray" | "green" | "amber" }> = {
  unknown: { label: "Sconosciuta", color: "gray" },
  good: { label: "Buona", color: "green" },
  poor: { label: "Scarsa", color: "amber" },
};

export function ConferencePanel({ room, conference }: { room: Room; conference: Conference }) {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const audio = useRef<HTMLAudioElement>(null);
  const badge = stateBadge[conference.state];
  const quality = qualityLabel[conference.quality];
  const inCall = conference.state === "connected";

  // The other party's voice.
  useEffect(() => {
    if (audio.current) audio.current.srcObject = conference.remoteStream;
  }, [conference.remoteStream]);

  // The microphone closes with the page.
  useEffect(() => () => stream?.getTracks().forEach((track) => track.stop()), [stream]);

  const { start, log } = conference;
  const enter = useCallback(() => {
    if (stream) void start(stream);
  }, [start, stream]);

  return (
    <Card size="3" asChild>
      <section aria-labelledby="titolo-conferenza">
        <Flex justify="between" align="start" gap="3" wrap="wrap" mb="4">
          <Heading as="h2" size="5" id="titolo-conferenza">
            {room.title}
          </Heading>
          <Badge size="2" color={badge.color} role="status" aria-live="polite">
            {badge.label}
          </Badge>
        </Flex>

        <DataList.Root mb="4" size="2">
          <DataList.Item>
            <DataList.Label>Durata chiamata</DataList.Label>
            <DataList.Value>
              <Text aria-label="Durata della chiamata" style={{ fontVariantNumeric: "tabular-nums" }}>
                {mmss(conference.elapsedSeconds)}
              </Text>
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Partecipanti</DataList.Label>
            <DataList.Value>
              <Text data-testid="participants">{conference.participants}</Text>
              <Text color="gray" ml="2">
                ({conference.otherPresent ? presenceMessages.otherHere(room.party === "client" ? room.title : presenceMessages.theClient) : presenceMessages.waiting})
              </Text>
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Durata prevista</DataList.Label>
            <DataList.Value>{formatMinutes(room.durationMinutes)}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Orario</DataList.Label>
            <DataList.Value>{room.scheduledTime}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Qualità connessione</DataList.Label>
            <DataList.Value>
              <Badge color={quality.color}>{quality.label}</Badge>
            </DataList.Value>
          </DataList.Item>
        </DataList.Root>

        {conference.error && (
          <Callout.Root color="red" role="alert" mb="3">
            <Callout.Icon>
              <ExclamationTriangleIcon />
            </Callout.Icon>
            <Callout.Text>{conference.error}</Callout.Text>
          </Callout.Root>
        )}

        {conference.state === "idle" && (
          <Flex direction="column" gap="3">
            <DeviceCheck stream={stream} onReady={setStream} onLog={log} />
            {stream && <Button onClick={enter}>Entra nella conferenza</Button>}
          </Flex>
        )}

        {(conference.state === "connecting" || inCall) && (
          <Flex gap="3" wrap="wrap">
            <Button variant="soft" onClick={conference.toggleMute} aria-pressed={conference.muted} disabled={!inCall}>
              {conference.muted ? "Riattiva microfono" : "Disattiva microfono"}
            </Button>
            <Button color="red" onClick={conference.end}>
              Termina
            </Button>
          </Flex>
        )}

        {conference.state === "failed" && (
          <Button onClick={conference.retry}>Riprova</Button>
        )}

        <Flex justify="end" mt="4">
          <DiagnosticsDialog conference={conference} provider={room.provider} />
        </Flex>
        {/* The other party's voice; no controls: the call's buttons drive it. */}
        <audio ref={audio} autoPlay aria-hidden />
      </section>
    </Card>
  );
}
