// Paying psychics on the stand-ins (docs/product-rules.md, "Payouts"): a new psychic onboards through the
// Stripe stand-in's hosted page and the settings card turns 'Pagamenti attivi' live; a missing document
// leaves Stripe asking for it.
import type { Page } from "@playwright/test";
import { personPage, sessionState, signUpThroughApi } from "./api";
import { expect, test } from "./fixtures";

const TEST_IBAN = "IT60X0542811101000000123456";

async function fillOnboarding(page: Page, { missingDocument = false } = {}) {
  await expect(page.getByRole("heading", { level: 1, name: "Configura i pagamenti" })).toBeVisible();
  await page.getByLabel("Nome", { exact: true }).fill("Vega");
  await page.getByLabel("Cognome").fill("Stella");
  await page.getByLabel("Data di nascita").fill("1985-04-12");
  await page.getByLabel("Indirizzo (via e numero civico)").fill("Via Roma 1");
  await page.getByLabel("CAP").fill("00100");
  await page.getByLabel("Città").fill("Roma");
  await page.getByLabel("IBAN").fill(TEST_IBAN);
  if (missingDocument) await page.getByLabel(/Manca un documento/).check();
  await page.getByRole("button", { name: "Invia e torna ad Arcano" }).click();
}

test("a new psychic onboards through the hosted page and the card turns 'Pagamenti attivi'", async ({ browser }) => {
  // Two round trips through the hosted onboarding and the Connect webhook: more than 30 s on a loaded machine.
  test.setTimeout(60_000);
  const errors: string[] = [];
  const psychic = await signUpThroughApi(`Vega Pagamenti ${Date.now().toString(36)}`, "psychic");
  const page = await personPage(browser, sessionState(psychic.session), errors);
  await page.goto("/psychic/settings");
  const card = page.getByRole("region", { name: "Ricevi i pagamenti" });
  await expect(card.getByText("Non iniziato")).toBeVisible();

  await card.getByRole("button", { name: "Configura i pagamenti" }).click();
  await fillOnboarding(page, { missingDocument: true });
  // Back on the settings page: Stripe still asks for the document.
  await expect(page).toHaveURL(/\/psychic\/settings/);
  await expect(card.getByText("Documenti richiesti")).toBeVisible();
  await expect(card).toContainText("documento d'identità");

  await card.getByRole("button", { name: "Completa la configurazione" }).click();
  await fillOnboarding(page);
  await expect(page).toHaveURL(/\/psychic\/settings/);
  await expect(card.getByText("Pagamenti attivi")).toBeVisible();
  await expect(card.getByRole("button", { name: /Apri il pannello Stripe/ })).toBeVisible();
  expect(errors).toEqual([]);
  await page.context().close();
});
