import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { PsychicListView, type ListedPsychic } from "@/features/catalogue/PsychicListPage";
import { LocationProbe, renderWithProviders } from "./render";

const psychic = (id: string, psychicName: string, specialties: string[], bio: string, specializations: string[] = []): ListedPsychic => ({
  id,
  psychicName,
  photoUrl: null,
  bio,
  specialties,
  specializations,
  rating: null,
  reviewCount: 0,
  minPriceEuros: 25,
  minDurationMinutes: 15,
});

const psychics = [
  psychic("a", "Selene Moretti", ["Tarocchi", "Cartomanzia"], "Letture serene e concrete.", ["Amore e Relazioni", "Decisioni Importanti"]),
  psychic("b", "Orione", ["Astrologia"], "Il tema natale come mappa del cammino.", ["Carriera e Lavoro"]),
  psychic("c", "Runa del Nord", ["Rune", "Numerologia"], "Simboli antichi per domande d'amore.", ["Crescita Spirituale"]),
];
const specialties = ["Astrologia", "Cartomanzia", "Numerologia", "Rune", "Tarocchi"];
const specializations = ["Amore e Relazioni", "Carriera e Lavoro", "Decisioni Importanti", "Crescita Spirituale"];
const list = { psychics, specialties, specializations };

const names = () => screen.queryAllByRole("article").map((card) => card.getAttribute("aria-label"));

describe("the psychic list", () => {
  it("shows a spinner while loading", () => {
    renderWithProviders(<PsychicListView psychics={undefined} specialties={[]} specializations={[]} />, { path: "/psychics" });
    expect(screen.getByLabelText("Caricamento dei cartomanti")).toHaveAttribute("aria-busy", "true");
  });

  it("lists every psychic in the order given, with the spec's card", () => {
    renderWithProviders(<PsychicListView {...list} />, { path: "/psychics" });
    expect(names()).toEqual(["Selene Moretti", "Orione", "Runa del Nord"]);
    const card = within(screen.getByRole("article", { name: "Orione" }));
    expect(card.getByRole("link", { name: "Profilo" })).toHaveAttribute("href", "/psychics/b");
    expect(card.getByRole("link", { name: "Prenota" })).toHaveAttribute("href", "/psychics/b/book");
    expect(card.getByText("Da €25/15min")).toBeInTheDocument();
    // And per minute, to compare a 15-minute price with a 30-minute one.
    expect(card.getByText(/^1,67\s€ al minuto$/)).toBeInTheDocument();
  });

  it("searches name, technique, topic and bio, ignoring case and accents, by the beginning of words", async () => {
    renderWithProviders(<PsychicListView {...list} />, { path: "/psychics" });
    const user = userEvent.setup();
    const search = screen.getByRole("searchbox", { name: "Cerca cartomanti" });
    await user.type(search, "ORIONE");
    expect(names()).toEqual(["Orione"]);
    await user.clear(search);
    await user.type(search, "numero");
    expect(names()).toEqual(["Runa del Nord"]);
    await user.clear(search);
    // 'Amore e Relazioni' is Selene's topic; Runa's bio says "d'amore".
    await user.type(search, "amore");
    expect(names()).toEqual(["Selene Moretti", "Runa del Nord"]);
    await user.clear(search);
    await user.type(search, "relazióni");
    expect(names()).toEqual(["Selene Moretti"]);
    await user.clear(search);
    await user.type(search, "carriera orione");
    expect(names()).toEqual(["Orione"]);
  });

  it("offers topics and techniques in two labelled groups, starting from all", async () => {
    renderWithProviders(<PsychicListView {...list} />, { path: "/psychics" });
    const user = userEvent.setup();
    const filter = screen.getByRole("combobox", { name: "Ambito o tecnica" });
    expect(filter).toHaveDisplayValue("Tutti gli ambiti e le tecniche");
    const topics = screen.getByRole("group", { name: "Ambiti di consulto" });
    const techniques = screen.getByRole("group", { name: "Tecniche" });
    expect(
      within(topics)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(specializations);
    expect(
      within(techniques)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(specialties);
    await user.selectOptions(filter, "Tarocchi");
    expect(names()).toEqual(["Selene Moretti"]);
  });

  it("filters by a topic and keeps it in the address, replacing a technique", async () => {
    renderWithProviders(
      <>
        <PsychicListView {...list} />
        <LocationProbe />
      </>,
      { path: "/psychics?specialty=Astrologia" },
    );
    expect(names()).toEqual(["Orione"]);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole("combobox", { name: "Ambito o tecnica" }), "Amore e Relazioni");
    expect(names()).toEqual(["Selene Moretti"]);
    expect(screen.getByText(/^at /)).toHaveTextContent("at /psychics?topic=Amore+e+Relazioni");
    await user.selectOptions(screen.getByRole("combobox", { name: "Ambito o tecnica" }), "Tutti gli ambiti e le tecniche");
    expect(names()).toEqual(["Selene Moretti", "Orione", "Runa del Nord"]);
    expect(screen.getByText(/^at /)).toHaveTextContent(/^at \/psychics$/);
  });

  it("keeps both of two changes made in a row, before the page draws the first (the search emptied, then a filter)", async () => {
    renderWithProviders(
      <>
        <PsychicListView {...list} />
        <LocationProbe />
      </>,
      { path: "/psychics?q=mappa" },
    );
    expect(names()).toEqual(["Orione"]);
    await act(async () => {
      fireEvent.change(screen.getByRole("searchbox", { name: "Cerca cartomanti" }), { target: { value: "" } });
      fireEvent.change(screen.getByRole("combobox", { name: "Ambito o tecnica" }), { target: { value: "specialty:Tarocchi" } });
    });
    expect(screen.getByText(/^at /)).toHaveTextContent(/^at \/psychics\?specialty=Tarocchi$/);
    expect(names()).toEqual(["Selene Moretti"]);
  });

  it("reads the search and filter from the address", () => {
    renderWithProviders(<PsychicListView {...list} />, { path: "/psychics?q=mappa&specialty=Astrologia" });
    expect(names()).toEqual(["Orione"]);
  });

  it("reads a topic from the address, as the header search links it", () => {
    renderWithProviders(<PsychicListView {...list} />, { path: "/psychics?topic=Crescita+Spirituale" });
    expect(names()).toEqual(["Runa del Nord"]);
    expect(screen.getByRole("combobox", { name: "Ambito o tecnica" })).toHaveDisplayValue("Crescita Spirituale");
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

  it("shows the empty state when no psychic is public", () => {
    renderWithProviders(<PsychicListView psychics={[]} specialties={[]} specializations={[]} />, { path: "/psychics" });
    expect(screen.getByRole("heading", { name: "Nessun cartomante trovato" })).toBeInTheDocument();
  });
});
