// The diagnostics dialog: the conference's state and its last 10 log lines, for support.
import { Button, Code, Dialog, Flex, Text } from "@radix-ui/themes";
import type { ConferenceState } from "./callTypes";
import type { Conference } from "./useConference";

const stateLabel: Record<ConferenceState, string> = {
  idle: "pronto per iniziare",
  connecting: "connessione in corso",
  connected: "in chiamata",
  failed: "non riuscita",
  ended: "terminata",
};

export function DiagnosticsDialog({ conference, provider }: { conference: Conference; provider: string }) {
  return (
    <Dialog.Root>
      <Dialog.Trigger>
        <Button variant="ghost" size="2" style={{ minHeight: 44 }}>
          Diagnostica
        </Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="520px">
        <Dialog.Title>Diagnostica della chiamata</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          Stato attuale e ultimi eventi della conferenza.
        </Dialog.Description>
        <Flex direction="column" gap="1" mb="3">
          <Text size="2">
            Stato: <Code>{stateLabel[conference.state]}</Code> ({conference.state})
          </Text>
          <Text size="2">
            Servizio audio: <Code>{provider}</Code>
          </Text>
          <Text size="2">
            Partecipanti: <Code>{conference.participants}</Code>
          </Text>
          <Text size="2">
            Audio ricevuto: <Code data-testid="inbound-bytes">{conference.inbound.bytes}</Code> byte
          </Text>
          <Text size="2">
            Energia audio ricevuta: <Code data-testid="inbound-energy">{conference.inbound.energy.toFixed(6)}</Code>
          </Text>
          {conference.error && (
            <Text size="2">
              Ultimo errore: <Code>{conference.error}</Code>
            </Text>
          )}
        </Flex>
        <Text as="p" size="2" weight="bold" mb="1">
          Ultimi eventi
        </Text>
        {conference.logs.length === 0 ? (
          <Text size="2" color="gray">
            Nessun evento.
          </Text>
        ) : (
          <ol aria-label="Ultimi eventi" style={{ margin: 0, paddingLeft: "1.2em", fontSize: "var(--font-size-1)" }}>
            {conference.logs.map((line, index) => (
              <li key={`${index}-${line}`}>{line}</li>
            ))}
          </ol>
        )}
        <Flex justify="end" mt="4">
          <Dialog.Close>
            <Button variant="soft">Chiudi</Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
