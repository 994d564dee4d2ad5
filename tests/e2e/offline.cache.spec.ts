// The last-known views without a connection: a client who saw their dashboard once reloads it with the
// backend's socket unreachable (every WebSocket the page opens is closed at once; the pages themselves
// still load over HTTP) and reads their consultation's date, time and reader from the device's cache,
// marked 'Aggiornato alle'. After signing out, the same reload shows nothing of that account.
import type { BrowserContext, Page } from "@playwright/test";
import { formatItalianDate } from "../../convex/model/format";
import { bookAndPayThroughApi, mondayAhead, personPage, sessionState, signUpThroughApi } from "./api";
import { expect, expectAccessible, test } from "./fixtures";

/** A page of the same browser (same storage and IndexedDB) whose connection to the backend never opens. */
async function pageWithoutSocket(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.routeWebSocket(/.*/, (socket) => socket.close());
  return page;
}

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

test("a client's dashboard opens from the cache without the backend's socket, and nothing of it after signing out", async ({ browser }) => {
  test.setTimeout(60_000);
  const date = mondayAhead(13);
  const time = "11:00";
  const client = await signUpThroughApi("Livia Offline");
  await bookAndPayThroughApi(client.session, { psychic: "Selene", date, time });
  const errors: string[] = [];
  const page = await personPage(browser, sessionState(client.session), errors);
  const context = page.context();

  // Once online: the consultation is listed, and the dashboard's answers are written to IndexedDB.
  await page.goto("/dashboard");
  const upcoming = page.getByRole("list", { name: "Prossimi consulti" });
  await expect(upcoming).toContainText(`${formatItalianDate(date)}, ${time}`);
  await expect(upcoming).toContainText("Selene");
  await expect(page.getByTestId("cached-at")).toHaveCount(0);
  await expect.poll(async () => (await keptKeys(page)).some((key) => key.endsWith("|bookings:listMine:{}"))).toBe(true);

  // Reopened with the socket unreachable: the kept answers, said to be kept.
  const offline = await pageWithoutSocket(context);
  await offline.goto("/dashboard");
  const kept = offline.getByRole("list", { name: "Prossimi consulti" });
  await expect(kept).toContainText(`${formatItalianDate(date)}, ${time}`);
  await expect(kept).toContainText("Selene");
  await expect(offline.getByRole("status").filter({ hasText: /^Aggiornato (alle|il) / })).toBeVisible();
  await expect(offline.getByRole("banner").getByText("Ciao, Livia Offline")).toBeVisible();
  await expectAccessible(offline, "client dashboard from the cache");
  await offline.close();

  // Signing out forgets the account's views on this device.
  await page.getByRole("banner").getByRole("button", { name: "Esci" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("banner").getByRole("link", { name: "Accedi" })).toBeVisible();
  await expect.poll(async () => (await keptKeys(page)).filter((key) => !key.startsWith("public|"))).toEqual([]);

  const afterSignOut = await pageWithoutSocket(context);
  await afterSignOut.goto("/dashboard");
  await expect(afterSignOut).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
  await expect(afterSignOut.getByText("Selene")).toHaveCount(0);
  await expect(afterSignOut.getByText("Livia Offline")).toHaveCount(0);
  await afterSignOut.close();
  expect(errors, "console errors on the page").toEqual([]);
});
