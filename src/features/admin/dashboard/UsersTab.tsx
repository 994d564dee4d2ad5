import { useDeferredValue, useState } from "react";
import { Badge, Flex, Table, Text, TextField } from "@radix-ui/themes";
import { MagnifyingGlassIcon } from "@radix-ui/react-icons";
import { usePaginatedQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { ErrorBoundary } from "@/components/ErrorBoundary";
import { errorMessage } from "@/lib/text/errors";
import { formatRating, formatRomeDate } from "@/lib/text/format";
import { accountKinds } from "@/lib/text/states";
import { StatusBadge } from "./StatusBadge";
import { LoadMore, TableCaption, TableEmpty, TableError, TableLoading } from "./TableStates";
import { publicLabel } from "./publicLabel";
import { NotAvailable } from "./NotAvailable";

const SEARCH_MAX = 100;
/** The spec's 50 newest accounts on the first page. */
const PAGE_SIZE = 50;

/**
 * Utenti, a page at a time: every account newest first, or those whose email, name or surname starts
 * with the search, at any age.
 */
export function UsersTab() {
  const [search, setSearch] = useState("");
  // Typing stays responsive; the query follows the deferred text.
  const deferred = useDeferredValue(search.trim());
  return (
    <Flex direction="column" gap="3">
      <Flex direction="column" gap="1" maxWidth="420px">
        <Text as="label" htmlFor="admin-user-search" size="2" weight="medium">
          Cerca per nome o email
        </Text>
        <TextField.Root
          id="admin-user-search"
          type="search"
          value={search}
          maxLength={SEARCH_MAX}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="es. maria@esempio.it"
        >
          <TextField.Slot>
            <MagnifyingGlassIcon />
          </TextField.Slot>
        </TextField.Root>
      </Flex>
      {/* A new search starts again, a failed one included. */}
      <ErrorBoundary key={deferred} fallback={(error) => <TableError what="degli utenti" reason={errorMessage(error)} />}>
        <UsersTable search={deferred} />
      </ErrorBoundary>
    </Flex>
  );
}

function UsersTable({ search }: { search: string }) {
  const { results, status, loadMore } = usePaginatedQuery(api.admin.listUsers, search ? { search } : {}, { initialNumItems: PAGE_SIZE });
  if (status === "LoadingFirstPage") return <TableLoading label="Caricamento degli utenti" />;
  const more = <LoadMore status={status} onLoadMore={() => loadMore(PAGE_SIZE)} label="Carica altri utenti" />;
  if (results.length === 0) {
    return (
      <Flex direction="column" gap="3">
        <TableEmpty>{search ? `Nessun utente trovato per «${search}».` : "Nessun utente registrato."}</TableEmpty>
        {more}
      </Flex>
    );
  }
  return (
    <Flex direction="column" gap="3">
      <Table.Root variant="surface">
        <TableCaption>Utenti</TableCaption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Nome</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Email</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Tipo</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Nome da cartomante</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Stato</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Visibile</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Valutazione</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Consulti</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Iscritto il</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {results.map((user) => (
            <Table.Row key={user.id}>
              <Table.RowHeaderCell>{user.fullName ?? <NotAvailable />}</Table.RowHeaderCell>
              <Table.Cell>{user.email ?? <NotAvailable />}</Table.Cell>
              <Table.Cell>
                <Badge variant="soft" highContrast color={accountKinds[user.accountType ?? "staff"].color}>
                  {accountKinds[user.accountType ?? "staff"].label}
                </Badge>
              </Table.Cell>
              <Table.Cell>{user.psychicName ?? <NotAvailable />}</Table.Cell>
              <Table.Cell>
                <StatusBadge status={user.profileStatus} />
              </Table.Cell>
              <Table.Cell>
                {user.isPubliclyVisible === null || user.profileStatus === null ? (
                  <NotAvailable />
                ) : (
                  publicLabel({ isPubliclyVisible: user.isPubliclyVisible, profileStatus: user.profileStatus, isSuspended: user.isSuspended === true })
                )}
              </Table.Cell>
              <Table.Cell>{user.rating === null ? <NotAvailable /> : formatRating(user.rating)}</Table.Cell>
              <Table.Cell>{user.consultations}</Table.Cell>
              <Table.Cell>{formatRomeDate(user.createdAt)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {more}
    </Flex>
  );
}
