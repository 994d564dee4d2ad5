// The one ledger (convex/model/ledger.ts, docs/product-rules.md "Payouts"): every screen's money figure
// reads the same rows with the same definition. The psychic's dashboard card and 'Guadagni' show the same
// month; the admin's overview and reconciliation show the same commission; a refund that failed is not
// counted as refunded.
import { describe, expect, it, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import { romeMonthOf } from "../../convex/framework/time";
import { callBooking } from "./fixtures/callWorld";
import { heldConsultation, onboardedWorld, psychicA, transfersOf } from "./fixtures/payoutWorld";
import type { World } from "./fixtures/world";
import { runWithTriggers, useStripeStandIn, type TestClient } from "./setup";

useStripeStandIn();

const HOUR_MS = 60 * 60_000;
/** Mid-month in Rome, so a consultation a few hours ahead ends in the same month. */
const MID_NOVEMBER = Date.parse("2026-11-12T09:00:00Z");

const admin = (w: World) => w.as.admin as TestClient;

describe("the psychic's month", () => {
  it("card == Guadagni: a consultation given and a late cancellation's retained half are earned, an upcoming one is 'in arrivo'", async () => {
    vi.setSystemTime(MID_NOVEMBER);
    const { w } = await onboardedWorld();
    await heldConsultation(w);
    // Cancelled 5 hours ahead: half refunded, the psychic's share of the half kept falls due at its end.
    const late = await callBooking(w, { startsInMs: 5 * HOUR_MS });
    await (w.as.clientA as TestClient).mutation(api.bookings.cancelByClient, { bookingId: late });
    await w.t.finishInProgressScheduledFunctions();
    // A paid consultation still to come this month.
    await callBooking(w, { startsInMs: 2 * 24 * HOUR_MS });
    expect((await transfersOf(w)).map((share) => [share.reason, share.amountCents])).toEqual([
      ["consultation", 4250],
      ["cancellation", 2125],
    ]);

    const now = Date.now();
    const month = romeMonthOf(now);
    const card = (await psychicA(w).query(api.bookings.listForPsychic, { now })).stats;
    const guadagni = await psychicA(w).query(api.earnings.myMonth, { month });
    expect(guadagni).toMatchObject({ month, earnedCents: 4250 + 2125, consultationsCents: 4250, cancellationsCents: 2125, shares: 2 });
    expect(card.earnedThisMonthCents).toBe(guadagni.earnedCents);
    // The upcoming one (and the world's own booking of the month, if any) is apart, never earned.
    expect(card.upcomingThisMonthCents).toBeGreaterThanOrEqual(4250);
    // The monthly figures' table and the statement say the same.
    const months = await psychicA(w).query(api.psychicMonthFigures.listMine, { now });
    expect(months.at(-1)).toMatchObject({ month, earningsCents: guadagni.earnedCents });
    const statement = await psychicA(w).query(api.earnings.myStatement, { month });
    expect(statement.totals.earnedCents).toBe(guadagni.earnedCents);
    expect(statement.lines.reduce((sum, line) => sum + line.netCents, 0)).toBe(guadagni.earnedCents);
  });
});

describe("the admin's month", () => {
  it("overview commission == reconciliation commission, and 'Rimborsato' leaves out a refund that failed", async () => {
    vi.setSystemTime(MID_NOVEMBER);
    const { w } = await onboardedWorld();
    await heldConsultation(w);
    await heldConsultation(w, 7000);
    // A late cancellation keeps half; an early one refunds everything, and Stripe refuses that refund.
    const late = await callBooking(w, { startsInMs: 5 * HOUR_MS });
    await (w.as.clientA as TestClient).mutation(api.bookings.cancelByClient, { bookingId: late });
    const early = await callBooking(w, { startsInMs: 3 * 24 * HOUR_MS, priceCents: 6000 });
    await (w.as.clientA as TestClient).mutation(api.bookings.cancelByClient, { bookingId: early });
    await w.t.finishAllScheduledFunctions(vi.runAllTimers);
    // Stripe refused the early one's refund every time (as after its retries): it waits for the admin's 'Riprova'.
    await runWithTriggers(w.t, (ctx) => ctx.db.patch("bookings", early, { refundStatus: "failed", refundedAt: undefined }));

    const now = Date.now();
    const [month] = (await admin(w).query(api.adminPayouts.overview, { now })).months;
    const panoramica = await admin(w).query(api.admin.getOverview, { now });
    expect(month.month).toBe(panoramica.month);
    expect(panoramica.commissionCents.thisMonth).toBe(month.commissionCents);
    expect(panoramica.revenueCents.thisMonth).toBe(month.keptCents);
    // The failed refund is shown apart, still owed to the client; 'Rimborsato' has only what Stripe confirmed.
    const booking = await w.t.run((ctx) => ctx.db.get("bookings", early));
    expect(booking?.refundCents).toBe(6000);
    expect(month.refundFailedCents).toBe(6000);
    expect(month.refundedCents).toBe(2500);
    expect(month.differenceCents).toBe(0);
    // All time is the months added up.
    expect(panoramica.commissionCents.total).toBe(month.commissionCents);
  });
});
