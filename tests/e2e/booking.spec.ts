// Booking and paying, end to end on the local stand-ins: a visitor picks a time, signs up from the
// prompt and comes back to the same choice, pays on the hosted checkout (a declined card first), and
// the booking turns 'Confermato' live; the psychic's dashboard and a watcher's booking page follow
// without reloading. Leaving the checkout frees the time at once.
import type { Browser, Page } from "@playwright/test";
import { listedPsychic, mondayAhead, personPage, sessionState, signUpThroughApi } from "./api";
import { codeSentTo, uniqueEmail } from "./env";
import { expect, sessionFile, test } from "./fixtures";
import { tickCheckoutConsent } from "./checkoutConsent";
import { formatItalianDate } from "../../convex/model/format";
import { PHONE } from "./widths";

/** Selene's booking page, found from the public list as a person would. */
async function seleneBookingPath(page: Page): Promise<string> {
  await page.goto("/psychics");
  await page
    .getByRole("article")
    .filter({ hasText: "Selene" })
    .getByRole("link", { name: /Prenota/ })
    .click();
  await expect(page).toHaveURL(/\/psychics\/[^/]+\/book/);
  return new URL(page.url()).pathname;
}

const timeButton = (page: Page, time: string) => page.getByRole("button", { name: time, exact: true });

/** A visitor elsewhere already looking at `choice`, with `time` offered; console errors go to `errors`. */
async function watcherOf(browser: Browser, choice: string, time: string, errors: string[]) {
  const watcher = await personPage(browser, undefined, errors);
  await watcher.goto(choice);
  await expect(timeButton(watcher, time)).toBeVisible();
  return watcher;
}

async function payOnCheckout(page: Page, card: string) {
  await page.getByLabel("Numero della carta").fill(card);
  await page.getByLabel("Scadenza (MM/AA)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Intestatario").fill("Nuova Cliente");
  await page.getByRole("button", { name: /^Paga \d/ }).click();
}

test("a visitor books from the prompt, pays, and everyone sees it live", async ({ page, browser, consoleErrors }) => {
  // Three browsers and the whole sign-up, checkout and payment clicked through: more than the default 30 s.
  test.setTimeout(60_000);
  const date = mondayAhead(3);
  const time = "10:30";
  const bookPath = await seleneBookingPath(page);
  const choice = `${bookPath}?date=${date}&duration=30`;

  // A watcher (a visitor elsewhere) and the psychic, both already looking.
  const errors: string[] = [];
  const watcher = await watcherOf(browser, choice, time, errors);
  const psychic = await personPage(browser, sessionFile("psychic"), errors);
  await psychic.goto("/psychic-dashboard");
  await expect(psychic.getByRole("heading", { level: 1 })).toBeVisible();

  // The visitor chooses a time, then signs up from the prompt.
  await page.goto(choice);
  await timeButton(page, time).click();
  await expect(page).toHaveURL(new RegExp(`time=${time.replace(":", "(%3A|:)")}`));
  await page.getByRole("main").getByRole("link", { name: "Registrati", exact: true }).click();
  const email = uniqueEmail("prenota");
  const form = page.getByRole("form", { name: "Registrati" });
  await form.getByLabel("Nome e cognome").fill("Nuova Cliente");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill("segreta-1");
  await form.getByLabel("Conferma password").fill("segreta-1");
  await form.getByRole("checkbox", { name: /Dichiaro di avere almeno 18 anni/ }).check();
  await form.getByRole("button", { name: "Crea account" }).click();
  const codeForm = page.getByRole("form", { name: "Conferma l'indirizzo email" });
  await codeForm.getByLabel("Codice").fill(await codeSentTo(email, "attivare l'account"));
  await codeForm.getByRole("button", { name: "Attiva l'account" }).click();

  // Back on the booking page with the same choice.
  await expect(page).toHaveURL(new RegExp(`${bookPath}\\?`));
  await expect(timeButton(page, time)).toHaveAttribute("aria-pressed", "true");
  // The page asks the backend for an origin pass first (the checkouts' limit per network origin).
  const passAnswer = page.waitForResponse((response) => response.url().endsWith("/origin-pass") && response.request().method() === "POST");
  await tickCheckoutConsent(page);
  await page.getByRole("button", { name: "Paga e prenota" }).click();
  expect((await passAnswer).status()).toBe(200);

  // The hosted checkout: the hold is taken, so the watcher's time vanishes at once.
  await expect(page).toHaveURL(/\/c\/pay\/cs_/);
  await expect(page.getByLabel("Numero della carta")).toBeVisible();
  await expect(timeButton(watcher, time)).toHaveCount(0, { timeout: 15_000 });

  // A declined card keeps the client on the checkout with the message.
  await payOnCheckout(page, "4000 0000 0000 0002");
  await expect(page.getByText("La carta è stata rifiutata.")).toBeVisible();
  // The checkout answers a declined card with 402, as Stripe does; the browser logs that response.
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((text) => !text.includes("status of 402")));
  await payOnCheckout(page, "4242 4242 4242 4242");

  await expect(page).toHaveURL(/\/payment-success\?session_id=cs_/);
  await expect(page.getByText("Confermato", { exact: true })).toBeVisible();
  // The psychic's dashboard, open all along, announces it (a toast lasts a few seconds, so look now)
  // and lists it.
  // Other tests book the same psychic meanwhile: this booking's toast is the one with this client and time.
  const announced = psychic.getByTestId("toast").filter({ hasText: "Nuova prenotazione" }).filter({ hasText: "Nuova Cliente, " });
  await expect(announced.filter({ hasText: `alle ${time}` }).first()).toBeVisible();
  await expect(psychic.getByRole("main").getByText("Nuova Cliente").first()).toBeVisible();

  // The client's dashboard lists it.
  await page.getByRole("link", { name: "Vai alla dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("Selene").first()).toBeVisible();
  await expect(page.getByText(time).first()).toBeVisible();

  await watcher.context().close();
  await psychic.context().close();
  expect(errors, "console errors on the watcher's or the psychic's page").toEqual([]);
});

// A client of their own: the demo client's upcoming consultations (the calls other specs start for them) may
// reach the limit on upcoming consultations during the run.
test("leaving the checkout frees the time at once on another person's booking page", async ({ browser }) => {
  // Two browsers through the hosted checkout and back, the watcher's times live: more than 30 s on a loaded machine.
  test.setTimeout(60_000);
  const date = mondayAhead(4);
  const time = "15:00";
  const errors: string[] = [];
  const client = await signUpThroughApi("Lia Ripensamenti");
  const page = await personPage(browser, sessionState(client.session), errors);
  const bookPath = await seleneBookingPath(page);
  const choice = `${bookPath}?date=${date}&duration=30`;

  const watcher = await watcherOf(browser, choice, time, errors);

  await page.goto(`${choice}&time=${time}`);
  await expect(timeButton(page, time)).toHaveAttribute("aria-pressed", "true");
  await tickCheckoutConsent(page);
  await page.getByRole("button", { name: "Paga e prenota" }).click();
  await expect(page.getByRole("link", { name: "Annulla e torna al sito" })).toBeVisible();
  await expect(timeButton(watcher, time)).toHaveCount(0, { timeout: 15_000 });

  await page.getByRole("link", { name: "Annulla e torna al sito" }).click();
  await expect(page).toHaveURL(/\/payment-canceled\?booking_id=/);
  await expect(timeButton(watcher, time)).toBeVisible();
  // The retry link goes back to the same psychic's booking page (by its id: the old addresses lead on to the
  // readable one), with the same length, day and time.
  const retry = page.getByRole("link", { name: "Riprova la prenotazione" });
  await expect(retry).toHaveAttribute("href", new RegExp(`^/psychics/[^/]+/book\\?duration=30&date=${date}&time=15%3A00$`));
  await watcher.context().close();
  await page.context().close();
  expect(errors, "console errors on the client's or the watcher's page").toEqual([]);
});

test.describe("on a 360 px phone", () => {
  test.use(PHONE);

  // The booking page on a 360 px phone: the day is picked in the week strip, the time under it, and the
  // price and 'Paga e prenota' stay in the bar at the bottom of the screen, which leads to the hosted
  // checkout; a visitor's bar asks to sign in. A fresh client on Selene's Mondays 12 and 13 weeks ahead,
  // so no other test's data.
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
});
