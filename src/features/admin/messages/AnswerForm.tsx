// The admin's answer to a contact message, sent from the inbox: emailed to the sender and kept with the
// message (convex/contact.ts `answer`). One request id per answer makes a double click one email.
import { useId, useState } from "react";
import { Button, Flex, Text, TextArea } from "@radix-ui/themes";
import { PaperPlaneIcon } from "@radix-ui/react-icons";
import * as z from "zod/mini";
import { useMutation } from "convex/react";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { CONTACT_LIMITS } from "@convex/model/contact";
import { FieldError } from "@/components/form/FieldError";
import { toast } from "@/components/toast";
import { errorMessage } from "@/lib/text/errors";
import { useZodForm } from "@/lib/account/forms";

const answerMessages = {
  empty: "Scrivi la risposta.",
  tooLong: `La risposta può avere al massimo ${CONTACT_LIMITS.answer} caratteri.`,
  sent: "Risposta inviata via email",
  failed: "Impossibile inviare la risposta. Riprova.",
} as const;

const answerSchema = z.object({
  text: z.string().check(z.trim(), z.minLength(1, answerMessages.empty), z.maxLength(CONTACT_LIMITS.answer, answerMessages.tooLong)),
});

const newRequestId = () => crypto.randomUUID();

export function AnswerForm({ messageId, email, onDone }: { messageId: Id<"contactMessages">; email: string; onDone: () => void }) {
  const answer = useMutation(api.contact.answer);
  const form = useZodForm(answerSchema, { text: "" });
  // Kept until the server confirms, so a retry of the same answer is the same request.
  const [requestId, setRequestId] = useState(newRequestId);
  const ids = { text: useId(), error: useId(), hint: useId() };
  const [sending, setSending] = useState(false);

  const submit = form.handleSubmit(async ({ text }) => {
    if (sending) return;
    setSending(true);
    try {
      await answer({ messageId, text, requestId });
      setRequestId(newRequestId());
      form.setValues({ text: "" });
      toast.success(answerMessages.sent, `A ${email}.`);
      onDone();
    } catch (error) {
      toast.error(errorMessage(error, answerMessages.failed));
    } finally {
      setSending(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Rispondi al messaggio">
      <Flex direction="column" gap="2">
        <Text as="label" htmlFor={ids.text} size="2" weight="medium">
          La tua risposta
        </Text>
        <TextArea
          id={ids.text}
          rows={4}
          value={form.values.text}
          onChange={(event) => form.set("text", event.target.value)}
          aria-invalid={form.errors.text ? true : undefined}
          aria-describedby={`${ids.hint}${form.errors.text ? ` ${ids.error}` : ""}`}
          color={form.errors.text ? "red" : undefined}
        />
        <Text id={ids.hint} size="1" color="gray">
          Arriva via email a {email}, con l&apos;oggetto del messaggio, e resta qui sotto il messaggio.
        </Text>
        <FieldError id={ids.error} message={form.errors.text} />
        <Flex gap="2" wrap="wrap">
          <Button type="submit" disabled={sending || form.submitting}>
            <PaperPlaneIcon /> {sending ? "Invio..." : "Invia risposta"}
          </Button>
          <Button type="button" variant="soft" color="gray" onClick={onDone} disabled={sending}>
            Annulla
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
