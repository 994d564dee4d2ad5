import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConvexError } from "convex/values";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { romeDateOf } from "@convex/framework/time";
import { toast } from "@/components/toast";
import { FiscalDataForm } from "@/features/psychic/settings/FiscalDataForm";
import { convexMock } from "./convexMock";
import { renderWithProviders } from "./render";

const saved = {
  legalName: "Maria Rossi",
  codiceFiscale: "RSSMRA85T10A562S",
  dateOfBirth: "1985-12-10",
  street: "Via Roma 1",
  postalCode: "00184",
  city: "Roma",
  iban: null,
  updatedAt: 1,
};

beforeEach(() => {
  vi.spyOn(toast, "success");
  vi.spyOn(toast, "error");
});
afterEach(() => vi.restoreAllMocks());

const form = () => within(screen.getByRole("form", { name: "Dati fiscali" }));
const save = () => userEvent.setup().click(form().getByRole("button", { name: "Salva dati fiscali" }));

/** Replaces a field's text (pasted: the same change events as typing, a fraction of the time). */
async function fill(label: string, text: string) {
  const user = userEvent.setup();
  const field = form().getByLabelText(label);
  await user.clear(field);
  if (text !== "") {
    await user.click(field);
    await user.paste(text);
  }
}

/** A date input takes its value whole, as the browser's date picker gives it. */
const setDate = (date: string) => fireEvent.change(form().getByLabelText("Data di nascita"), { target: { value: date } });

describe("the psychic's fiscal data form", () => {
  it("explains why it is asked and shows its loading state", () => {
    renderWithProviders(<FiscalDataForm />);
    expect(screen.getByRole("heading", { name: "Dati fiscali (DAC7)" })).toBeInTheDocument();
    expect(screen.getByText(/Agenzia delle Entrate/)).toHaveTextContent("Usiamo questi dati solo per questa comunicazione.");
    expect(screen.getByRole("status", { name: "Caricamento dei dati fiscali" })).toBeInTheDocument();
  });

  it("is prefilled with what the psychic saved", () => {
    convexMock.queries.set("fiscalData:getMine", { ...saved, iban: "IT60X0542811101000000123456" });
    renderWithProviders(<FiscalDataForm />);
    expect(form().getByLabelText("Nome e cognome (come sul codice fiscale)")).toHaveValue("Maria Rossi");
    expect(form().getByLabelText("Codice fiscale")).toHaveValue("RSSMRA85T10A562S");
    expect(form().getByLabelText("Data di nascita")).toHaveValue("1985-12-10");
    expect(form().getByLabelText("Indirizzo (via e numero)")).toHaveValue("Via Roma 1");
    expect(form().getByLabelText("CAP")).toHaveValue("00184");
    expect(form().getByLabelText("Città")).toHaveValue("Roma");
    expect(form().getByLabelText("IBAN (facoltativo)")).toHaveValue("IT60X0542811101000000123456");
  });

  it("checks every field with the server's own rules before sending anything", async () => {
    convexMock.queries.set("fiscalData:getMine", null);
    renderWithProviders(<FiscalDataForm />);
    await save();
    expect(form().getByText("Inserisci nome e cognome come sul codice fiscale.")).toBeInTheDocument();
    expect(form().getByText("Inserisci il codice fiscale.")).toBeInTheDocument();
    expect(form().getByText("Inserisci una data di nascita valida.")).toBeInTheDocument();
    expect(form().getByText("Inserisci via e numero civico.")).toBeInTheDocument();
    expect(form().getByText("Il CAP è di 5 cifre.")).toBeInTheDocument();
    expect(form().getByText("Inserisci la città.")).toBeInTheDocument();
    // Optional: empty is fine.
    expect(form().queryByText("IBAN non valido.")).toBeNull();

    // A wrong check letter, a seventeen-year-old, a four-digit CAP, an IBAN with wrong check digits.
    await fill("Codice fiscale", "RSSMRA85T10A562T");
    const today = romeDateOf(Date.now());
    setDate(`${Number(today.slice(0, 4)) - 17}${today.slice(4)}`);
    await fill("CAP", "0018");
    await fill("IBAN (facoltativo)", "IT61X0542811101000000123456");
    await save();
    expect(form().getByText("Codice fiscale non valido: controlla le 16 lettere e cifre.")).toBeInTheDocument();
    expect(form().getByText("Devi avere almeno 18 anni.")).toBeInTheDocument();
    expect(form().getByText("Il CAP è di 5 cifre.")).toBeInTheDocument();
    expect(form().getByText("IBAN non valido.")).toBeInTheDocument();
    expect(form().getByLabelText("Codice fiscale")).toHaveAttribute("aria-invalid", "true");
    expect(convexMock.calls).toEqual([]);
  });

  it("sends the data trimmed and normalised as the server stores it, says 'Salvataggio...' meanwhile, then confirms", async () => {
    let finish: (value: null) => void = () => {};
    convexMock.handlers.set("fiscalData:saveMine", () => new Promise((resolve) => (finish = resolve)));
    convexMock.queries.set("fiscalData:getMine", null);
    renderWithProviders(<FiscalDataForm />);
    await fill("Nome e cognome (come sul codice fiscale)", "  Maria   Rossi ");
    await fill("Codice fiscale", "rssmra 85t10 a562s");
    setDate("1985-12-10");
    await fill("Indirizzo (via e numero)", " Via Roma  1 ");
    await fill("CAP", " 00184 ");
    await fill("Città", "Roma ");
    await fill("IBAN (facoltativo)", "it60 x054 2811 1010 0000 0123 456");
    await save();
    expect(form().getByRole("button", { name: "Salvataggio..." })).toBeDisabled();
    finish(null);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Dati fiscali salvati", expect.stringContaining("DAC7")));
    expect(convexMock.calls).toEqual([
      {
        name: "fiscalData:saveMine",
        args: {
          legalName: "Maria Rossi",
          codiceFiscale: "RSSMRA85T10A562S",
          dateOfBirth: "1985-12-10",
          street: "Via Roma 1",
          postalCode: "00184",
          city: "Roma",
          iban: "IT60X0542811101000000123456",
        },
      },
    ]);
    // The fields now read as stored.
    expect(form().getByLabelText("Codice fiscale")).toHaveValue("RSSMRA85T10A562S");
    expect(form().getByLabelText("IBAN (facoltativo)")).toHaveValue("IT60X0542811101000000123456");
  });

  it("sends no IBAN when it is left empty", async () => {
    convexMock.queries.set("fiscalData:getMine", saved);
    renderWithProviders(<FiscalDataForm />);
    await save();
    await waitFor(() => expect(toast.success).toHaveBeenCalled());
    expect(convexMock.calls).toEqual([
      {
        name: "fiscalData:saveMine",
        args: {
          legalName: "Maria Rossi",
          codiceFiscale: "RSSMRA85T10A562S",
          dateOfBirth: "1985-12-10",
          street: "Via Roma 1",
          postalCode: "00184",
          city: "Roma",
        },
      },
    ]);
  });

  it("shows the server's refusal under the field it names, and other failures by toast", async () => {
    convexMock.queries.set("fiscalData:getMine", saved);
    convexMock.handlers.set("fiscalData:saveMine", () => Promise.reject(new ConvexError({ code: "INVALID_INPUT", field: "codiceFiscale" })));
    renderWithProviders(<FiscalDataForm />);
    await save();
    expect(await form().findByText("Codice fiscale non valido: controlla le 16 lettere e cifre.")).toBeInTheDocument();
    expect(form().getByLabelText("Codice fiscale")).toHaveAttribute("aria-invalid", "true");
    expect(toast.error).toHaveBeenCalledWith("Controlla il campo segnalato e riprova.");

    convexMock.handlers.set("fiscalData:saveMine", () => Promise.reject(new ConvexError({ code: "INVALID_INPUT", field: "dateOfBirth" })));
    await save();
    expect(await form().findByText("Devi avere almeno 18 anni.")).toBeInTheDocument();

    convexMock.handlers.set("fiscalData:saveMine", () => Promise.reject(new Error("rete assente")));
    await save();
    await waitFor(() => expect(toast.error).toHaveBeenLastCalledWith("Impossibile salvare i dati fiscali."));
    expect(form().getByLabelText("Nome e cognome (come sul codice fiscale)")).toHaveValue("Maria Rossi");
  });

  it("says the data could not be loaded", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    convexMock.queries.set("fiscalData:getMine", new Error("connessione persa"));
    renderWithProviders(<FiscalDataForm />);
    expect(screen.getByRole("alert")).toHaveTextContent("Impossibile caricare i dati fiscali.");
  });
});
