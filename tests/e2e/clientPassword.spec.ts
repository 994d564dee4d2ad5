// A client changes their password on /settings, as a psychic does on theirs (accounts.spec.ts): the
// old one no longer signs them in, the new one does.
import { personPage, sessionState, signInThroughApi, signUpThroughApi } from "./api";
import { expect, test } from "./fixtures";

test("a client changes their password in the settings and signs in with the new one", async ({ browser, page }) => {
  const client = await signUpThroughApi("Irene Cambi");
  const errors: string[] = [];
  const own = await personPage(browser, sessionState(client.session), errors);
  await own.goto("/settings");
  const form = own.getByRole("form", { name: "Cambia password" });
  await form.getByLabel("Password attuale").fill(client.password);
  await form.getByLabel("Nuova password", { exact: true }).fill("nuova-chiave-7");
  await form.getByLabel("Conferma nuova password").fill("nuova-chiave-7");
  await form.getByRole("button", { name: "Aggiorna password" }).click();
  await expect(own.getByTestId("toast").filter({ hasText: "Password aggiornata" })).toBeVisible();
  await expect(form.getByLabel("Password attuale")).toHaveValue("");
  expect(errors, "console errors on the client's page").toEqual([]);

  // The old password no longer opens the account.
  await expect(signInThroughApi(client.email, client.password)).rejects.toThrow();

  // The new one does, on the login page.
  await page.goto("/login");
  const login = page.getByRole("form", { name: "Accedi" });
  await login.getByLabel("Email").fill(client.email);
  await login.getByLabel("Password").fill("nuova-chiave-7");
  await login.getByRole("button", { name: "Accedi" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("banner").getByText(`Ciao, ${client.name}`)).toBeVisible();
});
