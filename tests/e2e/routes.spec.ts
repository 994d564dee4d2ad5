import { listedPsychic } from "./api";
import { expect, expectAccessible, test } from "./fixtures";
import { PHONE } from "./widths";

/**
 * The routes a visitor may not open, and the Italian heading each shows instead (the open pages' headings are
 * checked with their accessibility in accessibility.spec.ts).
 */
const routeHeadings: Array<[path: string, heading: string | RegExp]> = [
  ["/psychics/abc123/book", "Cartomante non trovato"],
  ["/payment-success", "Accedi ad Arcano"],
  // Signed out, the dashboards, settings and call pages send the visitor to sign in first, and the
  // admin pages send them home; guards.spec.ts follows the redirects themselves.
  ["/dashboard", "Accedi ad Arcano"],
  ["/settings", "Accedi ad Arcano"],
  ["/psychic-dashboard", "Accedi ad Arcano"],
  ["/psychic/settings", "Accedi ad Arcano"],
  ["/psychic/earnings", "Accedi ad Arcano"],
  ["/admin-dashboard", "Il consulto di cartomanzia, quando vuoi tu"],
  ["/admin/messages", "Il consulto di cartomanzia, quando vuoi tu"],
  ["/call/booking123", "Accedi ad Arcano"],
];

for (const [path, heading] of routeHeadings) {
  test(`${path} shows its Italian heading`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "it");
  });
}

/** Each page names itself in the browser tab; a visitor sent elsewhere sees that page's title. */
const tabTitles: Array<[path: string, title: string]> = [
  ["/", "Arcano — consulti di cartomanzia"],
  ["/psychics", "I nostri cartomanti | Arcano"],
  ["/about", "Chi siamo | Arcano"],
  ["/contact", "Contattaci | Arcano"],
  ["/login", "Accedi | Arcano"],
  ["/dashboard", "Accedi | Arcano"],
  ["/psychics/abc123/book", "Cartomante non trovato | Arcano"],
  ["/non-esiste", "Pagina non trovata | Arcano"],
];

test("every page has its own title in the browser tab; a profile and its booking page carry the psychic's name", async ({ page }) => {
  for (const [path, title] of tabTitles) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(title);
  }
  const selene = await listedPsychic("Selene");
  await page.goto(`/psychics/${selene.id}`);
  await expect(page).toHaveTitle("Selene — Cartomante | Arcano");
  await page.goto(`/psychics/${selene.id}/book`);
  await expect(page).toHaveTitle("Prenota con Selene | Arcano");
});

test("a next free time on a profile opens the booking page with that day and time chosen", async ({ page }) => {
  const selene = await listedPsychic("Selene");
  await page.goto(`/psychics/${selene.id}`);
  const next = page.getByRole("complementary", { name: "Prossime disponibilità" }).getByRole("link").first();
  const label = (await next.getAttribute("aria-label"))!;
  const time = label.match(/alle (\d{2}:\d{2}) \(/)![1];
  await next.click();
  // The readable address, which an id address is replaced with.
  await expect(page).toHaveURL(new RegExp(`/psychics/${selene.slug}/book\\?.*time=${time.replace(":", "%3A")}`));
  await expect(page.getByRole("button", { name: time, exact: true })).toHaveAttribute("aria-pressed", "true");
});

test("a card's 'Prima disponibilità' opens the booking page on that time, as the profile's does", async ({ page }) => {
  const orione = await listedPsychic("Orione");
  await page.goto("/psychics");
  const first = page.getByRole("article", { name: "Orione" }).getByRole("link", { name: /^Prima disponibilità: / });
  const time = (await first.textContent())!.match(/(\d{2}:\d{2})$/)![1];
  await first.click();
  await expect(page).toHaveURL(new RegExp(`/psychics/${orione.slug}/book\\?.*time=${time.replace(":", "%3A")}`));
  await expect(page.getByRole("button", { name: time, exact: true })).toHaveAttribute("aria-pressed", "true");

  await page.goto(`/psychics/${orione.id}`);
  await expect(page.getByRole("link", { name: /^Prima disponibilità: / })).toBeVisible();
});

test("an unknown path shows the 404 page with a link home, and is logged", async ({ page }) => {
  const warnings: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "warning") warnings.push(message.text());
  });
  await page.goto("/non-esiste/davvero");
  await expect(page.getByRole("heading", { level: 1, name: "Oops! Pagina non trovata" })).toBeVisible();
  await expect.poll(() => warnings.some((text) => text.includes("/non-esiste/davvero"))).toBe(true);
  await page.getByRole("link", { name: "Torna alla home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Il consulto di cartomanzia, quando vuoi tu" })).toBeVisible();
});

test("/faq redirects to the client FAQ", async ({ page }) => {
  await page.goto("/faq");
  await expect(page).toHaveURL(/\/client-faq$/);
  await expect(page.getByRole("heading", { level: 1, name: "Domande frequenti dei clienti" })).toBeVisible();
});

// The empty state of the featured psychics is covered by tests/ui/featuredPsychics.test.tsx: here the demo seed fills it.
test("the home page has its sections and up to three featured psychics", async ({ page }) => {
  await page.goto("/");
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Trova il tuo cartomante" })).toHaveAttribute("href", "/psychics");
  await expect(main.getByRole("link", { name: "Come funziona" })).toHaveAttribute("href", "/how-it-works");
  await expect(main.getByRole("heading", { name: "Quattro passi per il tuo consulto" })).toBeVisible();
  const featured = main.getByRole("region", { name: "I cartomanti più apprezzati" }).getByRole("article");
  await expect(featured).toHaveCount(3);
  for (const card of await featured.all()) {
    await expect(card.getByRole("link", { name: "Profilo" })).toHaveAttribute("href", /^\/psychics\/[^/]+$/);
    await expect(card.getByRole("link", { name: "Prenota" })).toHaveAttribute("href", /^\/psychics\/[^/]+\/book$/);
    await expect(card.getByText(/^Da €\d+\/\d+min$/)).toBeVisible();
  }
  await expect(main.getByText("Non ci sono ancora cartomanti disponibili.")).toHaveCount(0);
  await expect(main.getByRole("link", { name: "Vedi tutti i cartomanti" })).toHaveAttribute("href", "/psychics");
  await expect(main.getByRole("heading", { name: "Perché scegliere Arcano" })).toBeVisible();
  await expect(main.getByRole("link", { name: "Domande frequenti" })).toHaveAttribute("href", "/client-faq");
});

test("the signed-out header offers Accedi and Registrati, the footer its columns and admin link", async ({ page }) => {
  await page.goto("/");
  const header = page.getByRole("banner");
  await header.getByRole("link", { name: "Accedi" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await header.getByRole("link", { name: "Registrati" }).click();
  await expect(page).toHaveURL(/\/register$/);
  const footer = page.getByRole("contentinfo");
  for (const column of ["Per i cartomanti", "Per i clienti", "Informazioni"]) {
    await expect(footer.getByRole("heading", { name: column })).toBeVisible();
  }
  await expect(footer.getByText(`© ${new Date().getFullYear()} Arcano`)).toBeVisible();
  await footer.getByRole("link", { name: "Area amministratori" }).click();
  await expect(page).toHaveURL(/\/admin-login$/);
});

test("a navigation scrolls back to the top", async ({ page }) => {
  await page.goto("/");
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  await page.getByRole("contentinfo").getByRole("link", { name: "Chi siamo" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Chi siamo" })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test.describe("on a 360 px phone", () => {
  test.use(PHONE);

  test("at 360 px the menu is collapsed, opens, navigates and closes", async ({ page }) => {
    // A page load and an axe scan: past the default 30 s on a busy machine.
    test.setTimeout(60_000);
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Apri il menu" });
    await expect(toggle).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Navigazione principale" })).toBeHidden();
    await toggle.click();
    const menu = page.getByRole("navigation", { name: "Menu mobile" });
    await expect(menu).toBeVisible();
    await expectAccessible(page, "the mobile menu");
    await expect(menu.getByRole("link", { name: "Accedi" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Registrati" })).toBeVisible();
    await menu.getByRole("link", { name: "Come Funziona" }).click();
    await expect(page).toHaveURL(/\/how-it-works$/);
    await expect(page.getByRole("heading", { level: 1, name: "Come funziona" })).toBeVisible();
    await expect(menu).toBeHidden();
  });

  for (const path of ["/", "/about", "/how-it-works", "/terms", "/privacy", "/client-faq", "/psychic-faq", "/nope"]) {
    test(`${path} fits 360 px without horizontal scrolling`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});
