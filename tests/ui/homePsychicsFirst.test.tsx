// Psychics first on phones: the hero's real figures, and the card's compact row (psychicCard.css hides the
// details under 640 px; the test DOM applies no media queries, so the pieces are checked by their classes).
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PsychicCard } from "@/components/psychic/PsychicCard";
import { TrustFiguresView } from "@/features/home/TrustFigures";
import { renderWithProviders } from "./render";

describe("the home page's figures", () => {
  it("keeps its place while loading", () => {
    renderWithProviders(<TrustFiguresView figures={undefined} />);
    expect(screen.getByRole("group", { name: "Caricamento dei numeri di Arcano" })).toHaveAttribute("aria-busy", "true");
  });

  it("shows the listed psychics, the paid consultations and the average review", () => {
    renderWithProviders(<TrustFiguresView figures={{ verifiedPsychics: 12, paidConsultations: 12530, averageRating: 4.76, reviewCount: 210 }} />);
    const figures = within(screen.getByRole("group", { name: "Arcano in numeri" }));
    const values = figures.getAllByRole("definition").map((item) => item.textContent);
    const labels = figures.getAllByRole("term").map((item) => item.textContent);
    expect(labels).toEqual(["cartomanti verificati", "consulti prenotati", "media di 210 recensioni"]);
    expect(values).toEqual(["12", "12.530", "4,8"]);
  });

  it("never boasts a zero nor makes up an average", () => {
    renderWithProviders(<TrustFiguresView figures={{ verifiedPsychics: 1, paidConsultations: 0, averageRating: null, reviewCount: 0 }} />);
    const figures = within(screen.getByRole("group", { name: "Arcano in numeri" }));
    expect(figures.getAllByRole("term").map((item) => item.textContent)).toEqual(["cartomante verificato"]);
  });

  it("shows nothing on an empty platform", () => {
    renderWithProviders(<TrustFiguresView figures={{ verifiedPsychics: 0, paidConsultations: 0, averageRating: null, reviewCount: 0 }} />);
    expect(screen.queryByRole("group")).not.toBeInTheDocument();
  });
});

describe("a psychic card on phones", () => {
  const psychic = {
    id: "p1",
    psychicName: "Selene",
    photoUrl: null,
    bio: "Leggo i Tarocchi di Marsiglia da oltre quindici anni.",
    specialties: ["Tarocchi"],
    rating: 4.5,
    reviewCount: 8,
    minPriceCents: 2000,
    minDurationMinutes: 15,
  };

  it("keeps photo, name, rating, price and both buttons in the compact row; specialties and bio are the wide card's", () => {
    renderWithProviders(<PsychicCard psychic={psychic} />);
    const card = screen.getByRole("article", { name: "Selene" });
    expect(card).toHaveClass("psychic-card");
    const inCard = within(card);
    expect(inCard.getByText("Tarocchi").closest(".psychic-card-details")).not.toBeNull();
    expect(inCard.getByText(/quindici anni/).closest(".psychic-card-details")).not.toBeNull();
    for (const always of [inCard.getByRole("heading", { name: "Selene" }), inCard.getByText("4,5"), inCard.getByText(/al minuto$/)]) {
      expect(always.closest(".psychic-card-details")).toBeNull();
    }
    const actions = inCard.getByRole("link", { name: "Prenota" }).closest(".psychic-card-actions");
    expect(actions).not.toBeNull();
    expect(within(actions as HTMLElement).getByRole("link", { name: "Profilo" })).toHaveAttribute("href", "/psychics/p1");
  });
});
