import { useId, useState, type ReactNode } from "react";
import { Button, Dialog, Flex, Text, TextArea } from "@radix-ui/themes";
import { FieldError } from "@/components/form/FieldError";

type NoteDialogWords = {
  /** The button that opens the dialog; its accessible name when it differs from what it shows. */
  trigger: string;
  triggerLabel?: string;
  title: string;
  description: ReactNode;
  noteLabel: string;
  noteRequired: string;
  noteTooLong: string;
  confirm: string;
};

/**
 * An admin's decision that needs a note the psychic will read (a rejection, a suspension): the note is
 * required and checked as the server checks it (trimmed, at most `maxLength` characters); the dialog
 * stays open when the server refuses.
 */
export function NoteDialog({
  words,
  maxLength,
  color = "red",
  onConfirm,
}: {
  words: NoteDialogWords;
  maxLength: number;
  color?: "red" | "amber";
  onConfirm: (note: string) => Promise<boolean>;
}) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const noteId = useId();
  const errorId = useId();

  const confirm = async () => {
    const trimmed = note.trim();
    if (!trimmed) return setError(words.noteRequired);
    if (trimmed.length > maxLength) return setError(words.noteTooLong);
    setSending(true);
    const done = await onConfirm(trimmed);
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
        <Button color={color} variant="soft" aria-label={words.triggerLabel}>
          {words.trigger}
        </Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="480px">
        <Dialog.Title>{words.title}</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          {words.description}
        </Dialog.Description>
        <Flex direction="column" gap="1">
          <Text as="label" htmlFor={noteId} size="2" weight="medium">
            {words.noteLabel}
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
          <FieldError id={errorId} message={error} />
        </Flex>
        <Flex gap="3" mt="4" justify="end" wrap="wrap">
          <Dialog.Close>
            <Button variant="soft" highContrast color="gray">
              Indietro
            </Button>
          </Dialog.Close>
          <Button color={color} highContrast onClick={() => void confirm()} disabled={sending}>
            {sending ? "Invio..." : words.confirm}
          </Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
