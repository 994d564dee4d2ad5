import { expect, test } from "./fixtures";

const noHorizontalScroll = () => document.documentElement.scrollWidth - window.innerWidth;

test("at 360 px the psychic list and a profile fit without horizontal scrolling", async ({ page }) => {
  await page.goto("/psychics");
  await expect(page.getByRole("article").first()).toBeVisible();
  expect(await page.evaluate(noHorizontalScroll)).toBeLessThanOrEqual(0);

  await page.getByRole("article", { name: "Aurora" }).getByRole("link", { name: "Profilo" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Aurora" })).toBeVisible();
  expect(await page.evaluate(noHorizontalScroll)).toBeLessThanOrEqual(0);
  await page.getByRole("tab", { name: "Disponibilità" }).click();
  await expect(page.getByRole("tabpanel", { name: "Disponibilità" }).getByRole("term").first()).toHaveText("Lunedì");
  expect(await page.evaluate(noHorizontalScroll)).toBeLessThanOrEqual(0);
});
