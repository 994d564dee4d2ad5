import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { paths } from "@/lib/paths";
import { AboutPage } from "@/features/static/AboutPage";
import { ClientFaqPage } from "@/features/static/ClientFaqPage";
import { HowItWorksPage } from "@/features/static/HowItWorksPage";
import { PrivacyPage } from "@/features/static/PrivacyPage";
import { PsychicFaqPage } from "@/features/static/PsychicFaqPage";
import { TermsPage } from "@/features/static/TermsPage";
import { renderWithProviders } from "./render";

describe("the static text pages", () => {
  it.each([
    ["Chi siamo", <AboutPage />],
    ["Come funziona", <HowItWorksPage />],
    ["Termini di servizio", <TermsPage />],
    ["Informativa sulla privacy", <PrivacyPage />],
    ["Domande frequenti dei clienti", <ClientFaqPage />],
    ["Domande frequenti dei cartomanti", <PsychicFaqPage />],
  ])("renders the h1 %s, once", (title, page) => {
    renderWithProviders(page);
    expect(screen.getByRole("heading", { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
  });

  it("About states the vetting and the founding year", () => {
    renderWithProviders(<AboutPage />);
    for (const criterion of ["Competenze:", "Identità:", "Referenze:", "Formazione:"]) {
      expect(screen.getByText(criterion)).toBeInTheDocument();
    }
    expect(screen.getByText(/nato nel 2024/)).toBeInTheDocument();
  });

  it("How it works has six steps, a short FAQ and both calls to action", () => {
    renderWithProviders(<HowItWorksPage />);
    const steps = screen.getByRole("list", { name: "I passaggi per prenotare un consulto" });
    expect(within(steps).getAllByRole("listitem")).toHaveLength(6);
    const faq = screen.getAllByTestId("faq-question");
    expect(faq.length).toBeGreaterThanOrEqual(4);
    expect(faq.length).toBeLessThanOrEqual(5);
    expect(screen.getByRole("link", { name: "Trova il tuo cartomante" })).toHaveAttribute("href", paths.psychics);
    expect(screen.getByRole("link", { name: "Crea un account gratuito" })).toHaveAttribute(
      "href",
      paths.registerAs("client"),
    );
  });

  it("the client FAQ has exactly 14 questions, each opening its answer", async () => {
    renderWithProviders(<ClientFaqPage />);
    const questions = screen.getAllByTestId("faq-question");
    expect(questions).toHaveLength(14);
    for (const question of questions) {
      expect(question.tagName).toBe("SUMMARY");
      expect(question.textContent?.trim()).toMatch(/\?$/);
    }
    const first = questions[0];
    const details = first.closest("details");
    expect(details).not.toBeNull();
    expect(details).not.toHaveAttribute("open");
    await userEvent.click(first);
    expect(details).toHaveAttribute("open");
  });

  it("the client FAQ uses the decided refund time, not the old ones", () => {
    renderWithProviders(<ClientFaqPage />);
    expect(screen.getByText(/entro 5–10 giorni lavorativi/)).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/3-5|3–5|5-7|5–7/);
  });

  it("the psychic FAQ has exactly 11 questions, 3 stat cards and the sign-up link", () => {
    renderWithProviders(<PsychicFaqPage />);
    expect(screen.getAllByTestId("faq-question")).toHaveLength(11);
    const cards = screen.getAllByTestId("stat-card");
    expect(cards).toHaveLength(3);
    expect(cards.map((card) => card.textContent)).toEqual([
      expect.stringContaining("15%"),
      expect.stringContaining("Ogni lunedì"),
      expect.stringContaining("20–80 €"),
    ]);
    expect(screen.getByRole("link", { name: "Diventa cartomante" })).toHaveAttribute(
      "href",
      paths.registerAs("psychic"),
    );
  });

  it("the terms state the refund windows, the 15% commission, the disclaimer and the update date", () => {
    renderWithProviders(<TermsPage />);
    expect(screen.getByText(/almeno 24 ore prima dell'inizio: rimborso completo/)).toBeInTheDocument();
    expect(screen.getByText(/tra 24 e 2 ore prima dell'inizio: rimborso del 50%/)).toBeInTheDocument();
    expect(screen.getByText(/non si collega entro 10 minuti dall'inizio/)).toBeInTheDocument();
    expect(screen.getByText(/resta nella chiamata meno di metà della durata mentre il cliente è collegato/)).toBeInTheDocument();
    expect(screen.getByText(/entro 5–10 giorni lavorativi/)).toBeInTheDocument();
    expect(screen.getByText(/commissione del 15% sull'importo che spetta al cartomante/)).toBeInTheDocument();
    expect(screen.getByText(/sul conto bancario ogni lunedì/)).toBeInTheDocument();
    expect(screen.getByText(/almeno 18 anni/)).toBeInTheDocument();
    expect(screen.getByText(/IVA inclusa/)).toBeInTheDocument();
    expect(screen.getByText(/servizio di intrattenimento/)).toBeInTheDocument();
    expect(screen.getByText(/legge italiana/)).toBeInTheDocument();
    expect(screen.getByText("28 novembre 2026")).toBeInTheDocument();
    expect(screen.getByText(/al massimo 2 consulti con lo stesso cartomante nello stesso giorno, 4 nella stessa settimana/)).toBeInTheDocument();
    expect(screen.getByText(/Se annulli 3 consulti con rimborso completo nell'arco di 30 giorni, per 7 giorni/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "modulo di contatto" })).toHaveAttribute("href", paths.contact);
  });

  it("the privacy notice names the holder, never records audio, and explains how to use the rights", () => {
    renderWithProviders(<PrivacyPage />);
    expect(screen.getByText(/titolare del trattamento dei dati personali è Arcano/)).toBeInTheDocument();
    expect(screen.getByText(/L'audio delle chiamate non viene\s+mai registrato/)).toBeInTheDocument();
    expect(screen.getByText(/Garante per la protezione dei dati personali/)).toBeInTheDocument();
    expect(screen.getByText(/solo cookie tecnici/)).toBeInTheDocument();
    const contactLinks = screen.getAllByRole("link", { name: "modulo di contatto" });
    expect(contactLinks.length).toBeGreaterThan(0);
    for (const link of contactLinks) expect(link).toHaveAttribute("href", paths.contact);
    expect(screen.getByRole("link", { name: "impostazioni dell'account" })).toHaveAttribute("href", paths.settings);
  });

  it("the privacy notice says which fiscal data of a paid psychic stays after the deletion, why and for how long", () => {
    renderWithProviders(<PrivacyPage />);
    expect(screen.getAllByText(/codice fiscale, data di nascita, indirizzo di residenza e IBAN/)).toHaveLength(2);
    expect(
      screen.getByText(
        /conserviamo a parte, separati dal profilo e da ogni altro dato dell'account, i dati fiscali che la comunicazione DAC7 richiede/,
      ),
    ).toBeInTheDocument();
    expect(screen.getAllByText(/10 anni dalla fine dell'ultimo anno in cui hai ricevuto compensi/).length).toBeGreaterThan(0);
  });
});
