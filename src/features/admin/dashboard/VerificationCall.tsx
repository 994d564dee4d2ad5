import { useId, useState } from "react";
import { Badge, Button, Dialog, Flex, RadioGroup, Text, TextArea } from "@radix-ui/themes";
import { CheckIcon } from "@radix-ui/react-icons";
import { useMutation } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import type { OptimisticLocalStore } from "convex/browser";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { ADMIN_LIMITS } from "@convex/model/admin";
import { FieldError } from "@/components/form/FieldError";
import { toast } from "@/components/toast";
import { errorMessage } from "@/lib/text/errors";
import { formatRomeDateTime } from "@/lib/text/format";

type Psychic = FunctionReturnType<typeof api.admin.listPsychics>["page"][number];
type Outcome = "passed" | "failed";

const outcomeWords: Record<Outcome, string> = { passed: "superata", failed: "non superata" };

/** Changes one psychic in every loaded page at once; the server's answer replaces it. */
function patchPsychic(store: OptimisticLocalStore, profileId: Id<"psychicProfiles">, patch: Partial<Psychic>) {
  for (const { args, value } of store.getAllQueries(api.admin.listPsychics)) {
    if (value === undefined) continue;
    const page = value.page.map((psychic) => (psychic.id === profileId ? { ...psychic, ...patch } : psychic));
    store.setQuery(api.admin.listPsychics, args, { ...value, page });
  }
}

/** The call shows as recorded at once (by the admin signed in, now); the server's answer replaces it. */
function showRecorded(store: OptimisticLocalStore, { profileId, outcome, note }: { profileId: Id<"psychicProfiles">; outcome: Outcome; note?: string }) {
  patchPsychic(store, profileId, {
    verificationCallCompleted: outcome === "passed",
    verificationCall: { recordedByName: null, recordedAt: Date.now(), outcome, note: note ?? null },
  });
}

/** "Fatta il 23 novembre 2026 alle ore 09:41 da Giulia: superata. Nota: …", or null before any call. */
export function verificationCallSummary(call: Psychic["verificationCall"]): string | null {
  if (call === null) return null;
  const by = call.recordedByName ? ` da ${call.recordedByName}` : "";
  return `Registrata il ${formatRomeDateTime(call.recordedAt)}${by}: ${outcomeWords[call.outcome]}.${call.note ? ` Nota: ${call.note}` : ""}`;
}

/**
 * Records the identity-verification call (who: the admin signed in; when: now; how it went; a note). Only a
 * passed call lets the profile be approved (the server checks it again); a failed one can be followed by another.
 */
export function VerificationCallForm({ psychic, onRecorded }: { psychic: Psychic; onRecorded?: () => void }) {
  const record = useMutation(api.admin.recordVerificationCall).withOptimisticUpdate(showRecorded);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const ids = { outcome: useId(), note: useId(), error: useId() };

  const submit = async () => {
    if (outcome === null) return setError("Scegli com'è andata la chiamata.");
    if (note.trim().length > ADMIN_LIMITS.verificationNoteLength)
      return setError(`La nota può avere al massimo ${ADMIN_LIMITS.verificationNoteLength} caratteri.`);
    setSending(true);
    try {
      await record({ profileId: psychic.id, outcome, ...(note.trim() ? { note: note.trim() } : {}) });
      toast.success("Chiamata di verifica registrata", outcome === "passed" ? "Ora il profilo può essere approvato." : undefined);
      setOutcome(null);
      setNote("");
      onRecorded?.();
    } catch (failure) {
      setError(errorMessage(failure, "Impossibile registrare la chiamata di verifica."));
    } finally {
      setSending(false);
    }
  };

  return (
    <Flex direction="column" gap="2" asChild>
      <form
        aria-label={`Registra la chiamata di verifica con ${psychic.psychicName}`}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Text as="div" size="2" weight="medium" id={ids.outcome}>
          Esito della chiamata
        </Text>
        <RadioGroup.Root
          aria-labelledby={ids.outcome}
          value={outcome ?? ""}
          onValueChange={(value) => {
            setOutcome(value as Outcome);
            setError(null);
          }}
        >
          <Flex gap="4" wrap="wrap">
            <RadioGroup.Item value="passed">Superata: identità ed esperienza confermate</RadioGroup.Item>
            <RadioGroup.Item value="failed">Non superata</RadioGroup.Item>
          </Flex>
        </RadioGroup.Root>
        <Text as="label" htmlFor={ids.note} size="2" weight="medium">
          Nota (facoltativa)
        </Text>
        <TextArea id={ids.note} rows={2} value={note} onChange={(event) => setNote(event.target.value)} aria-describedby={error ? ids.error : undefined} />
        <FieldError id={ids.error} message={error} />
        <Flex>
          <Button type="submit" variant="soft" disabled={sending}>
            {sending ? "Registrazione..." : "Registra la chiamata"}
          </Button>
        </Flex>
      </form>
    </Flex>
  );
}

/** The table's cell: the call done, or the way to record it (in a dialog). */
export function VerificationCallCell({ psychic }: { psychic: Psychic }) {
  const [open, setOpen] = useState(false);
  if (psychic.verificationCallCompleted) {
    return (
      <Badge color="green" variant="soft" highContrast title={verificationCallSummary(psychic.verificationCall) ?? undefined}>
        <CheckIcon aria-hidden /> Fatta
      </Badge>
    );
  }
  return (
    <Flex gap="2" align="center" wrap="wrap">
      {psychic.verificationCall?.outcome === "failed" ? (
        <Badge color="red" variant="soft" highContrast>
          Non superata
        </Badge>
      ) : null}
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Trigger>
          <Button size="1" variant="soft" aria-label={`Registra la chiamata di verifica con ${psychic.psychicName}`}>
            Registra
          </Button>
        </Dialog.Trigger>
        <Dialog.Content maxWidth="520px">
          <Dialog.Title>Chiamata di verifica con {psychic.psychicName}</Dialog.Title>
          <Dialog.Description size="2" mb="3">
            {verificationCallSummary(psychic.verificationCall) ?? "Nessuna chiamata registrata."} Registri tu la chiamata, con data e ora di adesso.
          </Dialog.Description>
          <VerificationCallForm psychic={psychic} onRecorded={() => setOpen(false)} />
          <Flex justify="end" mt="3">
            <Dialog.Close>
              <Button variant="soft" color="gray" highContrast>
                Chiudi
              </Button>
            </Dialog.Close>
          </Flex>
        </Dialog.Content>
      </Dialog.Root>
    </Flex>
  );
}
