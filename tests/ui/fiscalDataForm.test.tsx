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
  partitaIva: null,
  fiscalRegime: null,
  sdiRecipientCode: null,
  pec: null,
  updatedAt: 1,
};

/** What saveMine gets for `saved` unchanged: the optional fields left empty are not sent. */
const savedArgs = {
  legalName: "Maria Rossi",
  codiceFiscale: "RSSMRA85T10A562S",
  dateOfBirth: "1985-12-10",
  street: "Via Roma 1",
  postalCode: "00184",
  city: "Roma",
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
    expect(screen.getByText(/Ogni gennaio/)).toHaveTextContent("Gli stessi dati compaiono sulle ricevute che Arcano emette ai clienti a tuo nome");
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
    // No partita IVA: no regime to ask.
    expect(form().queryByRole("radiogroup", { name: "Regime fiscale" })).toBeNull();
    expect(form().getByLabelText("Codice destinatario SdI (facoltativo)")).toHaveValue("");
    expect(form().getByLabelText("PEC (facoltativa)")).toHaveValue("");
  });

  it("is prefilled with the partita IVA, its regime and where e-invoices go", () => {
    convexMock.queries.set("fiscalData:getMine", {
      ...saved,
      partitaIva: "01234567897",
      fiscalRegime: "ordinario",
      sdiRecipientCode: "ABC1234",
      pec: "maria@pec.it",
    });
    renderWithProviders(<FiscalDataForm />);
    expect(form().getByLabelText("Partita IVA (facoltativa)")).toHaveValue("01234567897");
    const regime = within(form().getByRole("radiogroup", { name: "Regime fiscale" }));
    expect(regime.getByRole("radio", { name: "Ordinario (IVA 22% compresa nel prezzo)" })).toBeChecked();
    expect(regime.getByRole("radio", { name: "Forfettario (senza IVA)" })).not.toBeChecked();
    expect(form().getByLabelText("Codice destinatario SdI (facoltativo)")).toHaveValue("ABC1234");
    expect(form().getByLabelText("PEC (facoltativa)")).toHaveValue("maria@pec.it");
    expect(form().getByRole("group", { name: "Fatture elettroniche" })).toHaveAccessibleDescription(
      "Le fatture elettroniche di Arcano ti arrivano a questo codice o a questa PEC; senza, le trovi nel tuo cassetto fiscale dell'Agenzia delle Entrate.",
    );
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
    expect(convexMock.calls).toEqual([{ name: "fiscalData:saveMine", args: savedArgs }]);
  });

  it("asks the regime once a partita IVA is entered, and requires it", async () => {
    convexMock.queries.set("fiscalData:getMine", saved);
    renderWithProviders(<FiscalDataForm />);
    expect(form().queryByRole("radiogroup", { name: "Regime fiscale" })).toBeNull();
    await fill("Partita IVA (facoltativa)", "01234567897");
    const regime = form().getByRole("radiogroup", { name: "Regime fiscale" });
    expect(within(regime).getAllByRole("radio").map((radio) => radio.getAttribute("aria-checked"))).toEqual(["false", "false"]);
    await save();
    expect(form().getByText("Indica il regime fiscale della tua partita IVA.")).toBeInTheDocument();
    expect(regime).toHaveAttribute("aria-invalid", "true");
    expect(convexMock.calls).toEqual([]);

    // Choosing one clears the error at once.
    await userEvent.setup().click(within(regime).getByRole("radio", { name: "Forfettario (senza IVA)" }));
    expect(form().queryByText("Indica il regime fiscale della tua partita IVA.")).toBeNull();
    await save();
    await waitFor(() => expect(toast.success).toHaveBeenCalled());
    expect(convexMock.calls).toEqual([{ name: "fiscalData:saveMine", args: { ...savedArgs, partitaIva: "01234567897", fiscalRegime: "forfettario" } }]);
  });

  it("asks the regime of a partita IVA even while other fields are refused", async () => {
    convexMock.queries.set("fiscalData:getMine", null);
    renderWithProviders(<FiscalDataForm />);
    await fill("Partita IVA (facoltativa)", "0123");
    await save();
    expect(form().getByText("Partita IVA non valida: controlla le 11 cifre.")).toBeInTheDocument();
    expect(form().getByText("Indica il regime fiscale della tua partita IVA.")).toBeInTheDocument();
    expect(form().getByText("Inserisci nome e cognome come sul codice fiscale.")).toBeInTheDocument();
    expect(convexMock.calls).toEqual([]);
  });

  it("sends no regime once the partita IVA is removed", async () => {
    convexMock.queries.set("fiscalData:getMine", { ...saved, partitaIva: "01234567897", fiscalRegime: "ordinario" });
    renderWithProviders(<FiscalDataForm />);
    await fill("Partita IVA (facoltativa)", "");
    expect(form().queryByRole("radiogroup", { name: "Regime fiscale" })).toBeNull();
    await save();
    await waitFor(() => expect(toast.success).toHaveBeenCalled());
    expect(convexMock.calls).toEqual([{ name: "fiscalData:saveMine", args: savedArgs }]);
    // Entered again, the partita IVA asks its regime again.
    await fill("Partita IVA (facoltativa)", "01234567897");
    expect(within(form().getByRole("radiogroup", { name: "Regime fiscale" })).getByRole("radio", { name: /Ordinario/ })).not.toBeChecked();
  });

  it("checks the SdI code and the PEC, and sends them as the server stores them", async () => {
    convexMock.queries.set("fiscalData:getMine", saved);
    renderWithProviders(<FiscalDataForm />);
    await fill("Codice destinatario SdI (facoltativo)", "ABC12");
    await fill("PEC (facoltativa)", "maria@pec");
    await save();
    expect(form().getByText("Il codice destinatario ha 7 lettere o cifre.")).toBeInTheDocument();
    expect(form().getByText("Inserisci un indirizzo PEC valido.")).toBeInTheDocument();
    expect(form().getByLabelText("Codice destinatario SdI (facoltativo)")).toHaveAttribute("aria-invalid", "true");
    expect(form().getByLabelText("PEC (facoltativa)")).toHaveAttribute("aria-invalid", "true");
    await fill("Codice destinatario SdI (facoltativo)", "abc-1234");
    await save();
    expect(form().getByText("Il codice destinatario ha 7 lettere o cifre.")).toBeInTheDocument();
    expect(convexMock.calls).toEqual([]);

    await fill("Codice destinatario SdI (facoltativo)", " abc1234 ");
    await fill("PEC (facoltativa)", " Maria.Rossi@PEC.it ");
    await save();
    await waitFor(() => expect(toast.success).toHaveBeenCalled());
    expect(convexMock.calls).toEqual([{ name: "fiscalData:saveMine", args: { ...savedArgs, sdiRecipientCode: "ABC1234", pec: "maria.rossi@pec.it" } }]);
    expect(form().getByLabelText("Codice destinatario SdI (facoltativo)")).toHaveValue("ABC1234");
    expect(form().getByLabelText("PEC (facoltativa)")).toHaveValue("maria.rossi@pec.it");
  });

  it("sends no SdI code for '0000000', which is no code at all", async () => {
    convexMock.queries.set("fiscalData:getMine", saved);
    renderWithProviders(<FiscalDataForm />);
    await fill("Codice destinatario SdI (facoltativo)", "0000000");
    await save();
    await waitFor(() => expect(toast.success).toHaveBeenCalled());
    expect(convexMock.calls).toEqual([{ name: "fiscalData:saveMine", args: savedArgs }]);
    expect(form().getByLabelText("Codice destinatario SdI (facoltativo)")).toHaveValue("");
  });

  it("shows the server's refusal of the regime, the SdI code or the PEC under its field", async () => {
    convexMock.queries.set("fiscalData:getMine", { ...saved, partitaIva: "01234567897", fiscalRegime: "forfettario", sdiRecipientCode: "ABC1234", pec: "maria@pec.it" });
    const user = userEvent.setup();
    renderWithProviders(<FiscalDataForm />);
    const refuse = (field: string) =>
      convexMock.handlers.set("fiscalData:saveMine", () => Promise.reject(new ConvexError({ code: "INVALID_INPUT", field })));
    refuse("fiscalRegime");
    await save();
    expect(await form().findByText("Indica il regime fiscale della tua partita IVA.")).toBeInTheDocument();
    expect(form().getByRole("radiogroup", { name: "Regime fiscale" })).toHaveAttribute("aria-invalid", "true");
    // Another choice clears it.
    await user.click(form().getByRole("radio", { name: "Ordinario (IVA 22% compresa nel prezzo)" }));
    expect(form().queryByText("Indica il regime fiscale della tua partita IVA.")).toBeNull();

    refuse("sdiRecipientCode");
    await save();
    expect(await form().findByText("Il codice destinatario ha 7 lettere o cifre.")).toBeInTheDocument();
    expect(form().getByLabelText("Codice destinatario SdI (facoltativo)")).toHaveAttribute("aria-invalid", "true");
    refuse("pec");
    await save();
    expect(await form().findByText("Inserisci un indirizzo PEC valido.")).toBeInTheDocument();
    expect(form().getByLabelText("PEC (facoltativa)")).toHaveAttribute("aria-invalid", "true");
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
