// The code of conduct, in the profile editor before 'Salva e pubblica': the rules in full and the
// psychic's acceptance of the current version. The server refuses a publish without it.
import { useState } from "react";
import { Button, Callout, Card, Flex, Heading, Skeleton, Text } from "@radix-ui/themes";
import { CheckCircledIcon } from "@radix-ui/react-icons";
import { useMutation } from "convex/react";
import type { OptimisticLocalStore } from "convex/browser";
import { api } from "@convex/_generated/api";
import { CONDUCT_INTRO, CONDUCT_RULES, CONDUCT_TITLE } from "@convex/model/conduct";
import { toast } from "@/components/toast";
import { errorMessage } from "@/lib/text/errors";
import { formatRomeDate } from "@/lib/text/format";
import { useCachedQuery } from "@/lib/offline/useCachedQuery";

const conductMessages = {
  accept: "Ho letto e accetto il codice di condotta",
  acceptFailed: "Impossibile registrare l'accettazione. Riprova.",
  needed: "Per pubblicare il profilo devi accettare il codice di condotta.",
  updated: "Il codice di condotta è stato aggiornato: rileggilo e accettalo prima di pubblicare di nuovo.",
  accepted: (version: number, date: string) => `Hai accettato il codice di condotta (versione ${version}) il ${date}.`,
} as const;

/** The acceptance shows at once; the server's time replaces this one when it answers. */
function showAccepted(store: OptimisticLocalStore, { version }: { version: number }) {
  const current = store.getQuery(api.conduct.getMine, {});
  if (current) store.setQuery(api.conduct.getMine, {}, { ...current, accepted: { version, acceptedAt: Date.now() } });
}

export function ConductCard() {
  const conduct = useCachedQuery(api.conduct.getMine, {}).data;
  const accept = useMutation(api.conduct.acceptMine).withOptimisticUpdate(showAccepted);
  const [sending, setSending] = useState(false);
  const accepted = conduct?.accepted ?? null;
  const current = conduct !== undefined && accepted !== null && accepted.version === conduct.currentVersion;

  const onAccept = async () => {
    if (conduct === undefined) return;
    setSending(true);
    try {
      await accept({ version: conduct.currentVersion });
    } catch (error) {
      toast.error(errorMessage(error, conductMessages.acceptFailed));
    } finally {
      setSending(false);
    }
  };

  return (
    <Card size="3" asChild>
      <section aria-labelledby="conduct-heading">
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4" id="conduct-heading">
            {CONDUCT_TITLE}
          </Heading>
          <Text as="p" size="2" color="gray">
            {CONDUCT_INTRO}
          </Text>
          <ol style={{ margin: 0, paddingInlineStart: "1.25rem" }}>
            {CONDUCT_RULES.map((rule) => (
              <li key={rule.title}>
                <Text as="p" size="2" mb="2">
                  <Text weight="bold">{rule.title}.</Text> {rule.text}
                </Text>
              </li>
            ))}
          </ol>
          {conduct === undefined ? (
            <Skeleton height="44px" aria-label="Caricamento del codice di condotta" />
          ) : current ? (
            <Callout.Root color="green" size="1" role="status">
              <Callout.Icon>
                <CheckCircledIcon />
              </Callout.Icon>
              <Callout.Text>{conductMessages.accepted(accepted.version, formatRomeDate(accepted.acceptedAt))}</Callout.Text>
            </Callout.Root>
          ) : (
            <Flex direction="column" gap="2" align="start">
              <Text as="p" size="2" id="conduct-needed">
                {accepted === null ? conductMessages.needed : conductMessages.updated}
              </Text>
              <Button
                size="3"
                onClick={() => void onAccept()}
                disabled={sending}
                aria-describedby="conduct-needed"
                style={{ minHeight: 44, height: "auto", whiteSpace: "normal" }}
              >
                {conductMessages.accept}
              </Button>
            </Flex>
          )}
        </Flex>
      </section>
    </Card>
  );
}
