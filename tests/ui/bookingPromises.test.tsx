// The booking page's promises before paying: this booking's own refund terms, live as the clock moves;
// why 'Paga e prenota' waits, said beside the button; a change of length that keeps the time when it
// still fits; the client's own spending limit as soon as a time is chosen.
import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { convexMock } from "./convexMock";
import { openBookingPage as open, writtenQuery } from "./bookingRoute";

// Friday 20 November 2026, 10:00 in Rome.
const NOW = Date.UTC(2026, 10, 20, 9, 0);
const MINUTE = 60_000;

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
  minPriceCents: 4500,
  minDurationMinutes: 30,
  yearsExperience: 12,
  availableDurations: [30, 60],
  consultationTypes: ["voice"],
  prices: [
    { type: "voice", minutes: 30, priceCents: 4500 },
    { type: "voice", minutes: 60, priceCents: 8000 },
  ],
  availability: {},
};
const client = { id: "u1", fullName: "Giulia Verdi", email: "giulia@esempio.it", accountType: "client", memberSince: 0, isAdmin: false };
const NO_HOLDS: unknown[] = [];
const DATES = ["2026-11-21", "2026-11-25"];
// 30 minutes fit at 10:05 and 15:00; 60 minutes only at 15:00 (the same arrays each time, as a live query).
const TIMES: Record<number, { times: string[] }> = { 30: { times: ["10:05", "15:00"] }, 60: { times: ["15:00"] } };

const payButton = () => screen.getByRole("button", { name: "Paga e prenota" });
const consentBox = () => screen.getByRole("checkbox", { name: /Chiedo che il consulto si svolga/ });
const termsLines = () =>
  within(screen.getByRole("list", { name: "Se annulli questo consulto" }))
    .getAllByRole("listitem")
    .map((item) => item.textContent?.replace(/\s/g, " "));

beforeEach(() => {
  convexMock.signedInAs(client);
  convexMock.queries.set("psychics:getPublicProfile", profile);
  convexMock.queries.set("settings:getPublic", {
    booking_enabled: true,
    maintenance_mode: false,
    psychic_registration_enabled: true,
    psychic_approval_required: false,
  });
  convexMock.queries.set("bookings:listBookableDates", DATES);
  convexMock.queries.set("bookings:listFreeStarts", (args: Record<string, unknown>) => TIMES[args.durationMinutes as number]);
  convexMock.queries.set("holds:listMine", NO_HOLDS);
});
afterEach(() => {
  vi.useRealTimers();
});

describe("this booking's own refund terms before paying", () => {
  beforeEach(() => {
    // The clock moves in these tests: every timer is faked, and the page is driven without user-event.
    vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    vi.setSystemTime(NOW);
  });

  it("are the general rule before a time is chosen, then the chosen time's deadlines and amounts", () => {
    open("?date=2026-11-25");
    expect(screen.getByText(/^Puoi annullare fino a 24 ore prima con rimborso completo/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "15:00" }));
    expect(termsLines()).toEqual([
      "Rimborso completo (45,00 €) se annulli entro mar 24 nov, 15:00.",
      "Rimborso del 50% (45,00 €) se annulli entro mer 25 nov, 13:00.".replace("45,00", "22,50"),
      "Dopo, o in caso di assenza, nessun rimborso.",
    ]);
  });

  it("turn to the 50 % terms at the instant a time 24 hours and 5 minutes ahead passes the edge, and ask for the consent again", () => {
    open("?date=2026-11-21&time=10:05");
    expect(termsLines()[0]).toBe("Rimborso completo (45,00 €) se annulli entro ven 20 nov, 10:05.");
    fireEvent.click(consentBox());
    expect(payButton()).toBeEnabled();
    act(() => vi.advanceTimersByTime(5 * MINUTE));
    // Exactly 24 hours before: still the full refund (the edge belongs to the better window).
    expect(termsLines()[0]).toMatch(/^Rimborso completo/);
    act(() => vi.advanceTimersByTime(1_000));
    expect(termsLines()).toEqual([
      "Inizia tra meno di 24 ore: annullando entro sab 21 nov, 08:05 ricevi il 50% (22,50 €).",
      "Dopo, o in caso di assenza, nessun rimborso.",
    ]);
    // The box was ticked for the terms shown before: the client accepts the new ones again.
    expect(consentBox()).not.toBeChecked();
    expect(payButton()).toBeDisabled();
  });
});

describe("why 'Paga e prenota' waits, beside the button", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
  });

  it("names the missing time, then the consent, as the disabled button's description", () => {
    open("?date=2026-11-25");
    expect(payButton()).toBeDisabled();
    expect(payButton()).toHaveAccessibleDescription("Per pagare scegli un orario libero.");
    fireEvent.click(screen.getByRole("button", { name: "15:00" }));
    expect(payButton()).toHaveAccessibleDescription(/^Per pagare spunta la casella qui sopra/);
    fireEvent.click(consentBox());
    expect(payButton()).toBeEnabled();
    expect(payButton()).not.toHaveAccessibleDescription(/Per pagare/);
  });
});

describe("changing the length", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
  });

  it("keeps the chosen time when it is free for the new length", () => {
    open("?date=2026-11-25&time=15:00");
    fireEvent.click(screen.getByRole("button", { name: /^60 min/ }));
    expect(writtenQuery().get("time")).toBe("15:00");
    expect(screen.getByRole("button", { name: "15:00" })).toHaveAttribute("aria-pressed", "true");
  });

  it("clears a time not free for the new length, and says so", async () => {
    open("?date=2026-11-21&time=10:05");
    fireEvent.click(screen.getByRole("button", { name: /^60 min/ }));
    expect(await screen.findByText("Per 60 minuti l'orario delle 10:05 non è libero: scegline un altro.")).toBeInTheDocument();
    expect(writtenQuery().get("time")).toBeNull();
    expect(writtenQuery().get("duration")).toBe("60");
  });
});

describe("the client's own spending limit", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
  });
  const limitView = { limitCents: 10_000, pendingLimit: null, pausedThrough: null, pauseEndsEarlyAt: null, spentCents: 3_000, remainingCents: 7_000 };

  it("is stated as soon as a time is chosen: what this consultation brings the month's spend to", () => {
    convexMock.queries.set("spendingLimits:getMine", limitView);
    open("?date=2026-11-25");
    expect(screen.queryByText(/porta la spesa del mese/)).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "15:00" }));
    expect(screen.getByText(/^Questo consulto porta la spesa del mese a 75,00\s€ di 100,00\s€/)).toBeInTheDocument();
  });

  it("over the limit, says so before paying and keeps the button disabled with the reason", () => {
    convexMock.queries.set("spendingLimits:getMine", { ...limitView, spentCents: 6_000, remainingCents: 4_000 });
    open("?date=2026-11-25&time=15:00");
    expect(screen.getByText(/^Con questo consulto supereresti il limite di spesa mensile che hai scelto \(100,00\s€\)/)).toBeInTheDocument();
    fireEvent.click(consentBox());
    expect(payButton()).toBeDisabled();
    expect(payButton()).toHaveAccessibleDescription("Per pagare resta entro il limite di spesa mensile che hai scelto.");
  });
});
