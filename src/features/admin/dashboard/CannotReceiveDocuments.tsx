// 'Chi non può ancora ricevere documenti' in Pagamenti: the psychics whose fiscal data is missing or incomplete
// (no data, or a partita IVA without its regime), so their clients' receipts and Arcano's commission invoices
// wait for it; live from fiscalDocuments:adminCannotReceive, published profiles first. A list, not a table: what
// is missing is a phrase, and each row reads whole on a phone.
import { Badge, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { api } from "@convex/_generated/api";
import { DashboardList } from "@/components/dashboard/DashboardSection";
import { TableEmpty, TableError, TableLoading } from "./TableStates";
import { useTableQuery } from "./useTableQuery";

const cannotReceiveMessages = {
  title: "Chi non può ancora ricevere documenti",
  note: "Finché i dati fiscali mancano o sono incompleti, le ricevute ai clienti e le fatture della commissione di questi cartomanti restano in attesa: vengono emesse appena li completano in Impostazioni, alla voce «Dati fiscali (DAC7)».",
  list: "Cartomanti con dati fiscali incompleti",
  loading: "Caricamento dei cartomanti con dati fiscali incompleti",
  empty: "Tutti i cartomanti hanno dati fiscali completi.",
} as const;

export function CannotReceiveDocuments() {
  return (
    <section aria-labelledby="cannot-receive-heading">
      <Heading as="h2" size="4" mb="2" id="cannot-receive-heading">
        {cannotReceiveMessages.title}
      </Heading>
      <Text as="p" size="2" color="gray" mb="3">
        {cannotReceiveMessages.note}
      </Text>
      <PsychicsMissingData />
    </section>
  );
}

function PsychicsMissingData() {
  const { data, error } = useTableQuery(api.fiscalDocuments.adminCannotReceive, {});
  if (error) return <TableError what="dei cartomanti con dati fiscali incompleti" reason={error} />;
  if (data === undefined) return <TableLoading label={cannotReceiveMessages.loading} />;
  if (data.length === 0) return <TableEmpty>{cannotReceiveMessages.empty}</TableEmpty>;
  return (
    <DashboardList label={cannotReceiveMessages.list}>
      {data.map((psychic) => (
        <li key={psychic.psychicUserId}>
          <Card size="1">
            <Flex justify="between" align="center" gap="2" wrap="wrap">
              <Text weight="medium">{psychic.psychicName}</Text>
              <Badge variant="soft" color={psychic.published ? "green" : "gray"}>
                {psychic.published ? "Pubblicato" : "Non pubblicato"}
              </Badge>
            </Flex>
            <Text as="p" size="2" color="gray" mt="1">
              {`Da inserire: ${psychic.missing.join("; ")}.`}
            </Text>
          </Card>
        </li>
      ))}
    </DashboardList>
  );
}
