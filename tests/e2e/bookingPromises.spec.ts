// The booking page's promises at 1280 px: this booking's own refund terms before paying, the disabled
// button's reason, a change of length that keeps the time when it still fits (and says so when not),
// and 'Avvisami' on a full day Dante works, from the booking page and from his profile. A fresh client
// and Dante's evenings of this spec's own weeks, so no other test's data.
import type { Page } from "@playwright/test";
import { personPage, sessionState, signUpThroughApi } from "./api";
import { expect, expectAccessible, test } from "./fixtures";
import { danteId, dayOfWeekAhead, expectedTerms, fillEvening, PRICE_CENTS } from "./bookingPromises";
import { formatCents } from "../../convex/model/format";
import { consentBox } from "./checkoutConsent";
import { PHONE } from "./widths";

const timeButton = (page: Page, time: string) => page.getByRole("button", { name: time, exact: true });
const termsList = (page: Page) => page.getByRole("list", { name: "Se annulli questo consulto" });
const pay = (page: Page) => page.getByRole("button", { name: "Paga e prenota" });

test("before paying: this booking's own terms, why paying waits, the time kept across lengths, and 'Avvisami' on a full day", async ({ browser }) => {
  // Two helper clients pay four consultations at the Stripe stand-in, then one journey over three pages with
  // four scans: about two and a half minutes on a loaded machine, far more than the default 30 s.
  test.setTimeout(180_000);
  // Next week's Monday evening, full: within the fortnight the profile looks at.
  const fullDay = dayOfWeekAhead(1, 0);
  const freeDay = dayOfWeekAhead(3, 2);
  const [client] = await Promise.all([signUpThroughApi("Livia Promesse"), fillEvening(fullDay, "Riempie Lunedì")]);
  const errors: string[] = [];
  const page = await personPage(browser, sessionState(client.session), errors, { viewport: { width: 1280, height: 800 } });
  const bookPath = `/psychics/${await danteId()}/book`;

  // No time yet: the general rule, and the disabled button says why.
  await page.goto(`${bookPath}?date=${freeDay}&duration=30`);
  // The day's free times come from a live query: on a loaded machine the first answer can take longer than 7 s.
  await expect(timeButton(page, "18:00")).toBeVisible({ timeout: 20_000 });
  await expect(pay(page)).toBeDisabled();
  await expect(pay(page)).toHaveAccessibleDescription("Per pagare scegli un orario libero.");

  // A time: the terms are this booking's own deadlines and amounts.
  await timeButton(page, "18:00").click();
  await expect(termsList(page).getByRole("listitem")).toHaveText(expectedTerms(freeDay, "18:00", PRICE_CENTS[30]));
  await expect(pay(page)).toHaveAccessibleDescription(/^Per pagare spunta la casella qui sopra/);
  await expectAccessible(page, "the booking page with this booking's own terms");

  // Another length keeps 18:00 (free for an hour too), with the new price in the terms.
  await page.getByRole("button", { name: /^60 min/ }).click();
  await expect(page).toHaveURL(/duration=60/);
  await expect(page).toHaveURL(/time=18%3A00|time=18:00/);
  await expect(timeButton(page, "18:00")).toHaveAttribute("aria-pressed", "true");
  await expect(termsList(page).getByRole("listitem")).toHaveText(expectedTerms(freeDay, "18:00", PRICE_CENTS[60]));
  // 21:30 fits half an hour but not an hour: cleared, and said.
  await page.getByRole("button", { name: /^30 min/ }).click();
  await timeButton(page, "21:30").click();
  await page.getByRole("button", { name: /^60 min/ }).click();
  await expect(page.getByText("Per 60 minuti l'orario delle 21:30 non è libero: scegline un altro.")).toBeVisible();
  await expect(page).not.toHaveURL(/time=/);
  await expectAccessible(page, "the booking page after a length that does not fit the time");

  // The full Monday Dante works: 'Avvisami' for that day.
  await page.goto(`${bookPath}?date=${fullDay}&duration=30`);
  await expect(page.getByText("Nessun orario disponibile in questa data")).toBeVisible({ timeout: 20_000 });
  const alert = page.getByRole("region", { name: "Avvisami" });
  // Its state reads the whole calendar (is Dante fully booked?): slower than the day's times on a loaded machine.
  await expect(alert).toContainText("Dante lavora in questa data ma è al completo.", { timeout: 20_000 });
  await alert.getByRole("button", { name: "Avvisami" }).click();
  await expect(alert.getByRole("button", { name: "Avvisami" })).toHaveAttribute("aria-pressed", "true");
  await expectAccessible(page, "the booking page's 'Avvisami' on a full day");

  // The profile offers the same full day, the wish already standing; pressed again, it stops.
  await page.goto(`/psychics/${await danteId()}`);
  const fullDays = page.getByRole("region", { name: "Giorni al completo" });
  const dayAlert = fullDays.getByRole("button", { name: new RegExp(`^Avvisami per .*${Number(fullDay.slice(8))} `) });
  await expect(dayAlert).toHaveAttribute("aria-pressed", "true", { timeout: 20_000 });
  await expectAccessible(page, "the profile's full days");
  await dayAlert.click();
  await expect(dayAlert).toHaveAttribute("aria-pressed", "false");
  await page.context().close();
  expect(errors, "console errors on the booking page and profile").toEqual([]);
});

test.describe("on a 360 px phone", () => {
  test.use(PHONE);

  // The booking page's promises on a 360 px phone: the pay bar shows the whole price with '€', says why
  // paying waits and takes the person there (the time, then the consent), the terms before paying are this
  // booking's own, a change of length keeps the time, and a full day Dante works offers 'Avvisami'. A fresh
  // client and Dante's evenings of this spec's own weeks, so no other test's data.
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
});
