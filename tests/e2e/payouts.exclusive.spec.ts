// A psychic is paid, end to end on the stand-ins (docs/product-rules.md, "Payouts"): Selene (onboarded by the
// demo seed) holds a consultation that was paid at the Stripe stand-in; at the window's end her open
// 'Guadagni' page shows the transfer without a reload and the client's receipt in her name, which both download,
// the stand-in's payout run shows the payout, the month's statement PDF has the consultation's net amount, and
// the admin's DAC7 CSV counts it in the quarter.
// Alone after every other project (playwright.config.ts, "exclusive"): the payout run pays every account,
// and the DAC7 figures compared before and after must not move with other tests' consultations.
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { api } from "../../convex/_generated/api";
import { formatCents } from "../../convex/model/format";
import { shareOf } from "../../convex/model/payouts";
import { backendAs, personPage, signInThroughApi } from "./api";
import { e2ePorts, runInternal, stripeTestRouteHeaders } from "./env";
import { DEMO_PASSWORD, demo, expect, sessionFile, test } from "./fixtures";

const SELENE_CODICE_FISCALE = "MRTSLN88D52F205V";

/** The admin's DAC7 CSV of this year, downloaded from the 'Pagamenti' tab: Selene's row as cells. */
async function seleneDac7Row(admin: Page): Promise<string[]> {
  await admin.goto("/admin-dashboard?tab=pagamenti");
  const report = admin.getByRole("region", { name: "Rapporto DAC7" });
  const [download] = await Promise.all([admin.waitForEvent("download"), report.getByRole("button", { name: "Scarica CSV" }).click()]);
  await expect(report.getByRole("status")).toContainText(/Scaricato dac7-\d{4}\.csv/);
  const csv = (await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, "");
  const row = csv.split("\r\n").find((line) => line.includes(SELENE_CODICE_FISCALE));
  expect(row, "Selene's row in the DAC7 CSV").toBeDefined();
  expect(row).toContain("Selene Moretti");
  const cells = csvCells(row!);
  // Name, codice fiscale, partita IVA, birth date, address, account, then three figures for each of the four quarters.
  expect(cells).toHaveLength(18);
  return cells;
}

/** One CSV line's cells: semicolons split them (Italian Excel), except inside double quotes ("" is a quote). */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let index = 0; index < line.length; index++) {
    const char = line[index];
    if (quoted && char === '"' && line[index + 1] === '"') {
      cell += '"';
      index++;
    } else if (char === '"') quoted = !quoted;
    else if (char === ";" && !quoted) {
      cells.push(cell);
      cell = "";
    } else cell += char;
  }
  return [...cells, cell];
}

/** The cents of the first euro amount in `text` ("1.234,50 €" → 123450). */
function euroCents(text: string): number {
  const amount = text.match(/(\d{1,3}(?:\.\d{3})*),(\d{2})\s€/);
  if (!amount) return Number.NaN;
  return Number(amount[1].replace(/\./g, "")) * 100 + Number(amount[2]);
}

/** Q1…Q4 as [consideration, fees, activities] from a DAC7 row (columns 7 to 18; amounts with a decimal comma). */
const quarters = (row: string[]) =>
  [0, 1, 2, 3].map((quarter) => row.slice(6 + quarter * 3, 9 + quarter * 3).map((cell) => Number(cell.replace(",", "."))));

test("a consultation given's transfer appears live on 'Guadagni'; the payout, the statement PDF and the DAC7 CSV show it", async ({ browser }) => {
  // The payment job, the window's end and then the transfer and the payout through the stand-in's webhooks.
  test.setTimeout(120_000);
  const errors: string[] = [];
  const admin = await personPage(browser, sessionFile("admin"), errors);
  const dac7Before = quarters(await seleneDac7Row(admin));

  const psychic = await personPage(browser, sessionFile("psychic"), errors);
  await psychic.goto("/psychic/earnings");
  const earnings = psychic.getByRole("table", { name: "Guadagni di ogni consulto, dal più recente" });
  const payouts = psychic.getByRole("table", { name: "Versamenti di Stripe sul tuo conto, dal più recente" });
  // The seed's activation transferred Selene's past earnings and paid them out once.
  await expect(earnings.getByText(/^Trasferito il /).first()).toBeVisible();
  const payoutsBefore = await payouts.getByRole("row").count();
  expect(payoutsBefore).toBeGreaterThanOrEqual(2);

  // A consultation under way now, paid at the stand-in by its job; both parties come in through the call's API.
  const bookingId = (await runInternal("seed:callNow", { minutes: 15 })) as string;
  await expect.poll(() => runInternal("seedPayouts:bookingToPay", { bookingId }), { timeout: 20_000 }).toBeNull();
  const client = backendAs(await signInThroughApi(demo.client, DEMO_PASSWORD));
  await client.mutation(api.calls.join, { bookingId });
  await backendAs(await signInThroughApi(demo.psychic, DEMO_PASSWORD)).mutation(api.calls.join, { bookingId });
  // Both are in: the window is brought to its end 3 s from now rather than waited out.
  await runInternal("demoScenes:endCallIn", { bookingId, inSeconds: 3 });
  const booking = await client.query(api.bookings.getMine, { bookingId });
  const [year, month, day] = booking.scheduledDate.split("-");
  const share = shareOf(booking.priceCents);

  // Not there while it is under way; at the end of the window the clock holds it and the share is transferred.
  const row = earnings.getByRole("row", { name: new RegExp(`^${day}/${month}/${year}, ${booking.scheduledTime}\\b`) });
  await expect(row.filter({ hasText: /Trasferito il / })).toHaveCount(0);
  await expect(row.filter({ hasText: /Trasferito il / })).toHaveCount(1, { timeout: 60_000 });
  await expect(row.filter({ hasText: /Trasferito il / })).toContainText(formatCents(share.amountCents));

  // The balance, asked again when the transfer arrived, holds it (with any share of an earlier test's consultation).
  const available = psychic.getByRole("region", { name: "Disponibile" });
  await expect(available).toHaveAttribute("aria-busy", "false");
  await expect.poll(async () => euroCents(await available.innerText()), { timeout: 15_000 }).toBeGreaterThanOrEqual(share.amountCents);
  const availableCents = euroCents(await available.innerText());

  // Stripe's payout run pays the whole available balance out; the payout arrives through the Connect webhook.
  const run = await fetch(`http://127.0.0.1:${e2ePorts.stripe}/__local/payouts/run`, {
    method: "POST",
    headers: stripeTestRouteHeaders(),
    body: "{}",
  });
  expect(run.ok).toBe(true);
  await expect(payouts.getByRole("row")).toHaveCount(payoutsBefore + 1, { timeout: 20_000 });
  await expect(payouts.getByRole("row").nth(1)).toContainText(formatCents(availableCents));
  await expect(payouts.getByRole("row").nth(1)).toContainText("Pagato");
  await expect(available).toContainText(formatCents(0));

  // The client's receipt in Selene's name, issued when the consultation was held: live on her 'Guadagni', and the
  // client downloads the same document from the dashboard.
  await expect.poll(async () => (await client.query(api.fiscalDocuments.listMyReceipts, {})).some((row) => row.bookingId === bookingId)).toBe(true);
  const receipt = (await client.query(api.fiscalDocuments.listMyReceipts, {})).find((row) => row.bookingId === bookingId)!;
  expect(receipt).toMatchObject({ kind: "receipt", amountCents: booking.priceCents });
  const receiptName = `Scarica PDF di Ricevuta ${receipt.number}`;
  const [fromPsychic] = await Promise.all([psychic.waitForEvent("download"), psychic.getByRole("button", { name: receiptName }).click()]);
  expect((await readFile((await fromPsychic.path())!)).toString("latin1")).toContain(receipt.number);
  const clientPage = await personPage(browser, sessionFile("client"), errors);
  await clientPage.goto("/dashboard");
  const [fromClient] = await Promise.all([clientPage.waitForEvent("download"), clientPage.getByRole("button", { name: receiptName }).click()]);
  const clientPdf = (await readFile((await fromClient.path())!)).toString("latin1");
  expect(clientPdf).toContain(receipt.number);
  expect(clientPdf).toContain("Selene Moretti");
  await clientPage.context().close();

  // This month's statement, as the psychic downloads it.
  const [statement] = await Promise.all([psychic.waitForEvent("download"), psychic.getByRole("button", { name: "Scarica PDF", exact: true }).click()]);
  expect(statement.suggestedFilename()).toMatch(/\.pdf$/);
  const pdf = (await readFile((await statement.path())!)).toString("latin1");
  expect(pdf.startsWith("%PDF-")).toBe(true);
  const net = formatCents(share.amountCents).replace(/[^\d,]/g, "");
  expect(pdf).toContain(`(${day}/${month}/${year})`);
  expect(pdf).toContain(`(${booking.scheduledTime})`);
  expect(pdf).toMatch(new RegExp(`\\(${net}[^)]*\\)`));

  // The admin's DAC7 report: the quarter of the transfer grew by exactly this consultation.
  const quarter = Math.floor((Number(month) - 1) / 3);
  const dac7After = quarters(await seleneDac7Row(admin));
  expect(dac7After[quarter][0]).toBeCloseTo(dac7Before[quarter][0] + share.amountCents / 100, 2);
  expect(dac7After[quarter][1]).toBeCloseTo(dac7Before[quarter][1] + share.commissionCents / 100, 2);
  expect(dac7After[quarter][2]).toBe(dac7Before[quarter][2] + 1);
  expect(errors).toEqual([]);
  await psychic.context().close();
  await admin.context().close();
});
