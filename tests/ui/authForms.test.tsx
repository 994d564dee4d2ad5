import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConvexError } from "convex/values";
import { beforeEach, describe, expect, it } from "vitest";
import { LoginPage } from "@/features/auth/LoginPage";
import { RegisterPage } from "@/features/auth/RegisterPage";
import { ResetPasswordPage } from "@/features/auth/ResetPasswordPage";
import { convexMock } from "./convexMock";
import { renderRoute } from "./render";

const failWith = (code: string) => new ConvexError({ code });
const viewer = (fields: Record<string, unknown> = {}) => ({
  id: "u1",
  fullName: "Giulia Verdi",
  email: "giulia@esempio.it",
  accountType: "client",
  memberSince: 0,
  isAdmin: false,
  ...fields,
});

beforeEach(() => {
  sessionStorage.clear();
  convexMock.queries.set("settings:getPublic", { psychic_registration_enabled: true });
});

async function fillSignUp(values: { name?: string; email?: string; password?: string; confirm?: string; consent?: boolean }) {
  const user = userEvent.setup();
  const form = screen.getByRole("form", { name: "Registrati" });
  if (values.name) await user.type(screen.getByLabelText("Nome e cognome"), values.name);
  if (values.email) await user.type(screen.getByLabelText("Email"), values.email);
  if (values.password) await user.type(screen.getByLabelText("Password"), values.password);
  if (values.confirm) await user.type(screen.getByLabelText("Conferma password"), values.confirm);
  if (values.consent) await user.click(screen.getByRole("checkbox", { name: /Dichiaro di avere almeno 18 anni/ }));
  await user.click(screen.getByRole("button", { name: "Crea account" }));
  return form;
}

describe("the sign-up form", () => {
  it("shows every rule's Italian message and sends nothing", async () => {
    renderRoute(<RegisterPage />, { path: "/register" });
    await fillSignUp({ password: "abc", confirm: "abd" });
    expect(screen.getByText("Inserisci il tuo nome e cognome.")).toBeInTheDocument();
    expect(screen.getByText("Inserisci la tua email.")).toBeInTheDocument();
    expect(screen.getByText("La password deve essere di almeno 6 caratteri.")).toBeInTheDocument();
    expect(screen.getByText("Le password inserite non coincidono.")).toBeInTheDocument();
    expect(screen.getByText(/Per registrarti devi dichiarare di avere almeno 18 anni/)).toBeInTheDocument();
    expect(screen.getByLabelText("Nome e cognome")).toHaveAttribute("aria-invalid", "true");
    expect(convexMock.signIn).not.toHaveBeenCalled();
  });

  it("links the consent to the terms and the privacy notice", () => {
    renderRoute(<RegisterPage />, { path: "/register" });
    expect(screen.getByRole("link", { name: "Termini" })).toHaveAttribute("href", "/terms");
    expect(screen.getByRole("link", { name: "Informativa privacy" })).toHaveAttribute("href", "/privacy");
  });

  it("sends the sign-up with the chosen type and the consent", async () => {
    renderRoute(<RegisterPage />, { path: "/register?type=psychic" });
    await fillSignUp({ name: " Marta Stella ", email: "Marta@Esempio.it", password: "segreta", confirm: "segreta", consent: true });
    expect(convexMock.signIn).toHaveBeenCalledWith("password", {
      flow: "signUp",
      name: "Marta Stella",
      email: "marta@esempio.it",
      password: "segreta",
      accountType: "psychic",
      consent: true,
    });
  });

  it("then asks for the emailed code, whatever the address, and the code signs in", async () => {
    renderRoute(<RegisterPage />, { path: "/register" });
    await fillSignUp({ name: "Giulia", email: "giulia@esempio.it", password: "segreta", confirm: "segreta", consent: true });
    const codeForm = await screen.findByRole("form", { name: "Conferma l'indirizzo email" });
    // The same words for an address with or without an account: nothing tells which.
    expect(codeForm).toHaveTextContent("Abbiamo inviato un codice a g***@esempio.it");
    expect(codeForm).toHaveTextContent("il codice di 6 cifre vale 15 minuti. Controlla anche lo spam.");
    expect(codeForm).toHaveTextContent("Se questo indirizzo ha già un account, riceverai invece un'email per accedere.");
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Attiva l'account" }));
    expect(screen.getByText("Inserisci il codice ricevuto via email.")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Codice"), "123456");
    await user.click(screen.getByRole("button", { name: "Attiva l'account" }));
    expect(convexMock.signIn).toHaveBeenLastCalledWith("password", { flow: "signUpVerification", email: "giulia@esempio.it", code: "123456" });
  });

  it("shows a wrong code under the field, sends a new code for the address alone, and goes back to the details", async () => {
    renderRoute(<RegisterPage />, { path: "/register" });
    await fillSignUp({ name: "Giulia", email: "giulia@esempio.it", password: "segreta", confirm: "segreta", consent: true });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Codice"), "000000");
    convexMock.signIn.mockRejectedValueOnce(failWith("INVALID_SIGN_UP_CODE"));
    await user.click(screen.getByRole("button", { name: "Attiva l'account" }));
    expect(await screen.findAllByText(/Il codice non è valido o è scaduto/)).not.toHaveLength(0);
    expect(screen.getByLabelText("Codice")).toHaveAttribute("aria-invalid", "true");

    await user.click(screen.getByRole("button", { name: "Invia un nuovo codice" }));
    expect(await screen.findByText("Nuovo codice inviato.")).toBeInTheDocument();
    expect(convexMock.signIn).toHaveBeenLastCalledWith("password", { flow: "signUpResend", email: "giulia@esempio.it" });

    await user.click(screen.getByRole("button", { name: "Cambia i dati" }));
    expect(screen.getByRole("button", { name: "Crea account" })).toBeInTheDocument();
    expect(sessionStorage.length).toBe(0);
  });

  it("comes back on the code step after a reload, keeping the address and never the password", async () => {
    const first = renderRoute(<RegisterPage />, { path: "/register" });
    await fillSignUp({ name: "Giulia", email: "giulia@esempio.it", password: "segreta", confirm: "segreta", consent: true });
    await screen.findByRole("form", { name: "Conferma l'indirizzo email" });
    expect(JSON.stringify({ ...sessionStorage })).not.toContain("segreta");
    first.unmount();

    renderRoute(<LoginPage />, { path: "/login" });
    expect(await screen.findByRole("form", { name: "Conferma l'indirizzo email" })).toHaveTextContent("Abbiamo inviato un codice a g***@esempio.it");
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Codice"), "123456");
    await user.click(screen.getByRole("button", { name: "Attiva l'account" }));
    expect(convexMock.signIn).toHaveBeenLastCalledWith("password", { flow: "signUpVerification", email: "giulia@esempio.it", code: "123456" });
    await waitFor(() => expect(sessionStorage.length).toBe(0));
  });

  it("words anything else generically", async () => {
    renderRoute(<LoginPage />, { path: "/login?tab=signup" });
    convexMock.signIn.mockRejectedValueOnce(new Error("network down"));
    await fillSignUp({ name: "Giulia", email: "giulia@esempio.it", password: "segreta", confirm: "segreta", consent: true });
    expect(await screen.findByText("Si è verificato un errore durante la registrazione. Riprova.")).toBeInTheDocument();
  });

  it("disables the psychic type while psychic registration is off", () => {
    convexMock.queries.set("settings:getPublic", { psychic_registration_enabled: false });
    renderRoute(<RegisterPage />, { path: "/register?type=psychic" });
    expect(screen.getByRole("radio", { name: /Cartomante/ })).toBeDisabled();
    expect(screen.getByRole("radio", { name: /Cliente/ })).toBeChecked();
    expect(
      screen.getByText("Le registrazioni per cartomanti sono attualmente disabilitate. Riprova più tardi."),
    ).toBeInTheDocument();
  });

  it("counts a failed settings read as registration open", () => {
    convexMock.queries.set("settings:getPublic", new Error("offline"));
    renderRoute(<RegisterPage />, { path: "/register?type=psychic" });
    expect(screen.getByRole("radio", { name: /Cartomante/ })).toBeEnabled();
    expect(screen.getByRole("radio", { name: /Cartomante/ })).toBeChecked();
  });
});

describe("the sign-in form", () => {
  async function signIn(email: string, password: string) {
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Email"), email);
    await user.type(screen.getByLabelText("Password"), password);
    await user.click(screen.getByRole("button", { name: "Accedi" }));
  }

  it("requires email and password", async () => {
    renderRoute(<LoginPage />, { path: "/login" });
    await userEvent.setup().click(screen.getByRole("button", { name: "Accedi" }));
    expect(screen.getByText("Inserisci la tua email.")).toBeInTheDocument();
    expect(screen.getByText("Inserisci la password.")).toBeInTheDocument();
    expect(convexMock.signIn).not.toHaveBeenCalled();
  });

  it("shows the catalogue's messages for wrong credentials, admin addresses and the unexpected", async () => {
    renderRoute(<LoginPage />, { path: "/login" });
    convexMock.signIn.mockRejectedValueOnce(failWith("INVALID_CREDENTIALS"));
    await signIn("giulia@esempio.it", "sbagliata");
    expect(await screen.findByText("Email o password errati.")).toBeInTheDocument();
    expect(convexMock.signIn).toHaveBeenCalledWith("password", { flow: "signIn", email: "giulia@esempio.it", password: "sbagliata" });

    convexMock.signIn.mockRejectedValueOnce(failWith("ADMIN_LOGIN_REQUIRED"));
    await userEvent.setup().click(screen.getByRole("button", { name: "Accedi" }));
    expect(await screen.findByText("Gli account amministratore devono accedere dalla pagina dedicata.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Vai all'accesso amministratori" })).toHaveAttribute("href", "/admin-login");

    convexMock.signIn.mockRejectedValueOnce(new Error("boom"));
    await userEvent.setup().click(screen.getByRole("button", { name: "Accedi" }));
    expect(await screen.findByText("Si è verificato un errore imprevisto. Riprova.")).toBeInTheDocument();
  });

  it("disables the button and says so while signing in", async () => {
    let finish: (value: { signingIn: boolean }) => void = () => {};
    convexMock.signIn.mockImplementationOnce(() => new Promise((resolve) => (finish = resolve)));
    renderRoute(<LoginPage />, { path: "/login" });
    await signIn("giulia@esempio.it", "segreta");
    expect(screen.getByRole("button", { name: "Accesso..." })).toBeDisabled();
    finish({ signingIn: true });
    await waitFor(() => expect(screen.getByRole("button", { name: "Accedi" })).toBeEnabled());
  });

  it("links to the admin login page", () => {
    renderRoute(<LoginPage />, { path: "/login" });
    expect(screen.getByRole("link", { name: "Accesso amministratori" })).toHaveAttribute("href", "/admin-login");
  });
});

describe("a signed-in person on the login and register pages", () => {
  const elsewhere = ["/dashboard", "/psychic-dashboard", "/admin-dashboard", "/psychics/:id/book"];

  it.each([
    [viewer(), "at /dashboard"],
    [viewer({ accountType: "psychic" }), "at /psychic-dashboard"],
    [viewer({ email: "capo@arcano.it", accountType: null, isAdmin: true }), "at /admin-dashboard"],
  ])("goes to the home of their role", (who, where) => {
    convexMock.signedInAs(who);
    renderRoute(<LoginPage />, { path: "/login", elsewhere });
    expect(screen.getByText(where)).toBeInTheDocument();
  });

  it("goes back to the booking with its date, time and duration", () => {
    convexMock.signedInAs(viewer());
    renderRoute(<LoginPage />, {
      path: "/login?redirect=%2Fpsychics%2Fp1%2Fbook&date=2030-01-15&time=10%3A30&duration=45",
      elsewhere,
    });
    expect(screen.getByText("at /psychics/p1/book?date=2030-01-15&time=10%3A30&duration=45")).toBeInTheDocument();
  });

  it("ignores a redirect to another site", () => {
    convexMock.signedInAs(viewer());
    renderRoute(<RegisterPage />, { path: "/register?redirect=%2F%2Fevil.example", elsewhere });
    expect(screen.getByText("at /dashboard")).toBeInTheDocument();
  });

  it("shows a placeholder, not the form, while the session loads", () => {
    convexMock.auth = { isLoading: true, isAuthenticated: false };
    renderRoute(<LoginPage />, { path: "/login" });
    expect(screen.getByLabelText("Caricamento")).toHaveAttribute("aria-busy", "true");
    expect(screen.queryByRole("form")).not.toBeInTheDocument();
  });
});

describe("the password reset page", () => {
  it("asks for the email, then for the code and the new password twice", async () => {
    const user = userEvent.setup();
    renderRoute(<ResetPasswordPage />, { path: "/reset-password" });
    await user.click(screen.getByRole("button", { name: "Invia il codice" }));
    expect(screen.getByText("Inserisci la tua email.")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Email"), "giulia@esempio.it");
    await user.click(screen.getByRole("button", { name: "Invia il codice" }));
    expect(convexMock.signIn).toHaveBeenCalledWith("password", { flow: "reset", email: "giulia@esempio.it" });

    await user.type(await screen.findByLabelText("Codice"), "12");
    await user.type(screen.getByLabelText("Nuova password"), "nuova1");
    await user.type(screen.getByLabelText("Conferma nuova password"), "nuova2");
    await user.click(screen.getByRole("button", { name: "Reimposta la password" }));
    expect(screen.getByText("Il codice è formato da 6 cifre.")).toBeInTheDocument();
    expect(screen.getByText("Le password non coincidono.")).toBeInTheDocument();

    await user.clear(screen.getByLabelText("Nuova password"));
    await user.type(screen.getByLabelText("Nuova password"), "corta");
    await user.click(screen.getByRole("button", { name: "Reimposta la password" }));
    expect(screen.getByText("La password deve essere di almeno 6 caratteri.")).toBeInTheDocument();
    expect(convexMock.signIn).toHaveBeenCalledTimes(1);
  });

  it("sends the code with the new password and explains a wrong code", async () => {
    const user = userEvent.setup();
    renderRoute(<ResetPasswordPage />, { path: "/reset-password" });
    await user.type(screen.getByLabelText("Email"), "giulia@esempio.it");
    await user.click(screen.getByRole("button", { name: "Invia il codice" }));
    convexMock.signIn.mockRejectedValueOnce(failWith("INVALID_RESET_CODE"));
    await user.type(await screen.findByLabelText("Codice"), "123456");
    await user.type(screen.getByLabelText("Nuova password"), "nuova-1");
    await user.type(screen.getByLabelText("Conferma nuova password"), "nuova-1");
    await user.click(screen.getByRole("button", { name: "Reimposta la password" }));
    expect(convexMock.signIn).toHaveBeenLastCalledWith("password", {
      flow: "reset-verification",
      email: "giulia@esempio.it",
      code: "123456",
      newPassword: "nuova-1",
    });
    expect(await screen.findAllByText("Il codice non è valido o è scaduto. Richiedine uno nuovo.")).not.toHaveLength(0);
  });
});
