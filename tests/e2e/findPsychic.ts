// The journey findPsychic.spec.ts runs at 1280 and at 360 px: the same steps at both widths.
import type { Page } from "@playwright/test";
import type { expect as Expect, expectAccessible as ExpectAccessible } from "./fixtures";

export async function findPsychicJourney(page: Page, { expect, expectAccessible }: { expect: typeof Expect; expectAccessible: typeof ExpectAccessible }) {
  // A topic tile on the home page opens the list filtered by that topic.
  await page.goto("/");
  const tiles = page.getByRole("region", { name: "Di cosa vuoi parlare?" });
  await tiles.getByRole("link", { name: /Denaro e Finanze/ }).click();
  await expect(page).toHaveURL(/\/psychics\?topic=Denaro\+e\+Finanze$/);
  await expect(page.getByRole("combobox", { name: "Ambito di consulto" }).locator("option:checked")).toHaveText("Denaro e Finanze");
  await expect(page.getByRole("article", { name: "Morgana" })).toBeVisible();
  await expect(page.getByRole("article", { name: "Selene" })).toHaveCount(0);
  await expectAccessible(page, "the list filtered by a home page topic");

  // The words people type: 'soldi' finds the psychic of 'Denaro e Finanze', and her card says why.
  await page.getByRole("combobox", { name: "Ambito di consulto" }).selectOption({ label: "Tutti gli ambiti" });
  const search = page.getByRole("searchbox", { name: "Cerca cartomanti" });
  await search.fill("soldi");
  const morgana = page.getByRole("article", { name: "Morgana" });
  await expect(morgana.getByText("Per: Denaro e Finanze")).toBeVisible();
  await expect(page.getByRole("article", { name: "Orione" })).toHaveCount(0);
  await expect(page).toHaveURL(/[?&]q=soldi/);
  await expectAccessible(page, "a search by a synonym of a topic");

  // Nobody found: the nearest topics, as links to their lists.
  await search.fill("sodli rune");
  await expect(page.getByRole("heading", { name: "Nessun cartomante trovato" })).toBeVisible();
  const suggested = page.getByRole("navigation", { name: "Ambiti suggeriti" });
  await expect(suggested.getByRole("link", { name: "Denaro e Finanze" })).toHaveAttribute("href", "/psychics?topic=Denaro+e+Finanze");
  await expectAccessible(page, "an empty search suggesting topics");

  // 'Disponibili oggi' and the order by soonest free time, named on the page and kept in the address.
  await search.fill("");
  // Its state follows the address, which the router updates in a transition: click, then wait for it.
  const today = page.getByRole("checkbox", { name: "Disponibili oggi" });
  await today.click();
  await expect(today).toBeChecked();
  await page.getByRole("combobox", { name: "Ordina per" }).selectOption({ label: "Prima disponibilità" });
  await expect(page).toHaveURL(/[?&]today=1/);
  await expect(page).toHaveURL(/[?&]order=soonest/);
  await expect(page.getByText("Ordinati per: prima disponibilità")).toBeVisible();
  await expect(page.getByRole("link", { name: "Come funzionano recensioni e classifica" })).toBeVisible();
  // Whoever is listed has a time free today (the badge says so); late in the day nobody may be, and the page says that.
  await expect(page.getByText(/^\d+ cartomant[ei]$/).or(page.getByRole("heading", { name: "Nessun cartomante trovato" }))).toBeVisible();
  const cards = page.getByRole("main").getByRole("article");
  const shown = await cards.count();
  for (let index = 0; index < shown; index++) await expect(cards.nth(index).getByText("Disponibile oggi")).toBeVisible();
  await expectAccessible(page, "psychics free today, by soonest free time");
}
