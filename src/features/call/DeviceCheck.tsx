// 'Prepara audio': opens the microphone and shows its level, so people know they will be heard
// before they enter. The stream it opens is the one the call sends.
import { useCallback, useEffect, useRef, useState } from "react";
import { Button, Callout, Flex, Progress, Text } from "@radix-ui/themes";
import { ExclamationTriangleIcon, SpeakerLoudIcon } from "@radix-ui/react-icons";

/** What getUserMedia's failures mean for a person, in Italian. */
export function microphoneErrorMessage(error: unknown): string {
  const name = error instanceof DOMException ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError") {
    return "Accesso al microfono negato. Consenti l'uso del microfono nelle impostazioni del browser per questo sito e riprova.";
  }
  if (name === "NotFoundError" || name === "OverconstrainedError") return "Nessun microfono trovato. Collega un microfono e riprova.";
  if (name === "NotReadableError") return "Il microfono è usato da un'altra applicazione. Chiudila e riprova.";
  return "Impossibile accedere al microfono. Controlla il dispositivo e riprova.";
}

type Props = {
  stream: MediaStream | null;
  onReady: (stream: MediaStream) => void;
  onLog: (line: string) => void;
  disabled?: boolean;
};

export function DeviceCheck({ stream, onReady, onLog, disabled }: Props) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [level, setLevel] = useState(0);
  const frame = useRef<number | null>(null);

  const prepare = useCallback(async () => {
    setBusy(true);
    setError(null);
    try {
      const opened = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
      onLog("Microfono pronto");
      onReady(opened);
    } catch (failure) {
      const message = microphoneErrorMessage(failure);
      onLog(message);
      setError(message);
    } finally {
      setBusy(false);
    }
  }, [onLog, onReady]);

  // The level meter: the loudness of the microphone, measured by an AnalyserNode.
  useEffect(() => {
    if (stream === null) return;
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    context.createMediaStreamSource(stream).connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    const tick = () => {
      analyser.getByteTimeDomainData(samples);
      let peak = 0;
      for (const sample of samples) peak = Math.max(peak, Math.abs(sample - 128));
      setLevel(Math.min(100, Math.round((peak / 128) * 100 * 2)));
      frame.current = requestAnimationFrame(tick);
    };
    tick();
    return () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
      void context.close();
    };
  }, [stream]);

  return (
    <Flex direction="column" gap="2">
      {stream === null ? (
        <Button variant="soft" onClick={() => void prepare()} loading={busy} disabled={disabled}>
          <SpeakerLoudIcon aria-hidden /> Prepara audio
        </Button>
      ) : (
        <Flex direction="column" gap="1">
          <Text size="2" id="livello-microfono">
            Microfono pronto: parla per vedere il livello
          </Text>
          <Progress value={level} max={100} aria-labelledby="livello-microfono" />
        </Flex>
      )}
      {error && (
        <Callout.Root color="red" role="alert">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>{error}</Callout.Text>
        </Callout.Root>
      )}
    </Flex>
  );
}
