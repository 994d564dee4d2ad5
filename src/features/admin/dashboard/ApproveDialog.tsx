import { useState } from "react";
import { Avatar, Button, Callout, DataList, Dialog, Flex, Heading, Text } from "@radix-ui/themes";
import { CheckCircledIcon, ExclamationTriangleIcon } from "@radix-ui/react-icons";
import type { FunctionReturnType } from "convex/server";
import type { api } from "@convex/_generated/api";
import { formatCents, formatMinutes } from "@/lib/text/format";
import { VerificationCallForm, verificationCallSummary } from "./VerificationCall";

type Psychic = FunctionReturnType<typeof api.admin.listPsychics>["page"][number];

/**
 * 'Approva' opens this: exactly what goes public once approved (name, photo, bio, prices), the verification
 * call as recorded, and the way to record it. The approval itself names the version read (the card keeps it);
 * the server refuses it until the verification call passed, and its refusal shows here.
 */
export function ApproveDialog({ psychic, onApprove }: { psychic: Psychic; onApprove: () => Promise<string | null> }) {
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const changesOnly = psychic.inReview === "changes";
  const shown = psychic.pendingChanges ?? { psychicName: psychic.psychicName, bio: psychic.bio, photoUrl: psychic.photoUrl };
  const verified = psychic.verificationCallCompleted;
  const lastCall = verificationCallSummary(psychic.verificationCall);

  const confirm = async () => {
    setSending(true);
    const failure = await onApprove();
    setSending(false);
    setRefusal(failure);
    if (failure === null) setOpen(false);
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setRefusal(null);
      }}
    >
      <Dialog.Trigger>
        <Button color="green">{changesOnly ? "Approva le modifiche" : "Approva"}</Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="600px">
        <Dialog.Title>{changesOnly ? `Approva le modifiche di ${shown.psychicName}` : `Approva il profilo di ${shown.psychicName}`}</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          Ecco esattamente ciò che il pubblico vedrà dopo l&apos;approvazione
          {psychic.isPubliclyVisible ? "." : " (il cartomante lo tiene nascosto: sarà visibile quando lo renderà pubblico)."}
        </Dialog.Description>

        <section aria-label="Anteprima del profilo pubblico">
          <Flex gap="3" align="start" mb="3">
            {/* The photo itself (not an avatar's fallback): what the admin approves is what the public sees. */}
            {shown.photoUrl ? (
              <img src={shown.photoUrl} alt={`Foto di ${shown.psychicName}`} width={80} height={80} style={{ objectFit: "cover", borderRadius: "50%" }} />
            ) : (
              <Avatar size="5" radius="full" fallback={shown.psychicName.slice(0, 1)} />
            )}
            <Flex direction="column" gap="1" minWidth="0">
              <Text weight="bold" size="4">
                {shown.psychicName}
              </Text>
              {shown.photoUrl ? null : (
                <Text size="2" color="gray">
                  Nessuna foto
                </Text>
              )}
            </Flex>
          </Flex>
          <Text as="p" size="2" mb="3" style={{ overflowWrap: "anywhere", whiteSpace: "pre-line" }}>
            {shown.bio || "Nessuna biografia."}
          </Text>
          <Heading as="h3" size="2" mb="1">
            Prezzi
          </Heading>
          {psychic.prices.length === 0 ? (
            <Text size="2">Nessuna durata offerta.</Text>
          ) : (
            <DataList.Root size="2" mb="3">
              {psychic.prices.map((price) => (
                <DataList.Item key={price.durationMinutes}>
                  <DataList.Label>{formatMinutes(price.durationMinutes)}</DataList.Label>
                  <DataList.Value>{formatCents(price.priceCents)}</DataList.Value>
                </DataList.Item>
              ))}
            </DataList.Root>
          )}
        </section>

        <section aria-labelledby={`verification-${psychic.id}`}>
          <Heading as="h3" size="2" mb="2" id={`verification-${psychic.id}`}>
            Chiamata di verifica
          </Heading>
          {verified ? (
            <Callout.Root color="green" size="1" highContrast>
              <Callout.Icon>
                <CheckCircledIcon />
              </Callout.Icon>
              <Callout.Text>{lastCall ?? "Fatta."}</Callout.Text>
            </Callout.Root>
          ) : (
            <Flex direction="column" gap="3">
              <Callout.Root color="amber" size="1" highContrast>
                <Callout.Icon>
                  <ExclamationTriangleIcon />
                </Callout.Icon>
                <Callout.Text>
                  La chiamata di verifica non risulta fatta con esito positivo: il profilo non può essere approvato finché non la registri.
                  {lastCall ? ` Ultima: ${lastCall}` : ""}
                </Callout.Text>
              </Callout.Root>
              <VerificationCallForm psychic={psychic} onRecorded={() => setRefusal(null)} />
            </Flex>
          )}
        </section>

        {refusal ? (
          <Callout.Root color="red" size="1" role="alert" mt="3" highContrast>
            <Callout.Icon>
              <ExclamationTriangleIcon />
            </Callout.Icon>
            <Callout.Text>{refusal}</Callout.Text>
          </Callout.Root>
        ) : null}

        <Flex gap="3" mt="4" justify="end" wrap="wrap">
          <Dialog.Close>
            <Button variant="soft" highContrast color="gray">
              Indietro
            </Button>
          </Dialog.Close>
          <Button color="green" highContrast onClick={() => void confirm()} disabled={sending}>
            {sending ? "Approvazione..." : changesOnly ? "Conferma e approva le modifiche" : "Conferma e approva"}
          </Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
