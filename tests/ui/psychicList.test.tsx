import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { PsychicCardData } from "@/components/PsychicCard";
import { PsychicListView } from "@/features/catalogue/PsychicListPage";
import { renderWithProviders } from "./render";

const psychic = (id: string, psychicName: string, specialties: string[], bio: string): PsychicCardData => ({
  id,
  psychicName,
  photoUrl: null,
  bio,
  specialties,
  rating: null,
  reviewCount: 0,
  minPriceEuros: 25,
  minDurationMinutes: 15,
});

const psychics = [
  psychic("a", "Selene Moretti", ["Tarocchi", "Cartomanzia"], "Letture serene e concrete."),
  psychic("b", "Orione", ["Astrologia"], "Il tema natale come mappa del cammino."),
  psychic("c", "Runa del Nord", ["Rune", "Numerologia"], "Simboli antichi per domande d'amore."),
];
const specialties = ["Astrologia", "Cartomanzia", "Numerologia", "Rune", "Tarocchi"];

const names = () => screen.queryAllByRole("article").map((card) => card.getAttribute("aria-label"));

describe("the psychic list", () => {
  it("shows a spinner while loading", () => {
    renderWithProviders(<PsychicListView psychics={undefined} specialties={[]} />, { path: "/psychics" });
    expect(screen.getByLabelText("Caricamento dei cartomanti")).toHaveAttribute("aria-busy", "true");
  });

  it("lists every psychic in the order given, with the spec's card", () => {
    renderWithProviders(<PsychicListView psychics={psychics} specialties={specialties} />, { path: "/psychics" });
    expect(names()).toEqual(["Selene Moretti", "Orione", "Runa del Nord"]);
    const card = within(screen.getByRole("article", { name: "Orione" }));
    expect(card.getByRole("link", { name: "Profilo" })).toHaveAttribute("href", "/psychics/b");
    expect(card.getByRole("link", { name: "Prenota" })).toHaveAttribute("href", "/psychics/b/book");
    expect(card.getByText("Da €25/15min")).toBeInTheDocument();
  });

  it("searches name, any specialty and bio, ignoring case", async () => {
    renderWithProviders(<PsychicListView psychics={psychics} specialties={specialties} />, { path: "/psychics" });
    const user = userEvent.setup();
    const search = screen.getByRole("searchbox", { name: "Cerca cartomanti" });
    await user.type(search, "ORIONE");
    expect(names()).toEqual(["Orione"]);
    await user.clear(search);
    await user.type(search, "numero");
    expect(names()).toEqual(["Runa del Nord"]);
    await user.clear(search);
    await user.type(search, "AMORE");
    expect(names()).toEqual(["Runa del Nord"]);
  });

  it("filters by exact specialty, starting from all", async () => {
    renderWithProviders(<PsychicListView psychics={psychics} specialties={specialties} />, { path: "/psychics" });
    const user = userEvent.setup();
    const filter = screen.getByRole("combobox", { name: "Specialità" });
    expect(filter).toHaveTextContent("Tutte");
    await user.click(filter);
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(["Tutte", ...specialties]);
    await user.click(screen.getByRole("option", { name: "Tarocchi" }));
    expect(names()).toEqual(["Selene Moretti"]);
  });

  it("reads the search and filter from the address", () => {
    renderWithProviders(<PsychicListView psychics={psychics} specialties={specialties} />, { path: "/psychics?q=mappa&specialty=Astrologia" });
    expect(names()).toEqual(["Orione"]);
  });

  it("shows the empty state when nothing matches", async () => {
    renderWithProviders(<PsychicListView psychics={psychics} specialties={specialties} />, { path: "/psychics" });
    await userEvent.setup().type(screen.getByRole("searchbox", { name: "Cerca cartomanti" }), "xyz");
    expect(screen.getByRole("heading", { name: "Nessun cartomante trovato" })).toBeInTheDocument();
    expect(screen.getByText("Prova a modificare i tuoi criteri di ricerca o rimuovi i filtri.")).toBeInTheDocument();
  });

  it("shows the empty state when no psychic is public", () => {
    renderWithProviders(<PsychicListView psychics={[]} specialties={[]} />, { path: "/psychics" });
    expect(screen.getByRole("heading", { name: "Nessun cartomante trovato" })).toBeInTheDocument();
  });
});
