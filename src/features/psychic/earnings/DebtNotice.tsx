// What the psychic owes back (payoutDebts:mine): a client got money back after the share had already gone
// to their bank, and Stripe takes it back from the next transfers. Nothing shows when nothing is owed.
import { Callout } from "@radix-ui/themes";
import { InfoCircledIcon } from "@radix-ui/react-icons";
import { useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { formatCents, formatRomeDate } from "@/lib/text/format";

const debtNotice = (owedCents: number, since: number) =>
  `Da restituire ${formatCents(owedCents)} (dal ${formatRomeDate(since)}): un cliente ha riavuto il pagamento di un consulto ` +
  `dopo che la tua quota era già stata versata sul tuo conto. Sarà recuperato dai prossimi trasferimenti.`;

export function DebtNotice() {
  const debt = useQuery(api.payoutDebts.mine, {});
  if (debt === undefined || debt === null) return null;
  return (
    <Callout.Root color="amber" role="status">
      <Callout.Icon>
        <InfoCircledIcon />
      </Callout.Icon>
      <Callout.Text>{debtNotice(debt.owedCents, debt.since)}</Callout.Text>
    </Callout.Root>
  );
}
