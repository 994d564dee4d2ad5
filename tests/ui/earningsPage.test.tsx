// 'Guadagni' (/psychic/earnings): the balance at Stripe, each consultation's share and its transfer
// (live), Stripe's payouts, and the monthly statement's download.
import { nextPayoutDate } from "@convex/model/payouts";
import { formatItalianDate } from "@/lib/text/format";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConvexError } from "convex/values";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/components/toast";
import { PsychicEarningsPage } from "@/features/psychic/PsychicEarningsPage";
import { convexMock } from "./convexMock";
import { renderRoute } from "./render";

vi.mock("convex/react", async () => (await import("./convexMock")).convexReactMock);
vi.mock("@convex-dev/auth/react", async () => (await import("./convexMock")).authReactMock);
// The PDF itself is statementPdf.test.ts's: here, what the page hands it.
const pdf = vi.hoisted(() => ({ downloadStatementPdf: vi.fn(), statementFileName: (month: string) => `estratto-conto-${month}.pdf` }));
vi.mock("@/features/psychic/earnings/statementPdf", () => pdf);

// Friday 20 November 2026, 15:10 in Rome. Only Date is faked.
const NOW = Date.UTC(2026, 10, 20, 14, 10);
const DAY = 24 * 3_600_000;

const psychic = { id: "u2", fullName: "Selene Moretti", email: "selene@esempio.it", accountType: "psychic", memberSince: 0, isAdmin: false };

const share = (bookingId: string, fields: Record<string, unknown> = {}) => ({
  bookingId,
  scheduledDate: "2026-11-16",
  scheduledTime: "09:30",
  durationMinutes: 60,
  reason: "consultation",
  grossCents: 8000,
  commissionCents: 1200,
  amountCents: 6800,
  state: "transferred",
  dueAt: NOW - 4 * DAY,
  transferredAt: Date.UTC(2026, 10, 16, 10, 31),
  reversedCents: 0,
  ...fields,
  netCents: Number(fields.amountCents ?? 6800) - Number(fields.reversedCents ?? 0),
});

const earnings = [
  share("b5", {
    scheduledDate: "2026-11-25",
    scheduledTime: "17:30",
    reason: "cancellation",
    grossCents: 2000,
    commissionCents: 300,
    amountCents: 1700,
    state: "scheduled",
    dueAt: Date.UTC(2026, 10, 25, 17, 30),
    transferredAt: null,
  }),
  share("b4", {
    scheduledDate: "2026-11-20",
    scheduledTime: "14:00",
    durationMinutes: 30,
    grossCents: 4000,
    commissionCents: 600,
    amountCents: 3400,
    state: "pending",
    transferredAt: null,
  }),
  share("b3", { scheduledDate: "2026-11-18", scheduledTime: "11:00", state: "failed", transferredAt: null }),
  share("b2", { scheduledDate: "2026-11-17", scheduledTime: "18:00", state: "awaiting_onboarding", transferredAt: null }),
  share("b1"),
];
// What the server's ledger says November earned (the dashboard's card reads the same figure).
const monthFigures = {
  month: "2026-11",
  earnedCents: 22500,
  consultationsCents: 20800,
  cancellationsCents: 1700,
  grossCents: 26500,
  commissionCents: 4000,
  reversedCents: 0,
  shares: 5,
};
const payouts = [
  { stripePayoutId: "po_2", amountCents: 6800, arrivalDate: Date.UTC(2026, 10, 16, 6, 0), status: "paid" },
  { stripePayoutId: "po_1", amountCents: 3400, arrivalDate: Date.UTC(2026, 10, 9, 6, 0), status: "failed" },
];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  convexMock.reset();
  convexMock.signedInAs(psychic);
  convexMock.queries.set("payouts:getMyAccount", { state: "enabled", requirementsDue: [] });
  convexMock.queries.set("earnings:listMyEarnings", earnings);
  convexMock.queries.set("earnings:listMyPayouts", payouts);
  convexMock.queries.set("earnings:myMonth", monthFigures);
  convexMock.handlers.set("earnings:myBalance", () => ({ availableCents: 10200, pendingCents: 3400 }));
  pdf.downloadStatementPdf.mockReset();
  vi.spyOn(toast, "success");
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const render = () => renderRoute(<PsychicEarningsPage />, { path: "/psychic/earnings" });
const section = (name: string) => within(screen.getByRole("region", { name }));
const text = (element: Element) => element.textContent?.replace(/\s/g, " ") ?? "";
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => Array.from(row.querySelectorAll("th, td"), text));
const callsOf = (name: string) => convexMock.calls.filter((call) => call.name === name);
const changeAnswers = (change: () => void) =>
  act(() => {
    change();
    convexMock.changed();
  });

describe("this month", () => {
  it("shows what the Rome month earned, saying what it counts, from the same figure as the dashboard's card", () => {
    render();
    const earned = screen.getByRole("region", { name: "Guadagnato a novembre" });
    expect(text(earned)).toContain("225,00 €");
    expect(earned).toHaveTextContent("Consulti tenuti e quote di annullamenti tardivi, al netto della commissione del 15%");
    expect(text(screen.getByRole("region", { name: "Di cui da consulti tenuti" }))).toContain("208,00 €");
    expect(text(screen.getByRole("region", { name: "Di cui da annullamenti tardivi" }))).toContain("17,00 €");
  });
});

describe("the balance", () => {
  it("is asked of Stripe when the page opens: available and on its way", async () => {
    render();
    expect(screen.getByRole("region", { name: "Disponibile" })).toHaveAttribute("aria-busy", "true");
    await waitFor(() => expect(screen.getByRole("region", { name: "Disponibile" })).toHaveTextContent("102,00 €"));
    expect(screen.getByRole("region", { name: "In arrivo" })).toHaveTextContent("34,00 €");
    expect(callsOf("earnings:myBalance")).toHaveLength(1);
  });

  it("says the date of the next payout to the bank, as Stripe's weekly schedule makes it", async () => {
    render();
    const next = screen.getByRole("region", { name: "Prossimo versamento sul conto" });
    expect(next).toHaveTextContent(`${formatItalianDate(nextPayoutDate(NOW))}`);
    expect(next).toHaveTextContent(/^.*lunedì/);
    await waitFor(() => expect(next).toHaveTextContent("Stripe verserà sul tuo conto i 102,00 € disponibili"));
  });

  it("without a Stripe account, asks the psychic to set up payouts", async () => {
    convexMock.handlers.set("earnings:myBalance", () => null);
    convexMock.queries.set("payouts:getMyAccount", { state: "not_started", requirementsDue: [] });
    render();
    expect(await section("Saldo").findByText("Configura i pagamenti per vedere il saldo.")).toBeInTheDocument();
    expect(section("Saldo").getByRole("link", { name: "Configura i pagamenti" })).toHaveAttribute("href", "/psychic/settings#pagamenti");
  });

  it.each([
    ["an unexpected failure", new Error("offline")],
    ["Stripe unreachable", new ConvexError({ code: "PAYMENT_FAILED" })],
  ])("says so when Stripe cannot be asked (%s)", async (_case, failure) => {
    convexMock.handlers.set("earnings:myBalance", () => {
      throw failure;
    });
    render();
    expect(await section("Saldo").findByRole("alert")).toHaveTextContent("Impossibile leggere il saldo da Stripe");
  });

  it("is asked again when a transfer arrives, not when nothing moved", async () => {
    render();
    await waitFor(() => expect(callsOf("earnings:myBalance")).toHaveLength(1));
    changeAnswers(() => convexMock.queries.set("earnings:listMyEarnings", [...earnings]));
    expect(callsOf("earnings:myBalance")).toHaveLength(1);
    convexMock.handlers.set("earnings:myBalance", () => ({ availableCents: 13600, pendingCents: 0 }));
    changeAnswers(() =>
      convexMock.queries.set(
        "earnings:listMyEarnings",
        earnings.map((row) => (row.bookingId === "b4" ? { ...row, state: "transferred", transferredAt: NOW } : row)),
      ),
    );
    await waitFor(() => expect(screen.getByRole("region", { name: "Disponibile" })).toHaveTextContent("136,00 €"));
    expect(callsOf("earnings:myBalance")).toHaveLength(2);
  });
});

describe("the consultations' earnings", () => {
  it("lists each share: when, how long, what for, gross, commission, net and where its transfer is", () => {
    render();
    const table = section("Consulti").getByRole("table", { name: "Guadagni di ogni consulto, dal più recente" });
    expect(within(table).getAllByRole("columnheader").map(text)).toEqual([
      "Data e ora",
      "Durata",
      "Tipo",
      "Lordo",
      "Commissione 15 %",
      "Netto",
      "Stato",
    ]);
    expect(rowsOf(table)).toEqual([
      ["25/11/2026, 17:30", "60 minuti", "Annullamento con trattenuta", "20,00 €", "3,00 €", "17,00 €", "Programmato per il 25/11/2026"],
      ["20/11/2026, 14:00", "30 minuti", "Consulto", "40,00 €", "6,00 €", "34,00 €", "In corso"],
      ["18/11/2026, 11:00", "60 minuti", "Consulto", "80,00 €", "12,00 €", "68,00 €", "Non riuscito"],
      ["17/11/2026, 18:00", "60 minuti", "Consulto", "80,00 €", "12,00 €", "68,00 €", "In attesa di attivazione pagamenti"],
      ["16/11/2026, 09:30", "60 minuti", "Consulto", "80,00 €", "12,00 €", "68,00 €", "Trasferito il 16/11/2026"],
    ]);
  });

  it("shows a transfer made while the page is open, without a reload", () => {
    render();
    changeAnswers(() =>
      convexMock.queries.set("earnings:listMyEarnings", [
        share("b6", { scheduledDate: "2026-11-20", scheduledTime: "15:00", transferredAt: NOW }),
        ...earnings,
      ]),
    );
    const rows = rowsOf(section("Consulti").getByRole("table"));
    expect(rows).toHaveLength(6);
    expect(rows[0]).toEqual(["20/11/2026, 15:00", "60 minuti", "Consulto", "80,00 €", "12,00 €", "68,00 €", "Trasferito il 20/11/2026"]);
  });

  it("shows a placeholder while loading, then the empty state", () => {
    convexMock.queries.delete("earnings:listMyEarnings");
    render();
    expect(section("Consulti").getByRole("status", { name: "Caricamento dei guadagni" })).toBeInTheDocument();
    changeAnswers(() => convexMock.queries.set("earnings:listMyEarnings", []));
    expect(section("Consulti").getByText(/Nessun guadagno ancora/)).toBeInTheDocument();
    expect(section("Consulti").queryByRole("table")).not.toBeInTheDocument();
  });
});

describe("the payouts", () => {
  it("lists Stripe's payouts to the bank: date, amount, status", () => {
    render();
    const table = section("Versamenti sul conto").getByRole("table", { name: "Versamenti di Stripe sul tuo conto, dal più recente" });
    expect(rowsOf(table)).toEqual([
      ["16/11/2026", "68,00 €", "Pagato"],
      ["09/11/2026", "34,00 €", "Non riuscito"],
    ]);
  });

  it("shows a placeholder while loading, then the empty state", () => {
    convexMock.queries.delete("earnings:listMyPayouts");
    render();
    expect(section("Versamenti sul conto").getByRole("status", { name: "Caricamento dei versamenti" })).toBeInTheDocument();
    changeAnswers(() => convexMock.queries.set("earnings:listMyPayouts", []));
    expect(section("Versamenti sul conto").getByText(/Nessun versamento ancora/)).toBeInTheDocument();
  });
});

describe("the monthly statement", () => {
  const statement = {
    month: "2026-10",
    psychicName: "Selene Moretti",
    lines: [],
    totals: { grossCents: 0, commissionCents: 0, commissionVatCents: 0, reversedCents: 0, earnedCents: 0 },
    transferredCents: 0,
    payouts: [],
  };

  it("offers the last twelve Rome months, the current one first", async () => {
    const user = userEvent.setup();
    render();
    const picker = section("Estratto conto").getByRole("combobox", { name: "Mese" });
    expect(picker).toHaveTextContent("novembre 2026");
    await user.click(picker);
    const options = screen.getAllByRole("option").map(text);
    expect(options).toHaveLength(12);
    expect(options[0]).toBe("novembre 2026");
    expect(options[1]).toBe("ottobre 2026");
    expect(options[11]).toBe("dicembre 2025");
  });

  it("downloads the chosen month's statement: reads it once and hands it to the PDF", async () => {
    const user = userEvent.setup();
    convexMock.handlers.set("earnings:myStatement", () => statement);
    render();
    await user.click(section("Estratto conto").getByRole("combobox", { name: "Mese" }));
    await user.click(screen.getByRole("option", { name: "ottobre 2026" }));
    await user.click(section("Estratto conto").getByRole("button", { name: "Scarica PDF" }));
    await waitFor(() => expect(pdf.downloadStatementPdf).toHaveBeenCalledExactlyOnceWith(statement));
    expect(callsOf("earnings:myStatement")).toEqual([{ name: "earnings:myStatement", args: { month: "2026-10" } }]);
    expect(toast.success).toHaveBeenCalledWith("Estratto conto scaricato", "estratto-conto-2026-10.pdf");
  });

  it("says why when the statement cannot be read, and makes no PDF", async () => {
    const user = userEvent.setup();
    convexMock.handlers.set("earnings:myStatement", () => {
      throw new ConvexError({ code: "INVALID_INPUT", field: "month" });
    });
    render();
    await user.click(section("Estratto conto").getByRole("button", { name: "Scarica PDF" }));
    expect(await section("Estratto conto").findByRole("alert")).toHaveTextContent("Controlla i dati inseriti e riprova.");
    expect(callsOf("earnings:myStatement")).toEqual([{ name: "earnings:myStatement", args: { month: "2026-11" } }]);
    expect(pdf.downloadStatementPdf).not.toHaveBeenCalled();
  });
});

describe("the page", () => {
  it("shows the payouts banner while payouts are not enabled, and links back to the dashboard", () => {
    convexMock.queries.set("payouts:getMyAccount", { state: "requirements_due", requirementsDue: ["external_account"] });
    render();
    expect(screen.getByRole("heading", { level: 1, name: "Guadagni" })).toBeInTheDocument();
    expect(screen.getByRole("status", { name: "Pagamenti da configurare" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Dashboard/ })).toHaveAttribute("href", "/psychic-dashboard");
  });
});
