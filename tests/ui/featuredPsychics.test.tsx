import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PsychicCardData } from "@/components/PsychicCard";
import { FeaturedPsychicsView } from "@/features/home/FeaturedPsychics";
import { renderWithProviders } from "./render";

const psychic = (fields: Partial<PsychicCardData>): PsychicCardData => ({
  id: "p1",
  psychicName: "Selene",
  photoUrl: "/readers/selene.svg",
  bio: "Leggo i Tarocchi di Marsiglia da oltre quindici anni con attenzione, rispetto e chiarezza per chi mi ascolta.",
  specialties: ["Tarocchi", "Cartomanzia", "Rune", "Astrologia"],
  rating: null,
  reviewCount: 0,
  minPriceEuros: 20,
  minDurationMinutes: 15,
  ...fields,
});

describe("the home page's featured psychics", () => {
  it("shows a loading state while the list is on its way", () => {
    renderWithProviders(<FeaturedPsychicsView psychics={undefined} />);
    expect(screen.getByLabelText("Caricamento dei cartomanti")).toHaveAttribute("aria-busy", "true");
  });

  it("shows the empty state when no psychic is public", () => {
    renderWithProviders(<FeaturedPsychicsView psychics={[]} />);
    expect(screen.getByText("Non ci sono ancora cartomanti disponibili.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Vedi tutti i cartomanti" })).toHaveAttribute("href", "/psychics");
  });

  it("shows each psychic's card as the spec describes", () => {
    renderWithProviders(
      <FeaturedPsychicsView
        psychics={[psychic({}), psychic({ id: "p2", psychicName: "Orione", rating: 4.75, reviewCount: 12, specialties: ["Astrologia"] })]}
      />,
    );
    const selene = within(screen.getByRole("article", { name: "Selene" }));
    expect(selene.getByText("Nuovo")).toBeInTheDocument();
    expect(selene.getByText("Tarocchi")).toBeInTheDocument();
    expect(selene.getByText("Cartomanzia")).toBeInTheDocument();
    expect(selene.queryByText("Rune")).not.toBeInTheDocument();
    expect(selene.getByText("+2")).toBeInTheDocument();
    expect(selene.getByText(/…$/).textContent!.length).toBeLessThanOrEqual(81);
    expect(selene.getByText("Da €20/15min")).toBeInTheDocument();
    expect(selene.getByRole("link", { name: "Profilo" })).toHaveAttribute("href", "/psychics/p1");
    expect(selene.getByRole("link", { name: "Prenota" })).toHaveAttribute("href", "/psychics/p1/book");

    const orione = within(screen.getByRole("article", { name: "Orione" }));
    expect(orione.getByText("4,8")).toBeInTheDocument();
    expect(orione.queryByText("Nuovo")).not.toBeInTheDocument();
    expect(orione.queryByText(/^\+/)).not.toBeInTheDocument();
  });
});

describe("a psychic card", () => {
  it("marks a psychic who takes no new consultations and offers no booking link", () => {
    renderWithProviders(<FeaturedPsychicsView psychics={[psychic({ isAvailable: false })]} />);
    const card = within(screen.getByRole("article", { name: "Selene" }));
    expect(card.getByText("Non disponibile")).toBeInTheDocument();
    expect(card.queryByRole("link", { name: "Prenota" })).not.toBeInTheDocument();
    expect(card.getByRole("button", { name: "Prenota" })).toBeDisabled();
    expect(card.getByRole("link", { name: "Profilo" })).toBeInTheDocument();
  });

  it("states that prices are final, IVA inclusa", () => {
    renderWithProviders(<FeaturedPsychicsView psychics={[psychic({})]} />);
    expect(screen.getByText("Prezzi finali in euro, IVA inclusa.")).toBeInTheDocument();
  });
});
