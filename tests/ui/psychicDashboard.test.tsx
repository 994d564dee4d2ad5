// The psychic's dashboard after the booking: cancelling an upcoming consultation, marking recent ones
// held or 'Cliente assente', and the last six months' figures (table, chart, failure).
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConvexError } from "convex/values";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/components/toast";
import { PsychicDashboardPage } from "@/features/psychic/PsychicDashboardPage";
import { showOutcomeAtOnce } from "@/features/psychic/dashboard/RecentConsultations";
import { convexMock } from "./convexMock";
import { renderRoute } from "./render";
import { psychicRow } from "./serverViews";

// Friday 20 November 2026, 15:10 in Rome. Only Date is faked.
const NOW = Date.UTC(2026, 10, 20, 14, 10);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const psychic = { id: "u2", fullName: "Selene Moretti", email: "cartomante@esempio.it", accountType: "psychic", memberSince: 0, isAdmin: false };

function booking(id: string, fields: Record<string, unknown> = {}) {
  return psychicRow(
    {
      id,
      clientName: "Giulia Verdi",
      consultationType: "voice",
      scheduledDate: "2026-11-23",
      scheduledTime: "10:00",
      startsAt: NOW + 3 * DAY,
      endsAt: NOW + 3 * DAY + HOUR,
      durationMinutes: 60,
      priceCents: 8000,
      status: "confirmed",
      notes: null,
      rescheduleCount: 0,
      cancellableUntil: NOW + 3 * DAY,
      reviewed: false,
      clientAttended: false,
      ...fields,
    } as Parameters<typeof psychicRow>[0] & { id: string },
    NOW,
  );
}

const monday = booking("monday", { clientName: "Luca Neri" });
const moved = booking("moved", {
  scheduledDate: "2026-11-25",
  scheduledTime: "17:30",
  startsAt: NOW + 5 * DAY,
  endsAt: NOW + 5 * DAY + HOUR,
  cancellableUntil: NOW + 5 * DAY,
  rescheduleCount: 1,
});
// Started ten minutes ago: listed, no longer cancellable.
const live = booking("live", {
  scheduledDate: "2026-11-20",
  scheduledTime: "15:00",
  startsAt: NOW - 10 * 60_000,
  endsAt: NOW + 20 * 60_000,
  cancellableUntil: NOW - 10 * 60_000,
});
// Later today: still cancellable from today's list.
const evening = booking("evening", {
  clientName: "Sara Fontana",
  scheduledDate: "2026-11-20",
  scheduledTime: "18:00",
  startsAt: NOW + 2 * HOUR + 50 * 60_000,
  endsAt: NOW + 3 * HOUR + 50 * 60_000,
  cancellableUntil: NOW + 2 * HOUR + 50 * 60_000,
});

const ended = (id: string, daysAgo: number, fields: Record<string, unknown>) =>
  booking(id, { startsAt: NOW - daysAgo * DAY, endsAt: NOW - daysAgo * DAY + HOUR, cancellableUntil: null, ...fields });
const heldOpen = ended("open", 1, { clientName: "Marta Bianchi", scheduledDate: "2026-11-19", scheduledTime: "11:00" });
const held = ended("held", 4, { clientName: "Paolo Riva", scheduledDate: "2026-11-16", scheduledTime: "09:30", status: "completed" });
const absent = ended("absent", 9, { clientName: "Anna Sala", scheduledDate: "2026-11-11", scheduledTime: "18:00", status: "no_show" });

const stats = { today: 2, upcoming: 4, paidConsultationsThisMonth: 4, earnedThisMonthCents: 13600, upcomingThisMonthCents: 13600 };
const dashboard = { today: [live, evening], upcoming: [monday, moved], recent: [heldOpen, held, absent], latestPaidAt: NOW - DAY, stats };

const months = [
  { month: "2026-06", consultationsGiven: 0, minutes: 0, hours: 0, earningsCents: 0, averageRating: null, ratingCount: 0 },
  { month: "2026-07", consultationsGiven: 2, minutes: 90, hours: 1.5, earningsCents: 7650, averageRating: 5, ratingCount: 1 },
  { month: "2026-08", consultationsGiven: 1, minutes: 30, hours: 0.5, earningsCents: 3825, averageRating: null, ratingCount: 0 },
  { month: "2026-09", consultationsGiven: 3, minutes: 120, hours: 2, earningsCents: 12750, averageRating: 4.5, ratingCount: 2 },
  { month: "2026-10", consultationsGiven: 5, minutes: 195, hours: 3.3, earningsCents: 21250, averageRating: 4.333, ratingCount: 3 },
  { month: "2026-11", consultationsGiven: 4, minutes: 180, hours: 3, earningsCents: 27200, averageRating: 4, ratingCount: 1 },
];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  convexMock.signedInAs(psychic);
  convexMock.queries.set("bookings:listForPsychic", dashboard);
  vi.spyOn(toast, "success");
  vi.spyOn(toast, "error");
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const section = (name: string) => within(screen.getByRole("region", { name }));
const text = (element: HTMLElement) => element.textContent?.replace(/\s/g, " ") ?? "";
const render = () => renderRoute(<PsychicDashboardPage />, { path: "/psychic-dashboard" });

describe("cancelling an upcoming consultation", () => {
  const cancelMonday = { name: "Annulla il consulto con Luca Neri del lunedì 23 novembre 2026 alle 10:00" };

  it("states the client's full refund and the email to book again, then cancels and says so", async () => {
    const user = userEvent.setup();
    convexMock.handlers.set("bookings:cancelByPsychic", () => ({ refundCents: 8000 }));
    render();
    await user.click(section("Prossimi consulti").getByRole("button", cancelMonday));
    const dialog = screen.getByRole("alertdialog", { name: "Annullare il consulto?" });
    expect(text(dialog)).toContain("Luca Neri riceverà il rimborso completo di 80,00 €");
    expect(dialog).toHaveTextContent("un'email con un link per prenotare di nuovo");
    await user.click(within(dialog).getByRole("button", { name: "Annulla il consulto" }));
    expect(convexMock.calls).toContainEqual({ name: "bookings:cancelByPsychic", args: { bookingId: "monday" } });
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(toast.success).toHaveBeenCalledWith("Consulto annullato", expect.stringContaining("Luca Neri riceverà il rimborso completo di 80,00"));
  });

  it("keeps the consultation when the psychic changes their mind", async () => {
    const user = userEvent.setup();
    render();
    await user.click(section("Prossimi consulti").getByRole("button", cancelMonday));
    await user.click(screen.getByRole("button", { name: "Mantieni il consulto" }));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(convexMock.calls.filter((call) => call.name === "bookings:cancelByPsychic")).toEqual([]);
  });

  it("shows the server's refusal in Italian and keeps the dialog open", async () => {
    const user = userEvent.setup();
    convexMock.handlers.set("bookings:cancelByPsychic", () => {
      throw new ConvexError({ code: "CANCELLATION_NOT_ALLOWED" });
    });
    render();
    await user.click(section("Prossimi consulti").getByRole("button", cancelMonday));
    await user.click(screen.getByRole("button", { name: "Annulla il consulto" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Questo consulto non può più essere annullato.");
    expect(screen.getByRole("alertdialog")).toBeInTheDocument();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("falls back to a general message for an unexpected failure", async () => {
    const user = userEvent.setup();
    convexMock.handlers.set("bookings:cancelByPsychic", () => {
      throw new Error("network down");
    });
    render();
    await user.click(section("Prossimi consulti").getByRole("button", cancelMonday));
    await user.click(screen.getByRole("button", { name: "Annulla il consulto" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Impossibile annullare il consulto. Riprova.");
  });

  it("offers cancelling until the start, today too, and notes one the client moved", () => {
    render();
    const today = section("Consulti di oggi").getAllByRole("listitem");
    expect(within(today[0]!).queryByRole("button", { name: /^Annulla/ })).not.toBeInTheDocument();
    expect(today[0]).toHaveTextContent("In corso");
    expect(
      within(today[1]!).getByRole("button", { name: "Annulla il consulto con Sara Fontana del venerdì 20 novembre 2026 alle 18:00" }),
    ).toBeVisible();
    expect(within(today[1]!).getByRole("link", { name: /^Entra nel consulto con Sara Fontana/ })).toBeVisible();
    const upcoming = section("Prossimi consulti").getAllByRole("listitem");
    expect(upcoming).toHaveLength(2);
    expect(upcoming[1]).toHaveTextContent("Spostato dal cliente");
    expect(upcoming[0]).not.toHaveTextContent("Spostato");
  });

  it("says which of this month's figures include the consultations to come: the earned one never does", () => {
    render();
    expect(screen.getByText("Svolti e in programma")).toBeVisible();
    expect(
      screen.getByText("Consulti tenuti e quote di annullamenti tardivi, al netto della commissione del 15% e di quanto è stato stornato"),
    ).toBeVisible();
    expect(screen.getByText("Consulti del mese in programma, al netto della commissione: non ancora guadagnati")).toBeVisible();
  });
});

describe("the type of each consultation", () => {
  it("is named on every row; a chat today is entered with 'Entra nella chat', a recent one can be read again", () => {
    const chatToday = booking("chat-today", { ...evening, id: "chat-today", consultationType: "chat" });
    const chatHeld = booking("chat-held", { ...held, id: "chat-held", consultationType: "chat" });
    convexMock.queries.set("bookings:listForPsychic", { ...dashboard, today: [live, chatToday], recent: [heldOpen, chatHeld] });
    render();
    const [callRow, chatRow] = section("Consulti di oggi").getAllByRole("listitem");
    expect(callRow).toHaveTextContent("Consulto vocale · 60 minuti · 80,00 €");
    expect(chatRow).toHaveTextContent("Consulto in chat · 60 minuti · 80,00 €");
    const enter = within(chatRow!).getByRole("link", { name: "Entra nella chat con Sara Fontana delle 18:00" });
    expect(enter).toHaveTextContent("Entra nella chat");
    expect(enter).toHaveAttribute("href", "/call/chat-today");
    expect(within(chatRow!).queryByRole("link", { name: /^Leggi la conversazione/ })).toBeNull();

    const [openRow, chatHeldRow] = section("Consulti recenti").getAllByRole("listitem");
    expect(chatHeldRow).toHaveTextContent("Consulto in chat · 60 minuti");
    expect(within(chatHeldRow!).getByRole("link", { name: "Leggi la conversazione con Paolo Riva del lunedì 16 novembre 2026 alle 09:30" })).toHaveAttribute(
      "href",
      "/call/chat-held",
    );
    // A call has nothing to read.
    expect(within(openRow!).queryByRole("link", { name: /^Leggi la conversazione/ })).toBeNull();
  });
});

describe("marking recent consultations", () => {
  it("shows each one's status and offers the other outcomes", () => {
    render();
    const rows = section("Consulti recenti").getAllByRole("listitem");
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent("giovedì 19 novembre 2026, 11:00 · Marta Bianchi");
    expect(rows[0]).toHaveTextContent("Da confermare");
    expect(
      within(rows[0]!)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Segna completato", "Segna cliente assente"]);
    expect(
      within(rows[1]!)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Segna cliente assente"]);
    expect(
      within(rows[2]!)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Segna completato"]);
    expect(rows[2]).toHaveTextContent("Cliente assente");
  });

  it("records the psychic's word with the booking and the outcome", async () => {
    const user = userEvent.setup();
    render();
    await user.click(
      screen.getByRole("button", { name: "Segna cliente assente: consulto con Marta Bianchi del giovedì 19 novembre 2026 alle 11:00" }),
    );
    expect(convexMock.calls).toContainEqual({ name: "bookings:markOutcomeByPsychic", args: { bookingId: "open", outcome: "no_show" } });
    await user.click(screen.getByRole("button", { name: "Segna completato: consulto con Anna Sala del mercoledì 11 novembre 2026 alle 18:00" }));
    expect(convexMock.calls).toContainEqual({ name: "bookings:markOutcomeByPsychic", args: { bookingId: "absent", outcome: "completed" } });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Consulto segnato come completato", "Anna Sala, mercoledì 11 novembre 2026"));
  });

  it("does not offer 'Cliente assente' for a consultation the call's records show the client attending", () => {
    convexMock.queries.set("bookings:listForPsychic", {
      ...dashboard,
      recent: [{ ...heldOpen, clientAttended: true }, { ...held, clientAttended: true }],
    });
    render();
    const rows = section("Consulti recenti").getAllByRole("listitem");
    expect(within(rows[0]!).getAllByRole("button").map((button) => button.textContent)).toEqual(["Segna completato"]);
    expect(within(rows[1]!).queryAllByRole("button")).toEqual([]);
  });

  it("says the client was in the call when the server refuses 'Cliente assente' for that reason", async () => {
    const user = userEvent.setup();
    convexMock.handlers.set("bookings:markOutcomeByPsychic", () => {
      throw new ConvexError({ code: "CLIENT_ATTENDED" });
    });
    render();
    await user.click(screen.getByRole("button", { name: /^Segna cliente assente: consulto con Paolo Riva/ }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        "Il cliente risulta presente nella chiamata: non puoi segnarlo assente.",
        "Impossibile aggiornare lo stato del consulto.",
      ),
    );
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("says 'Impossibile aggiornare lo stato del consulto.' when the server refuses", async () => {
    const user = userEvent.setup();
    convexMock.handlers.set("bookings:markOutcomeByPsychic", (args) => {
      throw new ConvexError({ code: args.outcome === "no_show" ? "INVALID_STATE" : "CONSULTATION_NOT_ENDED" });
    });
    render();
    await user.click(screen.getByRole("button", { name: /^Segna cliente assente: consulto con Paolo Riva/ }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        "Il cliente ha già recensito questo consulto: resta completato.",
        "Impossibile aggiornare lo stato del consulto.",
      ),
    );
    await user.click(screen.getByRole("button", { name: /^Segna completato: consulto con Marta Bianchi/ }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        "Potrai aggiornare lo stato del consulto solo dopo la sua fine.",
        "Impossibile aggiornare lo stato del consulto.",
      ),
    );
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("shows the new status at once in every open answer of the dashboard (optimistic update)", () => {
    const setQuery = vi.fn();
    const store = {
      getAllQueries: () => [
        { args: { now: NOW }, value: dashboard },
        { args: { now: NOW - 60_000 }, value: undefined },
      ],
      setQuery,
    };
    showOutcomeAtOnce(store as unknown as Parameters<typeof showOutcomeAtOnce>[0], { bookingId: "open", outcome: "completed" });
    expect(setQuery).toHaveBeenCalledTimes(1);
    const [, args, value] = setQuery.mock.calls[0]!;
    expect(args).toEqual({ now: NOW });
    expect(value.recent.map((row: { status: string }) => row.status)).toEqual(["completed", "completed", "no_show"]);
    expect(value.upcoming).toBe(dashboard.upcoming);
  });

  it("says so when nothing ended in the last 30 days", () => {
    convexMock.queries.set("bookings:listForPsychic", { ...dashboard, recent: [] });
    render();
    expect(section("Consulti recenti").getByText("Nessun consulto concluso negli ultimi 30 giorni.")).toBeInTheDocument();
  });
});

describe("the monthly figures", () => {
  it("lists six months in Italian with consultations, hours, net earnings and the average rating", async () => {
    convexMock.queries.set("psychicMonthFigures:listMine", months);
    render();
    const table = screen.getByRole("table", { name: /ultimi 6 mesi/ });
    const rows = within(table)
      .getAllByRole("row")
      .map((row) => Array.from(row.querySelectorAll<HTMLElement>("th, td"), text));
    expect(rows[0]).toEqual(["Mese", "Consulti", "Ore", "Guadagni netti", "Valutazione media"]);
    expect(rows.slice(1).map((row) => row[0])).toEqual([
      "giugno 2026",
      "luglio 2026",
      "agosto 2026",
      "settembre 2026",
      "ottobre 2026",
      "novembre 2026",
    ]);
    expect(rows[4]).toEqual(["settembre 2026", "3", "2", "127,50 €", "4,5 (2)"]);
    expect(rows[5]).toEqual(["ottobre 2026", "5", "3,3", "212,50 €", "4,3 (3)"]);
    expect(rows[1]).toEqual(["giugno 2026", "0", "0", "0,00 €", "—nessuna recensione"]);
    expect(section("Andamento mensile").getByText(/al netto della commissione del 15%/)).toBeInTheDocument();

    // The chart comes from its own chunk, as one image named by its summary.
    const chart = await screen.findByRole("img", { name: /^Grafico dei guadagni netti per mese/ });
    expect(chart.getAttribute("aria-label")?.replace(/\s/g, " ")).toContain("novembre 2026 272,00 €");
  });

  it("shows placeholders while the figures load", () => {
    render();
    expect(screen.getByRole("status", { name: "Caricamento delle statistiche" })).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    act(() => {
      convexMock.queries.set("psychicMonthFigures:listMine", months);
      convexMock.changed();
    });
    expect(screen.getByRole("table")).toBeInTheDocument();
  });

  it("says 'Impossibile caricare le statistiche.' when they fail, and the bookings stay", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    convexMock.queries.set("psychicMonthFigures:listMine", new Error("Network down"));
    render();
    expect(section("Andamento mensile").getByRole("alert")).toHaveTextContent("Impossibile caricare le statistiche.");
    expect(section("Prossimi consulti").getAllByRole("listitem")).toHaveLength(2);
  });
});
