import { Flex, Table } from "@radix-ui/themes";
import { usePaginatedQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { ErrorBoundary } from "@/components/ErrorBoundary";
import { errorMessage } from "@/lib/text/errors";
import { formatCents, formatRomeDate } from "@/lib/text/format";
import { LoadMore, TableCaption, TableEmpty, TableError, TableLoading } from "./TableStates";
import { NotAvailable } from "./NotAvailable";

const PAGE_SIZE = 25;

/** Clienti, newest first, a page at a time: bookings, total spent and the last booking. */
export function ClientsTab() {
  return (
    <ErrorBoundary fallback={(error) => <TableError what="dei clienti" reason={errorMessage(error)} />}>
      <ClientsTable />
    </ErrorBoundary>
  );
}

function ClientsTable() {
  const { results, status, loadMore } = usePaginatedQuery(api.admin.listClients, {}, { initialNumItems: PAGE_SIZE });
  if (status === "LoadingFirstPage") return <TableLoading label="Caricamento dei clienti" />;
  if (results.length === 0) return <TableEmpty>Nessun cliente registrato.</TableEmpty>;
  return (
    <Flex direction="column" gap="3">
      <Table.Root variant="surface">
        <TableCaption>Clienti</TableCaption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Nome</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Email</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Prenotazioni</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Totale speso</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Ultima prenotazione</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Iscritto il</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {results.map((client) => (
            <Table.Row key={client.id}>
              <Table.RowHeaderCell>{client.fullName ?? <NotAvailable />}</Table.RowHeaderCell>
              <Table.Cell>{client.email ?? <NotAvailable />}</Table.Cell>
              <Table.Cell>{client.bookings}</Table.Cell>
              <Table.Cell>{formatCents(client.totalSpentCents)}</Table.Cell>
              <Table.Cell>{client.lastBookingStartsAt === null ? <NotAvailable /> : formatRomeDate(client.lastBookingStartsAt)}</Table.Cell>
              <Table.Cell>{formatRomeDate(client.createdAt)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <LoadMore status={status} onLoadMore={() => loadMore(PAGE_SIZE)} label="Carica altri clienti" />
    </Flex>
  );
}
