import { expect, test } from "./fixtures";

// Filtering by title and description, and the empty message, are in tests/ui/siteSearch.test.ts and
// siteSearchDialog.test.tsx; here the dialog as a person drives it in the built app. Psychics and
// topics in the dialog: search.topics.spec.ts.
test("the search dialog opens with Ctrl+K and is driven by the keyboard", async ({ page }) => {
  await page.goto("/");
  // The shortcut is the app's: wait until it has rendered (after reading the device's kept views).
  await expect(page.getByRole("button", { name: "Cerca nel sito" })).toBeVisible();
  await page.keyboard.press("Control+k");
  const input = page.getByPlaceholder("Cerca pagine, informazioni...");
  await expect(input).toBeFocused();
  await input.fill("account"); // two pages, no psychic
  const options = page.getByRole("option");
  await expect(options).toHaveCount(2);
  await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowDown");
  await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowDown"); // wraps to the first
  await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowUp"); // wraps to the last
  await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
  await input.fill("termini");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "Termini di servizio" })).toBeVisible();
});

test("choosing a result with the mouse navigates and closes the dialog", async ({ page }) => {
  await page.goto("/about");
  await page.getByRole("button", { name: "Cerca nel sito" }).click();
  await page.getByPlaceholder("Cerca pagine, informazioni...").fill("diventa");
  await page.getByRole("option", { name: /Diventa cartomante/ }).click();
  await expect(page).toHaveURL(/\/register\?type=psychic$/);
  await expect(page.getByRole("dialog")).toBeHidden();
});
