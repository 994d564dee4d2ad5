// 'Estratto conto': a month of the last twelve (Rome months, the current one first) and its statement
// as a PDF. The statement is read once (earnings:myStatement) and the PDF made in the browser by
// statementPdf.ts, whose module and jsPDF load only on the click.
import { useMemo, useState } from "react";
import { Button, Flex, Text } from "@radix-ui/themes";
import { DownloadIcon } from "@radix-ui/react-icons";
import { useConvex } from "convex/react";
import { api } from "@convex/_generated/api";
import { FailureCallout } from "@/components/form/FailureCallout";
import { toast } from "@/components/toast";
import { errorMessage } from "@/lib/text/errors";
import { useNow } from "@/lib/time/useNow";
import { MonthSelect } from "@/components/form/MonthSelect";
import { lastRomeMonths } from "@/lib/time/romeMonths";

const statementMessages = {
  month: "Mese",
  download: "Scarica PDF",
  failed: "Impossibile preparare l'estratto conto. Riprova.",
  done: "Estratto conto scaricato",
} as const;

export function StatementDownload() {
  const convex = useConvex();
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
        <MonthSelect label={statementMessages.month} months={months} value={month} onValueChange={setMonth} />
        <Button loading={pending} onClick={() => void download()}>
          <DownloadIcon aria-hidden="true" />
          {statementMessages.download}
        </Button>
      </Flex>
      <FailureCallout message={failure} />
    </Flex>
  );
}
