// 'Da recuperare': psychics who owe money back because a client got it back (a dispute, a refund at Stripe)
// after their share had been paid out to their bank, so Stripe refused the reversal. The server keeps one
// row per psychic (convex/lib/money/payoutDebts.ts); each new transfer to them asks the reversal again.
import { Heading, Table, Text } from "@radix-ui/themes";
import type { FunctionReturnType } from "convex/server";
import type { api } from "@convex/_generated/api";
import { ADMIN_LIMITS } from "@convex/model/admin";
import { formatCents, formatRomeDate } from "@/lib/text/format";
import { TableCaption, TableEmpty } from "./TableStates";

type Debt = FunctionReturnType<typeof api.adminPayouts.overview>["debts"][number];

export const debtWords = {
  title: "Da recuperare",
  how: "Stripe storna un trasferimento solo se l'account del cartomante ha il saldo per coprirlo: dopo il versamento settimanale lo storno resta da fare. Viene richiesto di nuovo a ogni nuovo trasferimento al cartomante, che lo ripaga; la riga scompare quando Stripe lo ha fatto.",
  empty: "Nessun cartomante deve restituire denaro.",
} as const;

export function PayoutDebts({ debts, more }: { debts: Debt[]; more: boolean }) {
  return (
    <section aria-labelledby="payout-debts-heading">
      <Heading as="h2" size="4" mb="2" id="payout-debts-heading">
        {`${debtWords.title} (${debts.length}${more ? "+" : ""})`}
      </Heading>
      <Text as="p" size="2" color="gray" mb="3">
        {debtWords.how}
        {more ? ` Qui i primi ${ADMIN_LIMITS.failedMoves}, dal più vecchio.` : ""}
      </Text>
      {debts.length === 0 ? (
        <TableEmpty>{debtWords.empty}</TableEmpty>
      ) : (
        <Table.Root variant="surface">
          <TableCaption>{debtWords.title}</TableCaption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Cartomante</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Da restituire</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Dal</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {debts.map((debt) => (
              <Table.Row key={debt.psychicUserId}>
                <Table.RowHeaderCell>{debt.psychicName}</Table.RowHeaderCell>
                <Table.Cell>{formatCents(debt.owedCents)}</Table.Cell>
                <Table.Cell>{formatRomeDate(debt.since)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </section>
  );
}
