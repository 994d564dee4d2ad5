// The pages scanned on their own: every page and page state people meet (open dialogs, a
// chosen time, the checkout, the call room) passes axe-core's WCAG 2 A/AA rules with no serious or
// critical violation, as the person who may see it. States are reached directly (saved sessions, data
// made through the backend's API); the states of one page, or pages one person walks through, share a
// test and move inside the app, so axe-core is put into the page once and each further scan costs the scan
// only. A state a journey already reaches is scanned in that journey instead. 360 px states: the phone block at the end;
// the call room (its own browser flags): accessibility.call.spec.ts; states behind a platform switch:
// accessibility.exclusive.spec.ts.
import type { Page } from "@playwright/test";
import { bookAndPayThroughApi, listedPsychic, mondayAhead, sessionState, signUpThroughApi, startCheckoutThroughApi } from "./api";
import { runInternal, uniqueEmail } from "./env";
import { expect, expectAccessible, openMoveOfFirstBooking, sessionFile, test } from "./fixtures";
import { pngOf } from "./photos";
import { tickCheckoutConsent } from "./checkoutConsent";
import { PHONE } from "./widths";

/** The open pages and the Italian heading each must show (the signed-out redirects are in routes.spec.ts). */
const publicPages: Array<[path: string, heading: string]> = [
  ["/", "Il consulto di cartomanzia, quando vuoi tu"],
  ["/about", "Chi siamo"],
  ["/contact", "Contattaci"],
  ["/psychics", "I nostri cartomanti"],
  ["/psychics/nessuno", "Cartomante non trovato"],
  ["/payment-canceled", "Pagamento annullato"],
  ["/login", "Accedi ad Arcano"],
  ["/register", "Crea il tuo account"],
  ["/reset-password", "Reimposta la password"],
  ["/admin-login", "Accesso amministratori"],
  ["/how-it-works", "Come funziona"],
  ["/come-funzionano-recensioni", "Come funzionano recensioni e classifica"],
  ["/terms", "Termini di servizio"],
  ["/privacy", "Informativa sulla privacy"],
  ["/client-faq", "Domande frequenti dei clienti"],
  ["/psychic-faq", "Domande frequenti dei cartomanti"],
  ["/non-esiste", "Oops! Pagina non trovata"],
  // Not next to /register: the same heading would be found before the page changed.
  ["/register?type=psychic", "Crea il tuo account"],
];

async function openWithHeading(page: Page, path: string, heading?: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, ...(heading ? { name: heading } : {}) })).toBeVisible();
}

/**
 * Moves to `path` inside the app, as its own links do (the router follows the history): the document, and the
 * axe-core put into it, stay.
 */
async function goInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, "", to);
    dispatchEvent(new PopStateEvent("popstate"));
  }, path);
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === path);
}

/** Each page's heading and language, then its scan; the first page is loaded, the others reached inside the app. */
async function scanPages(page: Page, pages: Array<[path: string, heading: string]>) {
  for (const [index, [path, heading]] of pages.entries()) {
    if (index === 0) await page.goto(path);
    else await goInApp(page, path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "it");
    await expectAccessible(page, path);
  }
}

const selenePath = async () => `/psychics/${(await listedPsychic("Selene")).id}`;

test.describe("a visitor", () => {
  // Three walks of six or seven pages, so the two workers share them.
  for (const pages of [publicPages.slice(0, 6), publicPages.slice(6, 12), publicPages.slice(12)]) {
    test(`${pages.map(([path]) => path).join(", ")} show their Italian headings and are accessible`, async ({ page }) => {
      await scanPages(page, pages);
    });
  }

  test("the site search dialog, open", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("banner").getByRole("button", { name: /Cerca/ }).first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectAccessible(page, "site search dialog");
  });

  test("a psychic's profile, each tab, and the reviews after 'Carica altre recensioni'", async ({ page }) => {
    await openWithHeading(page, await selenePath(), "Selene");
    for (const tab of ["Chi sono", "Disponibilità", "Recensioni"]) {
      await page.getByRole("tab", { name: tab }).click();
      await expect(page.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true");
      if (tab === "Recensioni") await expect(page.getByRole("list", { name: "Recensioni" }).getByRole("listitem").first()).toBeVisible();
      await expectAccessible(page, `psychic profile, ${tab}`);
    }
    const items = page.getByRole("list", { name: "Recensioni" }).getByRole("listitem");
    await expect(items).toHaveCount(10);
    await page.getByRole("button", { name: "Carica altre recensioni" }).click();
    await expect.poll(() => items.count()).toBeGreaterThan(10);
    await expectAccessible(page, "the Reviews tab after loading more");
  });

  test("the booking page, and with a time chosen (the sign-up prompt)", async ({ page }) => {
    const choice = `${await selenePath()}/book?date=${mondayAhead(8)}&duration=30`;
    await page.goto(choice);
    await expect(page.getByRole("button", { name: "10:00", exact: true })).toBeVisible();
    await expectAccessible(page, "booking page");
    await page.getByRole("button", { name: "10:00", exact: true }).click();
    await expect(page.getByRole("main").getByRole("link", { name: "Registrati", exact: true })).toBeVisible();
    await expectAccessible(page, "booking page with a time chosen");
  });

  test("sign-up's second step, the emailed code", async ({ page }) => {
    await page.goto("/register");
    const form = page.getByRole("form", { name: "Registrati" });
    await form.getByLabel("Nome e cognome").fill("Anna Accessibile");
    await form.getByLabel("Email").fill(uniqueEmail("anna"));
    await form.getByLabel("Password", { exact: true }).fill("segreta-1");
    await form.getByLabel("Conferma password").fill("segreta-1");
    await form.getByRole("checkbox", { name: /Dichiaro di avere almeno 18 anni/ }).check();
    await form.getByRole("button", { name: "Crea account" }).click();
    await expect(page.getByRole("form", { name: "Conferma l'indirizzo email" })).toBeVisible();
    await expectAccessible(page, "sign-up code step");
  });

});

test.describe("a new client paying", () => {
  test("the hosted checkout of the Stripe stand-in", async ({ page }) => {
    const client = await signUpThroughApi("Carla Controllo");
    const { url } = await startCheckoutThroughApi(client.session, { psychic: "Selene", date: mondayAhead(9), time: "09:00" });
    await page.goto(url);
    await expect(page.getByLabel("Numero della carta")).toBeVisible();
    await expectAccessible(page, "hosted checkout");
  });

  test("a pending payment: its banner on the booking page and at the top of the dashboard", async ({ browser }) => {
    const client = await signUpThroughApi("Bianca Banner");
    const psychic = await listedPsychic("Selene");
    await startCheckoutThroughApi(client.session, { psychic: "Selene", date: mondayAhead(9), time: "14:30" });
    const page = await (await browser.newContext({ storageState: sessionState(client.session) })).newPage();
    await page.goto(`/psychics/${psychic.id}/book?date=${mondayAhead(9)}&duration=30`);
    await expect(page.getByRole("button", { name: /^Cambia orario/ })).toBeVisible();
    await expectAccessible(page, "booking page with a pending payment");
    await page.goto("/dashboard");
    await expect(page.getByRole("region", { name: "Pagamento in sospeso" })).toBeVisible();
    await expectAccessible(page, "dashboard with a pending payment");
    await page.context().close();
  });

  test("/payment-success of a paid booking", async ({ browser }) => {
    const client = await signUpThroughApi("Paola Pagata");
    const { checkoutSessionId } = await bookAndPayThroughApi(client.session, { psychic: "Selene", date: mondayAhead(9), time: "10:30" });
    const page = await (await browser.newContext({ storageState: sessionState(client.session) })).newPage();
    await page.goto(`/payment-success?session_id=${checkoutSessionId}`);
    await expect(page.getByText("Confermato", { exact: true })).toBeVisible();
    await expectAccessible(page, "/payment-success");
    await page.context().close();
  });
});

test.describe("the demo client", () => {
  test.use({ storageState: sessionFile("client") });

  test("/dashboard, its cancellation dialog and its review dialog", async ({ page }) => {
    await openWithHeading(page, "/dashboard");
    await expect(page.getByRole("list", { name: "Tutti i consulti" }).getByRole("listitem").first()).toBeVisible();
    await expectAccessible(page, "/dashboard");

    await page
      .getByRole("list", { name: "Prossimi consulti" })
      .getByRole("button", { name: /^Annulla il consulto con/ })
      .first()
      .click();
    // 'Rimborso completo' or, when the first consultation starts within 2 hours, 'Nessun rimborso'.
    await expect(page.getByRole("alertdialog")).toContainText(/rimborso/i);
    await expectAccessible(page, "the cancellation dialog");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("alertdialog")).toHaveCount(0);

    const reviews = page.getByRole("list", { name: "Consulti completati e recensioni" });
    await reviews
      .getByRole("button", { name: /^(Lascia una recensione|Modifica la recensione)$/ })
      .first()
      .click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectAccessible(page, "the review dialog");
  });

  test("/settings, its deletion dialog, and the data export ready", async ({ page }) => {
    await openWithHeading(page, "/settings", "Impostazioni account");
    await expectAccessible(page, "/settings");

    await page
      .getByRole("main")
      .getByRole("button", { name: /Elimina account/ })
      .click();
    await expect(page.getByRole("alertdialog")).toBeVisible();
    await expectAccessible(page, "/settings, deletion dialog");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("alertdialog")).toHaveCount(0);

    const card = page.getByRole("region", { name: "Scarica i tuoi dati" });
    await card.getByRole("button", { name: "Scarica i tuoi dati" }).click();
    await expect(card.getByRole("status")).toContainText("I tuoi dati sono pronti");
    await expectAccessible(page, "/settings, data export ready");
  });

  test("the booking page, signed in, and moving a booking", async ({ page }) => {
    await openWithHeading(page, `${await selenePath()}/book`);
    await expectAccessible(page, "booking page, signed in");
    await openMoveOfFirstBooking(page);
    await expect(page.getByRole("complementary", { name: "Spostamento del consulto" })).toBeVisible();
    await expectAccessible(page, "the booking page moving a booking");
  });
});

test.describe("the demo psychic", () => {
  test.use({ storageState: sessionFile("psychic") });

  test("/psychic-dashboard with the monthly figures, and the psychic's cancellation dialog", async ({ page }) => {
    await openWithHeading(page, "/psychic-dashboard");
    const figures = page.getByRole("region", { name: "Andamento mensile" });
    await expect(figures.getByRole("table", { name: /ultimi 6 mesi/ }).getByRole("row")).toHaveCount(7);
    await expect(
      figures
        .getByRole("img", { name: /^Grafico dei guadagni netti/ })
        .locator("svg .recharts-bar-rectangle")
        .first(),
    ).toBeVisible();
    await expectAccessible(page, "the psychic dashboard with the monthly figures");

    // The latest consultation (under 'Prossimi consulti', or 'Oggi' late in the day): other tests book the demo
    // psychic for a few minutes on, and one of those could start, and lose its button, while the dialog opens.
    await page
      .getByRole("main")
      .getByRole("button", { name: /^Annulla il consulto con/ })
      .last()
      .click();
    await expect(page.getByRole("alertdialog", { name: "Annullare il consulto?" })).toContainText("rimborso completo");
    await expectAccessible(page, "the psychic's cancellation dialog");
  });

  test("/psychic/profile, and with the photo crop dialog open", async ({ page }) => {
    await openWithHeading(page, "/psychic/profile");
    await expectAccessible(page, "/psychic/profile");
    await page.locator("input[type=file]").setInputFiles({ name: "ritratto.png", mimeType: "image/png", buffer: pngOf(400, 300) });
    await expect(page.getByRole("dialog", { name: "Ritaglia la foto" })).toBeVisible();
    await expectAccessible(page, "/psychic/profile, photo crop dialog");
  });

  test("/psychic/settings with the 'Ricevi i pagamenti' card and the fiscal data form loaded", async ({ page }) => {
    await openWithHeading(page, "/psychic/settings");
    const card = page.getByRole("region", { name: "Ricevi i pagamenti" });
    await expect(card.getByText(/^(Non iniziato|Documenti richiesti|In verifica|Pagamenti attivi)$/)).toBeVisible();
    await expect(page.getByRole("form", { name: "Dati fiscali" }).getByRole("button", { name: "Salva dati fiscali" })).toBeVisible();
    await expectAccessible(page, "/psychic/settings with the payouts card and the fiscal data form");
  });

  test("/psychic/earnings with the balance, the earnings and the payouts", async ({ page }) => {
    await openWithHeading(page, "/psychic/earnings", "Guadagni");
    await expect(page.getByRole("status", { name: /^Caricamento dei/ })).toHaveCount(0);
    await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
    await expectAccessible(page, "/psychic/earnings");
  });
});

test.describe("the demo admin", () => {
  test.use({ storageState: sessionFile("admin") });

  const tabs: Array<[tab: string, loaded: (page: Page) => ReturnType<Page["getByRole"]>]> = [
    ["panoramica", (p) => p.getByRole("region", { name: "Ricavi" })],
    ["utenti", (p) => p.getByRole("table", { name: "Utenti" })],
    ["cartomanti", (p) => p.getByRole("table", { name: "Cartomanti" })],
    ["clienti", (p) => p.getByRole("table", { name: "Clienti" })],
    ["prenotazioni", (p) => p.getByRole("table", { name: "Ultime prenotazioni" })],
    ["pagamenti", (p) => p.getByRole("table", { name: "Riconciliazione mensile" })],
    ["messaggi", (p) => p.getByRole("tabpanel")],
    ["impostazioni", (p) => p.getByRole("switch", { name: "Prenotazioni" })],
  ];
  // Two walks of four tabs, so the two workers share them.
  for (const walk of [tabs.slice(0, 4), tabs.slice(4)]) {
    test(`the dashboard's tabs ${walk.map(([tab]) => tab).join(", ")}`, async ({ page }) => {
      for (const [index, [tab, loaded]] of walk.entries()) {
        if (index === 0) await page.goto(`/admin-dashboard?tab=${tab}`);
        else await goInApp(page, `/admin-dashboard?tab=${tab}`);
        await expect(page.getByRole("tab", { selected: true })).toHaveText(new RegExp(`^${tab}`, "i"));
        await expect(loaded(page)).toBeVisible();
        await expectAccessible(page, `admin dashboard, ${tab}`);
      }
    });
  }

  test("/admin/messages", async ({ page }) => {
    await openWithHeading(page, "/admin/messages", "Messaggi di contatto");
    await expect(page.getByTestId("messages-found")).toHaveText(/\d+ messaggi? trovat/);
    await expectAccessible(page, "the admin inbox");
  });

  test("the reject dialog with its note missing", async ({ page }) => {
    const psychicName = `Lyra ${Date.now().toString(36)}`;
    await runInternal("demoScenes:pendingPsychic", { psychicName });
    await page.goto("/admin-dashboard?tab=cartomanti");
    await page
      .getByRole("article", { name: `Profilo di ${psychicName}` })
      .getByRole("button", { name: "Rifiuta" })
      .click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Conferma rifiuto" }).click();
    await expect(dialog.getByText("Scrivi una nota per il cartomante")).toBeVisible();
    await expectAccessible(page, "the reject dialog");
  });

  test("the call page refusing someone who is not a party", async ({ browser }) => {
    const bookingId = (await runInternal("seed:callNow", { minutes: 30 })) as string;
    // Its own page: the refusal is a caught error the page logs, which the console check would flag.
    const page = await (await browser.newContext({ storageState: sessionFile("admin") })).newPage();
    await page.goto(`/call/${bookingId}`);
    await expect(page.getByText("Non hai accesso a questo consulto")).toBeVisible();
    await expectAccessible(page, "call page refused");
    await page.context().close();
  });
});

test.describe("on a 360 px phone", () => {
  test.use(PHONE);

  // Page states that exist only on a phone (360 px) pass axe-core; the open menu, the home page and the list are
  // scanned in the journeys that reach them (routes.spec.ts, home.spec.ts).
  test.describe("the demo client", () => {
    test.use({ storageState: sessionFile("client") });

    test("at 360 px the booking page with a time chosen: the week strip and the pay bar", async ({ page }) => {
      // Read only: a Monday no other test books (booking.spec.ts's phone journey only holds the next one's 10:00).
      await page.goto(`/psychics/${(await listedPsychic("Selene")).id}/book?date=${mondayAhead(12)}&time=10:00&duration=30`);
      await expect(page.getByRole("button", { name: "10:00", exact: true })).toHaveAttribute("aria-pressed", "true");
      await tickCheckoutConsent(page);
      await expect(page.getByRole("region", { name: "Prezzo e pagamento" }).getByRole("button", { name: "Paga e prenota" })).toBeEnabled();
      await expectAccessible(page, "the booking page at 360 px");
    });
  });

  test.describe("the demo psychic", () => {
    test.use({ storageState: sessionFile("psychic") });

    test("at 360 px the dashboard's figures scroll sideways and take keyboard focus", async ({ page }) => {
      await page.goto("/psychic-dashboard");
      const figures = page.getByRole("region", { name: "Andamento mensile" });
      await expect(figures.getByRole("table", { name: /ultimi 6 mesi/ }).getByRole("row")).toHaveCount(7);
      await expect(figures.locator(".rt-ScrollAreaViewport")).toHaveAttribute("tabindex", "0");
      await expectAccessible(page, "the psychic dashboard at 360 px");
    });
  });

  test.describe("the demo admin", () => {
    test.use({ storageState: sessionFile("admin") });

    test("at 360 px the inbox with its filter menu", async ({ page }) => {
      await page.goto("/admin/messages");
      await expect(page.getByRole("combobox", { name: "Filtra per stato" })).toContainText(/Tutti \(\d+\)/);
      await expect(page.getByRole("main").getByRole("article").first()).toBeVisible();
      await expectAccessible(page, "the inbox at 360 px");
    });
  });
});
