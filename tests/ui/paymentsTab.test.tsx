import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConvexError } from "convex/values";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { romeDateOf } from "@convex/framework/time";
import { toast } from "@/components/toast";
import { dac7Years } from "@/features/admin/dashboard/Dac7Download";
import { PaymentsTab, dropFailedMove } from "@/features/admin/dashboard/PaymentsTab";
import { convexMock } from "./convexMock";
import { renderWithProviders } from "./render";
import { captureDownloads } from "./downloads";

const account = (name: string, state: string, requirementsDue: string[] = [], fields: Record<string, unknown> = {}) => ({
  psychicUserId: `u-${name}`,
  name,
  email: `${name.toLowerCase()}@esempio.it`,
  state,
  requirementsDue,
  owedCents: 0,
  owedAtLeast: false,
  nextReminderAt: null,
  ...fields,
});

const month = (key: string, fields: Record<string, unknown> = {}) => ({
  month: key,
  paidCents: 10_000,
  refundedCents: 1_000,
  refundPendingCents: 0,
  refundFailedCents: 0,
  disputedCents: 0,
  keptCents: 9_000,
  transferredCents: 7_650,
  reversedCents: 0,
  owedCents: 0,
  commissionCents: 1_350,
  differenceCents: 0,
  complete: true,
  ...fields,
});

const failedTransfer = { id: "t1", bookingId: "b1", psychicName: "Selene", amountCents: 2975, lastError: "Il conto non può ricevere trasferimenti." };
const failedReversal = { id: "r1", bookingId: "b2", psychicName: "Orion", amountCents: 1500, lastError: null };

const accounts = [
  account("Selene", "enabled"),
  account("Orion", "requirements_due", ["individual.verification.document", "individual.dob.day", "individual.dob.year"]),
  account("Vega", "not_started"),
  account("Lyra", "pending_verification"),
];
/** The server's paginated list: every account, or those in the state asked for. */
const listAccounts =
  (rows = accounts) =>
  (args: Record<string, unknown>) =>
    rows.filter((row) => args.state === undefined || row.state === args.state);

const overview = (fields: Record<string, unknown> = {}) => ({
  failedTransfers: [failedTransfer],
  failedReversals: [failedReversal],
  moreFailedTransfers: false,
  moreFailedReversals: false,
  debts: [],
  moreDebts: false,
  months: [month("2026-11"), month("2026-10", { differenceCents: 100 }), month("2026-09", { complete: false })],
  ...fields,
});

/** An amount as formatCents writes it: Intl puts a no-break space before the euro sign. */
const eur = (amount: string) => `${amount}\u00a0€`;

beforeEach(() => {
  vi.spyOn(toast, "success");
  vi.spyOn(toast, "error");
});
afterEach(() => vi.restoreAllMocks());

describe("the admin's psychics by payout state", () => {
  it("lists each psychic with name, email, state and what Stripe asks, and asks the server for one state", async () => {
    convexMock.queries.set("adminPayouts:overview", overview());
    convexMock.queries.set("adminPayouts:listAccounts", listAccounts());
    renderWithProviders(<PaymentsTab />);
    const table = screen.getByRole("table", { name: "Cartomanti e stato dei pagamenti" });
    // In the server's order (newest first).
    expect(
      within(table)
        .getAllByRole("rowheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Selene", "Orion", "Vega", "Lyra"]);
    const orion = within(table).getByRole("row", { name: /Orion/ });
    expect(orion).toHaveTextContent("orion@esempio.it");
    expect(orion).toHaveTextContent("Documenti richiesti");
    expect(orion).toHaveTextContent("un documento d'identità, la data di nascita");
    expect(within(table).getByRole("row", { name: /Selene/ })).toHaveTextContent("Pagamenti attivi");
    expect(within(table).getByRole("row", { name: /Vega/ })).toHaveTextContent("Non iniziato");
    expect(within(table).getByRole("row", { name: /Lyra/ })).toHaveTextContent("In verifica");

    const user = userEvent.setup();
    await user.click(screen.getByRole("combobox", { name: "Filtra per stato dei pagamenti" }));
    await user.click(screen.getByRole("option", { name: "Pagamenti attivi" }));
    expect(
      within(screen.getByRole("table", { name: "Cartomanti e stato dei pagamenti" }))
        .getAllByRole("rowheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Selene"]);
    await user.click(screen.getByRole("combobox", { name: "Filtra per stato dei pagamenti" }));
    await user.click(screen.getByRole("option", { name: "In verifica" }));
    expect(screen.getByRole("table", { name: "Cartomanti e stato dei pagamenti" })).toHaveTextContent("Lyra");
  });

  it("shows what waits for each psychic not yet onboarded and sends a reminder, once a day", async () => {
    convexMock.queries.set("adminPayouts:overview", overview());
    convexMock.queries.set(
      "adminPayouts:listAccounts",
      listAccounts([
        account("Vega", "not_started", [], { owedCents: 8500 }),
        account("Orion", "requirements_due", [], { owedCents: 4250, nextReminderAt: Date.UTC(2026, 10, 21, 9, 0) }),
        account("Selene", "enabled"),
      ]),
    );
    renderWithProviders(<PaymentsTab />);
    const table = within(screen.getByRole("table", { name: "Cartomanti e stato dei pagamenti" }));
    const vega = within(table.getByRole("row", { name: /Vega/ }));
    expect(vega.getByText(/^85,00\s€$/)).toBeInTheDocument();
    const orion = table.getByRole("row", { name: /Orion/ });
    expect(orion).toHaveTextContent("Promemoria inviato: il prossimo dal 21 novembre 2026 alle ore 10:00");
    expect(within(orion).queryByRole("button", { name: /promemoria/ })).not.toBeInTheDocument();
    expect(within(table.getByRole("row", { name: /Selene/ })).queryByRole("button", { name: /promemoria/ })).not.toBeInTheDocument();

    await userEvent.setup().click(vega.getByRole("button", { name: "Invia un promemoria a Vega" }));
    expect(convexMock.calls.at(-1)).toEqual({ name: "adminPayouts:remindOnboarding", args: { psychicUserId: "u-Vega" } });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Promemoria inviato", expect.stringContaining("Vega")));
  });

  it("says when no psychic is in the state asked for", async () => {
    convexMock.queries.set("adminPayouts:overview", overview());
    convexMock.queries.set("adminPayouts:listAccounts", listAccounts([account("Selene", "enabled")]));
    renderWithProviders(<PaymentsTab />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("combobox", { name: "Filtra per stato dei pagamenti" }));
    await user.click(screen.getByRole("option", { name: "Documenti richiesti" }));
    expect(screen.getByText("Nessun cartomante in questo stato.")).toBeInTheDocument();
  });

  it("says when more failed transfers wait behind those shown", () => {
    convexMock.queries.set("adminPayouts:overview", overview({ moreFailedTransfers: true }));
    convexMock.queries.set("adminPayouts:listAccounts", listAccounts());
    renderWithProviders(<PaymentsTab />);
    expect(screen.getByRole("heading", { name: "Trasferimenti non riusciti (1+)" })).toBeInTheDocument();
    expect(screen.getByText("Qui i primi 100, dal più vecchio: gli altri compaiono man mano che questi vengono riprovati.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Storni non riusciti (1)" })).toBeInTheDocument();
  });

  it("says when there is nothing to list or retry", () => {
    convexMock.queries.set("adminPayouts:overview", overview({ failedTransfers: [], failedReversals: [], months: [] }));
    convexMock.queries.set("adminPayouts:listAccounts", []);
    renderWithProviders(<PaymentsTab />);
    expect(screen.getByText("Nessun cartomante registrato.")).toBeInTheDocument();
    expect(screen.getByText("Nessun trasferimento da riprovare.")).toBeInTheDocument();
    expect(screen.getByText("Nessuno storno da riprovare.")).toBeInTheDocument();
    expect(screen.getByText("Nessun mese da riconciliare.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Riprova/ })).toBeNull();
  });

  it("shows the loading state, then names the failure", () => {
    const { unmount } = renderWithProviders(<PaymentsTab />);
    expect(screen.getByRole("status", { name: "Caricamento dei pagamenti" })).toBeInTheDocument();
    expect(screen.getByRole("status", { name: "Caricamento dei cartomanti" })).toBeInTheDocument();
    unmount();
    vi.spyOn(console, "error").mockImplementation(() => {});
    convexMock.queries.set("adminPayouts:overview", new ConvexError({ code: "FORBIDDEN" }));
    convexMock.queries.set("adminPayouts:listAccounts", new ConvexError({ code: "FORBIDDEN" }));
    renderWithProviders(<PaymentsTab />);
    const alerts = screen.getAllByRole("alert").map((alert) => alert.textContent);
    expect(alerts).toContain("Errore nel caricamento dei cartomanti: Non hai i permessi per questa operazione.");
    expect(alerts).toContain("Errore nel caricamento dei pagamenti: Non hai i permessi per questa operazione.");
  });
});

describe("the admin's failed transfers and reversals", () => {
  it("shows psychic, booking, amount and Stripe's last error of each", () => {
    convexMock.queries.set("adminPayouts:overview", overview());
    renderWithProviders(<PaymentsTab />);
    const transfers = within(screen.getByRole("table", { name: "Trasferimenti non riusciti" }));
    const row = transfers.getByRole("row", { name: /Selene/ });
    expect(row).toHaveTextContent("b1");
    expect(row).toHaveTextContent("29,75 €");
    expect(row).toHaveTextContent("Il conto non può ricevere trasferimenti.");
    const reversals = within(screen.getByRole("table", { name: "Storni non riusciti" }));
    expect(reversals.getByRole("row", { name: /Orion/ })).toHaveTextContent("15,00 €");
  });

  it("'Riprova' asks the transfer again, says so, and the row leaves the list", async () => {
    convexMock.queries.set("adminPayouts:overview", overview());
    // The server's answer once the transfer is pending again: no longer failed.
    convexMock.handlers.set("adminPayouts:retryTransfer", () => {
      convexMock.queries.set("adminPayouts:overview", overview({ failedTransfers: [] }));
      convexMock.changed();
      return null;
    });
    renderWithProviders(<PaymentsTab />);
    await userEvent.setup().click(screen.getByRole("button", { name: `Riprova il trasferimento di ${eur("29,75")} a Selene` }));
    expect(convexMock.calls).toEqual([{ name: "adminPayouts:retryTransfer", args: { transferId: "t1" } }]);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Trasferimento richiesto di nuovo", expect.stringContaining("Selene")));
    expect(screen.queryByRole("table", { name: "Trasferimenti non riusciti" })).toBeNull();
    expect(screen.getByText("Nessun trasferimento da riprovare.")).toBeInTheDocument();
  });

  it("'Riprova' on a reversal calls its own mutation and says why when the server refuses", async () => {
    convexMock.queries.set("adminPayouts:overview", overview());
    convexMock.handlers.set("adminPayouts:retryReversal", () => Promise.reject(new ConvexError({ code: "INVALID_STATE" })));
    renderWithProviders(<PaymentsTab />);
    await userEvent.setup().click(screen.getByRole("button", { name: `Riprova lo storno di ${eur("15,00")} da Orion` }));
    expect(convexMock.calls).toEqual([{ name: "adminPayouts:retryReversal", args: { reversalId: "r1" } }]);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(expect.stringContaining("lo stato è cambiato nel frattempo")));
  });

  it("takes the row off every loaded overview at once (the optimistic update)", () => {
    const loaded = [
      { args: { now: 1 }, value: overview() },
      { args: { now: 2 }, value: overview() },
      { args: { now: 3 }, value: undefined },
    ];
    const written: Array<{ args: unknown; value: ReturnType<typeof overview> }> = [];
    const store = {
      getAllQueries: () => loaded,
      setQuery: (_query: unknown, args: unknown, value: ReturnType<typeof overview>) => written.push({ args, value }),
    };
    dropFailedMove(store as never, "failedTransfers", "t1");
    expect(written.map((entry) => entry.args)).toEqual([{ now: 1 }, { now: 2 }]);
    expect(written.every((entry) => entry.value.failedTransfers.length === 0 && entry.value.failedReversals.length === 1)).toBe(true);
    written.length = 0;
    dropFailedMove(store as never, "failedReversals", "r1");
    expect(written.every((entry) => entry.value.failedReversals.length === 0 && entry.value.failedTransfers.length === 1)).toBe(true);
  });
});

describe("the monthly reconciliation", () => {
  it("shows each month's books, current first, and flags a difference and a partial month", () => {
    convexMock.queries.set("adminPayouts:overview", overview());
    renderWithProviders(<PaymentsTab />);
    const table = within(screen.getByRole("table", { name: "Riconciliazione mensile" }));
    expect(table.getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual([
      "Mese",
      "Incassato",
      "Rimborsato",
      "Rimborsi da fare",
      "Contestato",
      "Trasferito",
      "Stornato",
      "Da trasferire",
      "Commissione",
      "Differenza",
    ]);
    const rows = table.getAllByRole("rowheader").map((cell) => cell.textContent);
    expect(rows[0]).toBe("novembre 2026");
    const november = table.getByRole("row", { name: /novembre 2026/ });
    expect(
      within(november)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["100,00", "10,00", "0,00", "0,00", "76,50", "0,00", "0,00", "13,50", "0,00"].map(eur));
    expect(within(november).queryByText(/^Differenza/)).toBeNull();
    expect(within(table.getByRole("row", { name: /ottobre 2026/ })).getByText("Differenza 1,00 €")).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("I conti non tornano in ottobre 2026 (differenza di 1,00 €)");
    expect(table.getByRole("row", { name: /settembre 2026/ })).toHaveTextContent("Totali parziali");
    expect(
      screen.getByText(/incassato − rimborsato − rimborsi da fare − contestato = trasferito − stornato \+ da trasferire \+ commissione/),
    ).toBeInTheDocument();
  });

  it("shows a refund Stripe refused apart from what was refunded, and says beside each column what it counts", () => {
    convexMock.queries.set("adminPayouts:overview", overview({ months: [month("2026-11", { refundFailedCents: 6_000, refundPendingCents: 500 })] }));
    renderWithProviders(<PaymentsTab />);
    const november = within(screen.getByRole("row", { name: /novembre 2026/ }));
    const cells = november.getAllByRole("cell").map((cell) => cell.textContent);
    expect(cells[1]).toBe(eur("10,00"));
    expect(cells[2]).toBe(`${eur("65,00")}di cui non riusciti ${eur("60,00")}`);
    const terms = screen.getAllByRole("term").map((term) => term.textContent);
    expect(terms).toContain("Commissione:");
    expect(screen.getByText(/15 % di quanto la piattaforma trattiene dei pagamenti del mese, consulto per consulto/)).toBeInTheDocument();
    expect(screen.getByText(/Rimborsi dei pagamenti del mese confermati da Stripe/)).toBeInTheDocument();
  });

  it("raises no alarm when every month balances", () => {
    convexMock.queries.set("adminPayouts:overview", overview({ months: [month("2026-11")] }));
    renderWithProviders(<PaymentsTab />);
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

describe("the DAC7 report", () => {
  const csv = "Nome e cognome,Codice fiscale\r\nSelene Àlvarez,RSSMRA85T10A562S\r\n";
  let blobs: Blob[];
  let downloads: string[];

  beforeEach(() => {
    ({ blobs, downloads } = captureDownloads({ address: () => "blob:dac7" }));
    convexMock.queries.set("adminPayouts:overview", overview());
  });

  it("offers the current Rome year and the 4 before it that the rule covers", () => {
    // 23:30 UTC on 31 December is already the new year in Rome.
    expect(dac7Years(Date.UTC(2025, 11, 31, 23, 30))).toEqual([2026, 2025, 2024, 2023]);
    expect(dac7Years(Date.UTC(2030, 5, 1))).toEqual([2030, 2029, 2028, 2027, 2026]);
  });

  it("downloads the chosen year's CSV, UTF-8 with its byte order mark, and warns of missing fiscal data", async () => {
    const year = Number(romeDateOf(Date.now()).slice(0, 4)) - 1;
    convexMock.handlers.set("adminPayouts:dac7Report", (args) => ({
      year: args.year,
      rows: 3,
      missingFiscalData: 2,
      missing: [
        { name: "Aurora", email: "aurora@esempio.it", accountDeleted: false },
        { name: "Morgana", email: "morgana@esempio.it", accountDeleted: false },
      ],
      csv,
    }));
    renderWithProviders(<PaymentsTab />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("combobox", { name: "Anno" }));
    await user.click(screen.getByRole("option", { name: String(year) }));
    await user.click(screen.getByRole("button", { name: "Scarica CSV" }));

    await waitFor(() => expect(downloads).toEqual([`dac7-${year}.csv blob:dac7`]));
    expect(convexMock.calls).toEqual([{ name: "adminPayouts:dac7Report", args: { year } }]);
    expect(blobs).toHaveLength(1);
    expect(blobs[0].type).toBe("text/csv;charset=utf-8");
    const bytes = new Uint8Array(await blobs[0].arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes)).toBe(`\uFEFF${csv}`);
    expect(screen.getByText(`Scaricato dac7-${year}.csv: 3 cartomanti.`)).toBeInTheDocument();
    expect(screen.getByText(/2 cartomanti non hanno ancora inserito i dati fiscali/)).toBeInTheDocument();
  });

  it("names each psychic whose fiscal data is missing, with their address, or says the account was deleted", async () => {
    const missing = [
      { name: "Aurora", email: "aurora@esempio.it", accountDeleted: false },
      { name: "Morgana", email: null, accountDeleted: true },
    ];
    convexMock.handlers.set("adminPayouts:dac7Report", (args) => ({ year: args.year, rows: 7, missingFiscalData: 2, missing, csv }));
    renderWithProviders(<PaymentsTab />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Scarica CSV" }));
    const list = await screen.findByRole("list", { name: "Cartomanti senza dati fiscali" });
    expect(within(list).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Aurora (aurora@esempio.it)",
      "Morgana (account eliminato)",
    ]);
  });

  it("says when no psychic was paid that year, with no warning, and a failure by toast", async () => {
    convexMock.handlers.set("adminPayouts:dac7Report", (args) => ({ year: args.year, rows: 0, missingFiscalData: 0, missing: [], csv: "intestazione\r\n" }));
    renderWithProviders(<PaymentsTab />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Scarica CSV" }));
    const current = Number(romeDateOf(Date.now()).slice(0, 4));
    expect(await screen.findByText(new RegExp(`Nessun cartomante ha ricevuto compensi nel ${current}`))).toBeInTheDocument();
    expect(screen.queryByText(/non hanno ancora inserito i dati fiscali|non ha ancora inserito/)).toBeNull();

    convexMock.handlers.set("adminPayouts:dac7Report", () => Promise.reject(new Error("rete assente")));
    await user.click(screen.getByRole("button", { name: "Scarica CSV" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Impossibile preparare il rapporto DAC7."));
    expect(downloads).toHaveLength(1);
  });
});
