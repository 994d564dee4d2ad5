import { act, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/components/toast";
import { ClientDashboardPage } from "@/features/client/ClientDashboardPage";
import { PsychicDashboardPage } from "@/features/psychic/PsychicDashboardPage";
import { convexMock } from "./convexMock";
import { renderRoute } from "./render";
import { clientRow, psychicRow } from "./serverViews";

// Friday 20 November 2026, 15:10 in Rome. Only Date is faked.
const NOW = Date.UTC(2026, 10, 20, 14, 10);
const HOUR = 3_600_000;

const client = { id: "u1", fullName: "Giulia Verdi", email: "giulia@esempio.it", accountType: "client", memberSince: 0, isAdmin: false };
const psychic = { ...client, id: "u2", fullName: "Selene Moretti", accountType: "psychic" };

function clientBooking(id: string, fields: Record<string, unknown>) {
  return clientRow(
    {
      id,
      psychicProfileId: "p1",
      psychicName: "Selene Moretti",
      consultationType: "voice",
      scheduledDate: "2026-11-20",
      scheduledTime: "15:00",
      startsAt: NOW - 10 * 60_000,
      endsAt: NOW + 20 * 60_000,
      durationMinutes: 30,
      priceCents: 5000,
      status: "confirmed",
      holdExpiresAt: null,
      checkoutUrl: null,
      refundStatus: null,
      refundCents: null,
      notes: null,
      ...fields,
    } as Parameters<typeof clientRow>[0] & { id: string },
    NOW,
  );
}

// As the server lists them: the latest start first.
const clientBookings = [
  clientBooking("past", {
    scheduledDate: "2026-11-02",
    scheduledTime: "10:00",
    startsAt: NOW - 18 * 24 * HOUR,
    endsAt: NOW - 18 * 24 * HOUR + HOUR,
    status: "completed",
  }),
  clientBooking("refunded", {
    scheduledDate: "2026-11-10",
    startsAt: NOW - 10 * 24 * HOUR,
    endsAt: NOW - 10 * 24 * HOUR + HOUR,
    status: "cancelled",
    refundStatus: "succeeded",
    refundCents: 5000,
  }),
  clientBooking("now", {}),
  clientBooking("later-today", { scheduledTime: "18:00", startsAt: NOW + 3 * HOUR, endsAt: NOW + 3.5 * HOUR, psychicName: "Marta Stella" }),
  clientBooking("refunding", {
    scheduledDate: "2026-11-23",
    startsAt: NOW + 3 * 24 * HOUR,
    endsAt: NOW + 3 * 24 * HOUR + HOUR,
    status: "cancelled",
    refundStatus: "pending",
    refundCents: 2500,
  }),
  clientBooking("held", {
    scheduledDate: "2026-11-24",
    startsAt: NOW + 4 * 24 * HOUR,
    endsAt: NOW + 4 * 24 * HOUR + HOUR,
    status: "pending_payment",
    holdExpiresAt: NOW + 20 * 60_000,
    checkoutUrl: "https://checkout.example/s/9",
  }),
  clientBooking("next-week", {
    scheduledDate: "2026-11-27",
    scheduledTime: "11:30",
    startsAt: NOW + 7 * 24 * HOUR,
    endsAt: NOW + 7 * 24 * HOUR + HOUR,
  }),
].sort((a, b) => b.startsAt - a.startsAt);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  vi.spyOn(toast, "success");
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const section = (name: string) => within(screen.getByRole("region", { name }));
const figure = (name: string) => screen.getByRole("region", { name });

describe("the client dashboard", () => {
  beforeEach(() => convexMock.signedInAs(client));

  it("shows the counts, today's consultations with the way into the call, and the next ones", () => {
    convexMock.queries.set("bookings:listMine", { bookings: clientBookings, counts: { total: 4, today: 2, upcoming: 3 } });
    renderRoute(<ClientDashboardPage />, { path: "/dashboard" });
    expect(figure("Consulti totali")).toHaveTextContent("4");
    expect(figure("Oggi")).toHaveTextContent("2");
    expect(figure("In programma")).toHaveTextContent("3");

    const today = section("Consulti di oggi");
    const rows = today.getAllByRole("listitem");
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent("In corso");
    expect(within(rows[0]!).getByRole("link", { name: /^Entra/ })).toHaveAttribute("href", "/call/now");
    expect(rows[1]).toHaveTextContent("Programmato");
    expect(within(rows[1]!).getByRole("link", { name: "Entra nel consulto con Marta Stella delle 18:00" })).toHaveAttribute(
      "href",
      "/call/later-today",
    );
    // 'Entra' comes before the counts, so on a phone it is on the first screen.
    const entra = within(rows[0]!).getByRole("link", { name: /^Entra/ });
    expect(entra.compareDocumentPosition(figure("Consulti totali")) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const upcoming = section("Prossimi consulti").getAllByRole("listitem");
    expect(upcoming).toHaveLength(1);
    expect(upcoming[0]).toHaveTextContent("venerdì 27 novembre 2026, 11:30");
    expect(screen.getByRole("link", { name: /Trova un cartomante/ })).toHaveAttribute("href", "/psychics");
    expect(screen.getByRole("link", { name: /Impostazioni/ })).toHaveAttribute("href", "/settings");
  });

  it("leads with the next consultation (when, with whom, the room's button once open), the counts after the lists", () => {
    convexMock.queries.set("bookings:listMine", { bookings: clientBookings, counts: { total: 4, today: 2, upcoming: 3 } });
    renderRoute(<ClientDashboardPage />, { path: "/dashboard" });
    const next = screen.getByRole("region", { name: "Il tuo prossimo consulto" });
    expect(next).toHaveTextContent("Oggi alle 15:00");
    expect(next).toHaveTextContent("con Selene Moretti · 30 minuti");
    const enter = within(next).getByRole("link", { name: "Entra nella stanza" });
    expect(enter).toHaveAttribute("href", "/call/now");
    // First of the page's sections; the counts come after the consultations' lists.
    expect(screen.getAllByRole("region")[0]).toBe(next);
    const upcoming = screen.getByRole("region", { name: "Prossimi consulti" });
    expect(upcoming.compareDocumentPosition(figure("Consulti totali")) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("before the room opens, says when it opens", () => {
    const tomorrow = clientBooking("tomorrow", { scheduledDate: "2026-11-21", scheduledTime: "10:00", startsAt: NOW + 19 * HOUR - 10 * 60_000, endsAt: NOW + 20 * HOUR });
    convexMock.queries.set("bookings:listMine", { bookings: [tomorrow], counts: { total: 1, today: 0, upcoming: 1 } });
    renderRoute(<ClientDashboardPage />, { path: "/dashboard" });
    const next = screen.getByRole("region", { name: "Il tuo prossimo consulto" });
    expect(next).toHaveTextContent("Domani alle 10:00");
    expect(next).toHaveTextContent("La stanza si apre domani alle 09:55.");
    expect(within(next).queryByRole("link")).toBeNull();
  });

  it("labels every consultation by time, payment and refund", () => {
    convexMock.queries.set("bookings:listMine", { bookings: clientBookings, counts: { total: 4, today: 2, upcoming: 3 } });
    renderRoute(<ClientDashboardPage />, { path: "/dashboard" });
    const rows = section("Tutti i consulti").getAllByRole("listitem");
    const byText = (text: string) => rows.find((row) => row.textContent?.includes(text))!;
    // Newest first.
    expect(rows[0]).toHaveTextContent("venerdì 27 novembre 2026");
    expect(byText("2 novembre 2026")).toHaveTextContent("Completato");
    expect(byText("10 novembre 2026")).toHaveTextContent("Annullato");
    expect(byText("10 novembre 2026")).toHaveTextContent("Rimborsato");
    expect(byText("23 novembre 2026")).toHaveTextContent("Rimborso in corso");
    expect(byText("27 novembre 2026")).toHaveTextContent("Programmato");
    // A hold waiting for payment is at the top ('Pagamento in sospeso', tests/ui/pendingPayments.test.tsx), not here.
    expect(rows.find((row) => row.textContent?.includes("24 novembre 2026"))).toBeUndefined();
    expect(screen.queryByRole("link", { name: /Completa il pagamento/ })).not.toBeInTheDocument();
  });

  it("names each consultation's type; a chat is entered with 'Entra nella chat', and one that is over can be read again", () => {
    const chatNow = clientBooking("chat-now", { consultationType: "chat", psychicName: "Marta Stella" });
    const chatHeld = clientBooking("chat-held", {
      consultationType: "chat",
      scheduledDate: "2026-11-02",
      startsAt: NOW - 18 * 24 * HOUR,
      endsAt: NOW - 18 * 24 * HOUR + HOUR,
      status: "completed",
    });
    // Over by the clock, before the server has closed it.
    const chatJustOver = clientBooking("chat-just-over", { consultationType: "chat", startsAt: NOW - HOUR, endsAt: NOW - 30 * 60_000 });
    const chatCancelled = clientBooking("chat-cancelled", {
      consultationType: "chat",
      scheduledDate: "2026-11-10",
      startsAt: NOW - 10 * 24 * HOUR,
      endsAt: NOW - 10 * 24 * HOUR + HOUR,
      status: "cancelled",
    });
    const voiceHeld = clientBookings.find((booking) => booking.id === "past")!;
    convexMock.queries.set("bookings:listMine", {
      bookings: [chatNow, chatJustOver, chatCancelled, voiceHeld, chatHeld],
      counts: { total: 3, today: 1, upcoming: 1 },
    });
    renderRoute(<ClientDashboardPage />, { path: "/dashboard" });

    const next = screen.getByRole("region", { name: "Il tuo prossimo consulto" });
    expect(next).toHaveTextContent("Consulto in chat con Marta Stella · 30 minuti");
    expect(within(next).getByRole("link", { name: "Entra nella chat" })).toHaveAttribute("href", "/call/chat-now");
    const todayRow = section("Consulti di oggi")
      .getAllByRole("listitem")
      .find((item) => item.textContent?.includes("Marta Stella"));
    expect(todayRow).toHaveTextContent("Marta Stella · Consulto in chat · 30 minuti · 50,00 €");
    const enter = within(todayRow!).getByRole("link", { name: "Entra nella chat con Marta Stella delle 15:00" });
    expect(enter).toHaveTextContent("Entra nella chat");

    const rows = section("Tutti i consulti").getAllByRole("listitem");
    const row = (id: string) => rows[[chatNow, chatJustOver, chatCancelled, voiceHeld, chatHeld].findIndex((booking) => booking.id === id)]!;
    expect(row("past")).toHaveTextContent("Selene Moretti · Consulto vocale · 30 minuti · 50,00 €");
    const read = (id: string) => within(row(id)).queryByRole("link", { name: /^Leggi la conversazione/ });
    expect(read("chat-held")).toHaveAttribute("href", "/call/chat-held");
    expect(read("chat-held")).toHaveAccessibleName("Leggi la conversazione con Selene Moretti del lunedì 2 novembre 2026 alle 15:00");
    expect(read("chat-just-over")).toHaveAttribute("href", "/call/chat-just-over");
    // Not for a chat still to come or under way, one cancelled, or a call.
    expect(read("chat-now")).toBeNull();
    expect(read("chat-cancelled")).toBeNull();
    expect(read("past")).toBeNull();
  });

  it("reads a booking kept on the device from before the type was sent as a call", () => {
    const kept = clientBooking("kept", { consultationType: undefined });
    convexMock.queries.set("bookings:listMine", { bookings: [kept], counts: { total: 1, today: 1, upcoming: 1 } });
    renderRoute(<ClientDashboardPage />, { path: "/dashboard" });
    expect(section("Consulti di oggi").getByRole("listitem")).toHaveTextContent("Selene Moretti · Consulto vocale · 30 minuti");
    expect(screen.getByRole("region", { name: "Il tuo prossimo consulto" })).toHaveTextContent("Entra nella stanza");
  });

  it("before a chat opens, says when the chat opens", () => {
    const tomorrow = clientBooking("tomorrow", {
      consultationType: "chat",
      scheduledDate: "2026-11-21",
      scheduledTime: "10:00",
      startsAt: NOW + 19 * HOUR - 10 * 60_000,
      endsAt: NOW + 20 * HOUR,
    });
    convexMock.queries.set("bookings:listMine", { bookings: [tomorrow], counts: { total: 1, today: 0, upcoming: 1 } });
    renderRoute(<ClientDashboardPage />, { path: "/dashboard" });
    expect(screen.getByRole("region", { name: "Il tuo prossimo consulto" })).toHaveTextContent("La chat si apre domani alle 09:55.");
  });

  it("tells a client whose refund failed that it failed, and what happens next", () => {
    const failed = clientBooking("failed", {
      scheduledDate: "2026-11-23",
      startsAt: NOW + 3 * 24 * HOUR,
      endsAt: NOW + 3 * 24 * HOUR + HOUR,
      status: "cancelled",
      cancelledBy: "psychic",
      refundStatus: "failed",
      refundCents: 5000,
    });
    convexMock.queries.set("bookings:listMine", { bookings: [failed], counts: { total: 1, today: 0, upcoming: 0 } });
    renderRoute(<ClientDashboardPage />, { path: "/dashboard" });
    const row = section("Tutti i consulti").getByRole("listitem");
    expect(row).toHaveTextContent("Rimborso non riuscito");
    expect(row).not.toHaveTextContent("Rimborso in corso");
    expect(row).toHaveTextContent("lo stiamo verificando e lo invieremo di nuovo");
    expect(within(row).getByRole("link", { name: "Hai domande? Scrivici" })).toHaveAttribute("href", "/contact");
  });

  it("shows the empty state with a way to the psychics", () => {
    convexMock.queries.set("bookings:listMine", { bookings: [], counts: { total: 0, today: 0, upcoming: 0 } });
    renderRoute(<ClientDashboardPage />, { path: "/dashboard" });
    expect(screen.getByText(/Non hai ancora prenotato nessun consulto/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Scopri i cartomanti" })).toHaveAttribute("href", "/psychics");
    // Nothing to count: no row of zeros before the way to the psychics.
    expect(screen.queryByRole("region", { name: "Consulti totali" })).not.toBeInTheDocument();
  });

  it("shows placeholders while loading, then the consultations as they arrive", () => {
    renderRoute(<ClientDashboardPage />, { path: "/dashboard" });
    expect(screen.getByRole("status", { name: "Caricamento di tutti i consulti" })).toBeInTheDocument();
    expect(figure("Oggi")).toHaveAttribute("aria-busy", "true");
    act(() => {
      convexMock.queries.set("bookings:listMine", { bookings: clientBookings.filter((booking) => booking.id === "now"), counts: { total: 1, today: 1, upcoming: 1 } });
      convexMock.changed();
    });
    expect(section("Consulti di oggi").getAllByRole("listitem")).toHaveLength(1);
    expect(screen.queryByRole("status", { name: "Caricamento di tutti i consulti" })).not.toBeInTheDocument();
  });

  it("says so when the consultations cannot be loaded", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    convexMock.queries.set("bookings:listMine", new Error("Network down"));
    renderRoute(<ClientDashboardPage />, { path: "/dashboard" });
    expect(screen.getByRole("alert")).toHaveTextContent("Impossibile caricare le prenotazioni.");
  });
});

function psychicBooking(id: string, fields: Record<string, unknown> = {}) {
  return psychicRow(
    {
      id,
      clientName: "Giulia Verdi",
      consultationType: "voice",
      scheduledDate: "2026-11-20",
      scheduledTime: "18:00",
      startsAt: NOW + 3 * HOUR,
      endsAt: NOW + 3.5 * HOUR,
      durationMinutes: 30,
      priceCents: 5000,
      status: "confirmed",
      notes: null,
      rescheduleCount: 0,
      cancellableUntil: NOW + 3 * HOUR,
      ...fields,
    } as Parameters<typeof psychicRow>[0] & { id: string },
    NOW,
  );
}

const tonight = psychicBooking("tonight", { notes: "Vorrei parlare del lavoro." });
const monday = psychicBooking("monday", {
  clientName: "Luca Neri",
  scheduledDate: "2026-11-23",
  scheduledTime: "10:00",
  startsAt: NOW + 3 * 24 * HOUR,
  endsAt: NOW + 3 * 24 * HOUR + HOUR,
  cancellableUntil: NOW + 3 * 24 * HOUR,
});
const stats = { today: 1, upcoming: 2, paidConsultationsThisMonth: 7, earnedThisMonthCents: 21250, upcomingThisMonthCents: 8500 };

describe("the psychic dashboard", () => {
  beforeEach(() => convexMock.signedInAs(psychic));

  it("shows the month's figures, what it earned (saying what it counts) apart from what is to come, today's and the next consultations with notes", () => {
    convexMock.queries.set("bookings:listForPsychic", { today: [tonight], upcoming: [monday], recent: [], latestPaidAt: NOW - 2 * 24 * HOUR, stats });
    renderRoute(<PsychicDashboardPage />, { path: "/psychic-dashboard" });
    expect(figure("Oggi")).toHaveTextContent("1");
    expect(figure("In programma")).toHaveTextContent("2");
    expect(figure("Consulti del mese")).toHaveTextContent("7");
    // Rome's month of the page's clock, named on the card; the same figure 'Guadagni' shows (earnings:myMonth).
    expect(figure("Guadagnato a novembre").textContent?.replace(/\s/g, " ")).toContain("212,50 €");
    expect(figure("Guadagnato a novembre")).toHaveTextContent("Consulti tenuti e quote di annullamenti tardivi, al netto della commissione del 15%");
    expect(figure("In arrivo").textContent?.replace(/\s/g, " ")).toContain("85,00 €");
    expect(figure("In arrivo")).toHaveTextContent("non ancora guadagnati");

    const today = section("Consulti di oggi").getAllByRole("listitem");
    expect(today).toHaveLength(1);
    expect(today[0]).toHaveTextContent("18:00 · Giulia Verdi");
    expect(today[0]).toHaveTextContent("Note del cliente: Vorrei parlare del lavoro.");
    expect(within(today[0]!).getByRole("link", { name: /^Entra/ })).toHaveAttribute("href", "/call/tonight");

    const upcoming = section("Prossimi consulti").getAllByRole("listitem");
    expect(upcoming).toHaveLength(1);
    expect(upcoming[0]).toHaveTextContent("lunedì 23 novembre 2026, 10:00 · Luca Neri");
    expect(screen.getByRole("link", { name: /Modifica profilo/ })).toHaveAttribute("href", "/psychic/profile");
    expect(screen.getByRole("link", { name: /Impostazioni/ })).toHaveAttribute("href", "/psychic/settings");
  });

  it("shows the empty states", () => {
    convexMock.queries.set("bookings:listForPsychic", {
      today: [],
      upcoming: [],
      recent: [],
      latestPaidAt: 0,
      stats: { today: 0, upcoming: 0, paidConsultationsThisMonth: 0, earnedThisMonthCents: 0, upcomingThisMonthCents: 0 },
    });
    renderRoute(<PsychicDashboardPage />, { path: "/psychic-dashboard" });
    expect(section("Consulti di oggi").getByText("Nessun consulto in programma per oggi.")).toBeInTheDocument();
    expect(section("Prossimi consulti").getByText(/Nessun consulto in programma\./)).toBeInTheDocument();
  });

  it("announces a booking confirmed while the page is open, and not the ones already there", () => {
    convexMock.queries.set("bookings:listForPsychic", { today: [tonight], upcoming: [], recent: [], latestPaidAt: NOW - 2 * 24 * HOUR, stats });
    renderRoute(<PsychicDashboardPage />, { path: "/psychic-dashboard" });
    expect(toast.success).not.toHaveBeenCalled();
    act(() => {
      convexMock.queries.set("bookings:listForPsychic", {
        today: [tonight],
        upcoming: [{ ...monday, paidAt: NOW }],
        recent: [],
        latestPaidAt: NOW,
        stats: { ...stats, upcoming: 2 },
      });
      convexMock.changed();
    });
    expect(toast.success).toHaveBeenCalledTimes(1);
    expect(toast.success).toHaveBeenCalledWith("Nuova prenotazione", "Luca Neri, lunedì 23 novembre 2026 alle 10:00");
    expect(section("Prossimi consulti").getAllByRole("listitem")).toHaveLength(1);
  });

  it("does not announce a booking paid before the page opened that only moved into the full list of the next ten", () => {
    const ten = Array.from({ length: 10 }, (_, index) =>
      psychicBooking(`b${index}`, { scheduledDate: "2026-11-23", startsAt: NOW + (24 + index) * HOUR, endsAt: NOW + (24.5 + index) * HOUR }),
    );
    const eleventh = psychicBooking("b10", { scheduledDate: "2026-11-24", startsAt: NOW + 48 * HOUR, endsAt: NOW + 48.5 * HOUR });
    convexMock.queries.set("bookings:listForPsychic", { today: [], upcoming: ten, recent: [], latestPaidAt: NOW - 2 * 24 * HOUR, stats });
    renderRoute(<PsychicDashboardPage />, { path: "/psychic-dashboard" });
    act(() => {
      convexMock.queries.set("bookings:listForPsychic", {
        today: [],
        upcoming: [...ten.slice(1), eleventh],
        recent: [],
        latestPaidAt: NOW - 2 * 24 * HOUR,
        stats,
      });
      convexMock.changed();
    });
    expect(toast.success).not.toHaveBeenCalled();
  });
});
