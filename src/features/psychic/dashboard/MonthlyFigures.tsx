// The psychic's last six Rome months (psychicMonthFigures.listMine): a table that carries every figure,
// and a bar chart of the net earnings drawn by a chart library that only this page downloads.
import { lazy, Suspense } from "react";
import { Flex, Skeleton, Table, Text, VisuallyHidden } from "@radix-ui/themes";
import { api } from "@convex/_generated/api";
import { COMMISSION_PERCENT } from "@convex/model/bookings";
import { DashboardSection, RowsSkeleton } from "@/components/dashboard/DashboardSection";
import { ErrorBoundary } from "@/components/ErrorBoundary";
import { FailureCallout } from "@/components/form/FailureCallout";
import { useKeyboardScrollable } from "@/components/useKeyboardScrollable";
import { formatCents, formatRating } from "@/lib/text/format";
import { useNow } from "@/lib/time/useNow";
import { useCachedQuery } from "@/lib/offline/useCachedQuery";
import { formatMonth } from "@/lib/time/romeMonths";
import { formatHours, type MonthRow } from "./months";


// Its own chunk: recharts and d3 are loaded when a psychic opens the dashboard, not by anyone else.
const EarningsChart = lazy(() => import("./EarningsChart"));

const figuresMessages = {
  title: "Andamento mensile",
  failed: "Impossibile caricare le statistiche.",
  chartFailed: "Impossibile mostrare il grafico. I dati sono nella tabella.",
  loading: "Caricamento delle statistiche",
} as const;

/** The section, with its own failure message: the bookings above stay usable when the figures fail. */
export function MonthlyFigures() {
  const now = useNow();
  return (
    <DashboardSection title={figuresMessages.title}>
      <ErrorBoundary fallback={<FailureCallout message={figuresMessages.failed} />}>
        <MonthlyFiguresBody now={now} />
      </ErrorBoundary>
    </DashboardSection>
  );
}

function MonthlyFiguresBody({ now }: { now: number }) {
  // Kept on the device with the rest of the dashboard: shown without a connection too.
  const { data: months } = useCachedQuery(api.psychicMonthFigures.listMine, { now });
  if (months === undefined) {
    return (
      <Flex direction="column" gap="3">
        <Skeleton height="200px" />
        <RowsSkeleton label={figuresMessages.loading} rows={3} />
      </Flex>
    );
  }
  return (
    <Flex direction="column" gap="4">
      <ErrorBoundary fallback={<FailureCallout message={figuresMessages.chartFailed} />}>
        <Suspense fallback={<Skeleton height="200px" aria-hidden="true" />}>
          <EarningsChart months={months} />
        </Suspense>
      </ErrorBoundary>
      <FiguresTable months={months} />
    </Flex>
  );
}

function FiguresTable({ months }: { months: MonthRow[] }) {
  const tableRef = useKeyboardScrollable();
  return (
    <Flex direction="column" gap="2">
      <Table.Root variant="surface" size="1" ref={tableRef}>
        <VisuallyHidden asChild>
          <caption>{`Consulti, ore, guadagni netti e valutazione media degli ultimi ${months.length} mesi`}</caption>
        </VisuallyHidden>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell scope="col">Mese</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell scope="col" justify="end">
              Consulti
            </Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell scope="col" justify="end">
              Ore
            </Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell scope="col" justify="end">
              Guadagni netti
            </Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell scope="col" justify="end">
              Valutazione media
            </Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {/* Oldest first, like the chart above it. */}
          {months.map((row) => (
            <Table.Row key={row.month}>
              <Table.RowHeaderCell scope="row">{formatMonth(row.month)}</Table.RowHeaderCell>
              <Table.Cell justify="end">{row.consultationsGiven}</Table.Cell>
              <Table.Cell justify="end">{formatHours(row.hours)}</Table.Cell>
              <Table.Cell justify="end">{formatCents(row.earningsCents)}</Table.Cell>
              <Table.Cell justify="end">
                {row.averageRating === null ? (
                  <>
                    <span aria-hidden="true">—</span>
                    <VisuallyHidden>nessuna recensione</VisuallyHidden>
                  </>
                ) : (
                  `${formatRating(row.averageRating)} (${row.ratingCount})`
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <Text size="1" color="gray">
        Guadagni: consulti tenuti e quote di annullamenti tardivi accreditati nel mese, al netto della commissione del {COMMISSION_PERCENT}% e di quanto è
        stato stornato, come in Guadagni. Tra parentesi il numero di recensioni del mese.
      </Text>
    </Flex>
  );
}
