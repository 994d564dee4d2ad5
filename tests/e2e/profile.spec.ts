// A profile at its readable address (docs/product-rules.md, "Psychics"): the old id addresses move there,
// the bio shows once and the newest reviews under it.
import { listedPsychic } from "./api";
import { expect, expectAccessible, test } from "./fixtures";

test("a profile lives at /psychics/<name>, old id addresses move there, with the bio once and the newest reviews inline", async ({ page }) => {
  // Three page loads (two through a redirect) and an axe scan: past the default on a busy machine.
  test.setTimeout(60_000);
  const orione = await listedPsychic("Orione");
  expect(orione.slug).toBe("orione");

  // An old link by id is replaced with the readable address.
  await page.goto(`/psychics/${orione.id}`);
  await expect(page).toHaveURL(/\/psychics\/orione$/);
  await expect(page.getByRole("heading", { level: 1, name: "Orione" })).toBeVisible();
  await expect(page.getByText(orione.bio.slice(0, 40))).toHaveCount(1);

  // Orione has the demo's past reviews: the three newest, each with its stars, name, date and text.
  const latest = page.getByRole("list", { name: "Ultime recensioni" }).getByRole("listitem");
  await expect(latest).toHaveCount(3);
  await expect(latest.first().getByRole("img", { name: /^[1-5] stelle su 5$/ })).toBeVisible();
  await expect(latest.first()).toContainText(/\d{1,2} \p{L}+ \d{4}/u);
  await expectAccessible(page, "a profile with its newest reviews");

  await page.getByRole("button", { name: /^Vedi tutte le recensioni/ }).click();
  await expect(page.getByRole("tab", { name: "Recensioni" })).toBeFocused();
  await expect(page.getByRole("list", { name: "Recensioni" }).getByRole("listitem")).not.toHaveCount(3);
  await expect(page.getByRole("complementary", { name: "Durate e prezzi" }).getByRole("link", { name: "Prenota un consulto" })).toHaveAttribute(
    "href",
    "/psychics/orione/book",
  );

  // The booking page's old address too, keeping what it asked for.
  await page.goto(`/psychics/${orione.id}/book?duration=30`);
  // The page then adds the first free day it opens on.
  await expect(page).toHaveURL(/\/psychics\/orione\/book\?duration=30(&|$)/);
  await expect(page.getByRole("heading", { level: 1, name: "Prenota un consulto" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Torna al profilo" })).toHaveAttribute("href", "/psychics/orione");
});
