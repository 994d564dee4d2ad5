// The booking page's promises on a 360 px phone: the pay bar shows the whole price with '€', says why
// paying waits and takes the person there (the time, then the consent), the terms before paying are this
// booking's own, a change of length keeps the time, and a full day Dante works offers 'Avvisami'. A fresh
// client and Dante's evenings of this spec's own weeks, so no other test's data.
import type { Page } from "@playwright/test";
import { formatCents } from "../../convex/model/format";
import { sessionState, signUpThroughApi } from "./api";
import { consentBox } from "./checkoutConsent";
import { expect, expectAccessible, test } from "./fixtures";
import { danteId, dayOfWeekAhead, expectedTerms, fillEvening, PRICE_CENTS } from "./bookingPromises";

const bar = (page: Page) => page.getByRole("region", { name: "Prezzo e pagamento" });
const timeButton = (page: Page, time: string) => page.getByRole("button", { name: time, exact: true });

test("the pay bar leads to what is missing, shows the whole price, and the terms and 'Avvisami' are this day's", async ({ browser }) => {
  // Two helper clients pay four consultations at the Stripe stand-in first: more than the default 30 s.
  test.setTimeout(150_000);
  const fullDay = dayOfWeekAhead(2, 4);
  const freeDay = dayOfWeekAhead(4, 2);
  const [client] = await Promise.all([signUpThroughApi("Nora Telefono"), fillEvening(fullDay, "Riempie Venerdì")]);
  const context = await browser.newContext({
    locale: "it-IT",
    timezoneId: "Europe/Rome",
    viewport: { width: 360, height: 740 },
    hasTouch: true,
    storageState: sessionState(client.session),
  });
  const page = await context.newPage();
  const bookPath = `/psychics/${await danteId()}/book`;
  await page.goto(`${bookPath}?date=${freeDay}&duration=30`);

  // The whole price with its euro sign, not cut, beside the button (the first render can take over 7 s on a loaded machine).
  const price = bar(page).getByText(formatCents(PRICE_CENTS[30]), { exact: true });
  await expect(price).toBeVisible({ timeout: 20_000 });
  await expect(timeButton(page, "18:00")).toBeVisible({ timeout: 20_000 });
  expect(await price.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  const payButton = bar(page).getByRole("button", { name: "Paga e prenota" });
  const priceBox = (await price.boundingBox())!;
  expect(priceBox.x + priceBox.width).toBeLessThanOrEqual((await payButton.boundingBox())!.x);

  // Paying waits for a time: the bar says so and takes the person to the first free one.
  await expect(payButton).toBeDisabled();
  await bar(page).getByRole("button", { name: "Scegli un orario" }).click();
  await expect(timeButton(page, "18:00")).toBeFocused();
  await expectAccessible(page, "the pay bar asking for a time");
  await page.keyboard.press("Enter");
  await expect(timeButton(page, "18:00")).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("list", { name: "Se annulli questo consulto" }).getByRole("listitem")).toHaveText(
    expectedTerms(freeDay, "18:00", PRICE_CENTS[30]),
  );

  // Then for the consent: the bar leads to the box, ticked from the keyboard.
  await bar(page).getByRole("button", { name: "Accetta le condizioni" }).click();
  await expect(consentBox(page)).toBeFocused();
  await expectAccessible(page, "the pay bar asking for the consent");
  await page.keyboard.press("Space");
  await expect(payButton).toBeEnabled();
  await expect(bar(page).getByRole("button", { name: "Accetta le condizioni" })).toHaveCount(0);

  // An hour instead keeps 18:00, with its price in the bar.
  await page.getByRole("button", { name: /^60 min/ }).click();
  await expect(bar(page).getByText(formatCents(PRICE_CENTS[60]), { exact: true })).toBeVisible();
  await expect(timeButton(page, "18:00")).toHaveAttribute("aria-pressed", "true");
  await expect(bar(page)).toContainText("60 min ·");

  // A full evening Dante works: 'Avvisami' for that day.
  await page.goto(`${bookPath}?date=${fullDay}&duration=30`);
  const alert = page.getByRole("region", { name: "Avvisami" });
  // Its state reads the whole calendar (is Dante fully booked?): slower than the day's times on a loaded machine.
  await expect(alert).toContainText("Dante lavora in questa data ma è al completo.", { timeout: 20_000 });
  await alert.getByRole("button", { name: "Avvisami" }).click();
  await expect(alert.getByRole("button", { name: "Avvisami" })).toHaveAttribute("aria-pressed", "true");
  await expectAccessible(page, "'Avvisami' on a full day at 360 px");
  await context.close();
});
