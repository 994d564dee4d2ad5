// 'Limite di spesa' in the client's settings (docs/product-rules.md, "Spending limit"): a monthly limit
// in euro or a pause of 7, 30 or 90 days. Spending less counts at once, spending more a day later; the
// checkout refuses what goes past it. Saved optimistically; the server has the last word.
import { useState } from "react";
import { Button, Callout, Card, Flex, Heading, Link, Skeleton, Text } from "@radix-ui/themes";
import { InfoCircledIcon } from "@radix-ui/react-icons";
import { Link as RouterLink } from "react-router-dom";
import { api } from "@convex/_generated/api";
import { PAUSE_DAYS, withLimit, withPause, withPauseEnded, type SpendingLimitState } from "@convex/model/spendingLimit";
import { TextField } from "@/components/form/TextField";
import { toast } from "@/components/toast";
import { errorMessage } from "@/lib/text/errors";
import { formatCents, formatItalianDate } from "@/lib/text/format";
import { limits } from "@/lib/text/rules";
import { paths } from "@/lib/paths";
import { useMySpendingLimit, useSpendingLimitChange, type SpendingLimitView } from "@/lib/client/spendingLimit";
import { useNow } from "@/lib/time/useNow";
import { limitCentsOf, romeInstantLabel, viewAfterNow } from "./spendingLimitView";

const LIMIT_FIELD_ERROR = "Inserisci un importo intero in euro, da 1 a 10.000.";
const SAVE_FAILED = "Impossibile salvare il limite di spesa. Riprova.";

type Change = (state: SpendingLimitState, now: number) => SpendingLimitState;

/** Every open copy of the view takes the change at once; the server's answer replaces it. */
function useOptimistic<Args extends Record<string, unknown>>(mutation: Parameters<typeof useSpendingLimitChange>[0], changeOf: (args: Args) => Change) {
  return useSpendingLimitChange<Args>(mutation, (view, args) => viewAfterNow(view, changeOf(args)));
}

export function SpendingLimitCard() {
  const now = useNow();
  const view = useMySpendingLimit({ now });
  return (
    <Card size="3" asChild>
      <section aria-labelledby="spending-limit-heading">
        <Heading as="h2" size="4" mb="2" id="spending-limit-heading">
          Limite di spesa
        </Heading>
        <Text as="p" size="2" color="gray" mb="3">
          Scegli quanto spendere al massimo in un mese (mese di calendario, ora italiana) oppure metti in pausa i pagamenti. Abbassare il limite o
          iniziare una pausa vale subito; alzarlo, toglierlo o terminare prima la pausa vale dopo {limits.spendingCoolOff}.
        </Text>
        {view === undefined ? <Skeleton height="160px" aria-label="Caricamento del limite di spesa" /> : <SpendingLimitForm view={view} />}
        <HelpResources />
      </section>
    </Card>
  );
}

function SpendingLimitForm({ view }: { view: SpendingLimitView }) {
  const setLimit = useOptimistic<{ limitCents: number | null }>(
    api.spendingLimits.setMonthlyLimit,
    ({ limitCents }) =>
      (state, now) =>
        withLimit(state, limitCents, now),
  );
  const startPause = useOptimistic<{ days: (typeof PAUSE_DAYS)[number] }>(
    api.spendingLimits.startPause,
    ({ days }) =>
      (state, now) =>
        withPause(state, days, now),
  );
  const endPause = useOptimistic<Record<string, never>>(api.spendingLimits.endPause, () => withPauseEnded);
  const [text, setText] = useState(view.limitCents === null ? "" : String(view.limitCents / 100));
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);

  const run = async (call: () => Promise<unknown>, done: string) => {
    try {
      await call();
      toast.success(done);
    } catch (error) {
      toast.error(errorMessage(error, SAVE_FAILED));
    }
  };
  const saveLimit = (event: React.FormEvent) => {
    event.preventDefault();
    const cents = limitCentsOf(text);
    if (cents === null) return setFieldError(LIMIT_FIELD_ERROR);
    setFieldError(undefined);
    void run(() => setLimit({ limitCents: cents }), "Limite di spesa salvato");
  };

  return (
    <Flex direction="column" gap="4">
      <LimitStatus view={view} />
      <form onSubmit={saveLimit} noValidate aria-label="Limite mensile">
        <Flex direction="column" gap="3">
          <TextField
            label="Limite mensile (euro)"
            inputMode="numeric"
            value={text}
            onValueChange={setText}
            error={fieldError}
            hint="Un importo intero, ad esempio 60."
          />
          <Flex gap="3" wrap="wrap">
            <Button type="submit" size="3">
              Salva limite
            </Button>
            {view.limitCents !== null && view.pendingLimit?.limitCents !== null ? (
              <Button
                type="button"
                size="3"
                variant="outline"
                onClick={() => void run(() => setLimit({ limitCents: null }), "Rimozione del limite richiesta")}
              >
                Rimuovi limite
              </Button>
            ) : null}
          </Flex>
        </Flex>
      </form>
      <Flex direction="column" gap="2" role="group" aria-labelledby="spending-pause-label">
        <Text size="2" weight="medium" id="spending-pause-label">
          Pausa dei pagamenti
        </Text>
        <Flex gap="3" wrap="wrap">
          {PAUSE_DAYS.map((days) => (
            <Button key={days} type="button" size="3" variant="soft" onClick={() => void run(() => startPause({ days }), "Pausa attivata")}>
              Pausa di {days} giorni
            </Button>
          ))}
          {view.pausedThrough !== null && view.pauseEndsEarlyAt === null ? (
            <Button type="button" size="3" variant="outline" onClick={() => void run(() => endPause({}), "Fine della pausa richiesta")}>
              Termina la pausa
            </Button>
          ) : null}
        </Flex>
      </Flex>
    </Flex>
  );
}

/** What counts now and what is waiting, in words. */
function LimitStatus({ view }: { view: SpendingLimitView }) {
  const lines: string[] = [];
  if (view.pausedThrough !== null) {
    lines.push(`Pagamenti in pausa fino al ${formatItalianDate(view.pausedThrough)} compreso.`);
    if (view.pauseEndsEarlyAt !== null) lines.push(`La pausa termina dal ${romeInstantLabel(view.pauseEndsEarlyAt)}.`);
  }
  lines.push(
    view.limitCents === null
      ? `Nessun limite mensile. Speso questo mese: ${formatCents(view.spentCents)}.`
      : `Limite mensile: ${formatCents(view.limitCents)}. Speso questo mese: ${formatCents(view.spentCents)}; restano ${formatCents(view.remainingCents ?? 0)}.`,
  );
  if (view.pendingLimit !== null) {
    const next = view.pendingLimit.limitCents === null ? "Nessun limite" : `Nuovo limite di ${formatCents(view.pendingLimit.limitCents)}`;
    lines.push(`${next} dal ${romeInstantLabel(view.pendingLimit.effectiveAt)}.`);
  }
  return (
    <Callout.Root color={view.pausedThrough !== null ? "amber" : "violet"} variant="surface" role="status">
      <Callout.Icon>
        <InfoCircledIcon />
      </Callout.Icon>
      <Flex direction="column" gap="1">
        {lines.map((line) => (
          <Callout.Text key={line}>{line}</Callout.Text>
        ))}
      </Flex>
    </Callout.Root>
  );
}

/** Where to talk about spending that worries you: someone you trust, a free national line, and us. */
function HelpResources() {
  return (
    <Text as="p" size="2" color="gray" mt="4">
      Se ti sembra di spendere più di quanto vorresti, parlane con una persona di fiducia o con il tuo medico. Per le difficoltà legate al gioco
      d'azzardo c'è il Telefono Verde Nazionale dell'Istituto Superiore di Sanità, <Link href="tel:800558822">800 558 822</Link>, gratuito e anonimo.
      Puoi anche{" "}
      <Link asChild>
        <RouterLink to={paths.contact}>scriverci</RouterLink>
      </Link>
      .
    </Text>
  );
}
