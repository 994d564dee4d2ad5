// /admin/messages: the contact inbox, newest first, live: a message sent while the page is open
// appears at once, and the counts of each filter follow every change.
import { useState } from "react";
import { Box, Button, Container, Flex, Heading, SegmentedControl, Select, Spinner, Text } from "@radix-ui/themes";
import { ArrowLeftIcon } from "@radix-ui/react-icons";
import { Link as RouterLink } from "react-router-dom";
import { EmptyNote, RowsSkeleton } from "@/components/dashboard/DashboardSection";
import { ErrorBoundary } from "@/components/ErrorBoundary";
import { FailureCallout } from "@/components/form/FailureCallout";
import { toast } from "@/components/toast";
import { CachedAt } from "@/lib/offline/CachedAt";
import { paths } from "@/lib/paths";
import { MessageCard } from "./messages/MessageCard";
import { useInboxMessages, useMessageCounts, useMessageMarks, type Filter } from "./messages/useInbox";

const filters: Array<{ value: Filter; label: string }> = [
  { value: "all", label: "Tutti" },
  { value: "unread", label: "Non letti" },
  { value: "read", label: "Letti" },
  { value: "replied", label: "Risposti" },
];

export const inboxMessages = {
  loadError: "Impossibile caricare i messaggi",
  updateError: "Impossibile aggiornare il messaggio",
  emptyAll: "Nessun messaggio trovato. Quando qualcuno scrive dal modulo di contatto, il messaggio compare qui.",
  emptyFiltered: (label: string) => `Nessun messaggio trovato con stato «${label.toLowerCase()}».`,
} as const;

/** How many messages a page of the inbox loads. */
const PAGE_SIZE = 20;

export function AdminMessagesPage() {
  const [filter, setFilter] = useState<Filter>("all");
  return (
    <Container size="3" px={{ initial: "4", sm: "5" }} py={{ initial: "6", sm: "8" }}>
      <Flex direction="column" gap="5">
        <Flex justify="between" align="end" gap="3" wrap="wrap">
          <Flex direction="column" gap="1">
            <Heading as="h1" size={{ initial: "7", sm: "8" }}>
              Messaggi di contatto
            </Heading>
            <Text color="gray">I messaggi inviati dal modulo di contatto e le segnalazioni dei clienti sui consulti, dal più recente.</Text>
          </Flex>
          <Button asChild variant="soft">
            <RouterLink to={paths.adminDashboard}>
              <ArrowLeftIcon /> Torna al pannello
            </RouterLink>
          </Button>
        </Flex>
        <ErrorBoundary fallback={<FailureCallout message={inboxMessages.loadError} />}>
          <FilterBar filter={filter} onChange={setFilter} />
          {/* One list per filter, so each keeps its own pages and loading state. */}
          <Inbox key={filter} filter={filter} />
        </ErrorBoundary>
      </Flex>
    </Container>
  );
}

function FilterBar({ filter, onChange }: { filter: Filter; onChange: (filter: Filter) => void }) {
  const counts = useMessageCounts();
  const found = counts?.[filter];
  const text = (value: Filter, label: string) => (counts ? `${label} (${counts[value]})` : label);
  const choose = (value: string) => onChange(value as Filter);
  return (
    <Flex justify="between" align="center" gap="3" wrap="wrap">
      <Box display={{ initial: "none", sm: "block" }}>
        <SegmentedControl.Root value={filter} onValueChange={choose} aria-label="Filtra per stato">
          {filters.map(({ value, label }) => (
            <SegmentedControl.Item key={value} value={value}>
              {text(value, label)}
            </SegmentedControl.Item>
          ))}
        </SegmentedControl.Root>
      </Box>
      {/* Four segments do not fit a phone's width: there the same filter is a menu. */}
      <Box display={{ initial: "block", sm: "none" }}>
        <Select.Root value={filter} onValueChange={choose}>
          <Select.Trigger aria-label="Filtra per stato" />
          <Select.Content position="popper">
            {filters.map(({ value, label }) => (
              <Select.Item key={value} value={value}>
                {text(value, label)}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      </Box>
      <Text size="2" color="gray" role="status" data-testid="messages-found">
        {found === undefined ? "Conteggio in corso…" : found === 1 ? "1 messaggio trovato" : `${found} messaggi trovati`}
      </Text>
    </Flex>
  );
}

function Inbox({ filter }: { filter: Filter }) {
  const { results, status, loadMore, savedAt } = useInboxMessages(filter, PAGE_SIZE);
  const { markRead, markReplied } = useMessageMarks();
  // The messages whose new status the server has not confirmed yet (sent when the connection is back).
  const [pending, setPending] = useState<ReadonlyMap<string, number>>(new Map());
  const count = (messageId: string, step: number) =>
    setPending((current) => new Map(current).set(messageId, (current.get(messageId) ?? 0) + step));
  const run = (messageId: string, move: Promise<null>) => {
    count(messageId, 1);
    return move.catch(() => toast.error(inboxMessages.updateError)).finally(() => count(messageId, -1));
  };

  if (status === "LoadingFirstPage") return <RowsSkeleton label="Caricamento dei messaggi" rows={3} />;
  if (results.length === 0) {
    const label = filters.find((option) => option.value === filter)?.label ?? "";
    return <EmptyNote>{filter === "all" ? inboxMessages.emptyAll : inboxMessages.emptyFiltered(label)}</EmptyNote>;
  }
  return (
    <Flex direction="column" gap="4">
      <CachedAt savedAt={savedAt} />
      <Flex direction="column" gap="3" asChild>
        <ul aria-label="Messaggi" style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {results.map((message) => (
            <li key={message.id}>
              <MessageCard
                message={message}
                onMarkRead={() => void run(message.id, markRead({ messageId: message.id }))}
                onMarkReplied={() => void run(message.id, markReplied({ messageId: message.id }))}
                pending={(pending.get(message.id) ?? 0) > 0}
              />
            </li>
          ))}
        </ul>
      </Flex>
      {status === "CanLoadMore" || status === "LoadingMore" ? (
        <Flex justify="center">
          <Button variant="soft" onClick={() => loadMore(PAGE_SIZE)} disabled={status === "LoadingMore"}>
            {status === "LoadingMore" ? <Spinner /> : null} Carica altri messaggi
          </Button>
        </Flex>
      ) : null}
    </Flex>
  );
}
