// 'Fatture della commissione' in Pagamenti: the invoices (and credit notes) Arcano issued to the psychics for a
// month's commission, live from fiscalDocuments:adminMonth, a warning while the platform's own fiscal data is
// not set, and the month's zip for the accountant: every FatturaPA XML with a PDF copy of each, made in the
// browser (the files read once per click from adminMonthFiles; jsPDF and the PDF module load only then).
// docs/product-rules.md, "Fiscal documents".
import { useState } from "react";
import { DownloadIcon, ExclamationTriangleIcon } from "@radix-ui/react-icons";
import { Button, Callout, Flex, Heading, Table, Text } from "@radix-ui/themes";
import type { FunctionReturnType } from "convex/server";
import { useConvex } from "convex/react";
import { api } from "@convex/_generated/api";
import { saveFile } from "@/lib/browser/saveFile";
import { toast } from "@/components/toast";
import { zipFiles } from "@/lib/browser/zipFiles";
import { errorMessage } from "@/lib/text/errors";
import { formatNumericDate } from "@/lib/text/format";
import { MonthSelect } from "@/components/form/MonthSelect";
import { documentKindWords, signedAmount } from "@/components/fiscal/documentWords";
import { useKeyboardScrollable } from "@/components/useKeyboardScrollable";
import { formatMonth, lastRomeMonths } from "@/lib/time/romeMonths";
import { TableCaption, TableEmpty, TableError, TableLoading } from "./TableStates";
import { useTableQuery } from "./useTableQuery";

type DocumentRow = FunctionReturnType<typeof api.fiscalDocuments.adminMonth>["documents"][number];

const invoiceMessages = {
  title: "Fatture della commissione",
  month: "Mese",
  download: "Scarica lo zip del mese",
  preparing: "Preparazione...",
  loading: "Caricamento delle fatture della commissione",
  empty: "Nessuna fattura emessa per questo mese.",
  platformNotReady:
    "Mancano i dati fiscali di Arcano (PLATFORM_COMPANY_NAME, PLATFORM_VAT_NUMBER, PLATFORM_STREET, PLATFORM_POSTCODE, PLATFORM_TOWN): le fatture della commissione non vengono emesse finché non sono impostati.",
  downloaded: "Zip scaricato",
  nothingToZip: "Nessun file da scaricare",
  nothingToZipDetail: "Per questo mese non c'è ancora nessuna fattura elettronica.",
  failed: "Impossibile preparare lo zip delle fatture.",
} as const;

/** How many ended months the picker offers. */
const MONTHS_OFFERED = 12;

/** `fatture-commissione-2026-11.zip` */
const zipFileName = (month: string) => `fatture-commissione-${month}.zip`;

export function CommissionInvoices() {
  const convex = useConvex();
  const [months] = useState(() => lastRomeMonths(Date.now(), MONTHS_OFFERED, { ended: true }));
  const [month, setMonth] = useState(months[0]!);
  const [pending, setPending] = useState(false);

  const download = async () => {
    setPending(true);
    try {
      const [files, pdf] = await Promise.all([
        convex.query(api.fiscalDocuments.adminMonthFiles, { month }),
        import("@/components/fiscal/documentPdf"),
      ]);
      if (files.length === 0) {
        toast.info(invoiceMessages.nothingToZip, invoiceMessages.nothingToZipDetail);
        return;
      }
      const encoder = new TextEncoder();
      // Each invoice's XML (the fiscal original) and beside it its PDF copy.
      const zip = zipFiles(
        files.flatMap((file) => [
          { name: file.xmlFileName, bytes: encoder.encode(file.xml) },
          { name: file.pdfFileName, bytes: pdf.documentPdfBytes(file) },
        ]),
      );
      saveFile(zipFileName(month), new Blob([zip], { type: "application/zip" }));
      toast.success(invoiceMessages.downloaded, `${zipFileName(month)}: ${files.length === 1 ? "1 documento" : `${files.length} documenti`}.`);
    } catch (failure) {
      toast.error(errorMessage(failure, invoiceMessages.failed));
    } finally {
      setPending(false);
    }
  };

  return (
    <section aria-labelledby="commission-invoices-heading">
      <Heading as="h2" size="4" mb="2" id="commission-invoices-heading">
        {invoiceMessages.title}
      </Heading>
      <Text as="p" size="2" color="gray" mb="3">
        All&apos;inizio di ogni mese Arcano emette a ogni cartomante la fattura elettronica della commissione trattenuta sui consulti del mese
        prima; i rimborsi successivi la rettificano con una nota di credito. Lo zip contiene i file XML e una copia PDF di ciascuno.
      </Text>
      <Flex align="end" gap="3" wrap="wrap" mb="3">
        <MonthSelect label={invoiceMessages.month} months={months} value={month} onValueChange={setMonth} />
        <Button onClick={() => void download()} disabled={pending}>
          <DownloadIcon aria-hidden="true" /> {pending ? invoiceMessages.preparing : invoiceMessages.download}
        </Button>
      </Flex>
      <MonthDocuments month={month} />
    </section>
  );
}

function MonthDocuments({ month }: { month: string }) {
  const { data, error } = useTableQuery(api.fiscalDocuments.adminMonth, { month });
  if (error) return <TableError what="delle fatture della commissione" reason={error} />;
  if (data === undefined) return <TableLoading label={invoiceMessages.loading} />;
  return (
    <Flex direction="column" gap="3">
      {data.platformReady ? null : (
        <Callout.Root color="amber">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>{invoiceMessages.platformNotReady}</Callout.Text>
        </Callout.Root>
      )}
      {data.documents.length === 0 ? (
        <TableEmpty>{invoiceMessages.empty}</TableEmpty>
      ) : (
        <DocumentsTable month={month} rows={data.documents} />
      )}
    </Flex>
  );
}

/** The month's documents; mounted with its rows, so its scroll area is there when the hook looks for it. */
function DocumentsTable({ month, rows }: { month: string; rows: DocumentRow[] }) {
  // At 360 px the table scrolls sideways: its scroll area then takes keyboard focus.
  const tableRef = useKeyboardScrollable();
  return (
    <Table.Root variant="surface" ref={tableRef}>
      <TableCaption>{`${invoiceMessages.title} di ${formatMonth(month)}`}</TableCaption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Numero</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Data</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Cartomante</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Tipo</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Importo</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((row) => (
          <Table.Row key={row._id}>
            <Table.RowHeaderCell style={{ whiteSpace: "nowrap" }}>{row.number}</Table.RowHeaderCell>
            <Table.Cell>{formatNumericDate(row.date)}</Table.Cell>
            <Table.Cell>{row.recipientName}</Table.Cell>
            <Table.Cell>{documentKindWords[row.kind]}</Table.Cell>
            <Table.Cell style={{ whiteSpace: "nowrap" }}>{signedAmount(row)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
