import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { api } from "@convex/_generated/api";
import { cacheKey, PUBLIC_ACCOUNT, rememberAnswer, resetCacheForTests } from "@/lib/offline/queryCache";
import { viewKeyOf } from "@/lib/offline/useCachedQuery";
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

const names = () => screen.queryAllByRole("article").map((card) => card.getAttribute("aria-label"));

describe("the psychic list page's type filter and the server", () => {
  // The page keeps its answers on the device (one memory for every file of the worker): none left behind.
  afterEach(() => resetCacheForTests(null));

  it("asks the server for the type's list (its prices are that type's) and filters it the same way", () => {
    const asked: Array<Record<string, unknown>> = [];
    convexMock.queries.set("psychics:listPublic", (args: Record<string, unknown>) => {
      asked.push(args);
      return list;
    });
    renderWithProviders(<PsychicListPage />, { path: "/psychics?type=chat" });
    expect(asked.at(-1)).toEqual({ now: expect.any(Number), consultationType: "chat" });
    expect(names()).toEqual(["Selene Moretti", "Runa del Nord"]);
  });

  it("until the type's list comes (or offline), filters the whole list kept on the device", () => {
    rememberAnswer(cacheKey(PUBLIC_ACCOUNT, viewKeyOf(api.psychics.listPublic, { now: NOW })), list);
    // The type's own list never comes.
    convexMock.queries.set("psychics:listPublic", (args: Record<string, unknown>) => (args.consultationType === undefined ? list : undefined));
    renderWithProviders(<PsychicListPage />, { path: "/psychics?type=chat" });
    expect(names()).toEqual(["Selene Moretti", "Runa del Nord"]);
  });
});

describe("the psychic list", () => {
  it("shows a spinner while loading", () => {
    renderWithProviders(<PsychicListView psychics={undefined} specialties={[]} specializations={[]} />, { path: "/psychics" });
    expect(screen.getByLabelText("Caricamento dei cartomanti")).toHaveAttribute("aria-busy", "true");
  });

  it("lists every psychic by rating, with the spec's card, and names the order", () => {
    renderWithProviders(<PsychicListView {...list} />, { path: "/psychics" });
    expect(names()).toEqual(["Selene Moretti", "Orione", "Runa del Nord"]);
    const card = within(screen.getByRole("article", { name: "Selene Moretti" }));
    expect(card.getByRole("link", { name: "Profilo" })).toHaveAttribute("href", "/psychics/a");
    expect(card.getByRole("link", { name: "Prenota" })).toHaveAttribute("href", "/psychics/a/book");
    expect(card.getByText("Da €25/15min")).toBeInTheDocument();
    // And per minute, to compare a 15-minute price with a 30-minute one.
    expect(card.getByText(/^1,67\s€ al minuto$/)).toBeInTheDocument();
    expect(screen.getByText("Ordinati per: valutazione")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Come funzionano recensioni e classifica" })).toHaveAttribute("href", "/come-funzionano-recensioni");
  });

  it("'Disponibile oggi' only on a card with a time free today; the filter keeps those, the order by soonest is named", async () => {
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
    expect(names()).toEqual(["Orione"]);
    await user.click(screen.getByRole("checkbox", { name: "Disponibili oggi" }));
    await user.selectOptions(screen.getByRole("combobox", { name: "Ordina per" }), "Prima disponibilità");
    expect(names()).toEqual(["Orione", "Selene Moretti", "Runa del Nord"]);
    expect(screen.getByText("Ordinati per: prima disponibilità")).toBeInTheDocument();
    expect(screen.getByText(/^at /)).toHaveTextContent("at /psychics?order=soonest");
    await user.selectOptions(screen.getByRole("combobox", { name: "Ordina per" }), "Prezzo più basso");
    expect(names()).toEqual(["Orione", "Selene Moretti", "Runa del Nord"]);
  });

  it("waits for the free times before answering 'today' or 'soonest' from a list kept without them", () => {
    const kept = list.psychics.map(({ firstFree: _firstFree, freeToday: _freeToday, ...card }) => card);
    renderWithProviders(<PsychicListView {...list} psychics={kept} />, { path: "/psychics?today=1" });
    expect(screen.getByLabelText("Caricamento dei cartomanti")).toHaveAttribute("aria-busy", "true");
  });

  it("searches name, technique and topic with the words people use, ignoring case and accents, never the bio", async () => {
    renderWithProviders(<PsychicListView {...list} />, { path: "/psychics" });
    const user = userEvent.setup();
    const search = screen.getByRole("searchbox", { name: "Cerca cartomanti" });
    await user.type(search, "ORIONE");
    expect(names()).toEqual(["Orione"]);
    await user.clear(search);
    await user.type(search, "numero");
    expect(names()).toEqual(["Runa del Nord"]);
    await user.clear(search);
    // 'Amore e Relazioni' is Selene's topic; Runa's bio says "d'amore", which is not searched.
    await user.type(search, "amore");
    expect(names()).toEqual(["Selene Moretti"]);
    expect(within(screen.getByRole("article", { name: "Selene Moretti" })).getByText("Per: Amore e Relazioni")).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, "relazióni");
    expect(names()).toEqual(["Selene Moretti"]);
    await user.clear(search);
    await user.type(search, "il lavoro");
    expect(names()).toEqual(["Orione"]);
    expect(within(screen.getByRole("article", { name: "Orione" })).getByText("Per: Carriera e Lavoro")).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, "mappa");
    expect(names()).toEqual([]);
  });

  it("offers topics and techniques as two separate filters, starting from all, both kept in the address", async () => {
    renderWithProviders(
      <>
        <PsychicListView {...list} />
        <LocationProbe />
      </>,
      { path: "/psychics?specialty=Astrologia" },
    );
    const topics = screen.getByRole("combobox", { name: "Ambito di consulto" });
    const techniques = screen.getByRole("combobox", { name: "Tecnica" });
    expect(within(topics).getAllByRole("option").map((option) => option.textContent)).toEqual(["Tutti gli ambiti", ...specializations]);
    expect(within(techniques).getAllByRole("option").map((option) => option.textContent)).toEqual(["Tutte le tecniche", ...specialties]);
    expect(names()).toEqual(["Orione"]);
    const user = userEvent.setup();
    await user.selectOptions(topics, "Carriera e Lavoro");
    expect(names()).toEqual(["Orione"]);
    expect(screen.getByText(/^at /)).toHaveTextContent("at /psychics?specialty=Astrologia&topic=Carriera+e+Lavoro");
    await user.selectOptions(techniques, "Tutte le tecniche");
    await user.selectOptions(topics, "Amore e Relazioni");
    expect(names()).toEqual(["Selene Moretti"]);
    await user.selectOptions(topics, "Tutti gli ambiti");
    expect(names()).toEqual(["Selene Moretti", "Orione", "Runa del Nord"]);
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
    expect(names()).toEqual(["Orione"]);
    await act(async () => {
      fireEvent.change(screen.getByRole("searchbox", { name: "Cerca cartomanti" }), { target: { value: "" } });
      fireEvent.change(screen.getByRole("combobox", { name: "Tecnica" }), { target: { value: "Tarocchi" } });
    });
    expect(screen.getByText(/^at /)).toHaveTextContent(/^at \/psychics\?specialty=Tarocchi$/);
    expect(names()).toEqual(["Selene Moretti"]);
  });

  it("filters by consultation type, kept in the address; each card names the types it offers", async () => {
    renderWithProviders(
      <>
        <PsychicListView {...list} />
        <LocationProbe />
      </>,
      { path: "/psychics?topic=Amore+e+Relazioni" },
    );
    const badges = (name: string) =>
      within(within(screen.getByRole("article", { name })).getByRole("group", { name: "Consulti offerti" }))
        .getAllByText(/^(Voce|Chat)$/)
        .map((badge) => badge.textContent);
    const types = screen.getByRole("combobox", { name: "Tipo di consulto" });
    expect(within(types).getAllByRole("option").map((option) => option.textContent)).toEqual(["Tutti i tipi", "Voce", "Chat"]);
    expect(types).toHaveDisplayValue("Tutti i tipi");
    const user = userEvent.setup();
    await user.selectOptions(types, "Chat");
    expect(names()).toEqual(["Selene Moretti"]);
    expect(screen.getByText(/^at /)).toHaveTextContent("at /psychics?topic=Amore+e+Relazioni&type=chat");
    await user.selectOptions(screen.getByRole("combobox", { name: "Ambito di consulto" }), "Tutti gli ambiti");
    expect(names()).toEqual(["Selene Moretti", "Runa del Nord"]);
    expect(badges("Selene Moretti")).toEqual(["Voce", "Chat"]);
    expect(badges("Runa del Nord")).toEqual(["Chat"]);
    await user.selectOptions(types, "Voce");
    expect(names()).toEqual(["Selene Moretti", "Orione"]);
    expect(badges("Orione")).toEqual(["Voce"]);
    await user.selectOptions(types, "Tutti i tipi");
    expect(names()).toEqual(["Selene Moretti", "Orione", "Runa del Nord"]);
    expect(screen.getByText(/^at /)).toHaveTextContent(/^at \/psychics$/);
  });

  it("reads the type from the address, and ignores one that is neither voice nor chat", () => {
    const { unmount } = renderWithProviders(<PsychicListView {...list} />, { path: "/psychics?type=chat" });
    expect(names()).toEqual(["Selene Moretti", "Runa del Nord"]);
    expect(screen.getByRole("combobox", { name: "Tipo di consulto" })).toHaveDisplayValue("Chat");
    unmount();
    renderWithProviders(<PsychicListView {...list} />, { path: "/psychics?type=video" });
    expect(names()).toHaveLength(3);
  });

  it("reads the search and filter from the address", () => {
    renderWithProviders(<PsychicListView {...list} />, { path: "/psychics?q=orio&specialty=Astrologia" });
    expect(names()).toEqual(["Orione"]);
  });

  it("reads a topic from the address, as the header search links it", () => {
    renderWithProviders(<PsychicListView {...list} />, { path: "/psychics?topic=Crescita+Spirituale" });
    expect(names()).toEqual(["Runa del Nord"]);
    expect(screen.getByRole("combobox", { name: "Ambito di consulto" })).toHaveDisplayValue("Crescita Spirituale");
  });

  it("ignores a topic no listed psychic offers rather than emptying the list", () => {
    renderWithProviders(<PsychicListView {...list} />, { path: "/psychics?topic=Futuro+e+Destino" });
    expect(names()).toHaveLength(3);
  });

  it("shows the empty state when nothing matches", async () => {
    renderWithProviders(<PsychicListView {...list} />, { path: "/psychics" });
    await userEvent.setup().type(screen.getByRole("searchbox", { name: "Cerca cartomanti" }), "xyz");
    expect(screen.getByRole("heading", { name: "Nessun cartomante trovato" })).toBeInTheDocument();
    expect(screen.getByText("Prova a modificare i tuoi criteri di ricerca o rimuovi i filtri.")).toBeInTheDocument();
  });

  it("an empty search suggests the nearest topics as links to their lists", async () => {
    renderWithProviders(<PsychicListView {...list} />, { path: "/psychics?specialty=Rune" });
    await userEvent.setup().type(screen.getByRole("searchbox", { name: "Cerca cartomanti" }), "lavoor");
    const suggested = screen.getByRole("navigation", { name: "Ambiti suggeriti" });
    expect(within(suggested).getAllByRole("link").map((link) => link.getAttribute("href"))).toEqual(["/psychics?topic=Carriera+e+Lavoro"]);
  });

  it("shows the empty state when no psychic is public", () => {
    renderWithProviders(<PsychicListView psychics={[]} specialties={[]} specializations={[]} />, { path: "/psychics" });
    expect(screen.getByRole("heading", { name: "Nessun cartomante trovato" })).toBeInTheDocument();
  });
});
