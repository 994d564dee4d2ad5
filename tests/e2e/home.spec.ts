// Psychics first on a phone (360 × 740): the home page's figures and its first psychic, and the list's first
// psychic, show in the first screen, without scrolling; both pages pass axe-core there.
import { expect, expectAccessible, test } from "./fixtures";
import { PHONE } from "./widths";

test.describe("on a 360 px phone", () => {
  test.use(PHONE);

  test("at 360 × 740 the home page shows the platform's figures and the first psychic in the first screen", async ({ page }) => {
    // A page load and an axe scan: past the default 30 s on a busy machine.
    test.setTimeout(60_000);
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
    await expectAccessible(page, "the home page at 360 px");
  });

  test("at 360 × 740 the psychic list shows its first psychic, as a compact row, in the first screen", async ({ page }) => {
    // A page load and an axe scan: past the default 30 s on a busy machine.
    test.setTimeout(60_000);
    await page.goto("/psychics");
    const first = page.getByRole("main").getByRole("article").first();
    await expect(first.getByRole("link", { name: "Prenota" })).toBeInViewport({ ratio: 1 });
    await expect(first.getByRole("heading", { level: 3 })).toBeInViewport({ ratio: 1 });
    await expect(first.getByRole("link", { name: "Profilo" })).toBeVisible();
    // The compact row leaves the bio and the specialties to the wide card (over 400 px); with every line it can have
    // ('Disponibile oggi' once a new day has free times, after midnight in Rome) it stays under 280.
    expect((await first.boundingBox())?.height).toBeLessThan(280);
    await expectAccessible(page, "the psychic list at 360 px");
  });
});
