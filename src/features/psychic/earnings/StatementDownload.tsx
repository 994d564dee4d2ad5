// 'Estratto conto': a month of the last twelve (Rome months, the current one first) and its statement
// as a PDF. The statement is read once (earnings:myStatement) and the PDF made in the browser by
// statementPdf.ts, whose module and jsPDF load only on the click.
import { useId, useMemo, useState } from "react";
import { Button, Flex, Select, Text } from "@radix-ui/themes";
import { DownloadIcon } from "@radix-ui/react-icons";
import { useConvex } from "convex/react";
import { api } from "@convex/_generated/api";
import { FailureCallout } from "@/components/form/FailureCallout";
import { toast } from "@/components/toast";
import { errorMessage } from "@/lib/text/errors";
import { useNow } from "@/lib/time/useNow";
import { formatMonth } from "../dashboard/months";
import { lastRomeMonths } from "./statementMonths";

const statementMessages = {
  month: "Mese",
  download: "Scarica PDF",
  failed: "Impossibile preparare l'estratto conto. Riprova.",
  done: "Estratto conto scaricato",
} as const;

export function StatementDownload() {
  const convex = useConvex();
  const monthId = useId();
  const now = useNow();
  const months = useMemo(() => lastRomeMonths(now), [now]);
  const [month, setMonth] = useState(months[0]!);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const download = async () => {
    setPending(true);
    setFailure(null);
    try {
      const [statement, pdf] = await Promise.all([convex.query(api.earnings.myStatement, { month }), import("./statementPdf")]);
      pdf.downloadStatementPdf(statement);
      toast.success(statementMessages.done, pdf.statementFileName(month));
    } catch (error) {
      setFailure(errorMessage(error, statementMessages.failed));
    } finally {
      setPending(false);
    }
  };

  return (
    <Flex direction="column" gap="3" align="start">
      <Text as="p" size="2" color="gray">
        I consulti del mese con lordo, commissione (e l&apos;IVA che comprende) e netto, i trasferimenti sul tuo account Stripe e i versamenti sul tuo
        conto.
      </Text>
      <Flex gap="3" align="end" wrap="wrap">
        <Flex direction="column" gap="1">
          <Text as="label" htmlFor={monthId} size="2" weight="medium">
            {statementMessages.month}
          </Text>
          <Select.Root value={month} onValueChange={setMonth}>
            <Select.Trigger id={monthId} style={{ minWidth: "12rem" }} />
            <Select.Content position="popper">
              {months.map((option) => (
                <Select.Item key={option} value={option}>
                  {formatMonth(option)}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        </Flex>
        <Button loading={pending} onClick={() => void download()}>
          <DownloadIcon aria-hidden="true" />
          {statementMessages.download}
        </Button>
      </Flex>
      <FailureCallout message={failure} />
    </Flex>
  );
}
