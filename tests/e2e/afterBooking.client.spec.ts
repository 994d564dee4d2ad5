// After the booking, the client's side, end to end on the local stand-ins: a cancellation a week ahead
// is refunded in full through Stripe and frees the time live on another browser; a booking moved to
// another time shows its new time on both dashboards without a reload; a review of a completed
// consultation changes the psychic's public profile live.
import type { Browser, Page } from "@playwright/test";
import { bookAndPayThroughApi, listedPsychic, mondayAhead, personPage, sessionState, signUpThroughApi, type NewAccount } from "./api";
import { expect, sessionFile, test } from "./fixtures";

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

const seleneBookingPath = async () => `/psychics/${(await listedPsychic("Selene")).id}/book`;

/**
 * A new client who has paid a 30-minute consultation with Selene on `date` at `time` (signed up,
 * held and paid through the backend and the Stripe stand-in: booking.spec.ts clicks through that),
 * with their browser open.
 */
async function clientWithBooking(browser: Browser, name: string, date: string, time: string) {
  const client: NewAccount = await signUpThroughApi(name);
  await bookAndPayThroughApi(client.session, { psychic: "Selene", date, time });
  const errors: string[] = [];
  return { client, errors, page: await personPage(browser, sessionState(client.session), errors) };
}

test("a client cancels a week ahead: the dialog states a full refund, Stripe refunds it, the time is free again live", async ({
  page: watcher,
  browser,
}) => {
  // Two browsers, a refund through the Stripe stand-in and its webhook: more than 30 s on a loaded machine.
  test.setTimeout(60_000);
  const date = mondayAhead(6);
  const time = "17:00";
  const bookPath = await seleneBookingPath();
  const { page, errors } = await clientWithBooking(browser, "Marta Conti", date, time);

  // Someone else looking at that day: the time is taken.
  await watcher.goto(`${bookPath}?date=${date}&duration=30`);
  await expect(timeButton(watcher, "16:30")).toBeVisible();
  await expect(timeButton(watcher, time)).toHaveCount(0);

  await page.goto("/dashboard");
  const upcoming = page.getByRole("list", { name: "Prossimi consulti" });
  await upcoming.getByRole("button", { name: /Annulla il consulto con Selene/ }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Rimborso completo: 35,00 €.");
  await dialog.getByRole("button", { name: "Annulla il consulto" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Consulto annullato" })).toContainText("35,00 €");

  // The refund goes through the Stripe stand-in, whose charge.refunded webhook marks it arrived (the
  // stand-in sends it after answering the refund, so it may take a few seconds on a busy machine).
  const all = page.getByRole("list", { name: "Tutti i consulti" });
  await expect(all.getByText(/^Rimborsato il \d{2}\/\d{2}\/\d{4}$/)).toBeVisible({ timeout: 20_000 });
  await expect(all.getByText("Annullato").first()).toBeVisible();

  // The watcher's page, without a reload.
  await expect(timeButton(watcher, time)).toBeVisible();
  await page.context().close();
  expect(errors, "console errors on the client's page").toEqual([]);
});

test("a client moves a booking with the same calendar and both dashboards show the new time live", async ({ browser }) => {
  // Two browsers, four page loads and a live update on each: more than 30 s on a loaded machine.
  test.setTimeout(60_000);
  const date = mondayAhead(7);
  const { page, errors } = await clientWithBooking(browser, "Marta Conti", date, "14:00");

  const psychic = await personPage(browser, sessionFile("psychic"));
  await psychic.goto("/psychic-dashboard");
  const psychicRow = (time: string) => psychic.getByRole("main").getByRole("listitem").filter({ hasText: "Marta Conti" }).filter({ hasText: time });
  await expect(psychicRow("14:00").first()).toBeVisible();

  await page.goto("/dashboard");
  await page
    .getByRole("list", { name: "Prossimi consulti" })
    .getByRole("link", { name: /Sposta il consulto con Selene/ })
    .click();
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
  await move.getByRole("button", { name: "Conferma il nuovo orario" }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("toast").filter({ hasText: "Consulto spostato" })).toContainText("15:30");
  const row = page.getByRole("list", { name: "Prossimi consulti" }).getByRole("listitem").filter({ hasText: "15:30" });
  await expect(row).toContainText("spostato una volta");

  // The psychic's open dashboard follows.
  await expect(psychicRow("15:30").first()).toBeVisible();
  await psychic.context().close();
  await page.context().close();
  expect(errors, "console errors on the client's page").toEqual([]);
});

test("the demo client reviews a completed consultation and Selene's profile changes live", async ({ page: visitor, browser }) => {
  // Two browsers, the review written in a dialog and seen live on the other: more than 30 s on a loaded machine.
  test.setTimeout(60_000);
  await visitor.goto(`/psychics/${(await listedPsychic("Selene")).id}`);
  const countText = visitor.getByText(/\(\d+ recension[ei]\)/).first();
  const before = Number((await countText.textContent())?.match(/\d+/)?.[0]);
  await visitor.getByRole("tab", { name: "Recensioni" }).click();

  const errors: string[] = [];
  const page = await personPage(browser, sessionFile("client"), errors);
  await page.goto("/dashboard");
  const reviews = page.getByRole("list", { name: "Consulti completati e recensioni" });
  const toReview = reviews
    .getByRole("listitem")
    .filter({ hasText: "Selene" })
    .filter({ has: page.getByRole("button", { name: "Lascia una recensione" }) });
  await toReview.first().getByRole("button", { name: "Lascia una recensione" }).click();
  const dialog = page.getByRole("dialog");
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
  await page.context().close();
  expect(errors, "console errors on the client's page").toEqual([]);
});
