import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConvexError } from "convex/values";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/components/toast";
import { PsychicSettingsPage } from "@/features/psychic/PsychicSettingsPage";
import { ClientSettingsPage } from "@/features/client/settings/ClientSettingsPage";
import { convexMock } from "./convexMock";
import { renderRoute } from "./render";

// Who may open these pages is the router's guards' business (guards.test.tsx); here the pages themselves.

const elsewhere = ["/", "/login", "/dashboard"];
const client = {
  id: "u1",
  fullName: "Giulia Verdi",
  email: "giulia@esempio.it",
  accountType: "client",
  // 22:30 UTC on 31 March is already 1 April in Rome.
  memberSince: Date.UTC(2026, 2, 31, 22, 30),
  isAdmin: false,
};
const psychic = { ...client, id: "u2", fullName: "Marta Stella", email: "marta@esempio.it", accountType: "psychic" };
const ownProfile = { id: "p1", isAvailable: true, isPubliclyVisible: false, profileStatus: "draft" };

beforeEach(() => {
  vi.spyOn(toast, "success");
  vi.spyOn(toast, "error");
});
afterEach(() => vi.restoreAllMocks());

describe("the client settings page", () => {
  it("shows the name, the read-only email with its reason, the account type and the Italian member-since date", () => {
    convexMock.signedInAs(client);
    renderRoute(<ClientSettingsPage />, { path: "/settings", elsewhere });
    expect(screen.getByLabelText("Nome e cognome")).toHaveValue("Giulia Verdi");
    const email = screen.getByLabelText("Email");
    expect(email).toHaveValue("giulia@esempio.it");
    expect(email).toHaveAttribute("readonly");
    expect(screen.getByText("L'email non può essere modificata per motivi di sicurezza.")).toBeInTheDocument();
    expect(screen.getByText("Cliente")).toBeInTheDocument();
    expect(screen.getByText("1 aprile 2026")).toBeInTheDocument();
  });

  it("labels a psychic's account as Cartomante", () => {
    convexMock.signedInAs(psychic);
    renderRoute(<ClientSettingsPage />, { path: "/settings", elsewhere });
    expect(screen.getByText("Cartomante")).toBeInTheDocument();
  });

  it("refuses an empty name and saves a new one with the spec's toast", async () => {
    convexMock.signedInAs(client);
    const user = userEvent.setup();
    renderRoute(<ClientSettingsPage />, { path: "/settings", elsewhere });
    const name = screen.getByLabelText("Nome e cognome");
    await user.clear(name);
    await user.click(screen.getByRole("button", { name: "Salva" }));
    expect(screen.getByText("Inserisci il tuo nome e cognome.")).toBeInTheDocument();
    expect(convexMock.calls).toEqual([]);

    await user.type(name, "Giulia  Rossi");
    await user.click(screen.getByRole("button", { name: "Salva" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Profilo aggiornato", expect.any(String)));
    expect(convexMock.calls).toEqual([{ name: "users:updateFullName", args: { fullName: "Giulia Rossi" } }]);
  });

  it("shows the generic message when the name cannot be saved", async () => {
    convexMock.signedInAs(client);
    convexMock.handlers.set("users:updateFullName", () => Promise.reject(new Error("offline")));
    const user = userEvent.setup();
    renderRoute(<ClientSettingsPage />, { path: "/settings", elsewhere });
    await user.type(screen.getByLabelText("Nome e cognome"), " Bis");
    await user.click(screen.getByRole("button", { name: "Salva" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Impossibile aggiornare il profilo."));
  });

  it("asks 'Sei sicuro?' before deleting, then deletes, signs out and goes home", async () => {
    convexMock.signedInAs(client);
    const user = userEvent.setup();
    renderRoute(<ClientSettingsPage />, { path: "/settings", elsewhere });
    await user.click(screen.getByRole("button", { name: "Elimina account" }));
    const dialog = screen.getByRole("alertdialog", { name: "Sei sicuro?" });
    expect(dialog).toHaveTextContent(
      "Questa azione non può essere annullata. Il tuo account e tutti i dati associati verranno eliminati definitivamente.",
    );
    // A client has no fiscal data to keep.
    expect(dialog).not.toHaveTextContent("DAC7");
    // A client leaving is refunded as a cancellation at that moment would be, not in full.
    expect(dialog).toHaveTextContent(
      "vengono annullati come se li annullassi tu in quel momento, con rimborso completo fino a 24 ore prima dell'inizio, del 50% fino a 2 ore prima, nessuno dopo; un consulto già iniziato si conclude regolarmente.",
    );
    expect(convexMock.calls).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Elimina definitivamente" }));
    await waitFor(() => expect(screen.getByText("at /")).toBeInTheDocument());
    expect(convexMock.calls.map((call) => call.name)).toEqual(["users:deleteMyAccount"]);
    expect(convexMock.signOut).toHaveBeenCalled();
    expect(toast.success).toHaveBeenCalledWith("Profilo eliminato", expect.any(String));
  });

  it("signs out from the page and goes home with 'Disconnesso'", async () => {
    convexMock.signedInAs(client);
    renderRoute(<ClientSettingsPage />, { path: "/settings", elsewhere });
    await userEvent.setup().click(screen.getByRole("button", { name: "Esci" }));
    await waitFor(() => expect(screen.getByText("at /")).toBeInTheDocument());
    expect(toast.success).toHaveBeenCalledWith("Disconnesso", "Hai effettuato il logout con successo.");
  });
});

describe("the psychic settings page", () => {
  it("shows the email and the two switches under their exact labels", () => {
    convexMock.signedInAs(psychic);
    convexMock.queries.set("psychicProfiles:getMine", ownProfile);
    renderRoute(<PsychicSettingsPage />, { path: "/psychic/settings", elsewhere });
    expect(screen.getByLabelText("Email")).toHaveValue("marta@esempio.it");
    expect(screen.getByRole("switch", { name: "Disponibile per consulti" })).toBeChecked();
    expect(screen.getByRole("switch", { name: "Profilo pubblico" })).not.toBeChecked();
  });

  it("creates the default profile when the psychic has none yet", async () => {
    convexMock.signedInAs(psychic);
    convexMock.queries.set("psychicProfiles:getMine", null);
    renderRoute(<PsychicSettingsPage />, { path: "/psychic/settings", elsewhere });
    await waitFor(() => expect(convexMock.calls.map((call) => call.name)).toContain("psychicProfiles:ensureMine"));
  });

  it("saves each switch and says so, or says what failed", async () => {
    convexMock.signedInAs(psychic);
    convexMock.queries.set("psychicProfiles:getMine", ownProfile);
    const user = userEvent.setup();
    renderRoute(<PsychicSettingsPage />, { path: "/psychic/settings", elsewhere });
    await user.click(screen.getByRole("switch", { name: "Disponibile per consulti" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Disponibilità aggiornata", expect.any(String)));
    expect(convexMock.calls).toContainEqual({ name: "psychicProfiles:setAvailable", args: { isAvailable: false } });

    convexMock.handlers.set("psychicProfiles:setPubliclyVisible", () => Promise.reject(new ConvexError({ code: "NOT_FOUND" })));
    await user.click(screen.getByRole("switch", { name: "Profilo pubblico" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Impossibile aggiornare la visibilità"));
    convexMock.handlers.set("psychicProfiles:setAvailable", () => Promise.reject(new Error("offline")));
    await user.click(screen.getByRole("switch", { name: "Disponibile per consulti" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Impossibile aggiornare la disponibilità"));
  });

  it("asks for the current password and the new one twice with the psychic page's wording, then changes it", async () => {
    convexMock.signedInAs(psychic);
    convexMock.queries.set("psychicProfiles:getMine", ownProfile);
    const user = userEvent.setup();
    renderRoute(<PsychicSettingsPage />, { path: "/psychic/settings", elsewhere });
    const form = within(screen.getByRole("form", { name: "Cambia password" }));
    await user.type(form.getByLabelText("Nuova password"), "abc");
    await user.type(form.getByLabelText("Conferma nuova password"), "abd");
    await user.click(form.getByRole("button", { name: "Aggiorna password" }));
    expect(form.getByText("Inserisci la password attuale")).toBeInTheDocument();
    expect(form.getByText("La password deve essere di almeno 6 caratteri")).toBeInTheDocument();
    expect(form.getByText("Le password non coincidono")).toBeInTheDocument();

    await user.type(form.getByLabelText("Password attuale"), "vecchia-1");
    await user.clear(form.getByLabelText("Nuova password"));
    await user.type(form.getByLabelText("Nuova password"), "segreta");
    await user.clear(form.getByLabelText("Conferma nuova password"));
    await user.type(form.getByLabelText("Conferma nuova password"), "segreta");
    await user.click(form.getByRole("button", { name: "Aggiorna password" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Password aggiornata", expect.any(String)));
    expect(convexMock.calls).toContainEqual({
      name: "users:changePassword",
      args: { currentPassword: "vecchia-1", newPassword: "segreta" },
    });
    expect(form.getByLabelText("Password attuale")).toHaveValue("");
    expect(form.getByLabelText("Nuova password")).toHaveValue("");
  });

  it("gives a client the same password change, through the same server function", async () => {
    convexMock.signedInAs(client);
    const user = userEvent.setup();
    renderRoute(<ClientSettingsPage />, { path: "/settings", elsewhere });
    expect(screen.getByRole("heading", { name: "Cambia password" })).toBeInTheDocument();
    const form = within(screen.getByRole("form", { name: "Cambia password" }));
    await user.click(form.getByRole("button", { name: "Aggiorna password" }));
    expect(form.getByText("Inserisci la password attuale")).toBeInTheDocument();
    await user.type(form.getByLabelText("Password attuale"), "vecchia-1");
    await user.type(form.getByLabelText("Nuova password"), "segreta");
    await user.type(form.getByLabelText("Conferma nuova password"), "segreta");
    await user.click(form.getByRole("button", { name: "Aggiorna password" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Password aggiornata", expect.any(String)));
    expect(convexMock.calls).toContainEqual({ name: "users:changePassword", args: { currentPassword: "vecchia-1", newPassword: "segreta" } });
  });

  it("says so when the current password is wrong, and keeps what was typed", async () => {
    convexMock.signedInAs(psychic);
    convexMock.queries.set("psychicProfiles:getMine", ownProfile);
    convexMock.handlers.set("users:changePassword", () => {
      throw new ConvexError({ code: "WRONG_CURRENT_PASSWORD" });
    });
    const user = userEvent.setup();
    renderRoute(<PsychicSettingsPage />, { path: "/psychic/settings", elsewhere });
    const form = within(screen.getByRole("form", { name: "Cambia password" }));
    await user.type(form.getByLabelText("Password attuale"), "sbagliata");
    await user.type(form.getByLabelText("Nuova password"), "segreta");
    await user.type(form.getByLabelText("Conferma nuova password"), "segreta");
    await user.click(form.getByRole("button", { name: "Aggiorna password" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("La password attuale non è corretta."));
    expect(form.getByLabelText("Nuova password")).toHaveValue("segreta");
  });

  it("deletes the account after confirmation with 'Account eliminato', or keeps it and says why", async () => {
    convexMock.signedInAs(psychic);
    convexMock.queries.set("psychicProfiles:getMine", ownProfile);
    convexMock.handlers.set("users:deleteMyAccount", () => Promise.reject(new Error("offline")));
    const user = userEvent.setup();
    renderRoute(<PsychicSettingsPage />, { path: "/psychic/settings", elsewhere });
    await user.click(screen.getByRole("button", { name: "Elimina account" }));
    expect(screen.getByRole("alertdialog", { name: "Sei sicuro?" })).toHaveTextContent("annullati con rimborso completo ai clienti");
    // DAC7: what the law requires of a psychic who was paid stays apart, and for how long.
    expect(screen.getByRole("alertdialog", { name: "Sei sicuro?" })).toHaveTextContent(
      "nome e cognome, codice fiscale, data di nascita, indirizzo e IBAN restano conservati a parte, solo per la comunicazione DAC7 all'Agenzia delle Entrate, per 10 anni dalla fine dell'ultimo anno in cui hai ricevuto compensi; poi vengono cancellati.",
    );
    await user.click(screen.getByRole("button", { name: "Elimina definitivamente" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Impossibile eliminare l'account"));
    expect(screen.getByRole("alertdialog", { name: "Sei sicuro?" })).toBeInTheDocument();
    expect(convexMock.signOut).not.toHaveBeenCalled();

    convexMock.handlers.delete("users:deleteMyAccount");
    await user.click(screen.getByRole("button", { name: "Elimina definitivamente" }));
    await waitFor(() => expect(screen.getByText("at /")).toBeInTheDocument());
    expect(toast.success).toHaveBeenCalledWith("Account eliminato", expect.any(String));
  });
});
