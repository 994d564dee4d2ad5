// After the booking, the client's side, end to end on the local stand-ins: a cancellation a week ahead
// is refunded in full through Stripe and frees the time live on another browser; a booking moved to
// another time shows its new time on both dashboards without a reload; a review of a completed
// consultation changes the reader's public profile live.
import type { Browser, Page } from "@playwright/test";
import { uniqueEmail } from "./env";
import { expect, expectAccessible, signInAs, test } from "./fixtures";

/** A Monday `weeksAhead` weeks from now, as a Rome date: the demo reader Selene works Mondays 14:00–17:30. */
function mondayAhead(weeksAhead: number): string {
  const date = new Date(Date.now() + weeksAhead * 7 * 24 * 3600_000);
  while (date.getUTCDay() !== 1) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

async function newPage(browser: Browser) {
  const context = await browser.newContext({ locale: "it-IT", timezoneId: "Europe/Rome" });
  return context.newPage();
}

const dayLabel = new Intl.DateTimeFormat("it-IT", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** Picks `date` on the booking page's calendar, moving on a month at a time as a person would. */
async function chooseDay(page: Page, date: string) {
  const day = page.getByRole("button", { name: dayLabel.format(new Date(`${date}T12:00:00Z`)), exact: true });
  for (let month = 0; month < 3 && (await day.count()) === 0; month += 1) {
    await page.getByRole("button", { name: "Mese successivo" }).click();
  }
  await day.click();
}

const timeButton = (page: Page, time: string) => page.getByRole("button", { name: time, exact: true });

async function seleneBookingPath(page: Page): Promise<string> {
  await page.goto("/psychics");
  await page.getByRole("article").filter({ hasText: "Selene" }).getByRole("link", { name: /Prenota/ }).click();
  await expect(page).toHaveURL(/\/psychics\/[^/]+\/book/);
  return new URL(page.url()).pathname;
}

/** A new client signs up and pays a 30-minute consultation with Selene on `date` at `time`. */
async function bookAndPay(page: Page, bookPath: string, date: string, time: string) {
  await page.goto("/register");
  const form = page.getByRole("form", { name: "Registrati" });
  await form.getByLabel("Nome e cognome").fill("Marta Conti");
  await form.getByLabel("Email").fill(uniqueEmail("dopo"));
  await form.getByLabel("Password", { exact: true }).fill("segreta-1");
  await form.getByLabel("Conferma password").fill("segreta-1");
  await form.getByRole("checkbox", { name: /Dichiaro di avere almeno 18 anni/ }).check();
  await form.getByRole("button", { name: "Crea account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto(`${bookPath}?date=${date}&duration=30`);
  await timeButton(page, time).click();
  await page.getByRole("button", { name: "Paga e prenota" }).click();
  await expect(page).toHaveURL(/\/c\/pay\/cs_/);
  await page.getByLabel("Numero della carta").fill("4242 4242 4242 4242");
  await page.getByLabel("Scadenza (MM/AA)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Intestatario").fill("Marta Conti");
  await page.getByRole("button", { name: /^Paga \d/ }).click();
  await expect(page).toHaveURL(/\/payment-success/);
  await expect(page.getByText("Confermato").first()).toBeVisible({ timeout: 15_000 });
}

test("a client cancels a week ahead: the dialog states a full refund, Stripe refunds it, the time is free again live", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const date = mondayAhead(6);
  const time = "17:00";
  const bookPath = await seleneBookingPath(page);
  await bookAndPay(page, bookPath, date, time);

  // Someone else looking at that day: the time is taken.
  const watcher = await newPage(browser);
  await watcher.goto(`${bookPath}?date=${date}&duration=30`);
  await expect(timeButton(watcher, "16:30")).toBeVisible();
  await expect(timeButton(watcher, time)).toHaveCount(0);

  await page.goto("/dashboard");
  const upcoming = page.getByRole("list", { name: "Prossimi consulti" });
  await upcoming.getByRole("button", { name: /Annulla il consulto con Selene/ }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Rimborso completo: 35,00 €.");
  await expectAccessible(page, "the cancellation dialog");
  await dialog.getByRole("button", { name: "Annulla il consulto" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Consulto annullato" })).toContainText("35,00 €");

  // The refund goes through the Stripe stand-in, whose charge.refunded webhook marks it arrived.
  const all = page.getByRole("list", { name: "Tutti i consulti" });
  await expect(all.getByText(/^Rimborsato il \d{2}\/\d{2}\/\d{4}$/)).toBeVisible({ timeout: 20_000 });
  await expect(all.getByText("Annullato").first()).toBeVisible();
  await expectAccessible(page, "the dashboard after cancelling");

  // The watcher's page, without a reload.
  await expect(timeButton(watcher, time)).toBeVisible();
  await watcher.context().close();
});

test("a client moves a booking with the same calendar and both dashboards show the new time live", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const date = mondayAhead(7);
  const bookPath = await seleneBookingPath(page);
  await bookAndPay(page, bookPath, date, "14:00");

  const reader = await newPage(browser);
  await signInAs(reader, "reader");
  const readerRow = (time: string) => reader.getByRole("main").getByRole("listitem").filter({ hasText: "Marta Conti" }).filter({ hasText: time });
  await expect(readerRow("14:00").first()).toBeVisible();

  await page.goto("/dashboard");
  await page.getByRole("list", { name: "Prossimi consulti" }).getByRole("link", { name: /Sposta il consulto con Selene/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sposta il consulto" })).toBeVisible();
  const move = page.getByRole("complementary", { name: "Spostamento del consulto" });
  await expect(move).toContainText("14:00");
  await expect(move).toContainText("Nessun nuovo pagamento");
  await expect(page.getByRole("button", { name: "Paga e prenota" })).toHaveCount(0);
  await chooseDay(page, date);
  await timeButton(page, "15:30").click();
  await expect(move).toContainText("alle 15:30");
  // Its own start is not offered (moving there changes nothing); the half hour after it is.
  await expect(timeButton(page, "14:00")).toHaveCount(0);
  await expect(timeButton(page, "14:30")).toBeVisible();
  await expectAccessible(page, "the booking page moving a booking");
  await move.getByRole("button", { name: "Conferma il nuovo orario" }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("toast").filter({ hasText: "Consulto spostato" })).toContainText("15:30");
  const row = page.getByRole("list", { name: "Prossimi consulti" }).getByRole("listitem").filter({ hasText: "15:30" });
  await expect(row).toContainText("spostato una volta");

  // The reader's open dashboard follows.
  await expect(readerRow("15:30").first()).toBeVisible();
  await reader.context().close();
});

test("the demo client reviews a completed consultation and Selene's profile changes live", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const visitor = await newPage(browser);
  await visitor.goto("/psychics");
  await visitor.getByRole("article").filter({ hasText: "Selene" }).getByRole("link", { name: "Profilo" }).click();
  const countText = visitor.getByText(/\(\d+ recension[ei]\)/).first();
  const before = Number((await countText.textContent())?.match(/\d+/)?.[0]);
  await visitor.getByRole("tab", { name: "Recensioni" }).click();

  await signInAs(page, "client");
  const reviews = page.getByRole("list", { name: "Consulti completati e recensioni" });
  const toReview = reviews.getByRole("listitem").filter({ hasText: "Selene" }).filter({ has: page.getByRole("button", { name: "Lascia una recensione" }) });
  await toReview.first().getByRole("button", { name: "Lascia una recensione" }).click();
  const dialog = page.getByRole("dialog");
  await expectAccessible(page, "the review dialog");
  const comment = `Consulto chiaro e rassicurante, grazie Selene (${Date.now().toString(36)}).`;
  await dialog.getByRole("radio", { name: "5 stelle" }).click();
  await dialog.getByLabel("La tua recensione").fill(comment);
  await dialog.getByRole("button", { name: "Pubblica la recensione" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Grazie per la tua recensione!" })).toBeVisible();
  await expect(reviews.getByText(comment)).toBeVisible();
  await expect(reviews.getByText(/Modificabile fino al/).first()).toBeVisible();

  // The visitor's open profile: the review on top of the tab and one more in the count, without a reload.
  await expect(visitor.getByRole("list", { name: "Recensioni" }).getByText(comment)).toBeVisible();
  await expect(visitor.getByText(`(${before + 1} recensioni)`).first()).toBeVisible();
  await visitor.context().close();
});
