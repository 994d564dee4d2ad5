// Finding psychics by what people ask about: 'amore' finds the three demo psychics who list
// 'Amore e Relazioni' (Selene, Aurora, Dante in convex/demo/data.ts) on /psychics and in the header
// search, and a topic chosen in the header search opens the list filtered by it. The matching itself is
// in tests/convex/model/topicSearch.test.ts and psychics.test.ts; the dialog's parts in tests/ui.
import { acceptConductThroughApi, backendAs, signUpThroughApi } from "./api";
import { api } from "../../convex/_generated/api";
import { defaultAvailability } from "../../convex/model/profileRules";
import { expect, expectAccessible, test } from "./fixtures";

const LOVE_PSYCHICS = ["Selene", "Aurora", "Dante"];
const OTHER_PSYCHICS = ["Orione", "Elia", "Morgana", "Stella", "Iside"];

test("'amore' on /psychics finds the three psychics who list 'Amore e Relazioni', in a link that can be shared", async ({ page }) => {
  await page.goto("/psychics");
  await expect(page.getByRole("article", { name: "Orione" })).toBeVisible();
  await page.getByRole("searchbox", { name: "Cerca cartomanti" }).fill("amore");
  for (const name of LOVE_PSYCHICS) await expect(page.getByRole("article", { name })).toBeVisible();
  for (const name of OTHER_PSYCHICS) await expect(page.getByRole("article", { name })).toHaveCount(0);
  await expect(page).toHaveURL(/[?&]q=amore/);

  // The address keeps the search: opened afresh, the list is the same.
  await page.goto(page.url());
  await expect(page.getByRole("searchbox", { name: "Cerca cartomanti" })).toHaveValue("amore");
  for (const name of LOVE_PSYCHICS) await expect(page.getByRole("article", { name })).toBeVisible();
  await expect(page.getByRole("article", { name: "Orione" })).toHaveCount(0);

  // Topics and techniques are two filters; a topic narrows the list as the words did.
  await page.getByRole("searchbox", { name: "Cerca cartomanti" }).fill("");
  const filter = page.getByRole("combobox", { name: "Ambito di consulto" });
  await expect(filter.locator("option", { hasText: "Amore e Relazioni" })).toHaveCount(1);
  await expect(page.getByRole("combobox", { name: "Tecnica" }).locator("option", { hasText: "Tarocchi" })).toHaveCount(1);
  await filter.selectOption({ label: "Amore e Relazioni" });
  await expect(page).toHaveURL(/[?&]topic=Amore\+e\+Relazioni/);
  for (const name of LOVE_PSYCHICS) await expect(page.getByRole("article", { name })).toBeVisible();
  await expect(page.getByRole("article", { name: "Morgana" })).toHaveCount(0);
});

test("the header search finds psychics and topics; a topic opens the filtered list, a psychic their profile", async ({ page }) => {
  // It scans the dialog with axe and then opens the filtered list and a profile: more than the default 30 s.
  test.setTimeout(60_000);
  await page.goto("/");
  // The shortcut is the app's: wait until it has rendered (after reading the device's kept views).
  await expect(page.getByRole("button", { name: "Cerca nel sito" })).toBeVisible();
  await page.keyboard.press("Control+k");
  const input = page.getByRole("combobox", { name: "Cerca pagine, informazioni..." });
  await expect(input).toBeFocused();
  await input.fill("amore");
  const psychics = page.getByRole("group", { name: "Cartomanti" });
  for (const name of LOVE_PSYCHICS) await expect(psychics.getByRole("option", { name, exact: true })).toBeVisible();
  for (const name of OTHER_PSYCHICS) await expect(psychics.getByRole("option", { name, exact: true })).toHaveCount(0);
  const topic = page.getByRole("group", { name: "Ambiti di consulto" }).getByRole("option", { name: "Amore e Relazioni" });
  await expect(topic).toBeVisible();
  await expectAccessible(page, "the site search with psychics and a topic");

  // By keyboard: up from the first psychic wraps to the last option, the topic.
  await expect(page.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowUp");
  await expect(topic).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/psychics\?topic=Amore\+e\+Relazioni$/);
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(page.getByRole("combobox", { name: "Ambito di consulto" }).locator("option:checked")).toHaveText("Amore e Relazioni");
  for (const name of LOVE_PSYCHICS) await expect(page.getByRole("article", { name })).toBeVisible();
  for (const name of OTHER_PSYCHICS) await expect(page.getByRole("article", { name })).toHaveCount(0);

  await page.getByRole("button", { name: "Cerca nel sito" }).click();
  await page.getByRole("combobox", { name: "Cerca pagine, informazioni..." }).fill("aurora");
  await page.getByRole("option", { name: "Aurora", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Aurora" })).toBeVisible();
});

test("a psychic who has just published appears in an open header search, live", async ({ page }) => {
  const suffix = Date.now().toString(36).slice(-5);
  const name = `Ginevra ${suffix}`;
  await page.goto("/");
  // The shortcut is the app's: wait until it has rendered (after reading the device's kept views).
  await expect(page.getByRole("button", { name: "Cerca nel sito" })).toBeVisible();
  await page.keyboard.press("Control+k");
  await page.getByRole("combobox", { name: "Cerca pagine, informazioni..." }).fill(`ginevra ${suffix}`);
  await expect(page.getByText("Nessun risultato trovato")).toBeVisible();

  const psychic = await signUpThroughApi(`Ginevra Psychic ${suffix}`, "psychic");
  const backend = backendAs(psychic.session);
  await backend.mutation(api.psychicProfiles.ensureMine, {});
  await acceptConductThroughApi(psychic.session);
  await backend.mutation(api.psychicProfiles.publishMine, {
    psychicName: name,
    bio: "Leggo le carte per le domande di cuore, con calma.",
    specialties: ["Tarocchi"],
    specializations: ["Amore e Relazioni"],
    yearsExperience: 3,
    availableDurations: [30],
    pricesCents: { "30": 3000 },
    availability: defaultAvailability(),
  });
  await expect(page.getByRole("group", { name: "Cartomanti" }).getByRole("option", { name })).toBeVisible();
});
