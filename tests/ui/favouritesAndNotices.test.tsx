// Favourites and 'Avvisami' in the app: the star (clients only, a labelled toggle), 'Preferiti' and
// 'Notifiche' on the dashboard with their loading and empty states, and 'Avvisami' on a full day.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FavouriteStar } from "@/components/psychic/FavouriteStar";
import { AvailabilityAlert } from "@/features/booking/AvailabilityAlert";
import { weekFrom } from "@convex/demo/data";
import { FullDayAlerts } from "@/components/booking/FullDayAlerts";
import { FavouritesSection } from "@/features/client/FavouritesSection";
import { NoticesSection } from "@/features/client/NoticesSection";
import { convexMock } from "./convexMock";
import { renderWithProviders } from "./render";

const client = { id: "u1", fullName: "Giulia Verdi", email: "giulia@esempio.it", accountType: "client", memberSince: 0, isAdmin: false };
const selene = { psychicProfileId: "p1", psychicName: "Selene", photoUrl: null, isAvailable: true };

describe("the star", () => {
  it("is shown to clients only", () => {
    convexMock.signedInAs({ ...client, accountType: "psychic" });
    convexMock.queries.set("favourites:listMine", []);
    renderWithProviders(<FavouriteStar psychicProfileId="p1" psychicName="Selene" />);
    expect(screen.queryByRole("button", { name: "Salva Selene tra i preferiti" })).toBeNull();
  });

  it("is a labelled toggle that stars and unstars", async () => {
    convexMock.signedInAs(client);
    convexMock.queries.set("favourites:listMine", []);
    renderWithProviders(<FavouriteStar psychicProfileId="p1" psychicName="Selene" />);
    const label = { name: "Salva Selene tra i preferiti" };
    // Disabled until its tooltip's code is here, so a press never lands on the placeholder the tooltip replaces.
    expect(screen.getByRole("button", label)).toBeDisabled();
    await waitFor(() => expect(screen.getByRole("button", label)).toBeEnabled());
    const star = screen.getByRole("button", label);
    expect(star, "the tooltip's own trigger").toHaveAttribute("data-state", "closed");
    expect(star).toHaveAttribute("aria-pressed", "false");
    await userEvent.click(star);
    expect(convexMock.calls).toContainEqual({ name: "favourites:setMine", args: { psychicProfileId: "p1", starred: true } });
  });
});

describe("'Preferiti'", () => {
  beforeEach(() => convexMock.signedInAs(client));

  it("says it is loading", () => {
    renderWithProviders(<FavouritesSection />);
    expect(screen.getByRole("status", { name: "Caricamento dei preferiti" })).toBeInTheDocument();
  });

  it("lists the starred psychics with their profile, the star pressed and 'Prenota'", async () => {
    convexMock.queries.set("favourites:listMine", [selene]);
    renderWithProviders(<FavouritesSection />);
    const region = screen.getByRole("region", { name: "Preferiti" });
    expect(within(region).getByRole("link", { name: "Selene" })).toHaveAttribute("href", "/psychics/p1");
    expect(within(region).getByRole("link", { name: "Prenota con Selene" })).toHaveAttribute("href", "/psychics/p1/book");
    const star = within(region).getByRole("button", { name: "Salva Selene tra i preferiti" });
    expect(star).toHaveAttribute("aria-pressed", "true");
    await userEvent.click(star);
    expect(convexMock.calls).toContainEqual({ name: "favourites:setMine", args: { psychicProfileId: "p1", starred: false } });
  });

  it("has an empty state", () => {
    convexMock.queries.set("favourites:listMine", []);
    renderWithProviders(<FavouritesSection />);
    expect(screen.getByRole("region", { name: "Preferiti" })).toHaveTextContent("Nessun cartomante tra i preferiti");
  });
});

describe("'Notifiche'", () => {
  beforeEach(() => convexMock.signedInAs(client));

  it("says it is loading", () => {
    renderWithProviders(<NoticesSection />);
    expect(screen.getByRole("status", { name: "Caricamento delle notifiche" })).toBeInTheDocument();
  });

  it("shows a freed time with the link to its day, unread until marked", async () => {
    convexMock.queries.set("notices:listMine", {
      unread: 1,
      notices: [
        {
          id: "n1",
          kind: "time_freed",
          psychicProfileId: "p1",
          psychicName: "Selene",
          date: "2026-12-09",
          durationMinutes: 30,
          createdAt: 0,
          read: false,
        },
      ],
    });
    renderWithProviders(<NoticesSection />);
    const region = screen.getByRole("region", { name: "Notifiche" });
    expect(region).toHaveTextContent("Si è liberato un orario con Selene per mercoledì 9 dicembre 2026");
    expect(region).toHaveTextContent("1 da leggere");
    expect(within(region).getByRole("link", { name: "Scegli l'orario" })).toHaveAttribute("href", "/psychics/p1/book?date=2026-12-09&duration=30");
    await userEvent.click(within(region).getByRole("button", { name: "Segna come letta" }));
    expect(convexMock.calls).toContainEqual({ name: "notices:markRead", args: { noticeId: "n1" } });
  });

  it("has an empty state", () => {
    convexMock.queries.set("notices:listMine", { unread: 0, notices: [] });
    renderWithProviders(<NoticesSection />);
    expect(screen.getByRole("region", { name: "Notifiche" })).toHaveTextContent("Nessuna notifica");
  });
});

describe("'Avvisami' on the booking page", () => {
  beforeEach(() => convexMock.signedInAs(client));
  // Selene works on Wednesdays only: 9 December 2026 is one.
  const props = {
    psychicProfileId: "p1",
    psychicName: "Selene",
    today: "2026-11-20",
    durationMinutes: 30 as const,
    now: 0,
    availability: weekFrom({ wednesday: ["10:00", "10:30"] }),
  };

  it("is offered on a chosen day with no free time, for that day", async () => {
    convexMock.queries.set("availabilityAlerts:getMineForPsychic", { day: false, anyDay: false, fullyBooked: false });
    renderWithProviders(<AvailabilityAlert {...props} date="2026-12-09" times={[]} />);
    const region = screen.getByRole("region", { name: "Avvisami" });
    expect(region).toHaveTextContent("Vuoi che ti avvisiamo se si libera un orario mercoledì 9 dicembre 2026?");
    const button = within(region).getByRole("button", { name: "Avvisami" });
    expect(button).toHaveAttribute("aria-pressed", "false");
    await userEvent.click(button);
    expect(convexMock.calls).toContainEqual({
      name: "availabilityAlerts:subscribe",
      args: { psychicProfileId: "p1", date: "2026-12-09", durationMinutes: 30 },
    });
  });

  it("is never offered for a day the psychic does not work, even with no free time", () => {
    convexMock.queries.set("availabilityAlerts:getMineForPsychic", { day: false, anyDay: false, fullyBooked: false });
    // Thursday 10 December: no hours on Thursdays.
    renderWithProviders(<AvailabilityAlert {...props} date="2026-12-10" times={[]} />);
    expect(screen.queryByRole("region", { name: "Avvisami" })).toBeNull();
  });

  it("is not offered while the day has free times", () => {
    convexMock.queries.set("availabilityAlerts:getMineForPsychic", { day: false, anyDay: false, fullyBooked: false });
    renderWithProviders(<AvailabilityAlert {...props} date="2026-12-09" times={["10:00"]} />);
    expect(screen.queryByRole("region", { name: "Avvisami" })).toBeNull();
  });

  it("with a fully booked psychic waits for any day; pressed again it stops", async () => {
    convexMock.queries.set("availabilityAlerts:getMineForPsychic", { day: false, anyDay: true, fullyBooked: true });
    renderWithProviders(<AvailabilityAlert {...props} date={null} times={undefined} />);
    const region = screen.getByRole("region", { name: "Avvisami" });
    expect(region).toHaveTextContent("Selene non ha orari liberi nei prossimi mesi.");
    expect(region).toHaveTextContent("Ti avviseremo per email e nelle notifiche quando Selene avrà di nuovo un orario libero.");
    const button = within(region).getByRole("button", { name: "Avvisami" });
    expect(button).toHaveAttribute("aria-pressed", "true");
    await userEvent.click(button);
    expect(convexMock.calls).toContainEqual({ name: "availabilityAlerts:unsubscribe", args: { psychicProfileId: "p1" } });
  });
});

describe("'Avvisami' on the profile", () => {
  // Friday 20 November 2026, 10:00 in Rome; Selene works on Mondays and Wednesdays.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.UTC(2026, 10, 20, 9, 0));
  });
  afterEach(() => vi.useRealTimers());
  const profileProps = {
    psychicProfileId: "p1",
    psychicName: "Selene",
    availability: weekFrom({ monday: ["10:00"], wednesday: ["15:00"] }),
    availableDurations: [30, 60],
    isAvailable: true,
  };

  it("offers the next working days that are full, never a day she does not work", async () => {
    convexMock.signedInAs(client);
    // Free on Monday 23 and Wednesday 2 December: Wednesday 25 and Monday 30 are full.
    convexMock.queries.set("bookings:listBookableDates", ["2026-11-23", "2026-12-02"]);
    convexMock.queries.set("availabilityAlerts:getMineForPsychic", { day: false, anyDay: false, fullyBooked: false });
    renderWithProviders(<FullDayAlerts {...profileProps} />);
    const section = screen.getByRole("region", { name: "Giorni al completo" });
    const buttons = within(section).getAllByRole("button");
    expect(buttons.map((button) => button.getAttribute("aria-label"))).toEqual([
      "Avvisami per mercoledì 25 novembre 2026",
      "Avvisami per lunedì 30 novembre 2026",
    ]);
    await userEvent.click(buttons[0]!);
    expect(convexMock.calls).toContainEqual({
      name: "availabilityAlerts:subscribe",
      args: { psychicProfileId: "p1", date: "2026-11-25", durationMinutes: 30 },
    });
  });

  it("is for clients only, and absent when no working day is full", () => {
    convexMock.queries.set("bookings:listBookableDates", ["2026-11-23", "2026-11-25", "2026-11-30", "2026-12-02"]);
    convexMock.signedOut();
    const { unmount } = renderWithProviders(<FullDayAlerts {...profileProps} />);
    expect(screen.queryByRole("region", { name: "Giorni al completo" })).toBeNull();
    unmount();
    convexMock.signedInAs(client);
    renderWithProviders(<FullDayAlerts {...profileProps} />);
    expect(screen.queryByRole("region", { name: "Giorni al completo" })).toBeNull();
  });
});
