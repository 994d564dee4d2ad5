// A profile at its readable address (docs/product-rules.md, "Psychics"): the old id addresses move there,
// the bio shows once and the newest reviews under it.
import { listedPsychic } from "./api";
import { expect, expectAccessible, test } from "./fixtures";
import { PHONE } from "./widths";

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

test.describe("on a 360 px phone", () => {
  test.use(PHONE);

  // A profile on a phone (360×740): the starting price and 'Prenota' in the first screen and kept there while
  // the page scrolls, in a bar that rests after the content at the end instead of covering it.
  test("on a phone the profile keeps its price and 'Prenota' on screen, never over the end of the page", async ({ page }) => {
    // Two page loads, an axe scan and three scroll positions: past the default on a busy machine.
    test.setTimeout(60_000);
    await page.goto("/psychics/selene");
    await expect(page.getByRole("heading", { level: 1, name: "Selene" })).toBeVisible();
    const bar = page.getByRole("complementary", { name: "Prezzo e prenotazione con Selene" });
    const book = bar.getByRole("link", { name: "Prenota un consulto con Selene" });
    await expect(bar.getByText(/^da \d+\s€$/)).toBeInViewport();
    await expect(book).toBeInViewport();
    await expect(book).toHaveAttribute("href", "/psychics/selene/book");
    await expectAccessible(page, "a profile at 360 px");

    // Halfway down, the bar is still on screen.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    await expect(book).toBeInViewport();

    // At the end it sits below the last card of the profile, covering none of it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lastCard = await page.getByRole("complementary", { name: "Prossime disponibilità" }).boundingBox();
    const barBox = await bar.boundingBox();
    expect(lastCard!.y + lastCard!.height).toBeLessThanOrEqual(barBox!.y);

    // Reachable by keyboard like any link.
    await book.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/psychics\/selene\/book$/);
  });
});
