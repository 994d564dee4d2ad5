// What a psychic still has to enter before documents can carry their name (fiscalDocuments:myReadiness): until
// then no receipt goes to their clients and no commission invoice to them. On 'Guadagni' and, shorter, on the
// dashboard. Nothing while it loads, nothing once the data is complete.
import { Callout, Flex, Link, Text } from "@radix-ui/themes";
import { ExclamationTriangleIcon } from "@radix-ui/react-icons";
import { useQuery } from "convex/react";
import { Link as RouterLink } from "react-router-dom";
import { api } from "@convex/_generated/api";
import { paths } from "@/lib/paths";

const readinessMessages = {
  label: "Dati fiscali da completare",
  link: "Completa i dati fiscali",
  lead: "Per emettere le ricevute ai tuoi clienti e ricevere le fatture di Arcano mancano:",
  after: "Appena li salvi, emettiamo i documenti rimasti in attesa.",
} as const;

/** "a, b e c" */
function listWords(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} e ${words.at(-1)}`;
}

/** The amber callout with what is missing and the way to the settings; `compact` leaves out what happens after. */
export function FiscalReadinessNotice({ compact = false }: { compact?: boolean }) {
  const readiness = useQuery(api.fiscalDocuments.myReadiness, {});
  if (readiness === undefined || readiness.missing.length === 0) return null;
  return (
    <Callout.Root color="amber" highContrast role="status" aria-label={readinessMessages.label} size={compact ? "1" : "2"}>
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      <Flex direction="column" gap="1">
        <Callout.Text>
          {readinessMessages.lead} {listWords(readiness.missing)}.{compact ? null : ` ${readinessMessages.after}`}
        </Callout.Text>
        <Text as="p" weight="bold" size={compact ? "2" : "3"}>
          <Link asChild color="amber" highContrast underline="always">
            <RouterLink to={paths.psychicSettings}>{readinessMessages.link}</RouterLink>
          </Link>
        </Text>
      </Flex>
    </Callout.Root>
  );
}
