// Riconciliazione mensile: each Rome month's books (convex/model/ledger.ts, the one ledger: the overview's
// revenue and commission are the same figures), the current month first, each column's definition listed
// under the table; a month whose money does not add up to the cent is flagged, never hidden.
import { ExclamationTriangleIcon } from "@radix-ui/react-icons";
import { Badge, Callout, Flex, Heading, Table, Text } from "@radix-ui/themes";
import type { FunctionReturnType } from "convex/server";
import type { api } from "@convex/_generated/api";
import { FIGURE_DEFINITIONS } from "@convex/model/ledger";
import { useKeyboardScrollable } from "@/components/useKeyboardScrollable";
import { formatCents } from "@/lib/text/format";
import { formatMonth } from "@/lib/time/romeMonths";
import { TableCaption, TableEmpty } from "./TableStates";

type MonthBooks = FunctionReturnType<typeof api.adminPayouts.overview>["months"][number];

/** The money columns, in the order of the equation, each with what it counts. */
const columns: Array<[label: string, pick: (month: MonthBooks) => number, definition: string]> = [
  ["Incassato", (month) => month.paidCents, FIGURE_DEFINITIONS.paid],
  ["Rimborsato", (month) => month.refundedCents, FIGURE_DEFINITIONS.refunded],
  ["Rimborsi da fare", (month) => month.refundPendingCents + month.refundFailedCents, FIGURE_DEFINITIONS.refundOpen],
  ["Contestato", (month) => month.disputedCents, FIGURE_DEFINITIONS.disputed],
  ["Trasferito", (month) => month.transferredCents, FIGURE_DEFINITIONS.transferred],
  ["Stornato", (month) => month.reversedCents, FIGURE_DEFINITIONS.reversed],
  ["Da trasferire", (month) => month.owedCents, FIGURE_DEFINITIONS.owed],
  ["Commissione", (month) => month.commissionCents, FIGURE_DEFINITIONS.commission],
];

export function ReconciliationTable({ months }: { months: MonthBooks[] }) {
  // At 360 px the table scrolls sideways: its scroll area then takes keyboard focus.
  const tableRef = useKeyboardScrollable();
  const unbalanced = months.filter((month) => month.differenceCents !== 0);
  return (
    <section aria-labelledby="reconciliation-heading">
      <Heading as="h2" size="4" mb="2" id="reconciliation-heading">
        Riconciliazione mensile
      </Heading>
      <Text as="p" size="2" color="gray" mb="3">
        Per ogni mese, contando i consulti nel mese in cui sono stati pagati: incassato − rimborsato − rimborsi da fare − contestato = trasferito −
        stornato + da trasferire + commissione; la differenza deve essere zero. Commissione e ricavi sono gli stessi della Panoramica.
      </Text>
      {unbalanced.length > 0 ? (
        <Callout.Root color="red" role="alert" mb="3">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>
            I conti non tornano in{" "}
            {unbalanced.map((month) => `${formatMonth(month.month)} (differenza di ${formatCents(month.differenceCents)})`).join(", ")}: controlla
            trasferimenti, storni e rimborsi di quei mesi.
          </Callout.Text>
        </Callout.Root>
      ) : null}
      {months.length === 0 ? (
        <TableEmpty>Nessun mese da riconciliare.</TableEmpty>
      ) : (
        <Table.Root variant="surface" ref={tableRef}>
          <TableCaption>Riconciliazione mensile</TableCaption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Mese</Table.ColumnHeaderCell>
              {columns.map(([label]) => (
                <Table.ColumnHeaderCell key={label} justify="end">
                  {label}
                </Table.ColumnHeaderCell>
              ))}
              <Table.ColumnHeaderCell justify="end">Differenza</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {months.map((month) => (
              <Table.Row key={month.month}>
                <Table.RowHeaderCell>
                  <Flex direction="column" gap="1">
                    <Text style={{ whiteSpace: "nowrap" }}>{formatMonth(month.month)}</Text>
                    {month.complete ? null : (
                      <Text size="1" color="amber">
                        Totali parziali: il mese ha più consulti pagati di quanti ne sono stati letti.
                      </Text>
                    )}
                  </Flex>
                </Table.RowHeaderCell>
                {columns.map(([label, pick]) => (
                  <Table.Cell key={label} justify="end" style={{ whiteSpace: "nowrap" }}>
                    {formatCents(pick(month))}
                    {label === "Rimborsi da fare" && month.refundFailedCents > 0 ? (
                      <Text as="div" size="1" color="red">
                        di cui non riusciti {formatCents(month.refundFailedCents)}
                      </Text>
                    ) : null}
                  </Table.Cell>
                ))}
                <Table.Cell justify="end" style={{ whiteSpace: "nowrap" }}>
                  {month.differenceCents === 0 ? (
                    <Text color="gray">{formatCents(0)}</Text>
                  ) : (
                    <Badge color="red" variant="solid">
                      Differenza {formatCents(month.differenceCents)}
                    </Badge>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
      <dl aria-label="Come si contano le colonne" style={{ margin: "var(--space-3) 0 0" }}>
        {columns.map(([label, , definition]) => (
          <Text as="div" size="1" color="gray" key={label}>
            <dt style={{ display: "inline", fontWeight: 500 }}>{label}:</dt> <dd style={{ display: "inline", margin: 0 }}>{definition}</dd>
          </Text>
        ))}
      </dl>
    </section>
  );
}
