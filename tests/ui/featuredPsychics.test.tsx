import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PsychicCardData } from "@/components/psychic/PsychicCard";
import { FeaturedPsychicsView } from "@/features/home/FeaturedPsychics";
import { romeToUtcMs } from "@convex/framework/time";
import { formatFirstFree } from "@/lib/text/format";
import { renderWithProviders } from "./render";

const psychic = (fields: Partial<PsychicCardData>): PsychicCardData => ({
  id: "p1",
  psychicName: "Selene",
  photoUrl: "/readers/selene.svg",
  bio: "Leggo i Tarocchi di Marsiglia da oltre quindici anni con attenzione, rispetto e chiarezza per chi mi ascolta.",
  specialties: ["Tarocchi", "Cartomanzia", "Rune", "Astrologia"],
  rating: null,
  reviewCount: 0,
  minPriceCents: 2000,
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

  it("says 'Verificato' only on the card of a psychic whose verification call passed", () => {
    renderWithProviders(<FeaturedPsychicsView psychics={[psychic({ verified: true }), psychic({ id: "p2", psychicName: "Orione", verified: false })]} />);
    expect(within(screen.getByRole("article", { name: "Selene" })).getByText("Verificato")).toBeInTheDocument();
    expect(within(screen.getByRole("article", { name: "Orione" })).queryByText("Verificato")).toBeNull();
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

describe("'Prima disponibilità' on a card", () => {
  // Thursday 26 November 2026, 15:00 in Rome.
  const now = romeToUtcMs("2026-11-26", "15:00");
  const firstFree = (answers: Record<string, { date: string; time: string } | null>) => (id: string) => answers[id];

  it("reads 'oggi', 'domani' or the short date, and opens the booking page on that time", () => {
    const answers = {
      p1: { date: "2026-11-26", time: "17:00" },
      p2: { date: "2026-11-27", time: "10:30" },
      p3: { date: "2026-12-03", time: "09:00" },
    };
    renderWithProviders(
      <FeaturedPsychicsView
        psychics={[psychic({}), psychic({ id: "p2", psychicName: "Orione" }), psychic({ id: "p3", psychicName: "Luna" })]}
        availability={{ firstFree: firstFree(answers), now }}
      />,
    );
    const selene = within(screen.getByRole("article", { name: "Selene" }));
    const link = selene.getByRole("link", { name: "Prima disponibilità: oggi 17:00" });
    expect(link).toHaveAttribute("href", "/psychics/p1/book?date=2026-11-26&time=17%3A00");
    expect(within(screen.getByRole("article", { name: "Orione" })).getByText("domani 10:30")).toBeInTheDocument();
    expect(within(screen.getByRole("article", { name: "Luna" })).getByText("gio 3 dic, 09:00")).toBeInTheDocument();
  });

  it("says when nothing is free in the coming two weeks, and shows nothing for a psychic not taking consultations", () => {
    renderWithProviders(
      <FeaturedPsychicsView
        psychics={[psychic({}), psychic({ id: "p2", psychicName: "Orione", isAvailable: false })]}
        availability={{ firstFree: firstFree({ p1: null, p2: null }), now }}
      />,
    );
    expect(within(screen.getByRole("article", { name: "Selene" })).getByText("Nessun orario libero nei prossimi 14 giorni")).toBeInTheDocument();
    expect(within(screen.getByRole("article", { name: "Orione" })).queryByText(/Prima disponibilità|Nessun orario/)).not.toBeInTheDocument();
  });

  it("keeps the line's place while it loads", () => {
    renderWithProviders(<FeaturedPsychicsView psychics={[psychic({})]} availability={{ firstFree: () => undefined, now }} />);
    const selene = within(screen.getByRole("article", { name: "Selene" }));
    expect(selene.queryByRole("link", { name: /Prima disponibilità/ })).not.toBeInTheDocument();
    expect(selene.getByText("Prima disponibilità: domani 10:00").closest("[aria-hidden]")).not.toBeNull();
  });

  it("formats across the turn of a month in Rome", () => {
    const lastOfMonth = romeToUtcMs("2026-11-30", "23:30");
    expect(formatFirstFree({ date: "2026-12-01", time: "09:00" }, lastOfMonth)).toBe("domani 09:00");
    expect(formatFirstFree({ date: "2026-11-30", time: "23:30" }, lastOfMonth)).toBe("oggi 23:30");
  });
});
