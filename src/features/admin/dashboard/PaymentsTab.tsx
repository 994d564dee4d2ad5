// Pagamenti: the psychics by the state of their Stripe account, the transfers and reversals Stripe kept
// refusing (with 'Riprova'), each month's books reconciled to the cent, and the yearly DAC7 report.
// docs/product-rules.md, "Payouts"; the server is convex/adminPayouts.ts.
import { useState } from "react";
import { Badge, Button, Code, Flex, Heading, Select, Table, Text } from "@radix-ui/themes";
import { ReloadIcon } from "@radix-ui/react-icons";
import { useMutation } from "convex/react";
import type { OptimisticLocalStore } from "convex/browser";
import type { FunctionReturnType } from "convex/server";
import { api } from "@convex/_generated/api";
import { toast } from "@/components/toast";
import { errorMessage } from "@/lib/errors";
import { formatCents } from "@/lib/format";
import { requirementsInItalian } from "@/lib/payoutRequirements";
import { payoutAccountStates } from "@/lib/states";
import type { PayoutAccountState } from "@convex/model/payouts";
import { useNow } from "@/lib/useNow";
import { Dac7Download } from "./Dac7Download";
import { ReconciliationTable } from "./ReconciliationTable";
import { TableCaption, TableEmpty, TableError, TableLoading } from "./TableStates";
import { useTableQuery } from "./useTableQuery";
import { NotAvailable } from "./NotAvailable";

type Overview = FunctionReturnType<typeof api.adminPayouts.overview>;
type PayoutAccount = Overview["accounts"][number];
type FailedList = "failedTransfers" | "failedReversals";
type FailedMove = Overview[FailedList][number];

/** At once: the transfer or reversal asked again leaves its list in every loaded overview; the server has the last word. */
export function dropFailedMove(store: OptimisticLocalStore, list: FailedList, id: string) {
  for (const { args, value } of store.getAllQueries(api.adminPayouts.overview)) {
    if (value === undefined) continue;
    const next =
      list === "failedTransfers"
        ? { ...value, failedTransfers: value.failedTransfers.filter((move) => move.id !== id) }
        : { ...value, failedReversals: value.failedReversals.filter((move) => move.id !== id) };
    store.setQuery(api.adminPayouts.overview, args, next);
  }
}

export function PaymentsTab() {
  return (
    <Flex direction="column" gap="6">
      <PayoutOverview />
      <Dac7Download />
    </Flex>
  );
}

function PayoutOverview() {
  // The month only matters to the hour; a coarse clock keeps the subscription steady.
  const now = useNow(60 * 60_000);
  const { data, error } = useTableQuery(api.adminPayouts.overview, { now });
  if (error) return <TableError what="dei pagamenti" reason={error} />;
  if (data === undefined) return <TableLoading label="Caricamento dei pagamenti" />;
  return (
    <Flex direction="column" gap="6">
      <PayoutAccounts accounts={data.accounts} />
      <FailedMoves kind="transfer" moves={data.failedTransfers} />
      <FailedMoves kind="reversal" moves={data.failedReversals} />
      <ReconciliationTable months={data.months} />
    </Flex>
  );
}

/** The states in the order an account goes through them. */
const stateOrder: PayoutAccountState[] = ["not_started", "requirements_due", "pending_verification", "enabled"];
type AccountFilter = PayoutAccountState | "all";

function PayoutAccounts({ accounts }: { accounts: PayoutAccount[] }) {
  const [filter, setFilter] = useState<AccountFilter>("all");
  const countOf = (state: PayoutAccountState) => accounts.filter((account) => account.state === state).length;
  const shown = accounts
    .filter((account) => filter === "all" || account.state === filter)
    .sort((a, b) => stateOrder.indexOf(a.state) - stateOrder.indexOf(b.state) || a.name.localeCompare(b.name, "it"));
  return (
    <section aria-labelledby="payout-accounts-heading">
      <Flex justify="between" align="center" gap="3" mb="3" wrap="wrap">
        <Heading as="h2" size="4" id="payout-accounts-heading">
          Cartomanti e pagamenti ({accounts.length})
        </Heading>
        <Flex align="center" gap="2">
          <Text size="2" color="gray" aria-hidden>
            Mostra
          </Text>
          <Select.Root value={filter} onValueChange={(value) => setFilter(value as AccountFilter)}>
            <Select.Trigger aria-label="Filtra per stato dei pagamenti" />
            <Select.Content position="popper">
              <Select.Item value="all">Tutti ({accounts.length})</Select.Item>
              {stateOrder.map((state) => (
                <Select.Item key={state} value={state}>
                  {`${payoutAccountStates[state].label} (${countOf(state)})`}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        </Flex>
      </Flex>
      {accounts.length === 0 ? (
        <TableEmpty>Nessun cartomante registrato.</TableEmpty>
      ) : shown.length === 0 ? (
        <TableEmpty>Nessun cartomante in questo stato.</TableEmpty>
      ) : (
        <Table.Root variant="surface">
          <TableCaption>Cartomanti e stato dei pagamenti</TableCaption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Nome</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Email</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Stato dei pagamenti</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Cosa chiede Stripe</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {shown.map((account) => {
              const badge = payoutAccountStates[account.state];
              const asked = requirementsInItalian(account.requirementsDue);
              return (
                <Table.Row key={account.psychicUserId}>
                  <Table.RowHeaderCell>{account.name}</Table.RowHeaderCell>
                  <Table.Cell>{account.email ?? <NotAvailable />}</Table.Cell>
                  <Table.Cell>
                    <Badge variant="soft" highContrast color={badge.color}>
                      {badge.label}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell>{asked.length > 0 ? asked.join(", ") : <NotAvailable />}</Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      )}
    </section>
  );
}

/** The words of each failed list: its title, its empty text, its button and its toasts. */
const failedKinds = {
  transfer: {
    list: "failedTransfers",
    title: "Trasferimenti non riusciti",
    empty: "Nessun trasferimento da riprovare.",
    retryLabel: (move: FailedMove) => `Riprova il trasferimento di ${formatCents(move.amountCents)} a ${move.psychicName}`,
    retried: "Trasferimento richiesto di nuovo",
    retryFailed: "Impossibile riprovare il trasferimento.",
  },
  reversal: {
    list: "failedReversals",
    title: "Storni non riusciti",
    empty: "Nessuno storno da riprovare.",
    retryLabel: (move: FailedMove) => `Riprova lo storno di ${formatCents(move.amountCents)} da ${move.psychicName}`,
    retried: "Storno richiesto di nuovo",
    retryFailed: "Impossibile riprovare lo storno.",
  },
} as const;

function FailedMoves({ kind, moves }: { kind: keyof typeof failedKinds; moves: FailedMove[] }) {
  const words = failedKinds[kind];
  const headingId = `${kind}-failed-heading`;
  const retryTransfer = useMutation(api.adminPayouts.retryTransfer).withOptimisticUpdate((store, { transferId }) =>
    dropFailedMove(store, "failedTransfers", transferId),
  );
  const retryReversal = useMutation(api.adminPayouts.retryReversal).withOptimisticUpdate((store, { reversalId }) =>
    dropFailedMove(store, "failedReversals", reversalId),
  );
  const retry = async (move: FailedMove) => {
    try {
      await (kind === "transfer" ? retryTransfer({ transferId: move.id }) : retryReversal({ reversalId: move.id }));
      toast.success(words.retried, `${move.psychicName}: lo stato si aggiorna appena Stripe risponde.`);
    } catch (failure) {
      toast.error(errorMessage(failure, words.retryFailed));
    }
  };
  return (
    <section aria-labelledby={headingId}>
      <Heading as="h2" size="4" mb="3" id={headingId}>
        {words.title} ({moves.length})
      </Heading>
      {moves.length === 0 ? (
        <TableEmpty>{words.empty}</TableEmpty>
      ) : (
        <Table.Root variant="surface">
          <TableCaption>{words.title}</TableCaption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Cartomante</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Prenotazione</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Importo</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Ultimo errore di Stripe</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Azione</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {moves.map((move) => (
              <Table.Row key={move.id}>
                <Table.RowHeaderCell>{move.psychicName}</Table.RowHeaderCell>
                <Table.Cell>
                  {/* The id Stripe has in the movement's metadata, to find it in Stripe's dashboard. */}
                  <Code variant="ghost" size="1" style={{ wordBreak: "break-all" }}>
                    {move.bookingId}
                  </Code>
                </Table.Cell>
                <Table.Cell>{formatCents(move.amountCents)}</Table.Cell>
                <Table.Cell>{move.lastError ?? <NotAvailable />}</Table.Cell>
                <Table.Cell>
                  <Button size="1" variant="soft" onClick={() => void retry(move)} aria-label={words.retryLabel(move)}>
                    <ReloadIcon /> Riprova
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </section>
  );
}
