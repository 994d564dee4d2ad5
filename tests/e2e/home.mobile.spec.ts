// Psychics first on a phone (360 × 740): the home page's figures and its first psychic, and the list's first
// psychic, show in the first screen, without scrolling.
import { expect, test } from "./fixtures";

test("at 360 × 740 the home page shows the platform's figures and the first psychic in the first screen", async ({ page }) => {
  await page.goto("/");
  const figures = page.getByRole("group", { name: "Arcano in numeri" });
  await expect(figures).toBeVisible();
  await expect(figures.getByRole("term").first()).toHaveText(/^cartoman(te verificato|ti verificati)$/);
  await expect(figures.getByRole("definition").first()).toHaveText(/^\d[\d.]*$/);
  await expect(figures).toBeInViewport({ ratio: 1 });

  const first = page.getByRole("region", { name: "I cartomanti più apprezzati" }).getByRole("article").first();
  await expect(first).toBeVisible();
  await expect(first.getByRole("heading", { level: 3 })).toBeInViewport({ ratio: 1 });
  await expect(first.getByRole("link", { name: "Prenota" })).toBeInViewport({ ratio: 1 });
  const booking = await first.getByRole("link", { name: "Prenota" }).boundingBox();
  expect(booking?.height).toBeGreaterThanOrEqual(44);
});

test("at 360 × 740 the psychic list shows its first psychic, as a compact row, in the first screen", async ({ page }) => {
  await page.goto("/psychics");
  const first = page.getByRole("main").getByRole("article").first();
  await expect(first.getByRole("link", { name: "Prenota" })).toBeInViewport({ ratio: 1 });
  await expect(first.getByRole("heading", { level: 3 })).toBeInViewport({ ratio: 1 });
  await expect(first.getByRole("link", { name: "Profilo" })).toBeVisible();
  // The compact row leaves the bio and the specialties to the wide card.
  expect((await first.boundingBox())?.height).toBeLessThan(260);
});
