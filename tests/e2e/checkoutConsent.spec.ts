// Consent at checkout and the client's own spending limit, through the pages: without the tick
// 'Paga e prenota' waits and says why; ticked, the client pays. A limit set in the settings makes the
// next checkout refused with its figures. Fresh clients on Selene's Mondays 14 and 15 weeks ahead.
import type { Page } from "@playwright/test";
import { listedPsychic, mondayAhead, personPage, sessionState, signUpThroughApi } from "./api";
import { consentBox } from "./checkoutConsent";
import { expect, expectAccessible, test } from "./fixtures";

const timeButton = (page: Page, time: string) => page.getByRole("button", { name: time, exact: true });
const payButton = (page: Page) => page.getByRole("button", { name: "Paga e prenota" });

test("a client ticks the consent at checkout and pays; without the tick the button waits and says why", async ({ browser }) => {
  test.setTimeout(60_000);
  const client = await signUpThroughApi("Consuelo Consenso");
  const page = await personPage(browser, sessionState(client.session), []);
  await page.goto(`/psychics/${(await listedPsychic("Selene")).id}/book?date=${mondayAhead(14)}&duration=30&time=11:00`);
  await expect(timeButton(page, "11:00")).toHaveAttribute("aria-pressed", "true");
  const summary = page.getByRole("complementary", { name: "Riepilogo e pagamento" });
  await expect(summary.getByText(/servizio di intrattenimento e non sostituiscono il parere di medici, avvocati/)).toBeVisible();
  await expect(payButton(page)).toBeDisabled();
  await expect(payButton(page)).toHaveAccessibleDescription(/Per pagare spunta la casella qui sopra/);
  await expect(page.getByRole("link", { name: "condizioni di cancellazione e rimborso" })).toHaveAttribute("href", "/terms");
  await expectAccessible(page, "booking page, consent not yet given");

  await consentBox(page).check();
  await expect(payButton(page)).toBeEnabled();
  await payButton(page).click();
  await expect(page).toHaveURL(/\/c\/pay\/cs_/);
  await page.getByLabel("Numero della carta").fill("4242 4242 4242 4242");
  await page.getByLabel("Scadenza (MM/AA)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Intestatario").fill("Consuelo Consenso");
  await page.getByRole("button", { name: /^Paga \d/ }).click();
  await expect(page).toHaveURL(/\/payment-success\?session_id=cs_/);
  await expect(page.getByText("Confermato", { exact: true })).toBeVisible();
});

test("a client sets a monthly limit in the settings and the next checkout is refused with the limit and what is left", async ({ browser }) => {
  test.setTimeout(60_000);
  const client = await signUpThroughApi("Lidia Limite");
  const page = await personPage(browser, sessionState(client.session), []);
  await page.goto("/settings");
  const card = page.getByRole("region", { name: "Limite di spesa" });
  await expect(card.getByText("Nessun limite mensile. Speso questo mese: 0,00 €.")).toBeVisible();
  await expectAccessible(page, "settings, no spending limit");
  await card.getByLabel("Limite mensile (euro)").fill("5");
  await card.getByRole("button", { name: "Salva limite" }).click();
  await expect(card.getByText("Limite mensile: 5,00 €. Speso questo mese: 0,00 €; restano 5,00 €.")).toBeVisible();
  // A raise waits a day, and says from when.
  await card.getByLabel("Limite mensile (euro)").fill("500");
  await card.getByRole("button", { name: "Salva limite" }).click();
  await expect(card.getByText(/^Nuovo limite di 500,00\s€ dal \S+ \d+ \S+ \d{4} alle \d\d:\d\d\.$/)).toBeVisible();
  await expectAccessible(page, "settings, a raise waiting");

  await page.goto(`/psychics/${(await listedPsychic("Selene")).id}/book?date=${mondayAhead(15)}&duration=30&time=11:30`);
  await expect(timeButton(page, "11:30")).toHaveAttribute("aria-pressed", "true");
  await consentBox(page).check();
  // Refused as soon as the time is chosen, not after pressing pay: the limit and what is left, and paying waits
  // (the checkout refuses it on the server too: tests/convex/spendingLimits.test.ts).
  await expect(
    page.getByText("Con questo consulto supereresti il limite di spesa mensile che hai scelto (5,00 €): questo mese puoi spendere ancora 5,00 €."),
  ).toBeVisible();
  await expect(payButton(page)).toBeDisabled();
  await expectAccessible(page, "booking page, checkout refused by the spending limit");

  // A pause refuses every checkout, naming its last day.
  await page.goto("/settings");
  await page.getByRole("button", { name: "Pausa di 7 giorni" }).click();
  await expect(page.getByText(/^Pagamenti in pausa fino al .+ compreso\.$/)).toBeVisible();
  // The server's confirmation (its toast; its text is echoed in a live region too), so the check sees the page
  // settled rather than the toast coming in.
  await expect(page.getByTestId("toast").filter({ hasText: "Pausa attivata" })).toBeVisible();
  await expectAccessible(page, "settings, payments paused");
});
