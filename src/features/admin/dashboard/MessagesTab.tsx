import { Button, Card, Flex, Text } from "@radix-ui/themes";
import { EnvelopeClosedIcon } from "@radix-ui/react-icons";
import { Link as RouterLink } from "react-router-dom";
import { api } from "@convex/_generated/api";
import { paths } from "@/lib/paths";
import { TableError } from "./TableStates";
import { useTableQuery } from "./useTableQuery";

/** Messaggi: the way to the inbox, with the unread count kept live. */
export function MessagesTab() {
  const { data: counts, error } = useTableQuery(api.admin.messageCounts, {});
  if (error) return <TableError what="dei messaggi" reason={error} />;
  return (
    <Card size="3">
      <Flex direction="column" gap="3" align="start">
        <Text as="p" size="3" role="status" aria-live="polite">
          {counts === undefined
            ? "Conteggio dei messaggi in corso…"
            : counts.unread === 0
              ? `Nessun messaggio da leggere (${counts.all} in tutto).`
              : `${counts.unread === 1 ? "1 messaggio non letto" : `${counts.unread} messaggi non letti`} su ${counts.all}.`}
        </Text>
        <Button asChild>
          <RouterLink to={paths.adminMessages}>
            <EnvelopeClosedIcon aria-hidden /> Apri i messaggi di contatto
          </RouterLink>
        </Button>
      </Flex>
    </Card>
  );
}
