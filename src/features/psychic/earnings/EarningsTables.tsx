// 'Guadagni''s two lists, live: each consultation's share with where its transfer is (a transfer made
// while the page is open shows at once), and Stripe's payouts of the psychic's account to their bank.
import { Badge, Flex, Table, Text, VisuallyHidden } from "@radix-ui/themes";
import { COMMISSION_PERCENT } from "@convex/model/bookings";
import { EmptyNote, RowsSkeleton } from "@/components/dashboard/DashboardSection";
import { useKeyboardScrollable } from "@/components/useKeyboardScrollable";
import { formatCents, formatMinutes, formatNumericDate, formatRomeDate } from "@/lib/text/format";
import { payoutStatuses, shareReasons } from "@/lib/text/states";
import { shareStateBadge } from "./shareState";
import { useMyEarnings, useMyPayouts, type EarningRow, type PayoutRow } from "./useEarnings";

const earningsMessages = {
  loadingEarnings: "Caricamento dei guadagni",
  noEarnings: "Nessun guadagno ancora. Dopo ogni consulto svolto trovi qui quanto ha pagato il cliente, la commissione e quanto ricevi tu.",
  earningsCaption: "Guadagni di ogni consulto, dal più recente",
  loadingPayouts: "Caricamento dei versamenti",
  noPayouts: "Nessun versamento ancora. Stripe versa sul tuo conto i guadagni disponibili ogni lunedì.",
  payoutsCaption: "Versamenti di Stripe sul tuo conto, dal più recente",
} as const;

const amountHeaders = ["Lordo", `Commissione ${COMMISSION_PERCENT} %`, "Netto"] as const;

export function EarningsTable() {
  const earnings = useMyEarnings().data;
  if (earnings === undefined) return <RowsSkeleton label={earningsMessages.loadingEarnings} rows={3} />;
  if (earnings.length === 0) return <EmptyNote>{earningsMessages.noEarnings}</EmptyNote>;
  return <EarningsRows earnings={earnings} />;
}

function EarningsRows({ earnings }: { earnings: EarningRow[] }) {
  // Mounted with the table, so the hook finds its scroll area.
  const tableRef = useKeyboardScrollable();
  return (
    <Flex direction="column" gap="2">
      <Table.Root variant="surface" size="1" ref={tableRef}>
        <VisuallyHidden asChild>
          <caption>{earningsMessages.earningsCaption}</caption>
        </VisuallyHidden>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell scope="col">Data e ora</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell scope="col">Durata</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell scope="col">Tipo</Table.ColumnHeaderCell>
            {amountHeaders.map((header) => (
              <Table.ColumnHeaderCell key={header} scope="col" justify="end">
                {header}
              </Table.ColumnHeaderCell>
            ))}
            <Table.ColumnHeaderCell scope="col">Stato</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {earnings.map((row) => {
            const badge = shareStateBadge(row);
            return (
              <Table.Row key={`${row.bookingId}-${row.reason}`}>
                <Table.RowHeaderCell scope="row">{`${formatNumericDate(row.scheduledDate)}, ${row.scheduledTime}`}</Table.RowHeaderCell>
                <Table.Cell>{formatMinutes(row.durationMinutes)}</Table.Cell>
                <Table.Cell>{shareReasons[row.reason]}</Table.Cell>
                <Table.Cell justify="end">{formatCents(row.grossCents)}</Table.Cell>
                <Table.Cell justify="end">{formatCents(row.commissionCents)}</Table.Cell>
                <Table.Cell justify="end">{formatCents(row.netCents)}</Table.Cell>
                <Table.Cell>
                  <Badge color={badge.color}>{badge.label}</Badge>
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
      <Text size="1" color="gray">
        Il netto è il lordo meno la commissione della piattaforma del {COMMISSION_PERCENT} % (IVA inclusa), e meno quanto è stato stornato se il
        cliente ha avuto indietro del denaro dopo il consulto. Un annullamento con trattenuta è la parte del prezzo che il cliente non ha recuperato
        annullando tardi: la ricevi anche tu, al netto della commissione. Ogni quota conta nel mese in cui ti è stata accreditata: alla fine del consulto, o quando lo segni come tenuto, o per un annullamento quando sarebbe finito.
      </Text>
    </Flex>
  );
}

export function PayoutsTable() {
  const payouts = useMyPayouts().data;
  if (payouts === undefined) return <RowsSkeleton label={earningsMessages.loadingPayouts} rows={1} />;
  if (payouts.length === 0) return <EmptyNote>{earningsMessages.noPayouts}</EmptyNote>;
  return <PayoutRows payouts={payouts} />;
}

function PayoutRows({ payouts }: { payouts: PayoutRow[] }) {
  const tableRef = useKeyboardScrollable();
  return (
    <Table.Root variant="surface" size="1" ref={tableRef}>
      <VisuallyHidden asChild>
        <caption>{earningsMessages.payoutsCaption}</caption>
      </VisuallyHidden>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell scope="col">Data di accredito</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell scope="col" justify="end">
            Importo
          </Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell scope="col">Stato</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {payouts.map((payout) => {
          const badge = payoutStatuses[payout.status];
          return (
            <Table.Row key={payout.stripePayoutId}>
              <Table.RowHeaderCell scope="row">{formatRomeDate(payout.arrivalDate)}</Table.RowHeaderCell>
              <Table.Cell justify="end">{formatCents(payout.amountCents)}</Table.Cell>
              <Table.Cell>
                <Badge color={badge.color}>{badge.label}</Badge>
              </Table.Cell>
            </Table.Row>
          );
        })}
      </Table.Body>
    </Table.Root>
  );
}
