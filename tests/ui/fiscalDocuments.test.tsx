// Fiscal documents in the pages: 'Documenti fiscali' on 'Guadagni' (what is missing before documents can be
// issued, the receipts to clients, Arcano's invoices with their XML), the same notice on the psychic's dashboard,
// and the receipts on the client's past consultations. A download reads the document then and makes its PDF.
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConvexError } from "convex/values";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { receiptContent } from "@convex/model/fiscalDocuments";
import { toast } from "@/components/toast";
import { ClientDashboardPage } from "@/features/client/ClientDashboardPage";
import { PsychicDashboardPage } from "@/features/psychic/PsychicDashboardPage";
import { PsychicEarningsPage } from "@/features/psychic/PsychicEarningsPage";
import { convexMock } from "./convexMock";
import { renderRoute } from "./render";
import { clientRow } from "./serverViews";
import { captureDownloads } from "./downloads";

// Friday 20 November 2026, 15:10 in Rome. Only Date is faked.
const NOW = Date.UTC(2026, 10, 20, 14, 10);
const DAY = 24 * 3_600_000;

const psychic = { id: "u2", fullName: "Selene Moretti", email: "selene@esempio.it", accountType: "psychic", memberSince: 0, isAdmin: false };
const client = { ...psychic, id: "u1", fullName: "Giulia Verdi", email: "giulia@esempio.it", accountType: "client" };

type Kind = "receipt" | "receipt_credit_note" | "commission_invoice" | "commission_credit_note";
const documentRow = (id: string, kind: Kind, number: string, fields: Record<string, unknown> = {}) => ({
  _id: id,
  kind,
  number,
  date: "2026-11-16",
  amountCents: 8000,
  title: "Ricevuta per prestazione occasionale",
  bookingId: "past",
  month: null,
  recipientName: "Giulia Verdi",
  hasXml: false,
  ...fields,
});

// As the server lists them: newest first.
const documents = [
  documentRow("d4", "commission_credit_note", "NCC2026/0001", { date: "2026-11-05", amountCents: 300, title: "Nota di credito", bookingId: null, month: "2026-10", recipientName: "Selene Moretti", hasXml: true }),
  documentRow("d3", "commission_invoice", "FC2026/0007", { date: "2026-11-01", amountCents: 1830, title: "Fattura", bookingId: null, month: "2026-10", recipientName: "Selene Moretti", hasXml: true }),
  documentRow("d2", "receipt_credit_note", "NC2026/0001", { date: "2026-11-18", amountCents: 3000, title: "Nota di credito" }),
  documentRow("d1", "receipt", "R2026/0001"),
];

const missing = ["i dati fiscali (nome e cognome, codice fiscale, indirizzo)", "il regime fiscale della partita IVA (forfettario o ordinario)"];

// What fiscalDocuments:get answers for the receipt, with the content the server's model writes.
const receiptView = {
  _id: "d1",
  kind: "receipt",
  number: "R2026/0001",
  date: "2026-11-16",
  amountCents: 8000,
  content: receiptContent(
    {
      psychic: { legalName: "Selene Moretti", codiceFiscale: "MRTSLN85M41H501Z", street: "Via dei Tarocchi 7", postalCode: "00184", city: "Roma" },
      clientName: "Giulia Verdi",
      scheduledDate: "2026-11-16",
      durationMinutes: 60,
      consultationType: "voice",
    },
    8000,
  ),
  fileName: "ricevuta-R2026-0001",
  hasXml: false,
};

let blobs: Blob[];
let downloads: string[];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  ({ blobs, downloads } = captureDownloads({ withAddress: false }));
  vi.spyOn(toast, "success");
  vi.spyOn(toast, "error");
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const section = (name: string) => within(screen.getByRole("region", { name }));
const callsOf = (name: string) => convexMock.calls.filter((call) => call.name === name);
const text = (element: Element) => element.textContent?.replace(/\s+/g, " ").trim() ?? "";

describe("'Documenti fiscali' on 'Guadagni'", () => {
  beforeEach(() => {
    convexMock.signedInAs(psychic);
    convexMock.queries.set("payouts:getMyAccount", { state: "enabled", requirementsDue: [] });
    convexMock.queries.set("earnings:listMyEarnings", []);
    convexMock.queries.set("earnings:listMyPayouts", []);
    convexMock.handlers.set("earnings:myBalance", () => ({ availableCents: 0, pendingCents: 0 }));
    convexMock.queries.set("fiscalDocuments:myReadiness", { missing: [] });
    convexMock.queries.set("fiscalDocuments:listMine", documents);
  });
  const render = () => renderRoute(<PsychicEarningsPage />, { path: "/psychic/earnings" });
  const fiscal = () => section("Documenti fiscali");

  it("comes after the monthly statement", () => {
    render();
    const regions = screen.getAllByRole("region").map((region) => region.getAttribute("aria-labelledby"));
    const statement = screen.getByRole("region", { name: "Estratto conto" });
    const documentsRegion = screen.getByRole("region", { name: "Documenti fiscali" });
    expect(regions.indexOf(documentsRegion.getAttribute("aria-labelledby"))).toBe(regions.indexOf(statement.getAttribute("aria-labelledby")) + 1);
  });

  it("says what fiscal data is missing and links to the settings to complete it", () => {
    convexMock.queries.set("fiscalDocuments:myReadiness", { missing });
    render();
    const notice = fiscal().getByRole("status", { name: "Dati fiscali da completare" });
    expect(notice).toHaveTextContent(
      "Per emettere le ricevute ai tuoi clienti e ricevere le fatture di Arcano mancano: i dati fiscali (nome e cognome, codice fiscale, indirizzo) e il regime fiscale della partita IVA (forfettario o ordinario).",
    );
    expect(within(notice).getByRole("link", { name: "Completa i dati fiscali" })).toHaveAttribute("href", "/psychic/settings");
  });

  it("says nothing of fiscal data once it is complete", () => {
    render();
    expect(screen.queryByRole("status", { name: "Dati fiscali da completare" })).not.toBeInTheDocument();
  });

  it("lists the receipts to clients and their credit notes: what, number, date, client, amount and the PDF", () => {
    render();
    const receipts = fiscal().getByRole("list", { name: "Ricevute ai clienti" });
    const rows = within(receipts).getAllByRole("listitem");
    expect(rows.map(text)).toEqual([
      expect.stringMatching(/^Nota di credito n\. NC2026\/0001\s?−30,00 €\s?18\/11\/2026 · a Giulia Verdi/),
      expect.stringMatching(/^Ricevuta per prestazione occasionale n\. R2026\/0001\s?80,00 €\s?16\/11\/2026 · a Giulia Verdi/),
    ]);
    expect(within(rows[1]!).getByRole("button", { name: "Scarica PDF di Ricevuta R2026/0001" })).toHaveTextContent("Scarica PDF");
    expect(within(rows[0]!).getByRole("button", { name: "Scarica PDF di Nota di credito NC2026/0001" })).toBeInTheDocument();
    // The FatturaPA file is only for Arcano's invoices.
    expect(within(receipts).queryByRole("button", { name: /XML/ })).not.toBeInTheDocument();
  });

  it("shows the newest ten of a long list, and all of them on 'Mostra tutti'", async () => {
    const many = Array.from({ length: 12 }, (_, index) => documentRow(`r${index}`, "receipt", `R2026/${String(12 - index).padStart(4, "0")}`));
    convexMock.queries.set("fiscalDocuments:listMine", many);
    render();
    const receipts = () => within(fiscal().getByRole("list", { name: "Ricevute ai clienti" })).getAllByRole("listitem");
    expect(receipts()).toHaveLength(10);
    expect(text(receipts()[0]!)).toContain("R2026/0012");
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(fiscal().getByRole("button", { name: "Mostra tutti i 12 documenti" }));
    expect(receipts()).toHaveLength(12);
    expect(fiscal().queryByRole("button", { name: /Mostra tutti/ })).not.toBeInTheDocument();
  });

  it("lists Arcano's invoices with the month they are for, the amount, the PDF and the XML", () => {
    render();
    const invoices = fiscal().getByRole("list", { name: "Fatture di Arcano" });
    const rows = within(invoices).getAllByRole("listitem");
    expect(rows).toHaveLength(2);
    expect(text(rows[1]!)).toContain("Fattura n. FC2026/0007");
    expect(text(rows[1]!)).toContain("18,30 €");
    expect(text(rows[1]!)).toContain("Commissione di ottobre 2026 · emessa il 01/11/2026");
    expect(within(rows[1]!).getByRole("button", { name: "Scarica PDF di Fattura FC2026/0007" })).toBeInTheDocument();
    expect(within(rows[1]!).getByRole("button", { name: "Scarica XML di Fattura FC2026/0007" })).toHaveTextContent("Scarica XML");
    expect(text(rows[0]!)).toContain("Nota di credito n. NCC2026/0001");
    expect(text(rows[0]!)).toContain("−3,00 €");
    expect(within(rows[0]!).getByRole("button", { name: "Scarica XML di Nota di credito NCC2026/0001" })).toBeInTheDocument();
  });

  it("shows a placeholder for each list while loading, then each empty state", () => {
    convexMock.queries.delete("fiscalDocuments:listMine");
    render();
    expect(fiscal().getByRole("status", { name: "Caricamento delle ricevute" })).toBeInTheDocument();
    expect(fiscal().getByRole("status", { name: "Caricamento delle fatture" })).toBeInTheDocument();
    act(() => {
      convexMock.queries.set("fiscalDocuments:listMine", []);
      convexMock.changed();
    });
    expect(fiscal().getByText("Nessuna ricevuta ancora: la prima arriva dopo il tuo primo consulto pagato.")).toBeInTheDocument();
    expect(fiscal().getByText("Nessuna fattura ancora: Arcano emette la fattura della commissione all'inizio di ogni mese.")).toBeInTheDocument();
    expect(fiscal().queryByRole("list")).not.toBeInTheDocument();
  });

  it("a PDF button reads the document when clicked and saves its PDF", async () => {
    convexMock.handlers.set("fiscalDocuments:get", () => receiptView);
    const user = userEvent.setup();
    render();
    // Nothing is read before the click.
    expect(callsOf("fiscalDocuments:get")).toEqual([]);
    await user.click(fiscal().getByRole("button", { name: "Scarica PDF di Ricevuta R2026/0001" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("PDF scaricato", "ricevuta-R2026-0001.pdf"));
    expect(callsOf("fiscalDocuments:get")).toEqual([{ name: "fiscalDocuments:get", args: { documentId: "d1" } }]);
    expect(blobs).toHaveLength(1);
    expect(blobs[0]!.type).toBe("application/pdf");
    const pdf = await blobs[0]!.text();
    expect(pdf.startsWith("%PDF-")).toBe(true);
    expect(pdf).toContain("n. R2026/0001 del 16/11/2026");
    expect(downloads).toEqual(["ricevuta-R2026-0001.pdf"]);
  });

  it("the XML button saves the invoice's FatturaPA file under the server's name", async () => {
    convexMock.handlers.set("fiscalDocuments:xmlOf", () => ({ fileName: "IT09876543210_00001.xml", xml: "<FatturaElettronica/>" }));
    const user = userEvent.setup();
    render();
    await user.click(fiscal().getByRole("button", { name: "Scarica XML di Fattura FC2026/0007" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("File XML scaricato", "IT09876543210_00001.xml"));
    expect(callsOf("fiscalDocuments:xmlOf")).toEqual([{ name: "fiscalDocuments:xmlOf", args: { documentId: "d3" } }]);
    expect(blobs[0]!.type).toBe("application/xml");
    expect(await blobs[0]!.text()).toBe("<FatturaElettronica/>");
    expect(downloads).toEqual(["IT09876543210_00001.xml"]);
  });

  it("says why when a document cannot be read, and saves nothing", async () => {
    convexMock.handlers.set("fiscalDocuments:get", () => {
      throw new ConvexError({ code: "FORBIDDEN" });
    });
    const user = userEvent.setup();
    render();
    const button = fiscal().getByRole("button", { name: "Scarica PDF di Ricevuta R2026/0001" });
    await user.click(button);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Non hai i permessi per questa operazione."));
    expect(button).toBeEnabled();
    expect(blobs).toEqual([]);
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("is busy while the document is read", async () => {
    let answer: (value: unknown) => void = () => {};
    convexMock.handlers.set("fiscalDocuments:xmlOf", () => new Promise((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    render();
    const button = fiscal().getByRole("button", { name: "Scarica XML di Fattura FC2026/0007" });
    await user.click(button);
    expect(button).toBeDisabled();
    answer({ fileName: "IT09876543210_00001.xml", xml: "<FatturaElettronica/>" });
    await waitFor(() => expect(button).toBeEnabled());
  });
});

describe("the psychic's dashboard", () => {
  beforeEach(() => convexMock.signedInAs(psychic));

  it("says what fiscal data is missing, with the way to complete it", () => {
    convexMock.queries.set("fiscalDocuments:myReadiness", { missing: missing.slice(0, 1) });
    renderRoute(<PsychicDashboardPage />, { path: "/psychic-dashboard" });
    const notice = screen.getByRole("status", { name: "Dati fiscali da completare" });
    expect(notice).toHaveTextContent("mancano: i dati fiscali (nome e cognome, codice fiscale, indirizzo).");
    expect(within(notice).getByRole("link", { name: "Completa i dati fiscali" })).toHaveAttribute("href", "/psychic/settings");
  });

  it("says nothing once the data is complete", () => {
    convexMock.queries.set("fiscalDocuments:myReadiness", { missing: [] });
    renderRoute(<PsychicDashboardPage />, { path: "/psychic-dashboard" });
    expect(screen.queryByRole("status", { name: "Dati fiscali da completare" })).not.toBeInTheDocument();
  });
});

describe("the client's past consultations", () => {
  const booking = (id: string, daysAgo: number) =>
    clientRow(
      {
        id,
        psychicProfileId: "p1",
        psychicName: "Selene Moretti",
        consultationType: "voice",
        scheduledDate: new Date(NOW - daysAgo * DAY).toISOString().slice(0, 10),
        scheduledTime: "10:00",
        startsAt: NOW - daysAgo * DAY,
        endsAt: NOW - daysAgo * DAY + 3_600_000,
        durationMinutes: 60,
        priceCents: 8000,
        status: "completed",
        holdExpiresAt: null,
        checkoutUrl: null,
        refundStatus: null,
        refundCents: null,
        notes: null,
      } as Parameters<typeof clientRow>[0] & { id: string },
      NOW,
    );

  beforeEach(() => {
    convexMock.signedInAs(client);
    convexMock.queries.set("bookings:listMine", { bookings: [booking("other", 2), booking("past", 4)], counts: { total: 2, today: 0, upcoming: 0 } });
    convexMock.queries.set("fiscalDocuments:listMyReceipts", documents.filter((row) => row.kind.startsWith("receipt")));
  });

  it("offer each consultation's receipt and credit note, named by their number, and none where there is none", () => {
    renderRoute(<ClientDashboardPage />, { path: "/dashboard" });
    const rows = section("Tutti i consulti").getAllByRole("listitem");
    const past = rows.find((row) => text(row).includes("16 novembre 2026"))!;
    const other = rows.find((row) => text(row).includes("18 novembre 2026"))!;
    const buttons = within(past).getAllByRole("button", { name: /^Scarica PDF/ });
    // The receipt first, then the credit note that corrects it.
    expect(buttons.map((button) => button.getAttribute("aria-label"))).toEqual([
      "Scarica PDF di Ricevuta R2026/0001",
      "Scarica PDF di Nota di credito NC2026/0001",
    ]);
    expect(buttons.map(text)).toEqual(["Ricevuta", "Nota di credito"]);
    expect(within(other).queryByRole("button", { name: /^Scarica PDF/ })).not.toBeInTheDocument();
  });

  it("a receipt's button reads it and saves its PDF", async () => {
    convexMock.handlers.set("fiscalDocuments:get", () => receiptView);
    const user = userEvent.setup();
    renderRoute(<ClientDashboardPage />, { path: "/dashboard" });
    await user.click(screen.getByRole("button", { name: "Scarica PDF di Ricevuta R2026/0001" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("PDF scaricato", "ricevuta-R2026-0001.pdf"));
    expect(callsOf("fiscalDocuments:get")).toEqual([{ name: "fiscalDocuments:get", args: { documentId: "d1" } }]);
    expect(await blobs[0]!.text()).toContain("Giulia Verdi");
  });

  it("shows the consultations while the receipts load", () => {
    convexMock.queries.delete("fiscalDocuments:listMyReceipts");
    renderRoute(<ClientDashboardPage />, { path: "/dashboard" });
    expect(section("Tutti i consulti").getAllByRole("listitem")).toHaveLength(2);
    expect(screen.queryByRole("button", { name: /^Scarica PDF/ })).not.toBeInTheDocument();
  });
});
