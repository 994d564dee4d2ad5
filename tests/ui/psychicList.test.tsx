import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { firstPageViewKey } from "@/lib/catalogue/catalogueQuestion";
import { cacheKey, keepPageAnswers, PUBLIC_ACCOUNT, rememberAnswer, resetCacheForTests } from "@/lib/offline/queryCache";
import { PsychicListPage, PsychicListView, type ListedPsychic } from "@/features/catalogue/PsychicListPage";
import { convexMock } from "./convexMock";
import { LocationProbe, renderWithProviders } from "./render";

const psychic = (
  id: string,
  psychicName: string,
  specialties: string[],
  bio: string,
  specializations: string[] = [],
  extra: Partial<ListedPsychic> = {},
): ListedPsychic => ({
  id,
  psychicName,
  photoUrl: null,
  bio,
  specialties,
  specializations,
  rating: null,
  reviewCount: 0,
  minPriceCents: 2500,
  minDurationMinutes: 15,
  isAvailable: true,
  ...extra,
});

// Thursday 26 November 2026, 09:00 in Rome.
const NOW = Date.UTC(2026, 10, 26, 8, 0);
const psychics = [
  psychic("a", "Selene Moretti", ["Tarocchi", "Cartomanzia"], "Letture serene e concrete.", ["Amore e Relazioni", "Decisioni Importanti"], {
    rating: 4.9,
    reviewCount: 12,
    firstFree: { date: "2026-11-27", time: "10:00" },
    freeToday: false,
    consultationTypes: ["voice", "chat"],
  }),
  psychic("b", "Orione", ["Astrologia"], "Il tema natale come mappa del cammino.", ["Carriera e Lavoro"], {
    rating: 4.5,
    reviewCount: 3,
    minPriceCents: 3000,
    minDurationMinutes: 30,
    firstFree: { date: "2026-11-26", time: "17:00" },
    freeToday: true,
    consultationTypes: ["voice"],
  }),
  psychic("c", "Runa del Nord", ["Rune", "Numerologia"], "Simboli antichi per domande d'amore.", ["Crescita Spirituale"], {
    firstFree: null,
    freeToday: false,
    consultationTypes: ["chat"],
  }),
];
const specialties = ["Astrologia", "Cartomanzia", "Numerologia", "Rune", "Tarocchi"];
const specializations = ["Amore e Relazioni", "Carriera e Lavoro", "Decisioni Importanti", "Crescita Spirituale"];
const list = { psychics, specialties, specializations };
const facets = { specialties, specializations, psychicsByTopic: {}, psychicsByTechnique: {} };

const names = () => screen.queryAllByRole("article").map((card) => card.getAttribute("aria-label"));

/** The catalogue answers each question with `answer(args)`; every question asked is recorded. */
function catalogue(answer: (args: Record<string, unknown>) => ListedPsychic[] | undefined = () => psychics) {
  const asked: Array<Record<string, unknown>> = [];
  convexMock.queries.set("catalogue:listFacets", facets);
  convexMock.queries.set("catalogue:listPage", (args: Record<string, unknown>) => {
    asked.push(args);
    return answer(args);
  });
  return asked;
}

describe("the psychic list page and the catalogue", () => {
  // The page keeps its first page on the device (one memory for every file of the worker): none left behind.
  afterEach(() => resetCacheForTests(null));

  it("asks the catalogue the address's question: words, topic, technique, type, price, today and order, at its clock", () => {
    const asked = catalogue();
    renderWithProviders(<PsychicListPage />, {
      path: "/psychics?q=luna&topic=Amore+e+Relazioni&specialty=Tarocchi&type=chat&prezzo=150&today=1&order=soonest",
    });
    expect(asked.at(-1)).toEqual({
      search: "luna",
      specialization: "Amore e Relazioni",
      specialty: "Tarocchi",
      consultationType: "chat",
      maxCentsPerMinute: 150,
      availableToday: true,
      order: "soonest",
      now: expect.any(Number),
    });
    expect(names()).toEqual(["Selene Moretti", "Orione", "Runa del Nord"]);
  });

  it("leaves out what the product does not know, and a topic no listed psychic offers", () => {
    const asked = catalogue();
    renderWithProviders(<PsychicListPage />, { path: "/psychics?topic=Futuro+e+Destino&specialty=Scacchi&type=fax&prezzo=7&order=caso&today=si" });
    expect(asked.at(-1)).toEqual({ now: expect.any(Number) });
  });

  it("asks for the words once typing rests, keeping the cards shown (marked busy) until the new ones come", async () => {
    const asked = catalogue((args) => (args.search === "orione" ? undefined : psychics));
    renderWithProviders(<PsychicListPage />, { path: "/psychics" });
    fireEvent.change(screen.getByRole("searchbox", { name: "Cerca cartomanti" }), { target: { value: "orione" } });
    expect(asked.at(-1)).toEqual({ now: expect.any(Number) });
    await waitFor(() => expect(asked.at(-1)).toEqual({ search: "orione", now: expect.any(Number) }));
    expect(names()).toEqual(["Selene Moretti", "Orione", "Runa del Nord"]);
    expect(screen.getAllByRole("article")[0]!.closest("[aria-busy]")).toHaveAttribute("aria-busy", "true");
  });

  it("offers more cards while the catalogue has more, saying they are the first ones", async () => {
    catalogue();
    convexMock.morePages.add("catalogue:listPage");
    renderWithProviders(<PsychicListPage />, { path: "/psychics" });
    expect(screen.getByRole("status")).toHaveTextContent("I primi 3 cartomanti");
    await userEvent.setup().click(screen.getByRole("button", { name: "Mostra altri cartomanti" }));
    expect(convexMock.calls.at(-1)).toEqual({ name: "catalogue:listPage", args: expect.objectContaining({ loadMore: 24 }) });
  });

  it("keeps asking at the clock it started with once more than a page is shown, so the pages read stay", () => {
    vi.useFakeTimers({ now: NOW, toFake: ["Date", "setInterval", "clearInterval", "setTimeout", "clearTimeout"] });
    try {
      const many = Array.from({ length: 30 }, (_, index) => psychic(`p${index}`, `Lettrice ${index}`, ["Tarocchi"], "Bio."));
      const asked = catalogue(() => many);
      renderWithProviders(<PsychicListPage />, { path: "/psychics" });
      const first = asked.at(-1)!.now;
      act(() => vi.advanceTimersByTime(10 * 60_000));
      expect(asked.at(-1)!.now).toBe(first);
      expect(names()).toHaveLength(30);
    } finally {
      vi.useRealTimers();
    }
  });

  it("moves to the new clock while one page is shown", () => {
    vi.useFakeTimers({ now: NOW, toFake: ["Date", "setInterval", "clearInterval", "setTimeout", "clearTimeout"] });
    try {
      const asked = catalogue();
      renderWithProviders(<PsychicListPage />, { path: "/psychics" });
      const first = asked.at(-1)!.now as number;
      act(() => vi.advanceTimersByTime(10 * 60_000));
      expect(asked.at(-1)!.now).toBeGreaterThan(first);
    } finally {
      vi.useRealTimers();
    }
  });

  it("without a connection, shows the first page kept on the device and says since when", () => {
    rememberAnswer(cacheKey(PUBLIC_ACCOUNT, firstPageViewKey({})), psychics.slice(0, 2));
    catalogue(() => undefined);
    renderWithProviders(<PsychicListPage />, { path: "/psychics" });
    expect(names()).toEqual(["Selene Moretti", "Orione"]);
    expect(screen.getByText(/^Aggiornato/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Mostra altri cartomanti" })).toBeNull();
  });

  it("sent a full first page with the page, says the cards are the first ones, as current as the page, before the list is live", () => {
    const page = Array.from({ length: 24 }, (_, index) => psychic(`p${index}`, `Lettrice ${index}`, ["Tarocchi"], "Bio."));
    keepPageAnswers([[cacheKey(PUBLIC_ACCOUNT, firstPageViewKey({})), { value: page, savedAt: NOW }]]);
    catalogue(() => undefined);
    renderWithProviders(<PsychicListPage />, { path: "/psychics" });
    expect(names()).toHaveLength(24);
    expect(screen.getByRole("status")).toHaveTextContent("I primi 24 cartomanti");
    expect(screen.queryByText(/^Aggiornato/)).toBeNull();
    // More pages are read once the list is live: no button that could not answer yet.
    expect(screen.queryByRole("button", { name: "Mostra altri cartomanti" })).toBeNull();
  });
});

describe("the psychic list", () => {
  it("shows placeholders while the first page loads", () => {
    renderWithProviders(<PsychicListView psychics={undefined} specialties={[]} specializations={[]} />, { path: "/psychics" });
    expect(screen.getByLabelText("Caricamento dei cartomanti")).toHaveAttribute("aria-busy", "true");
  });

  it("shows the cards in the catalogue's order, with the spec's card, and names the order", () => {
    renderWithProviders(<PsychicListView {...list} />, { path: "/psychics" });
    expect(names()).toEqual(["Selene Moretti", "Orione", "Runa del Nord"]);
    const card = within(screen.getByRole("article", { name: "Selene Moretti" }));
    expect(card.getByRole("link", { name: "Profilo" })).toHaveAttribute("href", "/psychics/a");
    expect(card.getByRole("link", { name: "Prenota" })).toHaveAttribute("href", "/psychics/a/book");
    expect(card.getByText("Da €25/15min")).toBeInTheDocument();
    // And per minute, to compare a 15-minute price with a 30-minute one.
    expect(card.getByText(/^1,67\s€ al minuto$/)).toBeInTheDocument();
    expect(screen.getByText("Ordinati per: valutazione")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("3 cartomanti");
    expect(screen.getByRole("link", { name: "Come funzionano recensioni e classifica" })).toHaveAttribute("href", "/come-funzionano-recensioni");
  });

  it("'Disponibile oggi' only on a card with a time free today; the filter and the order go in the address, the order named", async () => {
    renderWithProviders(
      <>
        <PsychicListView {...list} now={NOW} />
        <LocationProbe />
      </>,
      { path: "/psychics" },
    );
    expect(within(screen.getByRole("article", { name: "Orione" })).getByText("Disponibile oggi")).toBeInTheDocument();
    expect(within(screen.getByRole("article", { name: "Selene Moretti" })).queryByText("Disponibile oggi")).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole("checkbox", { name: "Disponibili oggi" }));
    expect(screen.getByText(/^at /)).toHaveTextContent("at /psychics?today=1");
    await user.click(screen.getByRole("checkbox", { name: "Disponibili oggi" }));
    await user.selectOptions(screen.getByRole("combobox", { name: "Ordina per" }), "Prima disponibilità");
    expect(screen.getByText("Ordinati per: prima disponibilità")).toBeInTheDocument();
    expect(screen.getByText(/^at /)).toHaveTextContent("at /psychics?order=soonest");
    await user.selectOptions(screen.getByRole("combobox", { name: "Ordina per" }), "Prezzo più basso");
    expect(screen.getByText(/^at /)).toHaveTextContent("at /psychics?order=price");
  });

  it("offers topics, techniques, types and prices a minute as separate filters, starting from all, kept in the address", async () => {
    renderWithProviders(
      <>
        <PsychicListView {...list} />
        <LocationProbe />
      </>,
      { path: "/psychics?specialty=Astrologia" },
    );
    const topics = screen.getByRole("combobox", { name: "Ambito di consulto" });
    const techniques = screen.getByRole("combobox", { name: "Tecnica" });
    const types = screen.getByRole("combobox", { name: "Tipo di consulto" });
    const prices = screen.getByRole("combobox", { name: "Prezzo al minuto" });
    expect(within(topics).getAllByRole("option").map((option) => option.textContent)).toEqual(["Tutti gli ambiti", ...specializations]);
    expect(within(techniques).getAllByRole("option").map((option) => option.textContent)).toEqual(["Tutte le tecniche", ...specialties]);
    expect(within(types).getAllByRole("option").map((option) => option.textContent)).toEqual(["Tutti i tipi", "Voce", "Chat"]);
    expect(within(prices).getAllByRole("option").map((option) => option.textContent?.replace(/\s/g, " "))).toEqual([
      "Qualsiasi prezzo",
      "Fino a 1 € al minuto",
      "Fino a 1,50 € al minuto",
      "Fino a 2 € al minuto",
      "Fino a 3 € al minuto",
    ]);
    expect(techniques).toHaveDisplayValue("Astrologia");
    const user = userEvent.setup();
    await user.selectOptions(topics, "Carriera e Lavoro");
    expect(screen.getByText(/^at /)).toHaveTextContent("at /psychics?specialty=Astrologia&topic=Carriera+e+Lavoro");
    await user.selectOptions(types, "Chat");
    await user.selectOptions(prices, "150");
    expect(screen.getByText(/^at /)).toHaveTextContent("at /psychics?specialty=Astrologia&topic=Carriera+e+Lavoro&type=chat&prezzo=150");
    await user.selectOptions(techniques, "Tutte le tecniche");
    await user.selectOptions(topics, "Tutti gli ambiti");
    await user.selectOptions(types, "Tutti i tipi");
    await user.selectOptions(prices, "Qualsiasi prezzo");
    expect(screen.getByText(/^at /)).toHaveTextContent(/^at \/psychics$/);
  });

  it("keeps both of two changes made in a row, before the page draws the first (the search emptied, then a filter)", async () => {
    renderWithProviders(
      <>
        <PsychicListView {...list} />
        <LocationProbe />
      </>,
      { path: "/psychics?q=orione" },
    );
    await act(async () => {
      fireEvent.change(screen.getByRole("searchbox", { name: "Cerca cartomanti" }), { target: { value: "" } });
      fireEvent.change(screen.getByRole("combobox", { name: "Tecnica" }), { target: { value: "Tarocchi" } });
    });
    expect(screen.getByText(/^at /)).toHaveTextContent(/^at \/psychics\?specialty=Tarocchi$/);
  });

  it("each card names the types it offers, and the topic the words named", () => {
    const found = psychics.map((card, index) => (index === 0 ? { ...card, matchedTopic: "Amore e Relazioni" } : card));
    renderWithProviders(<PsychicListView {...list} psychics={found} />, { path: "/psychics?q=amore" });
    const badges = (name: string) =>
      within(within(screen.getByRole("article", { name })).getByRole("group", { name: "Consulti offerti" }))
        .getAllByText(/^(Voce|Chat)$/)
        .map((badge) => badge.textContent);
    expect(badges("Selene Moretti")).toEqual(["Voce", "Chat"]);
    expect(badges("Runa del Nord")).toEqual(["Chat"]);
    expect(within(screen.getByRole("article", { name: "Selene Moretti" })).getByText("Per: Amore e Relazioni")).toBeInTheDocument();
    expect(screen.getByRole("searchbox", { name: "Cerca cartomanti" })).toHaveValue("amore");
  });

  it("reads the filters from the address, ignoring a type that is neither voice nor chat", () => {
    const { unmount } = renderWithProviders(<PsychicListView {...list} />, { path: "/psychics?type=chat&topic=Crescita+Spirituale" });
    expect(screen.getByRole("combobox", { name: "Tipo di consulto" })).toHaveDisplayValue("Chat");
    expect(screen.getByRole("combobox", { name: "Ambito di consulto" })).toHaveDisplayValue("Crescita Spirituale");
    unmount();
    renderWithProviders(<PsychicListView {...list} />, { path: "/psychics?type=video" });
    expect(screen.getByRole("combobox", { name: "Tipo di consulto" })).toHaveDisplayValue("Tutti i tipi");
  });

  it("shows the empty state when nothing matches", () => {
    renderWithProviders(<PsychicListView {...list} psychics={[]} />, { path: "/psychics?q=xyz" });
    expect(screen.getByRole("heading", { name: "Nessun cartomante trovato" })).toBeInTheDocument();
    expect(screen.getByText("Prova a modificare i tuoi criteri di ricerca o rimuovi i filtri.")).toBeInTheDocument();
  });

  it("an empty search suggests the nearest topics as links to their lists", () => {
    renderWithProviders(<PsychicListView {...list} psychics={[]} />, { path: "/psychics?specialty=Rune&q=lavoor" });
    const suggested = screen.getByRole("navigation", { name: "Ambiti suggeriti" });
    expect(within(suggested).getAllByRole("link").map((link) => link.getAttribute("href"))).toEqual(["/psychics?topic=Carriera+e+Lavoro"]);
  });

  it("shows the empty state when no psychic is public, suggesting nothing", () => {
    renderWithProviders(<PsychicListView psychics={[]} specialties={[]} specializations={[]} />, { path: "/psychics" });
    expect(screen.getByRole("heading", { name: "Nessun cartomante trovato" })).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Ambiti suggeriti" })).toBeNull();
  });
});
