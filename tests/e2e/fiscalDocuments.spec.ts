// Fiscal documents from the demo data (docs/product-rules.md, "Fiscal documents"): Selene's past consultations have
// their receipts in her name and her ended months their commission invoices. She downloads a receipt's PDF and an
// invoice's FatturaPA XML (valid against the official schema) and PDF from 'Guadagni'; the client downloads a
// receipt from the dashboard, on a computer and on a phone; the admin downloads last month's invoices as one zip. Each page passes axe.
import { readFile } from "node:fs/promises";
import type { Download, Page } from "@playwright/test";
import { schemaErrors } from "../convex/fixtures/fatturaPaSchema";
import { personPage } from "./api";
import { expect, expectAccessible, sessionFile, test } from "./fixtures";
import { WIDTHS } from "./widths";

/** The text of a downloaded file (PDFs are uncompressed: their words can be read back). */
async function downloaded(download: Download, encoding: BufferEncoding = "latin1"): Promise<string> {
  return (await readFile((await download.path())!)).toString(encoding);
}

/** Clicks `button` and waits for the file it downloads. */
async function download(page: Page, button: ReturnType<Page["getByRole"]>): Promise<Download> {
  const [file] = await Promise.all([page.waitForEvent("download"), button.click()]);
  return file;
}

/** The names in a ZIP's central directory (PKWARE APPNOTE 4.3.12), read by hand. */
function zipNames(zip: Buffer): string[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let index = 0; index < count; index++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    names.push(zip.subarray(at + 46, at + 46 + nameLength).toString("utf8"));
    at += 46 + nameLength + extra + comment;
  }
  return names;
}

test("Selene downloads a receipt she issued and Arcano's invoice to her, XML and PDF, from 'Guadagni'", async ({ browser }) => {
  const errors: string[] = [];
  const page = await personPage(browser, sessionFile("psychic"), errors);
  await page.goto("/psychic/earnings");
  const receipts = page.getByRole("heading", { name: "Ricevute ai clienti" });
  await expect(receipts).toBeVisible();
  // The seed's past consultations each have their receipt; Selene has no partita IVA: an occasional service.
  const receiptButton = page.getByRole("button", { name: /^Scarica PDF di Ricevuta R\d{4}\/\d{4}$/ }).first();
  await expect(receiptButton).toBeVisible();
  const receipt = await download(page, receiptButton);
  expect(receipt.suggestedFilename()).toMatch(/^ricevuta-R\d{4}-\d{4}\.pdf$/);
  const receiptPdf = await downloaded(receipt);
  expect(receiptPdf.startsWith("%PDF-")).toBe(true);
  expect(receiptPdf).toContain("Ricevuta per prestazione occasionale");
  expect(receiptPdf).toContain("Selene Moretti");
  expect(receiptPdf).toContain("MRTSLN88D52F205V");

  // Her ended months' commission invoices: the FatturaPA file passes the official schema.
  const xmlButton = page.getByRole("button", { name: /^Scarica XML di Fattura FC\d{4}\/\d{4}$/ }).first();
  await expect(xmlButton).toBeVisible();
  const xmlFile = await download(page, xmlButton);
  expect(xmlFile.suggestedFilename()).toMatch(/^IT\d{11}_[0-9A-Z]{5}\.xml$/);
  const xml = await downloaded(xmlFile, "utf8");
  expect(xml).toContain('versione="FPR12"');
  expect(xml).toContain("<CodiceFiscale>MRTSLN88D52F205V</CodiceFiscale>");
  expect(await schemaErrors(xml)).toEqual([]);
  const invoicePdf = await downloaded(
    await download(
      page,
      page
        .getByRole("button", {
          name: /^Scarica PDF di Fattura FC\d{4}\/\d{4}$/,
        })
        .first(),
    ),
  );
  expect(invoicePdf).toContain("Commissione del 15% sui consulti di");
  await expectAccessible(page, "'Guadagni' with the fiscal documents");
  expect(errors).toEqual([]);
  await page.context().close();
});

for (const width of WIDTHS) {
  test(`the client downloads a past consultation's receipt from the dashboard ${width.name}`, async ({ browser }) => {
    const errors: string[] = [];
    const page = await personPage(browser, sessionFile("client"), errors, width.use);
    await page.goto("/dashboard");
    const button = page.getByRole("button", { name: /^Scarica PDF di Ricevuta R\d{4}\/\d{4}$/ }).first();
    await expect(button).toBeVisible();
    const pdf = await downloaded(await download(page, button));
    expect(pdf.startsWith("%PDF-")).toBe(true);
    expect(pdf).toContain("Giulia Bianchi");
    expect(pdf).toMatch(/Consulto di cartomanzia, \d+ minuti, (vocale|in chat)/);
    expect(errors).toEqual([]);
    await page.context().close();
  });
}

test("the admin sees last month's commission invoices and downloads them, XML and PDF, as one zip", async ({ browser }) => {
  const errors: string[] = [];
  const page = await personPage(browser, sessionFile("admin"), errors);
  await page.goto("/admin-dashboard?tab=pagamenti");
  const section = page.getByRole("region", {
    name: "Fatture della commissione",
  });
  await expect(section.getByRole("table")).toContainText("Selene Moretti");
  const zipFile = await download(page, section.getByRole("button", { name: "Scarica lo zip del mese" }));
  expect(zipFile.suggestedFilename()).toMatch(/^fatture-commissione-\d{4}-\d{2}\.zip$/);
  const names = zipNames(await readFile((await zipFile.path())!));
  expect(names.some((name) => /^IT\d{11}_[0-9A-Z]{5}\.xml$/.test(name))).toBe(true);
  expect(names.some((name) => /^fattura-FC\d{4}-\d{4}\.pdf$/.test(name))).toBe(true);
  expect(names.filter((name) => name.endsWith(".xml"))).toHaveLength(names.filter((name) => name.endsWith(".pdf")).length);
  // Every demo psychic who is published but has no fiscal data is listed as one who cannot receive documents.
  await expect(page.getByRole("region", { name: "Chi non può ancora ricevere documenti" })).toContainText("Aurora");
  await expectAccessible(page, "the admin's 'Pagamenti' with the fiscal documents");
  expect(errors).toEqual([]);
  await page.context().close();
});
