// The psychic's balance at Stripe (earnings:myBalance, an action: Stripe is asked, nothing is stored):
// available now and on its way, and the date of Stripe's next payout to the bank (model/payouts.ts,
// nextPayoutDate). Asked when the page opens and again when a transfer or a payout arrives.
import { useEffect, useState } from "react";
import { Button, Flex, Grid, Text } from "@radix-ui/themes";
import { useAction } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { Link as RouterLink } from "react-router-dom";
import { api } from "@convex/_generated/api";
import { nextPayoutDate } from "@convex/model/payouts";
import { FailureCallout } from "@/components/form/FailureCallout";
import { StatCard } from "@/components/dashboard/StatCard";
import { errorMessage } from "@/lib/text/errors";
import { formatCents, formatItalianDate } from "@/lib/text/format";
import { paths } from "@/lib/paths";
import { useNow } from "@/lib/time/useNow";
import { useMoneyMoved } from "./useEarnings";

type BalanceAnswer = FunctionReturnType<typeof api.earnings.myBalance>;

const balanceMessages = {
  available: "Disponibile",
  pending: "In arrivo",
  availableNote: "Sul tuo account Stripe, pronto per il prossimo versamento",
  pendingNote: "Trasferito, in attesa che Stripe lo renda disponibile",
  nextPayout: "Prossimo versamento sul conto",
  nextPayoutNote: (availableCents: number | undefined) =>
    availableCents
      ? `Stripe verserà sul tuo conto i ${formatCents(availableCents)} disponibili; ciò che è in arrivo, il primo lunedì dopo che diventa disponibile`
      : "Stripe versa sul tuo conto ogni lunedì ciò che è disponibile; ciò che è in arrivo, il primo lunedì dopo che diventa disponibile",
  noAccount: "Configura i pagamenti per vedere il saldo",
  failed: "Impossibile leggere il saldo da Stripe. Riprova tra poco.",
} as const;

type Shown = { status: "loading" } | { status: "ready"; balance: BalanceAnswer } | { status: "failed"; message: string };

export function Balance() {
  const askBalance = useAction(api.earnings.myBalance);
  // A new transfer or payout changes the balance: the lists are live, the balance is asked again.
  const moved = useMoneyMoved();
  const [shown, setShown] = useState<Shown>({ status: "loading" });
  const now = useNow();
  // How many times the lists moved since they first answered (that first answer is no news); adjusted
  // while rendering, React's pattern for state that follows a value.
  const [seen, setSeen] = useState<{ moved: string | null; times: number }>({ moved: null, times: 0 });
  if (moved !== null && moved !== seen.moved) setSeen({ moved, times: seen.moved === null ? 0 : seen.times + 1 });

  useEffect(() => {
    let current = true;
    askBalance({}).then(
      (balance) => current && setShown({ status: "ready", balance }),
      // PAYMENT_FAILED (Stripe unreachable or not set up) speaks of a booking's payment: here, the balance's words.
      (error: unknown) =>
        current && setShown({ status: "failed", message: errorMessage(error, balanceMessages.failed, { PAYMENT_FAILED: balanceMessages.failed }) }),
    );
    return () => {
      current = false;
    };
  }, [askBalance, seen.times]);

  if (shown.status === "failed") return <FailureCallout message={shown.message} />;
  if (shown.status === "ready" && shown.balance === null) {
    return (
      <Flex direction="column" gap="3" align="start">
        <Text as="p" color="gray">
          {balanceMessages.noAccount}.
        </Text>
        <Button asChild variant="soft">
          <RouterLink to={paths.psychicPayoutSettings}>Configura i pagamenti</RouterLink>
        </Button>
      </Flex>
    );
  }
  const balance = shown.status === "ready" ? shown.balance : undefined;
  return (
    <Grid columns={{ initial: "1", xs: "3" }} gap="3">
      <StatCard
        label={balanceMessages.available}
        value={balance ? formatCents(balance.availableCents) : undefined}
        note={balanceMessages.availableNote}
      />
      <StatCard label={balanceMessages.pending} value={balance ? formatCents(balance.pendingCents) : undefined} note={balanceMessages.pendingNote} />
      <StatCard
        label={balanceMessages.nextPayout}
        value={formatItalianDate(nextPayoutDate(now))}
        note={balanceMessages.nextPayoutNote(balance?.availableCents)}
      />
    </Grid>
  );
}
