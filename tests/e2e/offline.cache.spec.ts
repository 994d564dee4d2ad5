// The last-known views without a connection: a client who saw their dashboard once goes offline (the
// browser's own offline mode: no HTTP, no socket), reloads it from the service worker's app shell and reads
// their consultation's date, time and psychic from the device's cache, marked 'Aggiornato alle'. After
// signing out, the same offline reload shows nothing of that account.
import type { Page } from "@playwright/test";
import { formatItalianDate } from "../../convex/model/format";
import { connectionWords, NEEDS_CONNECTION } from "@/lib/browser/connection";
import { bookAndPayThroughApi, mondayAhead, personPage, sessionState, signUpThroughApi } from "./api";
import { expect, expectAccessible, test } from "./fixtures";

/** Waits until the service worker has precached the app shell and controls the page. */
async function shellCached(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** Console errors other than the browser's own lines about requests that could not go out offline. */
const unexpected = (errors: string[]) => errors.filter((text) => !/WebSocket connection to .* failed|ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(text));

/** The keys of the views kept in this browser's IndexedDB (idb-keyval's database 'arcano-cache'). */
function keptKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open("arcano-cache");
        open.onupgradeneeded = () => open.result.createObjectStore("views");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction("views", "readonly").objectStore("views").getAllKeys();
          request.onsuccess = () => {
            resolve(request.result.map(String));
            open.result.close();
          };
          request.onerror = () => reject(request.error);
        };
      }),
  );
}

test("a client's dashboard reloads offline from the cache, and nothing of it after signing out", async ({ browser }) => {
  test.setTimeout(60_000);
  const date = mondayAhead(13);
  const time = "11:00";
  const client = await signUpThroughApi("Livia Offline");
  await bookAndPayThroughApi(client.session, { psychic: "Selene", date, time });
  const errors: string[] = [];
  const page = await personPage(browser, sessionState(client.session), errors, { serviceWorkers: "allow" });
  const context = page.context();

  // Once online: the consultation is listed, its answers are written to IndexedDB, the app shell is cached.
  await page.goto("/dashboard");
  const upcoming = page.getByRole("list", { name: "Prossimi consulti" });
  await expect(upcoming).toContainText(`${formatItalianDate(date)}, ${time}`);
  await expect(upcoming).toContainText("Selene");
  await expect(page.getByTestId("cached-at")).toHaveCount(0);
  await expect.poll(async () => (await keptKeys(page)).some((key) => key.endsWith("|bookings:listMine:{}"))).toBe(true);
  await shellCached(page);

  // Offline, reloaded: the kept answers, said to be kept, and the page says it is offline.
  await context.setOffline(true);
  await page.reload();
  await expect(upcoming).toContainText(`${formatItalianDate(date)}, ${time}`);
  await expect(upcoming).toContainText("Selene");
  await expect(page.getByRole("status").filter({ hasText: /^Aggiornato (alle|il) / })).toBeVisible();
  await expect(page.getByRole("banner").getByText("Ciao, Livia Offline")).toBeVisible();
  await expect(page.getByTestId("connection-banner")).toHaveText(connectionWords.offline);
  // What needs the server is there, disabled until the connection is back.
  const cancel = upcoming.getByRole("button", { name: /Annulla il consulto con Selene/ });
  await expect(cancel).toBeDisabled();
  await expect(cancel).toHaveAccessibleDescription(NEEDS_CONNECTION);
  await expectAccessible(page, "client dashboard offline, from the cache");

  // Back online, the live answer replaces the kept one; signing out forgets the account's views on this device.
  await context.setOffline(false);
  await expect(page.getByTestId("cached-at")).toHaveCount(0, { timeout: 30_000 });
  await page.getByRole("banner").getByRole("button", { name: "Esci" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("banner").getByRole("link", { name: "Accedi" })).toBeVisible();
  await expect.poll(async () => (await keptKeys(page)).filter((key) => !key.startsWith("public|"))).toEqual([]);

  await context.setOffline(true);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
  await expect(page.getByText("Selene")).toHaveCount(0);
  await expect(page.getByText("Livia Offline")).toHaveCount(0);
  expect(unexpected(errors), "console errors on the page").toEqual([]);
});
