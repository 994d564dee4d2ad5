import { personPage, sessionState, signUpThroughApi } from "./api";
import { expect, test } from "./fixtures";
import { pngOf } from "./photos";
import { PHONE } from "./widths";

test("the demo psychics are listed, searched and filtered; an unknown id is not found", async ({ page }) => {
  await page.goto("/psychics");
  const cards = page.getByRole("article");
  await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(8);
  await expect(page.getByText(/Prezzi finali in euro, IVA inclusa/)).toBeVisible();

  const search = page.getByRole("searchbox", { name: "Cerca cartomanti" });
  await search.fill("ORIONE");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toHaveAccessibleName("Orione");
  // A word of a bio finds nobody: the search reads names, techniques and topics (with their synonyms).
  await search.fill("fatalismi");
  await expect(page.getByRole("heading", { name: "Nessun cartomante trovato" })).toBeVisible();
  await search.fill("");

  await page.getByRole("combobox", { name: "Tecnica" }).selectOption({ label: "Rune" });
  await expect(page.getByRole("article", { name: "Elia" })).toBeVisible();
  await expect(page.getByRole("article", { name: "Iside" })).toBeVisible();
  await expect(page.getByRole("article", { name: "Orione" })).toHaveCount(0);
  await expect(page).toHaveURL(/specialty=Rune/);

  await search.fill("nessuno-si-chiama-così");
  await expect(page.getByRole("heading", { name: "Nessun cartomante trovato" })).toBeVisible();
  await expect(page.getByText("Prova a modificare i tuoi criteri di ricerca o rimuovi i filtri.")).toBeVisible();

  await page.goto("/psychics");
  await page.getByRole("article", { name: "Orione" }).getByRole("link", { name: "Profilo" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Orione" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Chi sono" })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("tab", { name: "Recensioni" }).click();
  // Orione has the demo's past reviews, newest first.
  await expect(page.getByRole("list", { name: "Recensioni" }).getByRole("listitem").first()).toBeVisible();
  await page.getByRole("tab", { name: "Disponibilità" }).click();
  // The week's hours, in their tab (the psychic's figures above are terms too).
  await expect(page.getByRole("tabpanel", { name: "Disponibilità" }).getByRole("term")).toHaveText(["Lunedì", "Martedì", "Mercoledì", "Giovedì", "Venerdì", "Sabato", "Domenica"]);
  const prices = page.getByRole("complementary", { name: "Durate e prezzi" });
  await expect(prices.getByRole("link", { name: "Prenota un consulto" })).toHaveAttribute("href", /\/psychics\/[^/]+\/book$/);

  await page.goto("/psychics/non-esiste");
  await expect(page.getByRole("heading", { level: 1, name: "Cartomante non trovato" })).toBeVisible();
  await expect(page.getByText("Il profilo richiesto non è disponibile.")).toBeVisible();
  await page.getByRole("link", { name: "Torna alla lista" }).click();
  await expect(page).toHaveURL(/\/psychics$/);
});

test("the profile editor is for signed-in psychics only", async ({ page }) => {
  await page.goto("/psychic/profile");
  await expect(page).toHaveURL(/\/login/);

  await page.getByLabel("Email").fill("cliente@esempio.it");
  await page.getByLabel("Password", { exact: true }).fill("arcano-demo");
  await page.getByRole("button", { name: "Accedi" }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto("/psychic/profile");
  await expect(page.getByRole("heading", { name: "Accesso riservato ai cartomanti" })).toBeVisible();
});

test("a new psychic publishes a profile with a photo; a client sees it appear, finds it and loses it live", async ({ browser }) => {
  // A whole profile filled in and published, then watched from two more pages: more than the default 30 s.
  test.setTimeout(60_000);
  const suffix = Date.now().toString(36).slice(-5);
  const name = `Vega ${suffix}`;
  const errors: string[] = [];

  // The client watches the list and will see the psychic arrive without reloading.
  const client = await personPage(browser, undefined, errors);
  await client.goto("/psychics");
  await expect.poll(() => client.getByRole("article").count()).toBeGreaterThanOrEqual(8);
  await expect(client.getByRole("article", { name })).toHaveCount(0);

  const psychicErrors: string[] = [];
  const psychic = await signUpThroughApi(`Vega Psychic ${suffix}`, "psychic");
  const page = await personPage(browser, sessionState(psychic.session), psychicErrors);
  await page.goto("/psychic/profile");
  await expect(page.getByRole("heading", { level: 1, name: "Il tuo profilo" })).toBeVisible();
  await expect(page.getByLabel("Stato: Bozza")).toBeVisible();

  // Editable at once; publishing the default profile fails: it has no biography yet.
  await expect(page.getByRole("button", { name: "Scarta le modifiche" })).toBeDisabled();
  await page.getByRole("button", { name: "Salva e pubblica" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Completa nome, biografia e almeno una specialità." })).toBeVisible();

  // Photos are checked in the browser before any upload (the server checks the bytes again, tests/convex):
  // no image, an image that only claims to be a PNG, and a real 1×1 PNG are all refused.
  const photoInput = page.locator("input[type=file]");
  await photoInput.setInputFiles({ name: "note.txt", mimeType: "text/plain", buffer: Buffer.from("ciao") });
  await expect(page.getByRole("alert").filter({ hasText: "JPEG, PNG o WebP" })).toBeVisible();
  await photoInput.setInputFiles({ name: "finta.png", mimeType: "image/png", buffer: Buffer.from("not really a png") });
  await expect(page.getByRole("alert").filter({ hasText: "JPEG, PNG o WebP" })).toBeVisible();
  await photoInput.setInputFiles({ name: "puntino.png", mimeType: "image/png", buffer: pngOf(1, 1) });
  await expect(page.getByRole("alert").filter({ hasText: "La foto deve essere di almeno 200×200 pixel." })).toBeVisible();
  await expect(page.getByRole("img", { name: "La tua foto" })).toHaveCount(0);
  // A real photo: cropped to a square (zoomed in and moved by keyboard), then uploaded.
  await photoInput.setInputFiles({ name: "vega.png", mimeType: "image/png", buffer: pngOf(320, 240) });
  const crop = page.getByRole("dialog", { name: "Ritaglia la foto" });
  await crop.getByRole("group", { name: "Area di ritaglio" }).focus();
  await page.keyboard.press("+");
  await page.keyboard.press("ArrowRight");
  await expect(crop.getByRole("status")).toHaveText("Zoom 125%");
  await crop.getByRole("button", { name: "Usa questa foto" }).click();
  // The upload goes to the backend's storage with its progress; on a loaded machine it may start late.
  await expect(page.getByText("Foto aggiornata").first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("img", { name: "La tua foto" })).toHaveAttribute("src", /^http/);

  await page.getByLabel("Nome", { exact: true }).fill(name);
  await page.getByLabel("Biografia").fill("Leggo cristalli e carte con calma, per domande di lavoro e di cuore.");
  await page.getByRole("checkbox", { name: "Cristallomanzia" }).check();
  await page.getByRole("checkbox", { name: "Carriera e Lavoro" }).check();
  await page.getByLabel("Anni di esperienza").fill("7");
  await page.getByRole("checkbox", { name: "60 minuti" }).check();
  await page.getByLabel("Prezzo voce per 60 minuti (€)").fill("90");
  // Hours as ranges: Tuesday 10:00–10:30 and 11:30–12:00, Wednesday until midnight.
  await page.getByRole("checkbox", { name: "Martedì" }).check();
  await page.getByRole("button", { name: "Aggiungi una fascia oraria a Martedì" }).click();
  await page.getByRole("combobox", { name: "Martedì, fascia 1: dalle" }).selectOption("10:00");
  await page.getByRole("combobox", { name: "Martedì, fascia 1: alle" }).selectOption("10:30");
  await page.getByRole("button", { name: "Aggiungi una fascia oraria a Martedì" }).click();
  await page.getByRole("combobox", { name: "Martedì, fascia 2: dalle" }).selectOption("11:30");
  await page.getByRole("combobox", { name: "Martedì, fascia 2: alle" }).selectOption("12:00");
  await page.getByRole("checkbox", { name: "Mercoledì" }).check();
  await page.getByRole("button", { name: "Aggiungi una fascia oraria a Mercoledì" }).click();
  await page.getByRole("combobox", { name: "Mercoledì, fascia 1: dalle" }).selectOption("22:00");
  await page.getByRole("combobox", { name: "Mercoledì, fascia 1: alle" }).selectOption("24:00");
  // The preview shows the card as it will be, before saving.
  await expect(page.getByRole("region", { name: "Come ti vedono i clienti" }).getByRole("heading", { name })).toBeVisible();

  await page.getByRole("button", { name: "Salva come bozza" }).click();
  await expect(page.getByText("Profilo salvato").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Scarta le modifiche" })).toBeDisabled();
  await expect(page.getByLabel("Stato: Bozza")).toBeVisible();

  await expect(page.getByText(/i clienti vedranno subito il profilo come nell'anteprima/)).toBeVisible();
  // The code of conduct first: Publish is refused without it.
  await page.getByRole("button", { name: "Ho letto e accetto il codice di condotta" }).click();
  await expect(page.getByText(/Hai accettato il codice di condotta \(versione \d+\)/)).toBeVisible();
  await page.getByRole("button", { name: "Salva e pubblica" }).click();
  await expect(page.getByText("Profilo pubblicato").first()).toBeVisible();
  await expect(page.getByLabel("Stato: Approvato")).toBeVisible();
  // Public now: every save is public, so the draft save is gone.
  await expect(page.getByRole("button", { name: "Salva come bozza" })).toHaveCount(0);
  await expect(page.getByText("Il profilo è pubblico: i clienti vedranno subito le modifiche.")).toBeVisible();

  // Live: the card arrives in the client's open list, with the uploaded photo.
  const card = client.getByRole("article", { name });
  await expect(card).toBeVisible();
  await expect(card.getByText("Da €50/30min")).toBeVisible();
  await expect(card.getByRole("img", { name: `Foto di ${name}` })).toHaveAttribute("src", /^http/);

  await client.getByRole("combobox", { name: "Tecnica" }).selectOption({ label: "Cristallomanzia" });
  await expect(card).toBeVisible();
  await expect(client.getByRole("article", { name: "Orione" })).toHaveCount(0);
  await client.getByRole("searchbox", { name: "Cerca cartomanti" }).fill(suffix);
  await expect(client.getByRole("article")).toHaveCount(1);

  // The profile page, in a second tab of the client, stays open while the psychic hides it.
  const profile = await client.context().newPage();
  profile.on("pageerror", (error) => errors.push(error.message));
  await card.getByRole("link", { name: "Profilo" }).click();
  await expect(client.getByRole("heading", { level: 1, name })).toBeVisible();
  await profile.goto(client.url());
  await client.goBack();
  await expect(profile.getByRole("heading", { level: 1, name })).toBeVisible();
  const prices = profile.getByRole("complementary", { name: "Durate e prezzi" });
  await expect(prices.getByText("60 minuti")).toBeVisible();
  await expect(prices.getByText(/90\s€/)).toBeVisible();
  await profile.getByRole("tab", { name: "Disponibilità" }).click();
  const hours = profile.getByRole("tabpanel", { name: "Disponibilità" });
  await expect(hours.getByRole("definition").nth(1)).toHaveText("10:00–10:30, 11:30–12:00");
  await expect(hours.getByRole("definition").nth(2)).toHaveText("22:00–24:00");

  // Availability off: the card and the profile stay, booking goes, live.
  await page.goto("/psychic/settings");
  const available = page.getByRole("switch", { name: "Disponibile per consulti" });
  await expect(available).toBeChecked();
  await available.click();
  await expect(available).not.toBeChecked();
  await expect(card.getByText("Non disponibile")).toBeVisible();
  await expect(card.getByRole("link", { name: "Prenota" })).toHaveCount(0);
  await expect(profile.getByText(`Al momento ${name} non accetta nuovi consulti.`)).toBeVisible();
  await expect(prices.getByRole("link", { name: "Prenota un consulto" })).toHaveCount(0);

  const visible = page.getByRole("switch", { name: "Profilo pubblico" });
  await expect(visible).toBeChecked();
  await visible.click();
  await expect(visible).not.toBeChecked();

  await expect(client.getByRole("article", { name })).toHaveCount(0);
  await expect(profile.getByRole("heading", { level: 1, name: "Cartomante non trovato" })).toBeVisible();
  expect(errors, "console errors in the client's pages").toEqual([]);
  expect(psychicErrors, "console errors in the psychic's page").toEqual([]);
});

test.describe("on a 360 px phone", () => {
  test.use(PHONE);

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
});
