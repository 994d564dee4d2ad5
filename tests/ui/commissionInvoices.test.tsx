// The admin's fiscal documents in Pagamenti: the month's commission invoices with their zip
// (src/features/admin/dashboard/CommissionInvoices.tsx) and who cannot receive documents yet (CannotReceiveDocuments.tsx).
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConvexError } from "convex/values";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/components/toast";
import { CannotReceiveDocuments } from "@/features/admin/dashboard/CannotReceiveDocuments";
import { CommissionInvoices } from "@/features/admin/dashboard/CommissionInvoices";
import { formatMonth } from "@/lib/time/romeMonths";
import { PaymentsTab } from "@/features/admin/dashboard/PaymentsTab";
import { lastRomeMonths } from "@/lib/time/romeMonths";
import { convexMock } from "./convexMock";
import { renderWithProviders } from "./render";
import { captureDownloads } from "./downloads";

/** The months the picker should offer: the twelve that have ended, the one just ended first. */
const endedMonths = lastRomeMonths(Date.now(), 13).slice(1);
const previousMonth = endedMonths[0]!;

const content = (title: string, recipient: string, totalCents: number) => ({
  title,
  issuer: { name: "Arcano S.r.l.", vatNumber: "12345678901", address: "Via Roma 1, 00184 Roma (RM)" },
  recipient: { name: recipient, taxCode: "RSSMRA85T10A562S", address: "Via Po 2, 10121 Torino" },
  lines: [{ description: `Commissione del 15% sui consulti di ${formatMonth(previousMonth)} (3 consulti)`, amountCents: Math.round(totalCents / 1.22) }],
  netCents: Math.round(totalCents / 1.22),
  vatCents: totalCents - Math.round(totalCents / 1.22),
  totalCents,
  notes: ["Copia di cortesia: l'originale è il file XML della fattura elettronica, recapitato tramite il Sistema di Interscambio."],
});

const row = (fields: Record<string, unknown>) => ({
  _id: "d1",
  kind: "commission_invoice",
  number: "FC2026/0001",
  date: "2026-12-01",
  amountCents: 3_660,
  title: "Fattura",
  recipientName: "Maria Rossi",
  hasXml: true,
  bookingId: null,
  month: previousMonth,
  ...fields,
});

const documents = [
  row({}),
  row({ _id: "d2", number: "FC2026/0002", recipientName: "Luca Bianchi", amountCents: 1_220 }),
  row({ _id: "d3", kind: "commission_credit_note", number: "NCC2026/0001", date: "2026-12-09", title: "Nota di credito", amountCents: 500 }),
];

const files = [
  {
    number: "FC2026/0001",
    date: "2026-12-01",
    kind: "commission_invoice",
    xmlFileName: "IT12345678901_00A01.xml",
    xml: '<?xml version="1.0" encoding="UTF-8"?>\n<p:FatturaElettronica versione="FPR12">Maria Rossi</p:FatturaElettronica>\n',
    pdfFileName: "fattura-FC2026-0001.pdf",
    content: content("Fattura", "Maria Rossi", 3_660),
  },
  {
    number: "NCC2026/0001",
    date: "2026-12-09",
    kind: "commission_credit_note",
    xmlFileName: "IT12345678901_00A02.xml",
    xml: '<?xml version="1.0" encoding="UTF-8"?>\n<p:FatturaElettronica versione="FPR12">TD04</p:FatturaElettronica>\n',
    pdfFileName: "nota-di-credito-NCC2026-0001.pdf",
    content: content("Nota di credito", "Maria Rossi", 500),
  },
];

const platformWarning = /^Mancano i dati fiscali di Arcano \(PLATFORM_COMPANY_NAME, PLATFORM_VAT_NUMBER, PLATFORM_STREET, PLATFORM_POSTCODE, PLATFORM_TOWN\)/;

beforeEach(() => {
  vi.spyOn(toast, "success");
  vi.spyOn(toast, "info");
  vi.spyOn(toast, "error");
});
afterEach(() => vi.restoreAllMocks());

describe("the admin's commission invoices", () => {
  it("lists the month's invoices and credit notes with number, date, psychic, kind and amount", () => {
    convexMock.queries.set("fiscalDocuments:adminMonth", { platformReady: true, documents });
    renderWithProviders(<CommissionInvoices />);
    expect(screen.getByRole("heading", { name: "Fatture della commissione" })).toBeInTheDocument();
    const table = within(screen.getByRole("table", { name: `Fatture della commissione di ${formatMonth(previousMonth)}` }));
    expect(table.getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(["Numero", "Data", "Cartomante", "Tipo", "Importo"]);
    expect(table.getAllByRole("rowheader").map((cell) => cell.textContent)).toEqual(["FC2026/0001", "FC2026/0002", "NCC2026/0001"]);
    const cells = (name: string) =>
      within(table.getByRole("row", { name: new RegExp(name) }))
        .getAllByRole("cell")
        .map((cell) => cell.textContent);
    expect(cells("FC2026/0001")).toEqual(["01/12/2026", "Maria Rossi", "Fattura", "36,60\u00a0€"]);
    expect(cells("FC2026/0002")).toEqual(["01/12/2026", "Luca Bianchi", "Fattura", "12,20\u00a0€"]);
    // A credit note takes money back.
    expect(cells("NCC2026/0001")).toEqual(["09/12/2026", "Maria Rossi", "Nota di credito", "−5,00\u00a0€"]);
    expect(screen.queryByText(platformWarning)).toBeNull();
  });

  it("offers the twelve ended Rome months, the one just ended chosen", async () => {
    convexMock.queries.set("fiscalDocuments:adminMonth", { platformReady: true, documents: [] });
    renderWithProviders(<CommissionInvoices />);
    const picker = screen.getByRole("combobox", { name: "Mese" });
    expect(picker).toHaveTextContent(formatMonth(previousMonth));
    await userEvent.setup().click(picker);
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(endedMonths.map(formatMonth));
  });

  it("says when no invoice was issued for the month", () => {
    convexMock.queries.set("fiscalDocuments:adminMonth", { platformReady: true, documents: [] });
    renderWithProviders(<CommissionInvoices />);
    expect(screen.getByText("Nessuna fattura emessa per questo mese.")).toBeInTheDocument();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("warns while the platform's own fiscal data is not set", () => {
    convexMock.queries.set("fiscalDocuments:adminMonth", { platformReady: false, documents: [] });
    renderWithProviders(<CommissionInvoices />);
    expect(screen.getByText(platformWarning)).toHaveTextContent(
      "le fatture della commissione non vengono emesse finché non sono impostati.",
    );
    expect(screen.getByText("Nessuna fattura emessa per questo mese.")).toBeInTheDocument();
  });

  it("shows the loading state, then names the failure", () => {
    const { unmount } = renderWithProviders(<CommissionInvoices />);
    expect(screen.getByRole("status", { name: "Caricamento delle fatture della commissione" })).toBeInTheDocument();
    unmount();
    convexMock.queries.set("fiscalDocuments:adminMonth", new ConvexError({ code: "FORBIDDEN" }));
    renderWithProviders(<CommissionInvoices />);
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Errore nel caricamento delle fatture della commissione: Non hai i permessi per questa operazione.",
    );
  });

  describe("the month's zip", () => {
    let blobs: Blob[];
    let downloads: string[];

    beforeEach(() => {
      ({ blobs, downloads } = captureDownloads({ address: () => "blob:zip" }));
      convexMock.queries.set("fiscalDocuments:adminMonth", { platformReady: true, documents });
    });

    it("reads the chosen month's files and downloads every XML with a PDF copy of each", async () => {
      convexMock.handlers.set("fiscalDocuments:adminMonthFiles", () => files);
      renderWithProviders(<CommissionInvoices />);
      await userEvent.setup().click(screen.getByRole("button", { name: "Scarica lo zip del mese" }));

      await waitFor(() => expect(downloads).toEqual([`fatture-commissione-${previousMonth}.zip blob:zip`]), { timeout: 10_000 });
      expect(convexMock.calls).toEqual([{ name: "fiscalDocuments:adminMonthFiles", args: { month: previousMonth } }]);
      expect(toast.success).toHaveBeenCalledWith("Zip scaricato", `fatture-commissione-${previousMonth}.zip: 2 documenti.`);
      expect(blobs).toHaveLength(1);
      expect(blobs[0]!.type).toBe("application/zip");
      // The archive itself is read back in zipFiles.test.ts; here, what went into it.
      const bytes = new Uint8Array(await blobs[0]!.arrayBuffer());
      expect([...bytes.slice(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
      const text = new TextDecoder("latin1").decode(bytes);
      for (const file of files) {
        expect(text).toContain(file.xmlFileName);
        expect(text).toContain(file.xml);
        expect(text).toContain(file.pdfFileName);
      }
      // Each PDF copy, stored whole: two documents of one page each.
      expect(text.match(/%PDF-/g)).toHaveLength(2);
      expect(text.match(/%%EOF/g)).toHaveLength(2);
      expect(text).toContain("(Nota di credito)");
    });

    it("zips the month chosen in the picker", async () => {
      convexMock.handlers.set("fiscalDocuments:adminMonthFiles", () => files.slice(0, 1));
      renderWithProviders(<CommissionInvoices />);
      const user = userEvent.setup();
      await user.click(screen.getByRole("combobox", { name: "Mese" }));
      await user.click(screen.getByRole("option", { name: formatMonth(endedMonths[2]!) }));
      await user.click(screen.getByRole("button", { name: "Scarica lo zip del mese" }));
      await waitFor(() => expect(downloads).toEqual([`fatture-commissione-${endedMonths[2]}.zip blob:zip`]), { timeout: 10_000 });
      expect(convexMock.calls).toEqual([{ name: "fiscalDocuments:adminMonthFiles", args: { month: endedMonths[2] } }]);
      expect(toast.success).toHaveBeenCalledWith("Zip scaricato", `fatture-commissione-${endedMonths[2]}.zip: 1 documento.`);
    });

    it("downloads nothing for a month without files, and says why a zip failed", async () => {
      convexMock.handlers.set("fiscalDocuments:adminMonthFiles", () => []);
      renderWithProviders(<CommissionInvoices />);
      const user = userEvent.setup();
      await user.click(screen.getByRole("button", { name: "Scarica lo zip del mese" }));
      await waitFor(() => expect(toast.info).toHaveBeenCalledWith("Nessun file da scaricare", expect.stringContaining("nessuna fattura elettronica")));

      convexMock.handlers.set("fiscalDocuments:adminMonthFiles", () => Promise.reject(new Error("rete assente")));
      await user.click(screen.getByRole("button", { name: "Scarica lo zip del mese" }));
      await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Impossibile preparare lo zip delle fatture."));
      expect(downloads).toEqual([]);
      expect(screen.getByRole("button", { name: "Scarica lo zip del mese" })).toBeEnabled();
    });
  });
});

describe("who cannot receive fiscal documents yet", () => {
  const psychics = [
    { psychicUserId: "u1", psychicName: "Selene", missing: ["il regime fiscale della partita IVA (forfettario o ordinario)"], published: true },
    { psychicUserId: "u2", psychicName: "Orion", missing: ["i dati fiscali (nome e cognome, codice fiscale, indirizzo)"], published: false },
  ];

  it("lists each psychic with what is missing and whether the profile is published", () => {
    convexMock.queries.set("fiscalDocuments:adminCannotReceive", psychics);
    renderWithProviders(<CannotReceiveDocuments />);
    expect(screen.getByRole("heading", { name: "Chi non può ancora ricevere documenti" })).toBeInTheDocument();
    const items = within(screen.getByRole("list", { name: "Cartomanti con dati fiscali incompleti" })).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "SelenePubblicatoDa inserire: il regime fiscale della partita IVA (forfettario o ordinario).",
      "OrionNon pubblicatoDa inserire: i dati fiscali (nome e cognome, codice fiscale, indirizzo).",
    ]);
  });

  it("says when every psychic's data is complete, and shows its loading state and failure", () => {
    const { unmount } = renderWithProviders(<CannotReceiveDocuments />);
    expect(screen.getByRole("status", { name: "Caricamento dei cartomanti con dati fiscali incompleti" })).toBeInTheDocument();
    unmount();
    convexMock.queries.set("fiscalDocuments:adminCannotReceive", []);
    const second = renderWithProviders(<CannotReceiveDocuments />);
    expect(screen.getByText("Tutti i cartomanti hanno dati fiscali completi.")).toBeInTheDocument();
    expect(screen.queryByRole("list")).toBeNull();
    second.unmount();
    convexMock.queries.set("fiscalDocuments:adminCannotReceive", new ConvexError({ code: "FORBIDDEN" }));
    renderWithProviders(<CannotReceiveDocuments />);
    expect(screen.getByRole("alert")).toHaveTextContent("Errore nel caricamento dei cartomanti con dati fiscali incompleti");
  });

  it("are both sections of Pagamenti", () => {
    convexMock.queries.set("fiscalDocuments:adminMonth", { platformReady: true, documents });
    convexMock.queries.set("fiscalDocuments:adminCannotReceive", psychics);
    renderWithProviders(<PaymentsTab />);
    expect(screen.getByRole("region", { name: "Fatture della commissione" })).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Chi non può ancora ricevere documenti" })).toBeInTheDocument();
  });
});
