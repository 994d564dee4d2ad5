import type { Browser, Page } from "@playwright/test";
import { personPage, sessionState, signUpThroughApi } from "./api";
import { codeSentTo, latestEmailTo, uniqueEmail } from "./env";
import { expect, expectRefusals, test } from "./fixtures";
import { PHONE } from "./widths";

const DEMO_PASSWORD = "arcano-demo";

/** The emailed code, typed into the sign-up's second step. */
async function enterSignUpCode(page: Page, email: string) {
  const form = page.getByRole("form", { name: "Conferma l'indirizzo email" });
  await expect(form).toContainText(`Abbiamo inviato un codice a ${email[0]}***${email.slice(email.indexOf("@"))}`);
  await form.getByLabel("Codice").fill(await codeSentTo(email, "attivare l'account"));
  await form.getByRole("button", { name: "Attiva l'account" }).click();
}

/** Signs up through /register, with the code from the mailbox, and waits for the signed-in header. */
async function signUp(
  page: Page,
  { type, name, email, password = "segreta-1" }: { type: "client" | "psychic"; name: string; email: string; password?: string },
) {
  await page.goto(`/register?type=${type}`);
  const form = page.getByRole("form", { name: "Registrati" });
  await form.getByLabel("Nome e cognome").fill(name);
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill(password);
  await form.getByLabel("Conferma password").fill(password);
  await form.getByRole("checkbox", { name: /Dichiaro di avere almeno 18 anni/ }).check();
  await form.getByRole("button", { name: "Crea account" }).click();
  await enterSignUpCode(page, email);
  await expect(page.getByRole("banner").getByText(`Ciao, ${name}`)).toBeVisible();
}

async function signIn(page: Page, email: string, password: string) {
  const form = page.getByRole("form", { name: "Accedi" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Accedi" }).click();
}

/**
 * A new account already signed in, in a browser of its own (made through the sign-up API: the form is
 * proven by the tests above). Its console errors go to `errors`.
 */
async function signedUpPage(browser: Browser, name: string, accountType: "client" | "psychic", errors: string[]) {
  const account = await signUpThroughApi(name, accountType);
  return { account, page: await personPage(browser, sessionState(account.session), errors) };
}

/** A toast on screen (its text is also echoed in a live region for screen readers). */
const toastWith = (page: Page, text: string) => page.getByTestId("toast").filter({ hasText: text });

async function signOutFromHeader(page: Page) {
  await page.getByRole("banner").getByRole("button", { name: "Esci" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toastWith(page, "Disconnesso")).toContainText("Hai effettuato il logout con successo.");
  await expect(page.getByRole("banner").getByRole("link", { name: "Accedi" })).toBeVisible();
}

test("a client signs up, is greeted by name, and signs out", async ({ page }) => {
  const email = uniqueEmail("giulia");
  await signUp(page, { type: "client", name: "Giulia Verdi", email });
  await expect(page).toHaveURL(/\/dashboard$/);
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Dashboard", exact: true })).toHaveAttribute("href", "/dashboard");
  await expect(header.getByRole("link", { name: "Cartomanti" })).toBeVisible();
  await signOutFromHeader(page);
  // The welcome email went out through the outbox.
  await expect.poll(async () => (await latestEmailTo(email))?.subject ?? "").toBe("Il tuo account Arcano è pronto");
});

test("a psychic signs up from the login tab, lands on the psychic dashboard and sees no client links", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("tab", { name: "Registrati" }).click();
  const form = page.getByRole("form", { name: "Registrati" });
  await form.getByRole("radio", { name: /Cartomante/ }).click();
  await form.getByLabel("Nome e cognome").fill("Marta Stella");
  const email = uniqueEmail("marta");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill("segreta-1");
  await form.getByLabel("Conferma password").fill("segreta-1");
  await form.getByRole("checkbox", { name: /Dichiaro di avere almeno 18 anni/ }).check();
  await form.getByRole("button", { name: "Crea account" }).click();
  await enterSignUpCode(page, email);
  await expect(page).toHaveURL(/\/psychic-dashboard$/);
  const header = page.getByRole("banner");
  await expect(header.getByText("Ciao, Marta Stella")).toBeVisible();
  await expect(header.getByRole("link", { name: "Dashboard Cartomante" })).toHaveAttribute("href", "/psychic-dashboard");
  await expect(header.getByRole("link", { name: "Cartomanti" })).toHaveCount(0);
  await expect(header.getByRole("link", { name: "Come Funziona" })).toHaveCount(0);
});

// The sign-up form's own checks (names, password rules, matching passwords) are in tests/ui/authForms.test.tsx.
test("an address already registered gets the same answer as a new one, and its owner an email", async ({ page }) => {
  await page.goto("/register");
  const form = page.getByRole("form", { name: "Registrati" });
  await form.getByLabel("Nome e cognome").fill("Altra Persona");
  await form.getByLabel("Email").fill("cliente@esempio.it");
  await form.getByLabel("Password", { exact: true }).fill("segreta-1");
  await form.getByLabel("Conferma password").fill("segreta-1");
  await form.getByRole("checkbox", { name: /Dichiaro di avere almeno 18 anni/ }).check();
  await form.getByRole("button", { name: "Crea account" }).click();
  // Nothing on the page tells whether the address has an account: the same code step as for a new one.
  await expect(page.getByRole("form", { name: "Conferma l'indirizzo email" })).toContainText(
    "Abbiamo inviato un codice a c***@esempio.it",
  );
  // The owner learns it in their mailbox, in the spec's words.
  await expect.poll(async () => (await latestEmailTo("cliente@esempio.it"))?.subject ?? "").toBe("Hai già un account Arcano");
  expect((await latestEmailTo("cliente@esempio.it"))?.text).toContain("Questo indirizzo email è già registrato. Prova ad accedere invece.");
});

test("sign-in refuses a wrong password and sends admin addresses to their own page", async ({ page, consoleErrors }) => {
  await page.goto("/login");
  await signIn(page, "cliente@esempio.it", "sbagliata");
  await expect(page.getByRole("main").getByText("Email o password errati.")).toBeVisible();
  await signIn(page, "admin@arcano.it", DEMO_PASSWORD);
  await expect(page.getByRole("main").getByText("Gli account amministratore devono accedere dalla pagina dedicata.")).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Vai all'accesso amministratori" }).click();
  await expect(page).toHaveURL(/\/admin-login$/);
  expectRefusals(consoleErrors, ["INVALID_CREDENTIALS", "ADMIN_LOGIN_REQUIRED"]);
});

test("a sign-in from a booking link returns to the booking with its date, time and duration", async ({ page }) => {
  await page.goto("/login?redirect=%2Fpsychics%2Fabc123%2Fbook&date=2030-01-15&time=10%3A30&duration=45");
  await signIn(page, "cliente@esempio.it", DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/psychics\/abc123\/book\?date=2030-01-15&time=10%3A30&duration=45$/);
  // Signed in, /login sends the client to their dashboard.
  await page.goto("/login");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a password is reset with the code from the mailbox, and the new password works", async ({ page }) => {
  const { email } = await signUpThroughApi("Rita Reset");

  await page.goto("/reset-password");
  await page.getByRole("form", { name: "Richiedi il codice" }).getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Invia il codice" }).click();
  await expect(toastWith(page, "Email inviata")).toBeVisible();
  let code: string | undefined;
  await expect
    .poll(async () => {
      const message = await latestEmailTo(email);
      code = message?.text?.match(/\b(\d{6})\b/)?.[1];
      return code;
    })
    .toMatch(/^\d{6}$/);

  const form = page.getByRole("form", { name: "Scegli la nuova password" });
  await form.getByLabel("Codice").fill(code!);
  await form.getByLabel("Nuova password", { exact: true }).fill("nuova-1");
  await form.getByLabel("Conferma nuova password").fill("nuova-2");
  await form.getByRole("button", { name: "Reimposta la password" }).click();
  await expect(form.getByText("Le password non coincidono.")).toBeVisible();
  await form.getByLabel("Conferma nuova password").fill("nuova-1");
  await form.getByRole("button", { name: "Reimposta la password" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("banner").getByText("Ciao, Rita Reset")).toBeVisible();

  await signOutFromHeader(page);
  await page.goto("/login");
  await signIn(page, email, "nuova-1");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a non-admin is refused on /admin-login", async ({ page, consoleErrors }) => {
  await page.goto("/admin-login");
  const form = page.getByRole("form", { name: "Accesso amministratori" });
  await form.getByLabel("Email aziendale").fill("cliente@esempio.it");
  await form.getByLabel("Password").fill(DEMO_PASSWORD);
  await form.getByRole("button", { name: "Accedi" }).click();
  await expect(form.getByText("Email non valida")).toBeVisible();
  await expect(page).toHaveURL(/\/admin-login$/);
  await expect(page.getByRole("banner").getByRole("link", { name: "Accedi" })).toBeVisible();
  expectRefusals(consoleErrors, ["INVALID_ADMIN_EMAIL"]);
});

test("the demo admin signs in on /admin-login and reaches the admin dashboard", async ({ page, consoleErrors }) => {
  await page.goto("/admin-login");
  const form = page.getByRole("form", { name: "Accesso amministratori" });
  await form.getByLabel("Email aziendale").fill("admin@arcano.it");
  await form.getByLabel("Password").fill("sbagliata");
  await form.getByRole("button", { name: "Accedi" }).click();
  await expect(toastWith(page, "Credenziali non valide")).toBeVisible();
  await form.getByLabel("Password").fill(DEMO_PASSWORD);
  await form.getByRole("button", { name: "Accedi" }).click();
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  // Already signed in as admin: the login pages send them back to their dashboard.
  await page.goto("/admin-login");
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await page.goto("/login");
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  expectRefusals(consoleErrors, ["INVALID_CREDENTIALS"]);
});

test("settings: the name change shows at once and survives a reload; deletion asks first", async ({ browser }) => {
  const errors: string[] = [];
  const { account, page } = await signedUpPage(browser, "Nina Prima", "client", errors);
  const email = account.email;
  await page.goto("/settings");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Impostazioni account" })).toBeVisible();
  await expect(main.getByLabel("Email")).toHaveValue(email);
  await expect(main.getByText("L'email non può essere modificata per motivi di sicurezza.")).toBeVisible();
  await expect(main.getByText("Cliente", { exact: true })).toBeVisible();
  await main.getByLabel("Nome e cognome").fill("Nina Seconda");
  await main.getByRole("button", { name: "Salva", exact: true }).click();
  await expect(page.getByRole("banner").getByText("Ciao, Nina Seconda")).toBeVisible();
  await expect(toastWith(page, "Profilo aggiornato")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("main").getByLabel("Nome e cognome")).toHaveValue("Nina Seconda");

  await page.getByRole("main").getByRole("button", { name: "Elimina account" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Sei sicuro?" });
  await expect(dialog).toContainText("non può essere annullata");
  await dialog.getByRole("button", { name: "Elimina definitivamente" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toastWith(page, "Profilo eliminato")).toBeVisible();
  await page.goto("/login");
  await signIn(page, email, "segreta-1");
  await expect(page.getByRole("main").getByText("Email o password errati.")).toBeVisible();
  expectRefusals(errors, ["INVALID_CREDENTIALS"]);
  expect(errors, "console errors on the page").toEqual([]);
});

test("psychic settings: the switches save and the password changes", async ({ browser }) => {
  const errors: string[] = [];
  const { page } = await signedUpPage(browser, "Luna Test", "psychic", errors);
  await page.goto("/psychic/settings");
  const main = page.getByRole("main");
  const available = main.getByRole("switch", { name: "Disponibile per consulti" });
  const visible = main.getByRole("switch", { name: "Profilo pubblico" });
  await expect(available).toBeChecked();
  await expect(visible).not.toBeChecked();
  await available.click();
  await expect(available).not.toBeChecked();
  await expect(toastWith(page, "Disponibilità aggiornata")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("main").getByRole("switch", { name: "Disponibile per consulti" })).not.toBeChecked();

  const passwordForm = page.getByRole("form", { name: "Cambia password" });
  await passwordForm.getByLabel("Password attuale").fill("sbagliata-9");
  await passwordForm.getByLabel("Nuova password", { exact: true }).fill("abc");
  await passwordForm.getByLabel("Conferma nuova password").fill("abc");
  await passwordForm.getByRole("button", { name: "Aggiorna password" }).click();
  await expect(passwordForm.getByText("La password deve essere di almeno 6 caratteri")).toBeVisible();
  await passwordForm.getByLabel("Nuova password", { exact: true }).fill("cambiata-1");
  await passwordForm.getByLabel("Conferma nuova password").fill("cambiata-1");
  await passwordForm.getByRole("button", { name: "Aggiorna password" }).click();
  // The server asks for the current password and says when it is wrong.
  await expect(toastWith(page, "La password attuale non è corretta.")).toBeVisible();
  expectRefusals(errors, ["WRONG_CURRENT_PASSWORD"]);
  await passwordForm.getByLabel("Password attuale").fill("segreta-1");
  await passwordForm.getByRole("button", { name: "Aggiorna password" }).click();
  await expect(toastWith(page, "Password aggiornata")).toBeVisible();
  expect(errors, "console errors on the page").toEqual([]);
});

test.describe("on a 360 px phone", () => {
  test.use(PHONE);

  test("at 360 px a signed-in psychic's menu has the greeting, their dashboard and Esci, and no client links", async ({ page }) => {
    await page.goto("/login");
    const form = page.getByRole("form", { name: "Accedi" });
    await form.getByLabel("Email").fill("cartomante@esempio.it");
    await form.getByLabel("Password").fill("arcano-demo");
    await form.getByRole("button", { name: "Accedi" }).click();
    await expect(page).toHaveURL(/\/psychic-dashboard$/);
    await page.getByRole("button", { name: "Apri il menu" }).click();
    const menu = page.getByRole("navigation", { name: "Menu mobile" });
    await expect(menu.getByText(/^Ciao, /)).toBeVisible();
    await expect(menu.getByRole("link", { name: "Dashboard Cartomante" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Cartomanti" })).toHaveCount(0);
    await menu.getByRole("button", { name: "Esci" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("toast").filter({ hasText: "Disconnesso" })).toBeVisible();
  });

  for (const path of ["/login", "/register", "/reset-password", "/admin-login"]) {
    test(`${path} fits 360 px without horizontal scrolling`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("main").getByRole("form").first()).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});
