// Radix Themes repeats a tab's label in a CSS-hidden span that the test DOM cannot hide, hence the /^…/ names.
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Theme } from "@radix-ui/themes";
import { createMemoryRouter, MemoryRouter, RouterProvider } from "react-router-dom";
import { weekFrom, halfHours } from "@convex/demo/data";
import { freeTodayOf, PsychicProfilePage, relativeDayLabel } from "@/features/catalogue/PsychicProfilePage";
import { ProfileAddress } from "@/features/catalogue/ProfileAddress";
import { PsychicProfileView, type Review, type ReviewsFeed } from "@/features/catalogue/PsychicProfileView";
import type { PublicProfile } from "@/lib/catalogue/publicProfile";
import { convexMock } from "./convexMock";
import { renderRoute, renderWithProviders } from "./render";

const profile = (fields: Partial<PublicProfile> = {}): PublicProfile => ({
  id: "p1" as PublicProfile["id"],
  slug: "selene-moretti",
  psychicName: "Selene Moretti",
  photoUrl: "/readers/selene.svg",
  bio: "Leggo i Tarocchi di Marsiglia da quindici anni. ".repeat(5).trim(),
  specialties: ["Tarocchi", "Cartomanzia"],
  specializations: ["Amore e Relazioni"],
  rating: null,
  reviewCount: 0,
  isAvailable: true,
  minPriceCents: 2500,
  minDurationMinutes: 15,
  consultationsGiven: 0,
  onTimePercent: null,
  verified: true,
  yearsExperience: 15,
  availableDurations: [15, 30],
  consultationTypes: ["voice"],
  prices: [
    { type: "voice", minutes: 15, priceCents: 2500 },
    { type: "voice", minutes: 30, priceCents: 4500 },
  ],
  availability: weekFrom({ monday: halfHours("09:00", "16:30"), friday: halfHours("18:00", "21:30") }),
  ...fields,
});

const reviews: Review[] = [
  {
    id: "r2" as Review["id"],
    clientName: "Marco B.",
    rating: 4,
    comment: "Chiara e gentile.",
    createdAt: Date.UTC(2026, 2, 12, 10),
    updatedAt: Date.UTC(2026, 2, 14, 10),
  },
  { id: "r1" as Review["id"], clientName: "Giulia V.", rating: 5, comment: "Precisa.", createdAt: Date.UTC(2026, 0, 3, 10), updatedAt: null },
];

/** What `usePaginatedQuery` hands over: by default everything, in one last page. */
const feed = (results: Review[], status: ReviewsFeed["status"] = "Exhausted", loadMore: ReviewsFeed["loadMore"] = () => {}): ReviewsFeed => ({
  results,
  status,
  loadMore,
});

describe("the psychic's public profile", () => {
  it("opens on the Chi sono tab with the whole bio, shown once on the page", () => {
    renderWithProviders(<PsychicProfileView profile={profile()} reviews={feed([])} />);
    expect(screen.getByRole("heading", { level: 1, name: "Selene Moretti" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: /^Chi sono/ })).toHaveAttribute("aria-selected", "true");
    const panel = screen.getByRole("tabpanel");
    expect(within(panel).getByText(profile().bio)).toBeInTheDocument();
    expect(within(panel).getByText("Amore e Relazioni")).toBeInTheDocument();
    expect(screen.getByText("Nuovo")).toBeInTheDocument();
    // No shortened copy of it under the name.
    expect(screen.getAllByText(/Leggo i Tarocchi di Marsiglia/)).toHaveLength(1);
  });

  it("shows the three newest reviews under the bio, with 'Vedi tutte le recensioni' opening the Reviews tab", async () => {
    const user = userEvent.setup();
    const many = [...reviews, { ...reviews[1]!, id: "r0" as Review["id"], clientName: "Anna T." }, { ...reviews[1]!, id: "r-1" as Review["id"], clientName: "Luca P." }];
    renderWithProviders(<PsychicProfileView profile={profile({ rating: 4.5, reviewCount: 4 })} reviews={feed(many)} />);
    const latest = within(screen.getByRole("list", { name: "Ultime recensioni" })).getAllByRole("listitem");
    expect(latest.map((item) => item.querySelector("strong, .rt-Text")?.textContent)).toEqual(["Marco B.", "Giulia V.", "Anna T."]);
    expect(latest[0]).toHaveTextContent("12 marzo 2026 (modificata)");
    expect(latest[0]).toHaveTextContent("Chiara e gentile.");
    expect(within(latest[0]!).getByRole("img", { name: "4 stelle su 5" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Vedi tutte le recensioni (4)" }));
    expect(screen.getByRole("tab", { name: /^Recensioni/ })).toHaveAttribute("aria-selected", "true");
    expect(within(screen.getByRole("list", { name: "Recensioni" })).getAllByRole("listitem")).toHaveLength(4);
  });

  it("under the bio, says so when there are no reviews yet, and shows a spinner while they load", () => {
    const { unmount } = renderWithProviders(<PsychicProfileView profile={profile()} reviews={feed([])} />);
    expect(within(screen.getByRole("tabpanel")).getByText(/Ancora nessuna recensione/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Vedi tutte le recensioni/ })).not.toBeInTheDocument();
    unmount();
    renderWithProviders(<PsychicProfileView profile={profile()} reviews={feed([], "LoadingFirstPage")} />);
    expect(within(screen.getByRole("tabpanel")).getByRole("status", { name: "Caricamento delle recensioni" })).toBeInTheDocument();
  });

  it("reads 'Disponibile oggi' only with a time free today, 'Non disponibile' when not taking consultations", () => {
    const { unmount } = renderWithProviders(<PsychicProfileView profile={profile()} reviews={feed([])} freeToday />);
    expect(screen.getByText("Disponibile oggi")).toBeInTheDocument();
    unmount();
    const second = renderWithProviders(<PsychicProfileView profile={profile()} reviews={feed([])} freeToday={false} />);
    expect(screen.queryByText(/Disponibile/)).not.toBeInTheDocument();
    second.unmount();
    renderWithProviders(<PsychicProfileView profile={profile({ isAvailable: false })} reviews={feed([])} freeToday={false} />);
    expect(screen.getByText("Non disponibile")).toBeInTheDocument();
  });

  it("counts a time as free today only when the first free day is today in Rome", () => {
    const lateEvening = Date.UTC(2026, 10, 23, 22, 30); // 23:30 in Rome, Monday 23 November
    const free = (date: string) => [{ date, ranges: [{ from: "23:30" }] }];
    expect(freeTodayOf(free("2026-11-23"), lateEvening)).toBe(true);
    expect(freeTodayOf(free("2026-11-24"), lateEvening)).toBe(false);
    expect(freeTodayOf([], lateEvening)).toBe(false);
  });

  it("keeps the starting price and 'Prenota' in a bar for phones, to the readable address", () => {
    renderWithProviders(<PsychicProfileView profile={profile()} reviews={feed([])} />);
    const bar = within(screen.getByRole("complementary", { name: "Prezzo e prenotazione con Selene Moretti" }));
    expect(bar.getByText(/da 25\s€/)).toBeInTheDocument();
    expect(bar.getByRole("link", { name: "Prenota un consulto con Selene Moretti" })).toHaveAttribute("href", "/psychics/selene-moretti/book");
  });

  it("lists durations and prices with the booking link", () => {
    renderWithProviders(<PsychicProfileView profile={profile()} reviews={feed([])} />);
    const panel = within(screen.getByRole("complementary", { name: "Durate e prezzi" }));
    expect(panel.getByText("15 minuti")).toBeInTheDocument();
    expect(panel.getByText(/25\s€/)).toBeInTheDocument();
    expect(panel.getByText(/45\s€/)).toBeInTheDocument();
    expect(panel.getByText(/IVA inclusa/)).toBeInTheDocument();
    expect(panel.getByRole("link", { name: "Prenota un consulto" })).toHaveAttribute("href", "/psychics/selene-moretti/book");
  });

  it("names the types offered under the name and in the phone's bar, and groups the prices by type, voice first", () => {
    const both = profile({
      consultationTypes: ["voice", "chat"],
      prices: [
        { type: "voice", minutes: 15, priceCents: 2500 },
        { type: "voice", minutes: 30, priceCents: 4500 },
        { type: "chat", minutes: 15, priceCents: 2000 },
        { type: "chat", minutes: 30, priceCents: 3500 },
      ],
    });
    renderWithProviders(<PsychicProfileView profile={both} reviews={feed([])} />);
    const offered = screen.getAllByRole("group", { name: "Consulti offerti" });
    // The header's and the phone bar's.
    expect(offered).toHaveLength(2);
    for (const group of offered) expect(within(group).getAllByText(/^(Voce|Chat)$/).map((badge) => badge.textContent)).toEqual(["Voce", "Chat"]);
    const panel = within(screen.getByRole("complementary", { name: "Durate e prezzi" }));
    expect(panel.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent)).toEqual(["Consulto vocale", "Consulto in chat"]);
    const rows = (name: string) => within(panel.getByRole("list", { name })).getAllByRole("listitem").map((item) => item.textContent?.replace(/\s/g, " "));
    expect(rows("Consulto vocale")).toEqual(["15 minuti25 €", "30 minuti45 €"]);
    expect(rows("Consulto in chat")).toEqual(["15 minuti20 €", "30 minuti35 €"]);
  });

  it("a psychic offering voice only shows the 'Voce' badge and the voice prices alone", () => {
    renderWithProviders(<PsychicProfileView profile={profile()} reviews={feed([])} />);
    const [header] = screen.getAllByRole("group", { name: "Consulti offerti" });
    expect(within(header!).getByText("Voce")).toBeInTheDocument();
    expect(within(header!).queryByText("Chat")).not.toBeInTheDocument();
    const panel = within(screen.getByRole("complementary", { name: "Durate e prezzi" }));
    expect(panel.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent)).toEqual(["Consulto vocale"]);
  });

  it("has no booking link while the psychic is unavailable", () => {
    renderWithProviders(<PsychicProfileView profile={profile({ isAvailable: false })} reviews={feed([])} />);
    expect(screen.queryByRole("link", { name: "Prenota un consulto" })).not.toBeInTheDocument();
    expect(screen.getByText("Al momento Selene Moretti non accetta nuovi consulti.")).toBeInTheDocument();
  });

  it("shows real reviews in the order given (newest first) on the Recensioni tab", async () => {
    renderWithProviders(<PsychicProfileView profile={profile({ rating: 4.5, reviewCount: 2 })} reviews={feed(reviews)} />);
    await userEvent.setup().click(screen.getByRole("tab", { name: /^Recensioni/ }));
    const items = within(screen.getByRole("list", { name: "Recensioni" })).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent("Marco B.");
    expect(items[0]).toHaveTextContent("12 marzo 2026 (modificata)");
    expect(items[0]).toHaveTextContent("Chiara e gentile.");
    expect(within(items[0]!).getByRole("img", { name: "4 stelle su 5" })).toBeInTheDocument();
    expect(items[1]).toHaveTextContent("Giulia V.");
    expect(items[1]).toHaveTextContent("3 gennaio 2026");
    expect(items[1]).not.toHaveTextContent("modificata");
    expect(screen.getByLabelText("Valutazione 4,5 su 5")).toBeInTheDocument();
    expect(screen.getByText(/Media 4,5 su 5 da 2 recensioni/)).toBeInTheDocument();
    // Everything is there: nothing more to load.
    expect(screen.queryByRole("button", { name: "Carica altre recensioni" })).not.toBeInTheDocument();
  });

  it("loads ten more reviews at a time while there are more", async () => {
    const user = userEvent.setup();
    const loadMore = vi.fn();
    const { rerender } = renderWithProviders(
      <PsychicProfileView profile={profile({ rating: 4.5, reviewCount: 12 })} reviews={feed(reviews, "CanLoadMore", loadMore)} />,
    );
    await user.click(screen.getByRole("tab", { name: /^Recensioni/ }));
    await user.click(screen.getByRole("button", { name: "Carica altre recensioni" }));
    expect(loadMore).toHaveBeenCalledWith(10);
    rerender(
      <Theme>
        <MemoryRouter>
          <PsychicProfileView profile={profile({ rating: 4.5, reviewCount: 12 })} reviews={feed(reviews, "LoadingMore", loadMore)} />
        </MemoryRouter>
      </Theme>,
    );
    expect(screen.getByRole("button", { name: "Carica altre recensioni" })).toBeDisabled();
  });

  it("shows a spinner while the first page of reviews loads", async () => {
    renderWithProviders(<PsychicProfileView profile={profile()} reviews={feed([], "LoadingFirstPage")} />);
    await userEvent.setup().click(screen.getByRole("tab", { name: /^Recensioni/ }));
    expect(screen.getByRole("status", { name: "Caricamento delle recensioni" })).toBeInTheDocument();
    expect(screen.queryByText(/Ancora nessuna recensione/)).not.toBeInTheDocument();
  });

  it("says so when there are no reviews yet", async () => {
    renderWithProviders(<PsychicProfileView profile={profile()} reviews={feed([])} />);
    await userEvent.setup().click(screen.getByRole("tab", { name: /^Recensioni/ }));
    expect(screen.getByText(/Ancora nessuna recensione/)).toBeInTheDocument();
  });

  it("shows the week from Monday in Italian, its hours as ranges that close when the last half hour ends, or Chiuso", async () => {
    renderWithProviders(<PsychicProfileView profile={profile()} reviews={feed([])} />);
    await userEvent.setup().click(screen.getByRole("tab", { name: /^Disponibilità/ }));
    const panel = within(screen.getByRole("tabpanel"));
    const days = panel.getAllByRole("term").map((term) => term.textContent);
    const hours = panel.getAllByRole("definition").map((value) => value.textContent);
    expect(days.map((day, index) => `${day}${hours[index]}`)).toEqual([
      "Lunedì09:00–17:00",
      "MartedìChiuso",
      "MercoledìChiuso",
      "GiovedìChiuso",
      "Venerdì18:00–22:00",
      "SabatoChiuso",
      "DomenicaChiuso",
    ]);
  });

  it("shows the next free days when the server computed them, each range opening the booking page on its first time", () => {
    const days = [
      { date: "2026-11-23", label: "Oggi", ranges: [{ from: "17:00", to: "19:00" }] },
      { date: "2026-11-24", label: "Domani", ranges: [{ from: "10:00", to: "11:00" }, { from: "15:00", to: "20:00" }] },
    ];
    renderWithProviders(<PsychicProfileView profile={profile()} reviews={feed([])} nextAvailability={days} />);
    const panel = within(screen.getByRole("complementary", { name: "Prossime disponibilità" }));
    expect(panel.getByText("Oggi")).toBeInTheDocument();
    const today = panel.getByRole("link", { name: "Prenota oggi alle 17:00 (libero fino alle 19:00)" });
    expect(today).toHaveTextContent("17:00–19:00");
    expect(today).toHaveAttribute("href", `/psychics/${profile().slug}/book?date=2026-11-23&time=17%3A00`);
    expect(panel.getByRole("link", { name: /^Prenota domani alle 10:00/ })).toHaveTextContent("10:00–11:00");
    expect(panel.getByRole("link", { name: /^Prenota domani alle 15:00/ })).toHaveAttribute(
      "href",
      `/psychics/${profile().slug}/book?date=2026-11-24&time=15%3A00`,
    );
  });

  it("puts 'Prima disponibilità' under the name, from the first free day, opening the booking page on that time", () => {
    const monday = Date.UTC(2026, 10, 23, 9, 0); // 10:00 in Rome, Monday 23 November
    const days = [{ date: "2026-11-24", label: "Domani", ranges: [{ from: "10:00", to: "11:00" }] }];
    const { unmount } = renderWithProviders(<PsychicProfileView profile={profile()} reviews={feed([])} nextAvailability={days} now={monday} />);
    expect(screen.getByRole("link", { name: "Prima disponibilità: domani 10:00" })).toHaveAttribute(
      "href",
      `/psychics/${profile().slug}/book?date=2026-11-24&time=10%3A00`,
    );
    unmount();
    renderWithProviders(<PsychicProfileView profile={profile()} reviews={feed([])} nextAvailability={[]} now={monday} />);
    expect(screen.getByText("Nessun orario libero nei prossimi 14 giorni")).toBeInTheDocument();
  });

  it("has no next free days panel while they load, or for an unavailable psychic", () => {
    const { unmount } = renderWithProviders(<PsychicProfileView profile={profile()} reviews={feed([])} nextAvailability={undefined} />);
    expect(screen.queryByRole("complementary", { name: "Prossime disponibilità" })).not.toBeInTheDocument();
    unmount();
    renderWithProviders(<PsychicProfileView profile={profile({ isAvailable: false })} reviews={feed([])} nextAvailability={[]} />);
    expect(screen.queryByRole("complementary", { name: "Prossime disponibilità" })).not.toBeInTheDocument();
  });

  it("labels days today, tomorrow, then by weekday and date (Rome calendar)", () => {
    const lateEvening = Date.UTC(2026, 10, 23, 22, 30); // 23:30 in Rome, Monday 23 November
    expect(relativeDayLabel("2026-11-23", lateEvening)).toBe("Oggi");
    expect(relativeDayLabel("2026-11-24", lateEvening)).toBe("Domani");
    expect(relativeDayLabel("2026-11-26", lateEvening)).toBe("Giovedì 26 novembre");
  });

  it("shows the not-found state for a missing or hidden profile", () => {
    renderWithProviders(<PsychicProfileView profile={null} reviews={undefined} />);
    expect(screen.getByRole("heading", { level: 1, name: "Cartomante non trovato" })).toBeInTheDocument();
    expect(screen.getByText("Il profilo richiesto non è disponibile.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Torna alla lista" })).toHaveAttribute("href", "/psychics");
  });

  it("shows a spinner while loading", () => {
    renderWithProviders(<PsychicProfileView profile={undefined} reviews={undefined} />);
    expect(screen.getByLabelText("Caricamento del profilo")).toBeInTheDocument();
  });
});

describe("the profile page's Reviews tab", () => {
  it("reads the reviews a page at a time for the profile in the address", async () => {
    convexMock.queries.set("psychics:getPublicProfile", profile({ rating: 4.5, reviewCount: 2 }));
    convexMock.queries.set("psychics:listNextAvailability", []);
    const asked: unknown[] = [];
    convexMock.queries.set("reviews:listPageForProfile", (args: unknown) => {
      asked.push(args);
      return reviews;
    });
    renderRoute(<PsychicProfilePage />, { path: "/psychics/p1", route: "/psychics/:id" });
    await userEvent.setup().click(screen.getByRole("tab", { name: /^Recensioni/ }));
    const items = within(screen.getByRole("list", { name: "Recensioni" })).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent("Marco B.");
    expect(items[1]).toHaveTextContent("Giulia V.");
    expect(asked.at(-1)).toEqual({ psychicProfileId: "p1" });
  });

  it("shows the not-found state for a profile the public cannot see", () => {
    convexMock.queries.set("psychics:getPublicProfile", null);
    renderRoute(<PsychicProfilePage />, { path: "/psychics/p9", route: "/psychics/:id" });
    expect(screen.getByRole("heading", { level: 1, name: "Cartomante non trovato" })).toBeInTheDocument();
  });
});

describe("an old profile address by id", () => {
  it("is replaced with the readable one, the booking page's too, keeping its day and time", async () => {
    convexMock.queries.set("psychics:getPublicProfile", profile());
    const router = createMemoryRouter(
      [
        {
          path: "/psychics/:id",
          element: <ProfileAddress />,
          children: [
            { index: true, element: <p>profilo</p> },
            { path: "book", element: <p>prenotazione</p> },
          ],
        },
      ],
      { initialEntries: ["/psychics/p1/book?date=2026-12-01&time=10%3A00"] },
    );
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(router.state.location.pathname).toBe("/psychics/selene-moretti/book"));
    expect(router.state.location.search).toBe("?date=2026-12-01&time=10%3A00");
    expect(screen.getByText("prenotazione")).toBeInTheDocument();
    // At its readable address it stays.
    await router.navigate("/psychics/selene-moretti");
    expect(router.state.location.pathname).toBe("/psychics/selene-moretti");
    expect(await screen.findByText("profilo")).toBeInTheDocument();
  });
});
