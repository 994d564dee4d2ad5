// A client's own payment hold reads as theirs: on the booking page, back from the checkout, and at the top
// of the dashboard, with 'Completa il pagamento' (back to the checkout) and 'Cambia orario' (released at once).
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConvexError } from "convex/values";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/components/toast";
import { ClientDashboardPage } from "@/features/client/ClientDashboardPage";
import { convexMock } from "./convexMock";
import { openBookingPage, writtenQuery } from "./bookingRoute";
import { renderRoute } from "./render";

// Friday 20 November 2026, 10:00 in Rome. Only Date is faked: user-event needs real timers.
const NOW = Date.UTC(2026, 10, 20, 9, 0);
const MINUTE = 60_000;

const client = { id: "u1", fullName: "Giulia Verdi", email: "giulia@esempio.it", accountType: "client", memberSince: 0, isAdmin: false };
const profile = {
  id: "p1",
  psychicName: "Selene Moretti",
  photoUrl: null,
  bio: "Tarocchi di Marsiglia.",
  specialties: ["Tarocchi"],
  specializations: [],
  rating: null,
  reviewCount: 0,
  isAvailable: true,
  minPriceCents: 5000,
  minDurationMinutes: 30,
  yearsExperience: 12,
  availableDurations: [30, 60],
  consultationTypes: ["voice"],
  prices: [
    { type: "voice", minutes: 30, priceCents: 5000 },
    { type: "voice", minutes: 60, priceCents: 9000 },
  ],
  availability: {},
};

/** A live hold as holds:listMine answers it. */
function hold(fields: Record<string, unknown> = {}) {
  return {
    id: "h1",
    psychicProfileId: "p1",
    psychicName: "Selene Moretti",
    consultationType: "voice",
    scheduledDate: "2026-11-25",
    scheduledTime: "10:30",
    durationMinutes: 30,
    priceCents: 5000,
    // Held until 10:20 Rome time; its checkout ends two minutes before.
    holdExpiresAt: NOW + 20 * MINUTE,
    checkoutUrl: "https://checkout.example/s/h1",
    ...fields,
  };
}

// 10:30 on the 25th is held (by the client's own hold, or by anyone: the list of free times cannot tell).
const FREE = { times: ["10:00", "15:00"] };
const BOOKABLE = ["2026-11-23", "2026-11-25", "2026-11-30"];
let holds: unknown[] = [];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  convexMock.signedInAs(client);
  convexMock.queries.set("psychics:getPublicProfile", profile);
  convexMock.queries.set("settings:getPublic", { booking_enabled: true, maintenance_mode: false });
  convexMock.queries.set("bookings:listBookableDates", () => BOOKABLE);
  convexMock.queries.set("bookings:listFreeStarts", () => FREE);
  holds = [hold()];
  convexMock.queries.set("holds:listMine", () => holds);
  vi.spyOn(toast, "success");
  vi.spyOn(toast, "error");
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The server releases the hold: it leaves the live list, as the optimistic update and the query do. */
function releasingWorks() {
  convexMock.handlers.set("holds:releaseMine", async () => {
    holds = [];
    act(() => convexMock.changed());
    return "released";
  });
}

describe("the booking page, back from the checkout", () => {
  it("shows the client's own held time as theirs, with its date, not as a time someone took", async () => {
    openBookingPage("?date=2026-11-25&time=10:30&duration=30");
    expect(await screen.findByText("Hai un pagamento in sospeso per mercoledì 25 novembre 2026 alle 10:30")).toBeInTheDocument();
    expect(screen.getByText(/L'orario è riservato per te fino alle 10:18/)).toBeInTheDocument();
    expect(screen.queryByText(/non è più disponibile/)).not.toBeInTheDocument();
    // The held time is unchosen quietly; the date stays.
    await waitFor(() => expect(writtenQuery().get("time")).toBeNull());
    expect(writtenQuery().get("date")).toBe("2026-11-25");
    expect(screen.getByRole("link", { name: /^Completa il pagamento/ })).toHaveAttribute("href", "https://checkout.example/s/h1");
    expect(screen.getByRole("button", { name: /^Cambia orario/ })).toBeEnabled();
  });

  it("says only the time for a hold of today", async () => {
    holds = [hold({ scheduledDate: "2026-11-20", scheduledTime: "16:00" })];
    openBookingPage("");
    expect(await screen.findByText("Hai un pagamento in sospeso per le 16:00")).toBeInTheDocument();
  });

  it("does not offer a second payment on the held date, and says why", async () => {
    const user = openBookingPage("?date=2026-11-25&duration=30");
    await user.click(screen.getByRole("button", { name: "15:00" }));
    expect(screen.getByRole("button", { name: "Paga e prenota" })).toBeDisabled();
    expect(screen.getByText(/Hai già un pagamento in sospeso in questa data/)).toBeInTheDocument();
  });

  it("'Cambia orario' releases the hold on the server and shows that day's times again", async () => {
    releasingWorks();
    const user = openBookingPage("?date=2026-11-30&duration=60");
    await user.click(await screen.findByRole("button", { name: /^Cambia orario/ }));
    expect(convexMock.calls).toContainEqual({ name: "holds:releaseMine", args: { bookingId: "h1" } });
    await waitFor(() => expect(screen.queryByText(/Hai un pagamento in sospeso/)).not.toBeInTheDocument());
    await waitFor(() => expect(writtenQuery().get("date")).toBe("2026-11-25"));
    expect(writtenQuery().get("duration")).toBe("30");
    expect(toast.success).toHaveBeenCalledWith("Orario liberato: scegli quello che preferisci.");
  });

  it("says so when the hold was paid meanwhile, and keeps the banner", async () => {
    convexMock.handlers.set("holds:releaseMine", async () => {
      throw new ConvexError({ code: "NOT_A_HOLD" });
    });
    const user = openBookingPage("?date=2026-11-25&duration=30");
    await user.click(await screen.findByRole("button", { name: /^Cambia orario/ }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Questo consulto risulta già pagato: lo trovi nella tua dashboard."));
    expect(screen.getByRole("button", { name: /^Cambia orario/ })).toBeEnabled();
  });

  it("still reads a time someone else took as taken, whatever the client holds on another day", async () => {
    holds = [hold({ scheduledDate: "2026-11-30" })];
    openBookingPage("?date=2026-11-25&time=10:30&duration=30");
    expect(await screen.findByText("L'orario delle 10:30 non è più disponibile: scegline un altro.")).toBeInTheDocument();
  });

  it("waits for the client's holds before calling a chosen time taken", () => {
    convexMock.queries.set("holds:listMine", undefined);
    openBookingPage("?date=2026-11-25&time=10:30&duration=30");
    expect(screen.queryByText(/non è più disponibile/)).not.toBeInTheDocument();
    expect(writtenQuery().get("time")).toBe("10:30");
  });
});

describe("the client dashboard", () => {
  beforeEach(() => {
    convexMock.queries.set("bookings:listMine", { bookings: [], counts: { total: 0, today: 0, upcoming: 0 } });
    convexMock.queries.set("reviews:listMine", []);
  });

  it("puts a pending payment at the very top with both actions", () => {
    renderRoute(<ClientDashboardPage />, { path: "/dashboard" });
    const pending = screen.getByRole("region", { name: "Pagamento in sospeso" });
    // Before the figures and every list.
    const regions = screen.getAllByRole("region");
    expect(regions[0]).toBe(pending);
    expect(within(pending).getByText("Hai un pagamento in sospeso per mercoledì 25 novembre 2026 alle 10:30")).toBeInTheDocument();
    expect(within(pending).getByText(/Selene Moretti · Consulto vocale · 30 minuti · 50,00 €/)).toBeInTheDocument();
    expect(within(pending).getByRole("link", { name: /^Completa il pagamento/ })).toHaveAttribute("href", "https://checkout.example/s/h1");
  });

  it("'Cambia orario' releases the hold, then opens the psychic's booking page on that day", async () => {
    releasingWorks();
    const user = userEvent.setup();
    renderRoute(<ClientDashboardPage />, { path: "/dashboard", elsewhere: ["/psychics/:id/book"] });
    await user.click(screen.getByRole("button", { name: /^Cambia orario/ }));
    expect(convexMock.calls).toContainEqual({ name: "holds:releaseMine", args: { bookingId: "h1" } });
    expect(await screen.findByText("at /psychics/p1/book?date=2026-11-25&duration=30")).toBeInTheDocument();
  });

  it("a chat's hold is named so, and 'Cambia orario' opens the booking page on chat", async () => {
    holds = [hold({ consultationType: "chat", priceCents: 3500 })];
    releasingWorks();
    const user = userEvent.setup();
    renderRoute(<ClientDashboardPage />, { path: "/dashboard", elsewhere: ["/psychics/:id/book"] });
    expect(screen.getByText(/Selene Moretti · Consulto in chat · 30 minuti · 35,00 €/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: /^Cambia orario/ }));
    expect(await screen.findByText("at /psychics/p1/book?date=2026-11-25&duration=30&type=chat")).toBeInTheDocument();
  });

  it("shows nothing pending when there is no live hold", () => {
    holds = [];
    renderRoute(<ClientDashboardPage />, { path: "/dashboard" });
    expect(screen.queryByRole("region", { name: /in sospeso/ })).not.toBeInTheDocument();
  });
});
