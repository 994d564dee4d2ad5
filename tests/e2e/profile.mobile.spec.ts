// A profile on a phone (360×740): the starting price and 'Prenota' in the first screen and kept there while
// the page scrolls, in a bar that rests after the content at the end instead of covering it.
import { expect, expectAccessible, test } from "./fixtures";

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
