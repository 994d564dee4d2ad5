// 'Scarica i tuoi dati': a client with a paid consultation downloads the export from the settings page;
// the JSON file holds their account and that booking, and the readable file is one link away.
import { readFile } from "node:fs/promises";
import { bookAndPayThroughApi, mondayAhead, personPage, sessionState, signUpThroughApi } from "./api";
import { expect, test } from "./fixtures";

type ExportFile = { formato: string; sezioni: Array<{ key: string; rows: Array<Record<string, unknown>> }> };

test("a client downloads their data: the JSON holds their account and their booking", async ({ browser }) => {
  const client = await signUpThroughApi("Ottavia Esporta");
  const { bookingId } = await bookAndPayThroughApi(client.session, { psychic: "Selene", date: mondayAhead(17), time: "17:00" });

  const errors: string[] = [];
  const page = await personPage(browser, sessionState(client.session), errors);
  await page.goto("/settings");
  const card = page.getByRole("region", { name: "Scarica i tuoi dati" });
  const downloading = page.waitForEvent("download");
  await card.getByRole("button", { name: "Scarica i tuoi dati" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^arcano-dati-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, "utf-8")) as ExportFile;
  expect(data.formato).toBe("arcano-dati-personali");
  const section = (key: string) => data.sezioni.find((candidate) => candidate.key === key)?.rows ?? [];
  expect(section("account")).toMatchObject([{ email: client.email, name: client.name, accountType: "client" }]);
  expect(section("prenotazioni")).toMatchObject([{ _id: bookingId, psychicName: "Selene", scheduledTime: "17:00", status: "confirmed" }]);

  await expect(card.getByRole("status")).toContainText("I tuoi dati sono pronti");
  const readable = page.waitForEvent("download");
  await card.getByRole("link", { name: "File HTML (leggibile)" }).click();
  const html = await readFile((await (await readable).path())!, "utf-8");
  expect(html).toContain("<h2>Prenotazioni e pagamenti</h2>");
  expect(html).toContain("Selene");
  expect(errors, "console errors on the settings page").toEqual([]);
  await page.context().close();
});
