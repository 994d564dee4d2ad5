// The download buttons of one fiscal document: its PDF (made in the browser by documentPdf.ts, whose module
// and jsPDF load only on the click) and, for the platform's invoices, the FatturaPA XML. Each reads the
// document when clicked (fiscalDocuments:get / xmlOf), so a list of many documents reads nothing up front.
import { useState, type ReactNode } from "react";
import { Button } from "@radix-ui/themes";
import { DownloadIcon } from "@radix-ui/react-icons";
import { useConvex } from "convex/react";
import type { FiscalDocumentKind } from "@convex/model/fiscalDocuments";
import type { Id } from "@convex/_generated/dataModel";
import { api } from "@convex/_generated/api";
import { toast } from "@/components/toast";
import { errorMessage } from "@/lib/text/errors";
import { saveFile } from "@/lib/browser/saveFile";
import { documentKindWords } from "./documentWords";

const downloadMessages = {
  pdf: "Scarica PDF",
  xml: "Scarica XML",
  pdfDone: "PDF scaricato",
  xmlDone: "File XML scaricato",
  pdfFailed: "Impossibile preparare il PDF del documento. Riprova.",
  xmlFailed: "Impossibile scaricare il file XML della fattura. Riprova.",
} as const;

type DocumentRef = { documentId: Id<"fiscalDocuments">; kind: FiscalDocumentKind; number: string };

/** A small button that runs `download` once at a time, with a spinner meanwhile and a toast after. */
function DownloadButton({ name, children, download }: { name: string; children: ReactNode; download: () => Promise<void> }) {
  const [pending, setPending] = useState(false);
  const run = async () => {
    setPending(true);
    try {
      await download();
    } finally {
      setPending(false);
    }
  };
  return (
    <Button size="1" variant="soft" loading={pending} aria-label={name} onClick={() => void run()}>
      <DownloadIcon aria-hidden="true" />
      {children}
    </Button>
  );
}

/** 'Scarica PDF' (or `label`) of one document; its accessible name says which: "Scarica PDF di Ricevuta R2026/0001". */
export function DocumentPdfButton({ documentId, kind, number, label = downloadMessages.pdf }: DocumentRef & { label?: string }) {
  const convex = useConvex();
  const download = async () => {
    try {
      const [document, pdf] = await Promise.all([convex.query(api.fiscalDocuments.get, { documentId }), import("./documentPdf")]);
      pdf.downloadDocumentPdf(document);
      toast.success(downloadMessages.pdfDone, `${document.fileName}.pdf`);
    } catch (error) {
      toast.error(errorMessage(error, downloadMessages.pdfFailed));
    }
  };
  return (
    <DownloadButton name={`${downloadMessages.pdf} di ${documentKindWords[kind]} ${number}`} download={download}>
      {label}
    </DownloadButton>
  );
}

/** 'Scarica XML': a commission invoice's (or credit note's) FatturaPA file, named as the server names it. */
export function DocumentXmlButton({ documentId, kind, number }: DocumentRef) {
  const convex = useConvex();
  const download = async () => {
    try {
      const { fileName, xml } = await convex.query(api.fiscalDocuments.xmlOf, { documentId });
      saveFile(fileName, new Blob([xml], { type: "application/xml" }));
      toast.success(downloadMessages.xmlDone, fileName);
    } catch (error) {
      toast.error(errorMessage(error, downloadMessages.xmlFailed));
    }
  };
  return (
    <DownloadButton name={`${downloadMessages.xml} di ${documentKindWords[kind]} ${number}`} download={download}>
      {downloadMessages.xml}
    </DownloadButton>
  );
}
