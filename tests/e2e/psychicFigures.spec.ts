// A psychic's figures beside the rating, and the page explaining reviews and the list's order, reached
// from the list, a profile and the footer (docs/product-rules.md, "Psychic figures and the list's order").
import { ConvexHttpClient } from "convex/browser";
import { backendUrl, listedPsychic, listedPsychics } from "./api";
import { expect, expectAccessible, test } from "./fixtures";

const PAGE_TITLE = "Come funzionano recensioni e classifica";

test("the list says its order and links to the page that explains it, which is accessible", async ({ page }) => {
  await page.goto("/psychics");
  await expect(page.getByText("Ordinati per: valutazione")).toBeVisible();
  await expect(page.getByText(/prima chi accetta consulti, poi la valutazione media dei clienti e il numero di recensioni\./)).toBeVisible();
  // The demo's psychics with a history show their figures on the card.
  await expect(
    page
      .getByRole("article")
      .getByText(/^\d+ consulti · \d+% in orario$/)
      .first(),
  ).toBeVisible();

  await page.getByRole("link", { name: PAGE_TITLE }).click();
  await expect(page).toHaveURL(/\/come-funzionano-recensioni$/);
  await expect(page.getByRole("heading", { level: 1, name: PAGE_TITLE })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Recensioni verificate" })).toBeVisible();
  await expect(page.getByText(/può modificarla per 7 giorni/)).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "L'ordine dell'elenco dei cartomanti" })).toBeVisible();
  await expect(page.locator("ol li").first()).toHaveText("prima i cartomanti che accettano consulti («Disponibile»), poi gli altri;");
  await expectAccessible(page, "the page about reviews and the list's order");

  // The footer links to it from every page.
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Recensioni e classifica" }).click();
  await expect(page.getByRole("heading", { level: 1, name: PAGE_TITLE })).toBeVisible();
});

test("the list's cards come in the order the page states", async ({ page }) => {
  const backend = new ConvexHttpClient(backendUrl);
  await page.goto("/psychics");
  const cards = page.getByRole("article");
  // Other tests publish and change psychics meanwhile: the page and the list read at the same moment agree.
  let psychics: Awaited<ReturnType<typeof listedPsychics>> = [];
  await expect(async () => {
    // The page shows the list's first page (src/lib/catalogue/catalogueQuestion.ts CATALOGUE_PAGE_SIZE).
    psychics = (await listedPsychics(backend)).slice(0, 24);
    const names = await cards.evaluateAll((articles) => articles.map((article) => article.getAttribute("aria-label")));
    expect(names).toEqual(psychics.map((psychic) => psychic.psychicName));
  }).toPass({ timeout: 15_000 });
  // Taking consultations first, then by rating (none last), then by the number of reviews.
  for (let i = 1; i < psychics.length; i++) {
    const [before, after] = [psychics[i - 1], psychics[i]];
    if (before.isAvailable !== after.isAvailable) {
      expect(before.isAvailable).toBe(true);
      continue;
    }
    expect(before.rating ?? -1).toBeGreaterThanOrEqual(after.rating ?? -1);
    if (before.rating === after.rating) expect(before.reviewCount).toBeGreaterThanOrEqual(after.reviewCount);
  }
});

test("a profile shows the psychic's figures beside the rating and links to how they are computed", async ({ page }) => {
  const orione = await listedPsychic("Orione");
  await page.goto(`/psychics/${orione.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Orione" })).toBeVisible();
  const figures = page.getByRole("region", { name: "Affidabilità del cartomante" });
  await expect(figures.getByRole("term")).toHaveText(["Consulti tenuti", "Puntualità", "Cancellazioni del cartomante, ultimi 90 giorni"]);
  await expect(figures.getByRole("definition").nth(0)).toHaveText(String(orione.consultationsGiven));
  await expect(figures.getByRole("definition").nth(1)).toHaveText(/^(\d+% in orario|Nuovo \(meno di 5 consulti\))$/);
  await expect(figures.getByRole("definition").nth(2)).toHaveText(/^\d+$/);
  await expectAccessible(page, "a profile with the psychic's figures");

  await figures.getByRole("link", { name: /Come calcoliamo questi dati/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: PAGE_TITLE })).toBeVisible();
});
