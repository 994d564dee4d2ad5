// Pagamenti: the psychics by the state of their Stripe account, the transfers and reversals Stripe kept
// refusing (with 'Riprova'), each month's books reconciled to the cent, the yearly DAC7 report, the month's
// commission invoices and who cannot receive fiscal documents yet.
// docs/product-rules.md, "Payouts" and "Fiscal documents"; the servers are convex/adminPayouts.ts and convex/fiscalDocuments.ts.
import { Button, Code, Flex, Heading, Table, Text } from "@radix-ui/themes";
import { ReloadIcon } from "@radix-ui/react-icons";
import { useMutation } from "convex/react";
import type { OptimisticLocalStore } from "convex/browser";
import type { FunctionReturnType } from "convex/server";
import { api } from "@convex/_generated/api";
import { ADMIN_LIMITS } from "@convex/model/admin";
import { toast } from "@/components/toast";
import { errorMessage } from "@/lib/text/errors";
import { formatCents } from "@/lib/text/format";
import { useNow } from "@/lib/time/useNow";
import { CannotReceiveDocuments } from "./CannotReceiveDocuments";
import { CommissionInvoices } from "./CommissionInvoices";
import { Dac7Download } from "./Dac7Download";
import { PayoutAccounts } from "./PayoutAccounts";
import { PayoutDebts } from "./PayoutDebts";
import { ReconciliationTable } from "./ReconciliationTable";
import { TableCaption, TableEmpty, TableError, TableLoading } from "./TableStates";
import { useTableQuery } from "./useTableQuery";
import { NotAvailable } from "./NotAvailable";

type Overview = FunctionReturnType<typeof api.adminPayouts.overview>;
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
      <PayoutAccounts />
      <PayoutOverview />
      <Dac7Download />
      <CommissionInvoices />
      <CannotReceiveDocuments />
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
      <FailedMoves kind="transfer" moves={data.failedTransfers} more={data.moreFailedTransfers} />
      <FailedMoves kind="reversal" moves={data.failedReversals} more={data.moreFailedReversals} />
      <PayoutDebts debts={data.debts} more={data.moreDebts} />
      <ReconciliationTable months={data.months} />
    </Flex>
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

function FailedMoves({ kind, moves, more }: { kind: keyof typeof failedKinds; moves: FailedMove[]; more: boolean }) {
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
        {`${words.title} (${moves.length}${more ? "+" : ""})`}
      </Heading>
      {more ? (
        <Text as="p" size="2" color="gray" mb="3">
          {`Qui i primi ${ADMIN_LIMITS.failedMoves}, dal più vecchio: gli altri compaiono man mano che questi vengono riprovati.`}
        </Text>
      ) : null}
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
