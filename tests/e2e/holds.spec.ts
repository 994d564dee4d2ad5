// A client's own payment hold reads as theirs: back from the hosted checkout, the booking page says
// 'Hai un pagamento in sospeso per … alle 09:30' (never 'non è più disponibile') with the way back to the
// checkout and 'Cambia orario', which frees the time at once for everyone; the dashboard puts a pending
// payment at the very top. A fresh client on Selene's Mondays ten weeks ahead, so no other test's data.
import type { Page } from "@playwright/test";
import { listedPsychic, mondayAhead, personPage, sessionState, signUpThroughApi, startCheckoutThroughApi } from "./api";
import { expect, test } from "./fixtures";
import { tickCheckoutConsent } from "./checkoutConsent";

const timeButton = (page: Page, time: string) => page.getByRole("button", { name: time, exact: true });

test("back from the checkout the client's time is theirs: pay it, or change it and it is free again", async ({ browser }) => {
  // Two browsers, the hosted checkout twice and the dashboard: more than the default 30 s on a loaded machine.
  test.setTimeout(90_000);
  const date = mondayAhead(10);
  const client = await signUpThroughApi("Olga Orario");
  // At the readable address: going back returns to it (an id address is replaced by it on arrival).
  const selene = await listedPsychic("Selene");
  const bookPath = `/psychics/${selene.slug ?? selene.id}/book`;
  const choice = `${bookPath}?date=${date}&duration=30`;

  const errors: string[] = [];
  const page = await personPage(browser, sessionState(client.session), errors);
  const watcher = await personPage(browser, undefined, errors);
  await watcher.goto(choice);
  await expect(timeButton(watcher, "09:30")).toBeVisible();

  // The client starts paying for 09:30 and reaches the hosted checkout; the time is held for everyone.
  await page.goto(`${choice}&time=09:30`);
  await expect(timeButton(page, "09:30")).toHaveAttribute("aria-pressed", "true");
  await tickCheckoutConsent(page);
  await page.getByRole("button", { name: "Paga e prenota" }).click();
  await expect(page).toHaveURL(/\/c\/pay\/cs_/);
  const checkoutUrl = page.url();
  await expect(timeButton(watcher, "09:30")).toHaveCount(0, { timeout: 15_000 });

  // Back to the booking page: the hold is the client's own, with both actions.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${bookPath}\\?`));
  const banner = page.getByText(/^Hai un pagamento in sospeso per .+ alle 09:30$/);
  await expect(banner).toBeVisible();
  await expect(page.getByText(/non è più disponibile/)).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Cambia orario/ })).toBeVisible();

  // 'Completa il pagamento' leads back to the same checkout.
  await page.getByRole("link", { name: /^Completa il pagamento/ }).click();
  await expect(page).toHaveURL(checkoutUrl);
  await expect(page.getByLabel("Numero della carta")).toBeVisible();
  await page.goBack();
  await expect(banner).toBeVisible();

  // 'Cambia orario' releases the hold at once: 09:30 is offered again, to the client and to the watcher.
  await page.getByRole("button", { name: /^Cambia orario/ }).click();
  await expect(banner).toHaveCount(0);
  await expect(timeButton(page, "09:30")).toBeVisible();
  await expect(timeButton(watcher, "09:30")).toBeVisible({ timeout: 15_000 });

  // A second hold (the same date's retry the rules allow), made as 'Paga e prenota' makes it: the dashboard
  // leads with it, before the figures and every list.
  const second = await startCheckoutThroughApi(client.session, { psychic: "Selene", date, time: "10:00" });
  await page.goto("/dashboard");
  const pending = page.getByRole("region", { name: "Pagamento in sospeso" });
  await expect(pending.getByText(/^Hai un pagamento in sospeso per .+ alle 10:00$/)).toBeVisible();
  await expect(page.getByRole("main").getByRole("region").first()).toHaveAccessibleName("Pagamento in sospeso");
  await expect(pending.getByRole("link", { name: /^Completa il pagamento/ })).toHaveAttribute("href", second.url);
  await expect(page.getByRole("region", { name: "Tutti i consulti" }).getByText("10:00")).toHaveCount(0);

  // Its 'Cambia orario' releases it and opens Selene's booking page on that day, 10:00 free again.
  await pending.getByRole("button", { name: /^Cambia orario/ }).click();
  await expect(page).toHaveURL(new RegExp(`${bookPath}\\?.*date=${date}`));
  await expect(timeButton(page, "10:00")).toBeVisible();
  await expect(timeButton(watcher, "10:00")).toBeVisible();

  await page.context().close();
  await watcher.context().close();
  expect(errors, "console errors on the client's or the watcher's page").toEqual([]);
});
