// What a psychic reads of their money (convex/earnings.ts): 'Guadagni', the balance, the payouts and the
// monthly statement.
import { describe, expect, it, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import { STANDIN_CONNECT_WEBHOOK_SECRET, signedEvent } from "./fixtures/stripeStandIn";
import { heldConsultation, onboardedWorld, psychicA } from "./fixtures/payoutWorld";
import { buildWorld } from "./fixtures/world";
import { errorCodeOf, setupTest, stripe, useStripeStandIn, type TestClient } from "./setup";

useStripeStandIn();

const MINUTE_MS = 60_000;

describe("the psychic's 'Guadagni'", () => {
  it("lists each consultation's gross, commission, net and transfer state, newest first, only the psychic's own", async () => {
    const { w } = await onboardedWorld();
    const first = await heldConsultation(w);
    vi.advanceTimersByTime(MINUTE_MS);
    const second = await heldConsultation(w, 7000);
    const rows = await psychicA(w).query(api.earnings.listMyEarnings, {});
    expect(rows.map((row) => [row.bookingId, row.grossCents, row.commissionCents, row.amountCents, row.state])).toEqual([
      [second, 7000, 1050, 5950, "transferred"],
      [first, 5000, 750, 4250, "transferred"],
    ]);
    expect(rows[0].transferredAt).toEqual(expect.any(Number));
    expect(await (w.as.psychicB as TestClient).query(api.earnings.listMyEarnings, {})).toEqual([]);
  });

  it("shows the connected account's balance at Stripe, and nothing before there is an account", async () => {
    const w0 = await buildWorld(setupTest());
    expect(await psychicA(w0).action(api.earnings.myBalance, {})).toBeNull();
    const { w } = await onboardedWorld();
    await heldConsultation(w);
    expect(await psychicA(w).action(api.earnings.myBalance, {})).toEqual({ availableCents: 4250, pendingCents: 0 });
    const balance = stripe().requests.find((request) => request.path === "/v1/balance");
    expect(balance).toBeDefined();
  });

  it("records Stripe's payouts to the bank from Connect's events, once each, the latest status kept", async () => {
    const { w, accountId } = await onboardedWorld();
    const payout = { id: "po_1", object: "payout", amount: 4250, arrival_date: 1_800_000_000, status: "paid" };
    for (const [eventId, type] of [
      ["evt_po_1", "payout.paid"],
      ["evt_po_1", "payout.paid"],
      ["evt_po_2", "payout.failed"],
    ] as const) {
      const { body, header } = await signedEvent(type, payout, eventId, STANDIN_CONNECT_WEBHOOK_SECRET, accountId);
      expect((await w.t.fetch("/stripe/connect-webhook", { method: "POST", body, headers: { "stripe-signature": header } })).status).toBe(200);
    }
    expect(await psychicA(w).query(api.earnings.listMyPayouts, {})).toEqual([
      { stripePayoutId: "po_1", amountCents: 4250, arrivalDate: 1_800_000_000_000, status: "failed" },
    ]);
    expect(await (w.as.psychicB as TestClient).query(api.earnings.listMyPayouts, {})).toEqual([]);
  });
});

describe("the monthly statement ('Estratto conto')", () => {
  it("lists the month's consultations with gross, commission (its IVA stated) and net, the transfers and payouts of the month", async () => {
    const { w, accountId } = await onboardedWorld();
    await heldConsultation(w);
    await heldConsultation(w, 7000);
    const payout = { id: "po_m", object: "payout", amount: 10200, arrival_date: Math.floor(Date.now() / 1000), status: "paid" };
    const { body, header } = await signedEvent("payout.paid", payout, "evt_po_m", STANDIN_CONNECT_WEBHOOK_SECRET, accountId);
    await w.t.fetch("/stripe/connect-webhook", { method: "POST", body, headers: { "stripe-signature": header } });
    const month = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome" }).format(Date.now() - 31 * MINUTE_MS).slice(0, 7);
    const statement = await psychicA(w).query(api.earnings.myStatement, { month });
    expect(statement.lines.map((line) => [line.grossCents, line.commissionCents, line.amountCents, line.state])).toEqual([
      [5000, 750, 4250, "transferred"],
      [7000, 1050, 5950, "transferred"],
    ]);
    // 22 % IVA included in the 18.00 € commission: 18.00 × 22/122 = 3.25 €.
    expect(statement.totals).toEqual({ grossCents: 12000, commissionCents: 1800, commissionVatCents: 325, reversedCents: 0, earnedCents: 10200 });
    // The statement's month is the one 'Guadagni' and the dashboard's card show (model/ledger.ts).
    expect((await psychicA(w).query(api.earnings.myMonth, { month })).earnedCents).toBe(10200);
    expect(await errorCodeOf(psychicA(w).query(api.earnings.myMonth, { month: "novembre" }))).toBe("INVALID_INPUT");
    expect(statement.transferredCents).toBe(10200);
    expect(statement.payouts).toEqual([{ arrivalDate: payout.arrival_date * 1000, amountCents: 10200, status: "paid" }]);
    // Another month is empty; a month that is not one is refused.
    expect((await psychicA(w).query(api.earnings.myStatement, { month: "2020-01" })).lines).toEqual([]);
    expect(await errorCodeOf(psychicA(w).query(api.earnings.myStatement, { month: "2026-13" }))).toBe("INVALID_INPUT");
  });
});
