// The booking page on a phone (below 768 px): the week strip of days and the pay bar at the bottom.
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PHONE_QUERY } from "@/lib/browser/useMediaQuery";
import { convexMock } from "./convexMock";
import { openBookingPage as open, writtenQuery } from "./bookingRoute";
import { mediaQueryList } from "./mediaQuery";

// Friday 20 November 2026, 10:00 in Rome. Only Date is faked: user-event needs real timers.
const NOW = Date.UTC(2026, 10, 20, 9, 0);

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

const FREE_DAYS = ["2026-11-23", "2026-11-25", "2026-11-30", "2026-12-02", "2026-12-04"];
const FREE_TIMES = { times: ["10:00", "10:30", "15:00"] };
const bookableArgs: Array<Record<string, unknown>> = [];
// A live query answers the same array until it changes: one per range asked.
const answers = new Map<string, string[]>();

function answerQueries() {
  convexMock.queries.set("psychics:getPublicProfile", profile);
  convexMock.queries.set("settings:getPublic", {
    booking_enabled: true,
    maintenance_mode: false,
    psychic_registration_enabled: true,
    psychic_approval_required: false,
  });
  convexMock.queries.set("bookings:listBookableDates", (args: Record<string, unknown>) => {
    bookableArgs.push(args);
    const from = String(args.from);
    const key = `${from}+${String(args.days)}`;
    if (!answers.has(key)) {
      const end = new Date(Date.parse(`${from}T12:00:00Z`) + (Number(args.days) - 1) * 86_400_000).toISOString().slice(0, 10);
      answers.set(
        key,
        FREE_DAYS.filter((day) => day >= from && day <= end),
      );
    }
    return answers.get(key);
  });
  convexMock.queries.set("bookings:listFreeStarts", FREE_TIMES);
  convexMock.queries.set("holds:listMine", []);
}

/** A phone: the page's media query matches. */
function onAPhone() {
  vi.spyOn(window, "matchMedia").mockImplementation((query: string) => mediaQueryList(query, query === PHONE_QUERY));
}

const strip = () => screen.getByRole("group", { name: /^\d+ (– )?/ });
const day = (date: string, free: boolean) => screen.getByRole("button", { name: `${date}, ${free ? "con orari liberi" : "nessun orario libero"}` });
const bar = () => within(screen.getByRole("region", { name: "Prezzo e pagamento" }));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  bookableArgs.length = 0;
  answers.clear();
  answerQueries();
  onAPhone();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("the booking page on a phone", () => {
  it("shows the first free day's week, Monday first, with the days without free time marked and not selectable", () => {
    convexMock.signedInAs(client);
    open();
    // No month grid: the week strip instead, on the first free day's week.
    expect(screen.queryByRole("grid")).not.toBeInTheDocument();
    expect(screen.getByRole("group", { name: "23 – 29 novembre 2026" })).toBe(strip());
    const days = within(strip()).getAllByRole("button");
    expect(days.map((button) => button.textContent)).toEqual(["lun23", "mar24", "mer25", "gio26", "ven27", "sab28", "dom29"]);
    expect(day("lunedì 23 novembre 2026", true)).toHaveAttribute("aria-pressed", "true");
    expect(day("mercoledì 25 novembre 2026", true)).toBeEnabled();
    expect(day("martedì 24 novembre 2026", false)).toBeDisabled();
    expect(day("martedì 24 novembre 2026", false)).toHaveAttribute("data-full");
    expect(bookableArgs.at(-1)).toMatchObject({ psychicProfileId: "p1", from: "2026-11-23", days: 7, durationMinutes: 30 });
    // The chosen day's free times under it, each a 44 px target (booking.css).
    const times = within(screen.getByRole("group", { name: "Orari liberi di lunedì 23 novembre 2026" })).getAllByRole("button");
    expect(times.map((button) => button.textContent)).toEqual(["10:00", "10:30", "15:00"]);
    expect(times[0]).toHaveClass("booking-time");
  });

  it("moves a week at a time, never before this week", async () => {
    convexMock.signedInAs(client);
    const user = open();
    await user.click(screen.getByRole("button", { name: "Settimana successiva" }));
    expect(screen.getByRole("group", { name: "30 novembre – 6 dicembre 2026" })).toBeInTheDocument();
    expect(bookableArgs.at(-1)).toMatchObject({ from: "2026-11-30", days: 7 });
    expect(day("lunedì 30 novembre 2026", true)).toBeEnabled();
    expect(day("mercoledì 2 dicembre 2026", true)).toBeEnabled();
    expect(day("giovedì 3 dicembre 2026", false)).toBeDisabled();
    // The chosen day stays chosen while another week is shown.
    expect(writtenQuery().get("date")).toBe("2026-11-23");
    await user.click(screen.getByRole("button", { name: "Settimana precedente" }));
    await user.click(screen.getByRole("button", { name: "Settimana precedente" }));
    // This week, from today: the past days and today (nothing free) are disabled.
    expect(screen.getByRole("group", { name: "16 – 22 novembre 2026" })).toBeInTheDocument();
    expect(bookableArgs.at(-1)).toMatchObject({ from: "2026-11-20", days: 3 });
    expect(day("lunedì 16 novembre 2026", false)).toBeDisabled();
    expect(day("venerdì 20 novembre 2026", false)).toHaveAttribute("aria-current", "date");
    expect(screen.getByRole("button", { name: "Settimana precedente" })).toBeDisabled();
  });

  it("moves between the week's selectable days with the arrow keys, one day in the tab order", async () => {
    convexMock.signedInAs(client);
    const user = open();
    expect(day("lunedì 23 novembre 2026", true)).toHaveAttribute("tabindex", "0");
    expect(day("mercoledì 25 novembre 2026", true)).toHaveAttribute("tabindex", "-1");
    day("lunedì 23 novembre 2026", true).focus();
    await user.keyboard("{ArrowRight}");
    expect(day("mercoledì 25 novembre 2026", true)).toHaveFocus();
    await user.keyboard("{Home}");
    expect(day("lunedì 23 novembre 2026", true)).toHaveFocus();
    await user.keyboard("{End}{Enter}");
    expect(writtenQuery().get("date")).toBe("2026-11-25");
  });

  it("puts the whole price, the type, the length and the chosen time in the bar, and pays from it", async () => {
    convexMock.signedInAs(client);
    const assign = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, assign });
    convexMock.handlers.set("payments:startCheckout", async () => ({ url: "https://checkout.example/s/1", bookingId: "b1" }));
    const user = open();
    // The price on a line of its own, with its euro sign.
    expect(bar().getByText("45,00 €")).toBeInTheDocument();
    expect(bar().getByText("Voce · 30 min · nessun orario scelto")).toBeInTheDocument();
    // One 'Paga e prenota' on the page: the bar's, described by what is missing.
    const pay = screen.getByRole("button", { name: "Paga e prenota" });
    expect(bar().getByRole("button", { name: "Paga e prenota" })).toBe(pay);
    expect(pay).toBeDisabled();
    expect(pay).toHaveAccessibleDescription("Voce · 30 min · nessun orario scelto Scegli un orario");

    await user.click(day("mercoledì 25 novembre 2026", true));
    await user.click(screen.getByRole("button", { name: "10:30" }));
    expect(bar().getByText("Voce · 30 min · mer 25 nov, 10:30")).toBeInTheDocument();
    expect(pay).toBeDisabled();
    expect(pay).toHaveAccessibleDescription("Voce · 30 min · mer 25 nov, 10:30 Accetta le condizioni");
    await user.click(screen.getByRole("checkbox", { name: /Chiedo che il consulto/ }));
    expect(pay).toBeEnabled();
    expect(bar().queryByRole("button", { name: "Accetta le condizioni" })).toBeNull();
    // Another length keeps the time while it is free for it; the consent is asked again.
    await user.click(screen.getByRole("button", { name: /^60 min/ }));
    expect(bar().getByText("80,00 €")).toBeInTheDocument();
    expect(bar().getByText("Voce · 60 min · mer 25 nov, 10:30")).toBeInTheDocument();
    expect(pay).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "15:00" }));
    await user.click(screen.getByRole("checkbox", { name: /Chiedo che il consulto/ }));
    await user.click(pay);
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://checkout.example/s/1"));
    expect(convexMock.calls).toContainEqual({
      name: "payments:startCheckout",
      args: { psychicProfileId: "p1", consultationType: "voice", durationMinutes: 60, date: "2026-11-25", time: "15:00", consent: true },
    });
  });

  it("says why paying waits and takes the person there: the first free time, then the consent box", async () => {
    convexMock.signedInAs(client);
    const user = open("?date=2026-11-25");
    await user.click(bar().getByRole("button", { name: "Scegli un orario" }));
    expect(screen.getByRole("button", { name: "10:00" })).toHaveFocus();
    await user.keyboard("{Enter}");
    await user.click(bar().getByRole("button", { name: "Accetta le condizioni" }));
    const consent = screen.getByRole("checkbox", { name: /Chiedo che il consulto/ });
    expect(consent).toHaveFocus();
    await user.keyboard(" ");
    expect(consent).toBeChecked();
    expect(bar().getByRole("button", { name: "Paga e prenota" })).toBeEnabled();
  });

  it("shows a failure to start the payment in the bar", async () => {
    convexMock.signedInAs(client);
    convexMock.handlers.set("payments:startCheckout", async () => null);
    const user = open("?date=2026-11-25&time=10:00");
    await user.click(screen.getByRole("checkbox", { name: /Chiedo che il consulto/ }));
    await user.click(bar().getByRole("button", { name: "Paga e prenota" }));
    expect(await bar().findByText("Nessuna risposta dalla funzione di pagamento")).toBeInTheDocument();
  });

  it("asks a visitor to sign in from the bar, once a time is chosen", async () => {
    const user = open();
    expect(screen.getAllByRole("button", { name: "Accedi per prenotare" })).toHaveLength(1);
    expect(bar().getByRole("button", { name: "Accedi per prenotare" })).toBeDisabled();
    expect(screen.queryByRole("button", { name: "Paga e prenota" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "10:30" }));
    const signIn = bar().getByRole("link", { name: "Accedi per prenotare" });
    expect(screen.getAllByRole("link", { name: "Accedi per prenotare" })).toEqual([signIn]);
    const target = new URL(signIn.getAttribute("href") ?? "", "http://x");
    expect(target.pathname).toBe("/login");
    expect(Object.fromEntries(target.searchParams)).toEqual({ redirect: "/psychics/p1/book", date: "2026-11-23", time: "10:30", duration: "30" });
  });

  it("shows the month on request, with the same choice", async () => {
    convexMock.signedInAs(client);
    const user = open("?date=2026-11-25&time=10:30");
    await user.click(screen.getByRole("button", { name: "Mostra il mese" }));
    expect(screen.getByRole("grid", { name: "novembre 2026" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "mercoledì 25 novembre 2026" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("button", { name: "10:30" })).toHaveAttribute("aria-pressed", "true");
    await user.click(screen.getByRole("button", { name: "Mostra la settimana" }));
    expect(screen.getByRole("group", { name: "23 – 29 novembre 2026" })).toBeInTheDocument();
  });
});
