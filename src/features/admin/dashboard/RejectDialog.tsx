import { useId, useState } from "react";
import { Button, Dialog, Flex, Text, TextArea } from "@radix-ui/themes";
import { ADMIN_LIMITS } from "@convex/model/admin";

const noteRequired = "Scrivi una nota per il cartomante: la vedrà nel suo profilo.";
const noteTooLong = `La nota può avere al massimo ${ADMIN_LIMITS.noteLength} caratteri.`;

/** Turning down a profile or its changes needs a note the psychic will read. */
export function RejectDialog({
  psychicName,
  changesOnly,
  onReject,
}: {
  psychicName: string;
  changesOnly: boolean;
  onReject: (note: string) => Promise<boolean>;
}) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const noteId = useId();
  const errorId = useId();

  const confirm = async () => {
    const trimmed = note.trim();
    if (!trimmed) return setError(noteRequired);
    if (trimmed.length > ADMIN_LIMITS.noteLength) return setError(noteTooLong);
    setSending(true);
    const done = await onReject(trimmed);
    setSending(false);
    if (done) {
      setOpen(false);
      setNote("");
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(null);
      }}
    >
      <Dialog.Trigger>
        <Button color="red" variant="soft">
          {changesOnly ? "Rifiuta le modifiche" : "Rifiuta"}
        </Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="480px">
        <Dialog.Title>{changesOnly ? `Rifiuta le modifiche di ${psychicName}` : `Rifiuta il profilo di ${psychicName}`}</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          {changesOnly
            ? "Le modifiche vengono scartate e il pubblico continua a vedere il profilo approvato."
            : "Il profilo non sarà pubblicato. Il cartomante potrà correggerlo e inviarlo di nuovo."}
        </Dialog.Description>
        <Flex direction="column" gap="1">
          <Text as="label" htmlFor={noteId} size="2" weight="medium">
            Nota per il cartomante
          </Text>
          <TextArea
            id={noteId}
            rows={4}
            value={note}
            onChange={(event) => {
              setNote(event.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          {error ? (
            <Text id={errorId} size="1" color="red" role="alert">
              {error}
            </Text>
          ) : null}
        </Flex>
        <Flex gap="3" mt="4" justify="end">
          <Dialog.Close>
            <Button variant="soft" highContrast color="gray">
              Annulla
            </Button>
          </Dialog.Close>
          <Button color="red" highContrast onClick={() => void confirm()} disabled={sending}>
            {sending ? "Invio..." : "Conferma rifiuto"}
          </Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
