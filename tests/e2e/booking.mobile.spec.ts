// The booking page on a 360 px phone: the day is picked in the week strip, the time under it, and the
// price and 'Paga e prenota' stay in the bar at the bottom of the screen, which leads to the hosted
// checkout; a visitor's bar asks to sign in. A fresh client on Selene's Mondays 12 and 13 weeks ahead,
// so no other test's data.
import type { Page } from "@playwright/test";
import { formatItalianDate } from "../../convex/model/format";
import { listedPsychic, mondayAhead, personPage, sessionState, signUpThroughApi } from "./api";
import { expect, test } from "./fixtures";
import { tickCheckoutConsent } from "./checkoutConsent";

const seleneBookPath = async () => `/psychics/${(await listedPsychic("Selene")).id}/book`;
const timeButton = (page: Page, time: string) => page.getByRole("button", { name: time, exact: true });
const bar = (page: Page) => page.getByRole("region", { name: "Prezzo e pagamento" });

test("a client picks a day in the week strip and a time, and pays from the bar at the bottom", async ({ browser }) => {
  // A sign-up through the API, the page and the hosted checkout: more than the default 30 s on a loaded machine.
  test.setTimeout(60_000);
  const client = await signUpThroughApi("Ines Telefono");
  const errors: string[] = [];
  const page = await personPage(browser, sessionState(client.session), errors, { viewport: { width: 360, height: 740 }, hasTouch: true });
  const shown = mondayAhead(12);
  const wanted = mondayAhead(13);
  await page.goto(`${await seleneBookPath()}?date=${shown}&duration=30`);

  // No month grid on a phone: the week strip, moved on by a week, and its Monday picked.
  await expect(page.getByRole("button", { name: `${formatItalianDate(shown)}, con orari liberi` })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("grid")).toHaveCount(0);
  await expect(bar(page).getByText("Scegli un orario")).toBeVisible();
  await expect(bar(page).getByRole("button", { name: "Paga e prenota" })).toBeDisabled();
  await page.getByRole("button", { name: "Settimana successiva" }).click();
  const day = page.getByRole("button", { name: `${formatItalianDate(wanted)}, con orari liberi` });
  await day.click();
  await expect(day).toHaveAttribute("aria-pressed", "true");
  await expect(page).toHaveURL(new RegExp(`date=${wanted}`));

  // The time, a 44 px target; then the bar says what is chosen and offers the one 'Paga e prenota', on screen.
  const time = timeButton(page, "10:00");
  expect((await time.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await time.click();
  await expect(time).toHaveAttribute("aria-pressed", "true");
  await expect(bar(page)).toContainText(/\d+,\d{2}\s€/);
  await expect(bar(page)).toContainText(/30 min · lun \d+ \w+, 10:00/);
  const pay = page.getByRole("button", { name: "Paga e prenota" });
  await expect(pay).toHaveCount(1);
  await tickCheckoutConsent(page);
  await expect(bar(page).getByRole("button", { name: "Paga e prenota" })).toBeEnabled();
  await expect(pay).toBeInViewport({ ratio: 1 });

  // At the end of the page the bar rests below the summary instead of covering it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const summary = (await page.getByRole("complementary", { name: "Riepilogo e pagamento" }).boundingBox())!;
  const barBox = (await bar(page).boundingBox())!;
  expect(summary.y + summary.height).toBeLessThanOrEqual(barBox.y);

  await pay.click();
  await expect(page).toHaveURL(/\/c\/pay\/cs_/);
  await expect(page.getByLabel("Numero della carta")).toBeVisible();
  await page.context().close();
  expect(errors, "console errors on the booking page").toEqual([]);
});

test("a visitor's bar asks to sign in, once a time is chosen, and keeps the choice", async ({ page }) => {
  const date = mondayAhead(12);
  const bookPath = await seleneBookPath();
  await page.goto(`${bookPath}?date=${date}&duration=30`);
  const signIn = bar(page).getByRole("button", { name: "Accedi per prenotare" });
  await expect(signIn).toBeDisabled();
  await expect(page.getByRole("button", { name: "Paga e prenota" })).toHaveCount(0);

  await timeButton(page, "10:30").click();
  const link = bar(page).getByRole("link", { name: "Accedi per prenotare" });
  await expect(link).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole("link", { name: "Accedi per prenotare" })).toHaveCount(1);
  await link.click();
  await expect(page).toHaveURL(/\/login\?/);
  const query = new URL(page.url()).searchParams;
  // Signing in comes back to the readable address the id address was replaced with.
  const selene = await listedPsychic("Selene");
  expect(Object.fromEntries(query)).toMatchObject({ redirect: `/psychics/${selene.slug}/book`, date, time: "10:30", duration: "30" });
});
