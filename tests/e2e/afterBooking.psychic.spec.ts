// After the booking, the psychic's side, end to end on the demo data: the last six months as a table
// and a chart, a consultation that just ended marked 'Cliente assente' and then 'Completato', an
// upcoming consultation cancelled by the psychic (the client refunded in full and emailed a link to
// book again), and the public profile's reviews read ten at a time.
import { bookAndPayThroughApi, listedPsychic, mondayAhead, personPage, sessionState, signUpThroughApi } from "./api";
import { latestEmailTo, runInternal } from "./env";
import { expect, sessionFile, test } from "./fixtures";

const romeTime = new Intl.DateTimeFormat("it-IT", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "Europe/Rome" });
const romeDay = new Intl.DateTimeFormat("it-IT", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "Europe/Rome" });
const dayLabel = new Intl.DateTimeFormat("it-IT", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test("the psychic sees six months of figures as a table and a chart, and marks a consultation that just ended", async ({ browser }) => {
  // A 15-minute consultation that started 5 minutes ago and ended 90 seconds ago: still 'confirmed' (the
  // sweep settles only bookings 10 minutes past their start), nobody reviewed it. Its client is this test's
  // own, so another test's consultation with Selene in the same minute cannot be taken for it.
  const client = await signUpThroughApi(`Marta Assente ${Date.now().toString(36)}`);
  const before = Date.now() - 5 * 60_000;
  await runInternal("seed:callNow", { minutes: 15, startsInMinutes: -5, endsInSeconds: -90, clientEmail: client.email });
  const after = Date.now() - 5 * 60_000;
  const times = [...new Set([romeTime.format(before), romeTime.format(after)])].map(escape).join("|");

  const errors: string[] = [];
  const page = await personPage(browser, sessionFile("psychic"), errors);
  await page.goto("/psychic-dashboard");
  const figures = page.getByRole("region", { name: "Andamento mensile" });
  const table = figures.getByRole("table", { name: /ultimi 6 mesi/ });
  await expect(table.getByRole("row")).toHaveCount(7);
  await expect(table.getByRole("columnheader")).toHaveText(["Mese", "Consulti", "Ore", "Guadagni netti", "Valutazione media"]);
  // The demo history: Selene held consultations in the last months, most of them reviewed.
  await expect(table.getByRole("cell", { name: /^[1-9][\d.]*,\d{2}\s€$/ }).first()).toBeVisible();
  await expect(table.getByRole("cell", { name: /^\d,\d \(\d+\)$/ }).first()).toBeVisible();
  const chart = figures.getByRole("img", { name: /^Grafico dei guadagni netti per mese/ });
  await expect(chart).toBeVisible();
  await expect(chart.locator("svg .recharts-bar-rectangle").first()).toBeVisible();

  const recent = page.getByRole("list", { name: "Consulti recenti" });
  const row = recent.getByRole("listitem").filter({ hasText: new RegExp(`^${escape(romeDay.format(after))}, (${times}) · ${escape(client.name)}`) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Da confermare");

  await row.getByRole("button", { name: new RegExp(`^Segna cliente assente: consulto con ${escape(client.name)}`) }).click();
  await expect(row.getByText("Cliente assente", { exact: true })).toBeVisible();
  await expect(page.getByTestId("toast").filter({ hasText: "Consulto segnato come cliente assente" })).toBeVisible();
  await expect(row.getByRole("button", { name: /^Segna cliente assente:/ })).toHaveCount(0);

  // The psychic may correct it while the client has not reviewed it.
  await row.getByRole("button", { name: new RegExp(`^Segna completato: consulto con ${escape(client.name)}`) }).click();
  await expect(row.getByText("Completato", { exact: true })).toBeVisible();
  await expect(page.getByTestId("toast").filter({ hasText: "Consulto segnato come completato" })).toBeVisible();
  await expect(row.getByRole("button", { name: /^Segna completato:/ })).toHaveCount(0);

  // On a phone the table scrolls sideways and takes keyboard focus to do so; the page itself does not.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(figures.locator(".rt-ScrollAreaViewport")).toHaveAttribute("tabindex", "0");
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await page.context().close();
  expect(errors, "console errors on the psychic's page").toEqual([]);
});

test("the psychic cancels an upcoming consultation: the client is refunded in full and emailed a link to book again", async ({ browser }) => {
  // Two browsers, a refund through the Stripe stand-in and an email: more than 30 s on a loaded machine.
  test.setTimeout(60_000);
  const date = mondayAhead(5);
  const client = await signUpThroughApi("Sara Fontana");
  await bookAndPayThroughApi(client.session, { psychic: "Selene", date, time: "10:00" });
  const email = client.email;
  const errors: string[] = [];
  const page = await personPage(browser, sessionState(client.session), errors);
  await page.goto("/dashboard");
  await expect(page.getByRole("list", { name: "Prossimi consulti" }).getByText("Selene").first()).toBeVisible();

  const psychic = await personPage(browser, sessionFile("psychic"), errors);
  await psychic.goto("/psychic-dashboard");
  const when = `${dayLabel.format(new Date(`${date}T12:00:00Z`))} alle 10:00`;
  const upcoming = psychic.getByRole("list", { name: "Prossimi consulti" });
  await expect(upcoming.getByRole("listitem").filter({ hasText: "Sara Fontana" })).toHaveCount(1);

  // Opened and kept: nothing changes.
  await upcoming.getByRole("button", { name: `Annulla il consulto con Sara Fontana del ${when}` }).click();
  const dialog = psychic.getByRole("alertdialog", { name: "Annullare il consulto?" });
  await expect(dialog).toContainText(/Sara Fontana riceverà il rimborso completo di 35,00\s€/);
  await expect(dialog).toContainText("un link per prenotare di nuovo");
  await dialog.getByRole("button", { name: "Mantieni il consulto" }).click();
  await expect(dialog).toBeHidden();
  await expect(upcoming.getByRole("listitem").filter({ hasText: "Sara Fontana" })).toHaveCount(1);

  await upcoming.getByRole("button", { name: `Annulla il consulto con Sara Fontana del ${when}` }).click();
  await dialog.getByRole("button", { name: "Annulla il consulto" }).click();
  await expect(psychic.getByTestId("toast").filter({ hasText: "Consulto annullato" })).toContainText(/rimborso completo di 35,00\s€/);
  await expect(upcoming.getByRole("listitem").filter({ hasText: "Sara Fontana" })).toHaveCount(0);

  // The client's open dashboard follows without a reload, and the email offers to book again.
  await expect(page.getByRole("list", { name: "Tutti i consulti" }).getByText("Annullato").first()).toBeVisible();
  await expect.poll(async () => (await latestEmailTo(email))?.subject ?? "", { timeout: 15_000 }).toMatch(/^Consulto annullato/);
  expect((await latestEmailTo(email))?.text ?? "").toMatch(/\/psychics\/[^/\s]+/);
  await psychic.context().close();
  await page.context().close();
  expect(errors, "console errors on the client's or the psychic's page").toEqual([]);
});

test("the public profile's Reviews tab lists the reviews newest first, ten at a time", async ({ page }) => {
  await page.goto(`/psychics/${(await listedPsychic("Selene")).id}`);
  await expect(page.getByText(/\(\d+ recensioni\)/).first()).toBeVisible();
  await page.getByRole("tab", { name: "Recensioni" }).click();
  const list = page.getByRole("list", { name: "Recensioni" });
  const items = list.getByRole("listitem");
  await expect(items).toHaveCount(10);
  await expect(items.first().getByRole("img", { name: /^[1-5] stelle su 5$/ })).toBeVisible();
  // Names as the reviews give them: first name and initial.
  await expect(items.first()).toContainText(/[A-Z][a-zà-ù]+ [A-Z]\./);

  await page.getByRole("button", { name: "Carica altre recensioni" }).click();
  await expect.poll(() => items.count()).toBeGreaterThan(10);
});
