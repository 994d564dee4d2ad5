// 'Cartomanti e pagamenti': every psychic with the state of their Stripe account, newest first, a page at
// a time, or only those in one state (the server is adminPayouts:listAccounts); for an account not yet
// enabled, what waits for the psychic and the reminder to finish the onboarding.
import { useState } from "react";
import { Badge, Flex, Heading, Select, Table, Text } from "@radix-ui/themes";
import { usePaginatedQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import type { PayoutAccountState } from "@convex/model/payouts";
import { ErrorBoundary } from "@/components/ErrorBoundary";
import { errorMessage } from "@/lib/text/errors";
import { formatCents } from "@/lib/text/format";
import { requirementsInItalian } from "@/lib/text/payoutRequirements";
import { payoutAccountStates } from "@/lib/text/states";
import { LoadMore, TableCaption, TableEmpty, TableError, TableLoading } from "./TableStates";
import { NotAvailable } from "./NotAvailable";
import { OnboardingReminder } from "./OnboardingReminder";

const PAGE_SIZE = 25;

/** The states in the order an account goes through them. */
const stateOrder: PayoutAccountState[] = ["not_started", "requirements_due", "pending_verification", "enabled"];
type AccountFilter = PayoutAccountState | "all";

export function PayoutAccounts() {
  const [filter, setFilter] = useState<AccountFilter>("all");
  return (
    <section aria-labelledby="payout-accounts-heading">
      <Flex justify="between" align="center" gap="3" mb="3" wrap="wrap">
        <Heading as="h2" size="4" id="payout-accounts-heading">
          Cartomanti e pagamenti
        </Heading>
        <Flex align="center" gap="2">
          <Text size="2" color="gray" aria-hidden>
            Mostra
          </Text>
          <Select.Root value={filter} onValueChange={(value) => setFilter(value as AccountFilter)}>
            <Select.Trigger aria-label="Filtra per stato dei pagamenti" />
            <Select.Content position="popper">
              <Select.Item value="all">Tutti</Select.Item>
              {stateOrder.map((state) => (
                <Select.Item key={state} value={state}>
                  {payoutAccountStates[state].label}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        </Flex>
      </Flex>
      {/* Another filter starts again, a failed one included. */}
      <ErrorBoundary key={filter} fallback={(error) => <TableError what="dei cartomanti" reason={errorMessage(error)} />}>
        <AccountsTable filter={filter} />
      </ErrorBoundary>
    </section>
  );
}

function AccountsTable({ filter }: { filter: AccountFilter }) {
  const { results, status, loadMore } = usePaginatedQuery(api.adminPayouts.listAccounts, filter === "all" ? {} : { state: filter }, {
    initialNumItems: PAGE_SIZE,
  });
  if (status === "LoadingFirstPage") return <TableLoading label="Caricamento dei cartomanti" />;
  const more = <LoadMore status={status} onLoadMore={() => loadMore(PAGE_SIZE)} label="Carica altri cartomanti" />;
  if (results.length === 0) {
    return (
      <Flex direction="column" gap="3">
        <TableEmpty>{filter === "all" ? "Nessun cartomante registrato." : "Nessun cartomante in questo stato."}</TableEmpty>
        {more}
      </Flex>
    );
  }
  return (
    <Flex direction="column" gap="3">
      <Table.Root variant="surface">
        <TableCaption>Cartomanti e stato dei pagamenti</TableCaption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Nome</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Email</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Stato dei pagamenti</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Cosa chiede Stripe</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>In attesa di attivazione</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Promemoria</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {results.map((account) => {
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
                {/* The shares owed that wait for the account ('In attesa di attivazione pagamenti'). */}
                <Table.Cell>
                  {account.state === "enabled" ? <NotAvailable /> : `${account.owedAtLeast ? "oltre " : ""}${formatCents(account.owedCents)}`}
                </Table.Cell>
                <Table.Cell>
                  {account.state === "enabled" ? (
                    <NotAvailable />
                  ) : (
                    <OnboardingReminder psychicUserId={account.psychicUserId} name={account.name} nextReminderAt={account.nextReminderAt} />
                  )}
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
      {more}
    </Flex>
  );
}
