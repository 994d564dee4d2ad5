// /admin-dashboard (admins only, the route guard sends anyone else home): the platform's figures,
// accounts, psychics with their review queue, clients, bookings, payments, the inbox's count and the switches.
// Every tab is live; the chosen tab is in the address (?tab=), so a reload or a shared link keeps it.
import { Badge, Box, Container, Flex, Heading, Tabs, Text } from "@radix-ui/themes";
import { useSearchParams } from "react-router-dom";
import { api } from "@convex/_generated/api";
import { ErrorBoundary } from "@/components/ErrorBoundary";
import { FailureCallout } from "@/components/form/FailureCallout";
import { BookingsTab } from "./dashboard/BookingsTab";
import { ClientsTab } from "./dashboard/ClientsTab";
import { MessagesTab } from "./dashboard/MessagesTab";
import { OverviewTab } from "./dashboard/OverviewTab";
import { PaymentsTab } from "./dashboard/PaymentsTab";
import { PsychicsTab } from "./dashboard/PsychicsTab";
import { SettingsTab } from "./dashboard/SettingsTab";
import { UsersTab } from "./dashboard/UsersTab";
import { useTableQuery } from "./dashboard/useTableQuery";

const tabs = [
  { value: "panoramica", label: "Panoramica", Panel: OverviewTab },
  { value: "utenti", label: "Utenti", Panel: UsersTab },
  { value: "cartomanti", label: "Cartomanti", Panel: PsychicsTab },
  { value: "clienti", label: "Clienti", Panel: ClientsTab },
  { value: "prenotazioni", label: "Prenotazioni", Panel: BookingsTab },
  { value: "pagamenti", label: "Pagamenti", Panel: PaymentsTab },
  { value: "messaggi", label: "Messaggi", Panel: MessagesTab },
  { value: "impostazioni", label: "Impostazioni", Panel: SettingsTab },
] as const;
type TabValue = (typeof tabs)[number]["value"];

const isTab = (value: string | null): value is TabValue => tabs.some((tab) => tab.value === value);

export function AdminDashboardPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const current: TabValue = isTab(requested) ? requested : "panoramica";
  return (
    <Container size="4" px={{ initial: "4", sm: "5" }} py={{ initial: "6", sm: "8" }}>
      <Flex direction="column" gap="5">
        <Flex direction="column" gap="1">
          <Heading as="h1" size={{ initial: "7", sm: "8" }}>
            Pannello di amministrazione
          </Heading>
          <Text color="gray">Statistiche della piattaforma, utenti, cartomanti, clienti, prenotazioni, pagamenti, messaggi e impostazioni.</Text>
        </Flex>
        <Tabs.Root value={current} onValueChange={(value) => setParams({ tab: value }, { replace: true })}>
          <Box style={{ overflowX: "auto" }}>
            <Tabs.List aria-label="Sezioni del pannello">
              {tabs.map((tab) => (
                <Tabs.Trigger key={tab.value} value={tab.value}>
                  {tab.label}
                  {tab.value === "messaggi" ? <UnreadCount /> : null}
                  {tab.value === "cartomanti" ? <ReviewQueueCount /> : null}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
          </Box>
          {tabs.map(({ value, Panel }) => (
            <Tabs.Content key={value} value={value}>
              <Box pt="5">
                <ErrorBoundary fallback={<FailureCallout message="Impossibile caricare le statistiche." />}>
                  <Panel />
                </ErrorBoundary>
              </Box>
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </Flex>
    </Container>
  );
}

/** The tab's own live count of unread messages (a failed read shows no badge; the tab says why). */
function UnreadCount() {
  const unread = useTableQuery(api.admin.unreadMessageCount, {}).data;
  if (!unread) return null;
  return (
    <Badge color="red" variant="solid" radius="full" ml="2" aria-label={`${unread} non letti`}>
      {unread}
    </Badge>
  );
}

/** How many profiles wait for approval, on the psychics' tab: the first page opens with the whole queue. */
function ReviewQueueCount() {
  const { data } = useTableQuery(api.admin.listPsychics, { paginationOpts: { numItems: 1, cursor: null } });
  const waiting = data?.page.filter((psychic) => psychic.inReview !== null).length ?? 0;
  if (waiting === 0) return null;
  return (
    <Badge color="amber" variant="solid" radius="full" ml="2" aria-label={`${waiting} da approvare`}>
      {waiting}
    </Badge>
  );
}
