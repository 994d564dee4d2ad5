// 'Documenti fiscali' on 'Guadagni': what keeps documents from being issued (when something does), the
// receipts the psychic issued to clients with their credit notes, and Arcano's monthly commission invoices to
// the psychic with theirs (PDF copy and the FatturaPA XML). One live read of fiscalDocuments:listMine feeds both
// lists; each document is read only when downloaded. Cards, not tables: a row reads whole on a phone.
import { useState, type ReactNode } from "react";
import { Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { api } from "@convex/_generated/api";
import { DashboardList, EmptyNote, RowsSkeleton } from "@/components/dashboard/DashboardSection";
import { formatNumericDate } from "@/lib/text/format";
import { DocumentPdfButton, DocumentXmlButton } from "@/components/fiscal/DocumentDownloads";
import { signedAmount } from "@/components/fiscal/documentWords";
import { FiscalReadinessNotice } from "./FiscalReadinessNotice";
import { formatMonth } from "@/lib/time/romeMonths";

type DocumentRow = FunctionReturnType<typeof api.fiscalDocuments.listMine>[number];

const fiscalMessages = {
  receipts: "Ricevute ai clienti",
  invoices: "Fatture di Arcano",
  loadingReceipts: "Caricamento delle ricevute",
  loadingInvoices: "Caricamento delle fatture",
  noReceipts: "Nessuna ricevuta ancora: la prima arriva dopo il tuo primo consulto pagato.",
  noInvoices: "Nessuna fattura ancora: Arcano emette la fattura della commissione all'inizio di ogni mese.",
  receiptsNote: "Emesse a tuo nome ai clienti dopo ogni consulto pagato; una nota di credito rettifica la ricevuta quando il cliente è rimborsato.",
  invoicesNote: "La commissione che Arcano trattiene ogni mese, con l'IVA. Il file XML è la fattura elettronica originale, il PDF una copia di cortesia.",
  showAll: (count: number) => `Mostra tutti i ${count} documenti`,
} as const;

/** How many documents a list shows before 'Mostra tutti': the newest, enough for the month at hand. */
const FIRST_SHOWN = 10;

export function FiscalDocuments() {
  const documents = useQuery(api.fiscalDocuments.listMine, {});
  const receipts = documents?.filter((row) => row.kind === "receipt" || row.kind === "receipt_credit_note");
  const invoices = documents?.filter((row) => row.kind === "commission_invoice" || row.kind === "commission_credit_note");
  return (
    <Flex direction="column" gap="5">
      <FiscalReadinessNotice />
      <DocumentList title={fiscalMessages.receipts} note={fiscalMessages.receiptsNote}>
        {receipts === undefined ? (
          <RowsSkeleton label={fiscalMessages.loadingReceipts} />
        ) : receipts.length === 0 ? (
          <EmptyNote>{fiscalMessages.noReceipts}</EmptyNote>
        ) : (
          <ShownList label={fiscalMessages.receipts} rows={receipts} item={(row) => <ReceiptItem key={row._id} row={row} />} />
        )}
      </DocumentList>
      <DocumentList title={fiscalMessages.invoices} note={fiscalMessages.invoicesNote}>
        {invoices === undefined ? (
          <RowsSkeleton label={fiscalMessages.loadingInvoices} rows={1} />
        ) : invoices.length === 0 ? (
          <EmptyNote>{fiscalMessages.noInvoices}</EmptyNote>
        ) : (
          <ShownList label={fiscalMessages.invoices} rows={invoices} item={(row) => <InvoiceItem key={row._id} row={row} />} />
        )}
      </DocumentList>
    </Flex>
  );
}

/** The newest FIRST_SHOWN rows, and the rest one click away (a busy psychic issues hundreds a year). */
function ShownList({ label, rows, item }: { label: string; rows: DocumentRow[]; item: (row: DocumentRow) => ReactNode }) {
  const [all, setAll] = useState(false);
  const shown = all ? rows : rows.slice(0, FIRST_SHOWN);
  return (
    <>
      <DashboardList label={label}>{shown.map(item)}</DashboardList>
      {shown.length < rows.length ? (
        <Button variant="soft" onClick={() => setAll(true)} style={{ alignSelf: "flex-start" }}>
          {fiscalMessages.showAll(rows.length)}
        </Button>
      ) : null}
    </>
  );
}

function DocumentList({ title, note, children }: { title: string; note: string; children: ReactNode }) {
  return (
    <Flex direction="column" gap="2">
      <Heading as="h3" size="3">
        {title}
      </Heading>
      <Text as="p" size="2" color="gray">
        {note}
      </Text>
      {children}
    </Flex>
  );
}

/**
 * One document as a card: what it is and its number, the amount beside it, what else identifies it below,
 * the buttons last. On a phone the buttons go under the words; from `sm` up, beside them.
 */
function DocumentItem({ row, details, children }: { row: DocumentRow; details: string[]; children: ReactNode }) {
  return (
    <li>
      <Card size="1">
        <Flex direction={{ initial: "column", sm: "row" }} justify="between" align={{ initial: "stretch", sm: "center" }} gap="2">
          <Flex direction="column" gap="1" minWidth="0" flexGrow="1">
            <Flex justify="between" gap="3" align="baseline">
              <Text weight="bold">{`${row.title} n. ${row.number}`}</Text>
              <Text weight="bold" style={{ whiteSpace: "nowrap" }}>
                {signedAmount(row)}
              </Text>
            </Flex>
            {details.map((detail) => (
              <Text key={detail} size="2" color="gray">
                {detail}
              </Text>
            ))}
          </Flex>
          <Flex gap="2" wrap="wrap" flexShrink="0">
            {children}
          </Flex>
        </Flex>
      </Card>
    </li>
  );
}

function ReceiptItem({ row }: { row: DocumentRow }) {
  return (
    <DocumentItem row={row} details={[`${formatNumericDate(row.date)} · a ${row.recipientName}`]}>
      <DocumentPdfButton documentId={row._id} kind={row.kind} number={row.number} />
    </DocumentItem>
  );
}

function InvoiceItem({ row }: { row: DocumentRow }) {
  // The month the commission is for is what the psychic looks for; the issue date comes after.
  const period = row.month === null ? null : `Commissione di ${formatMonth(row.month)}`;
  return (
    <DocumentItem row={row} details={[[period, `emessa il ${formatNumericDate(row.date)}`].filter(Boolean).join(" · ")]}>
      <DocumentPdfButton documentId={row._id} kind={row.kind} number={row.number} />
      {row.hasXml ? <DocumentXmlButton documentId={row._id} kind={row.kind} number={row.number} /> : null}
    </DocumentItem>
  );
}
