// The catalogue at a national launch's size: the deployment filled with 1 000 more published psychics
// (demoScale:fill), /psychics pages through every one of them to the end, a search finds the 999th by name, and
// filters and order in the address are the page's. In the exclusive project (after every other test): the other
// journeys count the demo's eight psychics.
import { scaledPsychic } from "../../convex/demo/scale";
import { runInternal } from "./env";
import { expect, expectAccessible, test } from "./fixtures";

const SCALED = 1000;

test.beforeAll(async () => {
  // A thousand profiles with their catalogue rows, a hundred a transaction: longer than a hook's default 30 s.
  test.setTimeout(240_000);
  await runInternal("demoScale:fill", { count: SCALED });
});

test("the list pages through every psychic to the end, each once", async ({ page }) => {
  // Forty-odd pages of 24 cards, each asked of the server and drawn below the others.
  test.setTimeout(360_000);
  await page.goto("/psychics");
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(24);
  await expect(page.getByRole("status").filter({ hasText: "I primi 24 cartomanti" })).toBeVisible();
  const more = page.getByRole("button", { name: "Mostra altri cartomanti" });
  const started = Date.now();
  for (let pages = 1; await more.isVisible(); pages++) {
    expect(pages, "the list ends").toBeLessThan(100);
    const before = await cards.count();
    await more.click();
    // The next cards come, or the list says it has none left (a full last page is known to be last one page later).
    await expect.poll(async () => (await cards.count()) > before || !(await more.isVisible()), { intervals: [100, 200, 400] }).toBe(true);
    // The button comes back once the page has come, or goes for good at the end.
    await expect(page.getByRole("button", { name: /Caricamento/ })).toHaveCount(0);
  }
  console.log(`paged to the end in ${Math.round((Date.now() - started) / 1000)} s`);
  const names = await cards.evaluateAll((articles) => articles.map((article) => article.getAttribute("aria-label")));
  expect(new Set(names).size, "no psychic twice").toBe(names.length);
  for (const n of [1, 2, 500, 999, SCALED]) expect(names, `the ${n}th`).toContain(scaledPsychic(n).psychicName);
  await expect(page.getByRole("status").filter({ hasText: `${names.length} cartomanti` })).toBeVisible();
  expect(names.length).toBeGreaterThanOrEqual(SCALED + 8);
});

test("a search finds the 999th by name, in an address that can be shared", async ({ page }) => {
  const wanted = scaledPsychic(999).psychicName;
  await page.goto("/psychics");
  await page.getByRole("searchbox", { name: "Cerca cartomanti" }).fill(wanted);
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(page.getByRole("article").first()).toHaveAccessibleName(wanted);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(wanted).replace(/%20/g, "\\+")}`));
  await page.goto(page.url());
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(page.getByRole("article").first()).toHaveAccessibleName(wanted);
});

test("filters and order in the address: chat up to 1,50 € a minute about love, cheapest first", async ({ page }) => {
  await page.goto("/psychics?topic=Amore+e+Relazioni&type=chat&prezzo=150&order=price");
  await expect(page.getByRole("combobox", { name: "Ambito di consulto" })).toHaveValue("Amore e Relazioni");
  await expect(page.getByRole("combobox", { name: "Tipo di consulto" })).toHaveValue("chat");
  await expect(page.getByRole("combobox", { name: "Prezzo al minuto" })).toHaveValue("150");
  await expect(page.getByRole("combobox", { name: "Ordina per" })).toHaveValue("price");
  await expect(page.getByText("Ordinati per: prezzo più basso")).toBeVisible();
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(24);
  // Each card offers chat, at most 1,50 € a minute (the type's price), cheapest first among those taking consultations.
  const perMinute = await cards.evaluateAll((articles) =>
    articles.map((article) => {
      const text = article.textContent ?? "";
      const price = /(\d+),(\d{2})\s€ al minuto/.exec(text);
      return { chat: /Chat/.test(text), cents: price ? Number(price[1]) * 100 + Number(price[2]) : NaN };
    }),
  );
  for (const card of perMinute) {
    expect(card.chat).toBe(true);
    expect(card.cents).toBeLessThanOrEqual(150);
  }
  const cents = perMinute.map((card) => card.cents);
  expect(cents).toEqual([...cents].sort((a, b) => a - b));
  await expectAccessible(page, "the catalogue filtered at a thousand psychics");
});
