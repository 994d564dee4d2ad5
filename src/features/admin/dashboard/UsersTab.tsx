import { useDeferredValue, useState } from "react";
import { Badge, Flex, Table, Text, TextField } from "@radix-ui/themes";
import { MagnifyingGlassIcon } from "@radix-ui/react-icons";
import { api } from "@convex/_generated/api";
import { formatRating, formatRomeDate } from "@/lib/format";
import { accountKinds } from "@/lib/states";
import { StatusBadge } from "./StatusBadge";
import { TableCaption, TableEmpty, TableError, TableLoading } from "./TableStates";
import { useTableQuery } from "./useTableQuery";
import { NotAvailable } from "./NotAvailable";

const SEARCH_MAX = 100;

/** Utenti: the 50 newest accounts, or those whose name or email holds the search. */
export function UsersTab() {
  const [search, setSearch] = useState("");
  // Typing stays responsive; the query follows the deferred text.
  const deferred = useDeferredValue(search.trim());
  const { data: users, error } = useTableQuery(api.admin.listUsers, deferred ? { search: deferred } : {});
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
      {error ? (
        <TableError what="degli utenti" reason={error} />
      ) : users === undefined ? (
        <TableLoading label="Caricamento degli utenti" />
      ) : users.length === 0 ? (
        <TableEmpty>{deferred ? `Nessun utente trovato per «${deferred}».` : "Nessun utente registrato."}</TableEmpty>
      ) : (
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
            {users.map((user) => (
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
                  {user.isPubliclyVisible === null ? <NotAvailable /> : user.isSuspended ? "No, sospeso" : user.isPubliclyVisible ? "Sì" : "No"}
                </Table.Cell>
                <Table.Cell>{user.rating === null ? <NotAvailable /> : formatRating(user.rating)}</Table.Cell>
                <Table.Cell>{user.consultations}</Table.Cell>
                <Table.Cell>{formatRomeDate(user.createdAt)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Flex>
  );
}
