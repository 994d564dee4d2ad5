// The psychic's figures beside the rating (profile and card), the page explaining reviews and the list's
// order, and the links to it from the list, the profile and the footer.
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PsychicCard, type PsychicCardData } from "@/components/psychic/PsychicCard";
import { Footer } from "@/app/layout/Footer";
import { PsychicListView } from "@/features/catalogue/PsychicListPage";
import { PsychicFigures, type PsychicFiguresData } from "@/features/catalogue/PsychicFigures";
import { ReviewsAndRankingPage } from "@/features/static/ReviewsAndRankingPage";
import { renderWithProviders } from "./render";

const figures = (fields: Partial<PsychicFiguresData> = {}): PsychicFiguresData => ({
  consultationsGiven: 7,
  onTimePercent: 75,
  psychicCancellations90Days: 1,
  isNew: false,
  minimumGiven: 5,
  windowDays: 90,
  ...fields,
});

const card = (fields: Partial<PsychicCardData> = {}): PsychicCardData => ({
  id: "p1",
  psychicName: "Selene Moretti",
  photoUrl: null,
  bio: "Letture serene e concrete.",
  specialties: ["Tarocchi"],
  rating: 4.5,
  reviewCount: 8,
  minPriceCents: 2500,
  minDurationMinutes: 15,
  isAvailable: true,
  ...fields,
});

/** The value a figure's term names, in the profile's description list. */
const valueOf = (term: string) => screen.getByText(term, { selector: "dt" }).nextElementSibling?.textContent;

describe("the psychic's figures on the profile", () => {
  it("show consultations given, the share on time and the psychic's cancellations of the last 90 days", () => {
    renderWithProviders(<PsychicFigures figures={figures()} />);
    const section = within(screen.getByRole("region", { name: "Affidabilità del cartomante" }));
    expect(valueOf("Consulti tenuti")).toBe("7");
    expect(valueOf("Puntualità")).toBe("75% in orario");
    expect(valueOf("Cancellazioni del cartomante, ultimi 90 giorni")).toBe("1");
    expect(section.getByRole("link", { name: /Come calcoliamo questi dati/ })).toHaveAttribute("href", "/come-funzionano-recensioni");
  });

  it("say 'Nuovo' instead of a percentage below the minimum", () => {
    renderWithProviders(
      <PsychicFigures figures={figures({ consultationsGiven: 4, onTimePercent: null, isNew: true, psychicCancellations90Days: 0 })} />,
    );
    expect(valueOf("Consulti tenuti")).toBe("4");
    expect(valueOf("Puntualità")).toBe("Nuovo (meno di 5 consulti)");
    expect(screen.queryByText(/%/)).toBeNull();
  });

  it("show a placeholder while loading", () => {
    renderWithProviders(<PsychicFigures figures={undefined} />);
    expect(screen.getByRole("status", { name: "Caricamento dei dati di affidabilità" })).toBeInTheDocument();
  });
});

describe("the psychic's figures on a card", () => {
  it("show consultations and the share on time, compactly", () => {
    renderWithProviders(<PsychicCard psychic={card({ consultationsGiven: 12, onTimePercent: 92 })} />);
    expect(screen.getByText("12 consulti · 92% in orario")).toBeInTheDocument();
  });

  it("show nothing more for a psychic still 'Nuovo'", () => {
    renderWithProviders(<PsychicCard psychic={card({ consultationsGiven: 3, onTimePercent: null })} />);
    expect(screen.queryByText(/in orario/)).toBeNull();
  });
});

describe("the page 'Come funzionano recensioni e classifica'", () => {
  it("states how reviews are verified and the list's order, as the server applies them", () => {
    renderWithProviders(<ReviewsAndRankingPage />);
    expect(screen.getByRole("heading", { level: 1, name: "Come funzionano recensioni e classifica" })).toBeInTheDocument();
    expect(screen.getByText(/Può recensire solo il cliente/)).toHaveTextContent("consulto completato");
    expect(screen.getByText(/Una sola recensione per consulto/)).toHaveTextContent("da 10 a 1000 caratteri");
    expect(screen.getByText(/può modificarla per 7 giorni/)).toBeInTheDocument();
    expect(screen.getByText(/entro 5 minuti/)).toBeInTheDocument();
    expect(screen.getByText(/Con meno di 5 consulti tenuti/)).toBeInTheDocument();
    const order = within(document.querySelector("ol")!);
    expect(order.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "prima i cartomanti che accettano consulti («Disponibile»), poi gli altri;",
      "poi la valutazione media più alta; chi non ha ancora recensioni viene dopo chi ne ha;",
      "a parità di valutazione, chi ha più recensioni;",
      "a parità anche di recensioni, il nome in ordine alfabetico.",
    ]);
    expect(screen.getByText(/Nessun cartomante paga per comparire più in alto/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "I nostri cartomanti" })).toHaveAttribute("href", "/psychics");
  });

  it("is linked from the list, which says its order", () => {
    renderWithProviders(<PsychicListView psychics={[]} specialties={[]} specializations={[]} />, { path: "/psychics" });
    expect(screen.getByText(/Ordinati per:/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Come funzionano recensioni e classifica" })).toHaveAttribute("href", "/come-funzionano-recensioni");
  });

  it("is in the footer", () => {
    renderWithProviders(<Footer />);
    expect(screen.getByRole("link", { name: "Recensioni e classifica" })).toHaveAttribute("href", "/come-funzionano-recensioni");
  });
});
