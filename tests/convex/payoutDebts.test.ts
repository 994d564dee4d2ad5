// docs/product-rules.md, "Payouts": money the client gets back after the psychic's share was transferred
// and paid out to their bank. Stripe reverses a transfer only up to what the account holds, so the
// reversal waits as a debt: the admin sees it, the psychic's 'Guadagni' says so, and the next transfer
// to them pays it back.
import { describe, expect, it, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import { rebuildPayoutDebts } from "../../convex/lib/money/payoutDebts";
import { signedEvent } from "./fixtures/stripeStandIn";
import { heldConsultation, onboardedWorld, psychicA, transfersOf } from "./fixtures/payoutWorld";
import type { World } from "./fixtures/world";
import { stripe, useStripeStandIn, type TestClient } from "./setup";

useStripeStandIn();

async function deliver(w: World, type: string, object: unknown, eventId: string) {
  const { body, header } = await signedEvent(type, object, eventId);
  await w.t.fetch("/stripe/webhook", { method: "POST", body, headers: { "stripe-signature": header } });
  await w.t.finishAllScheduledFunctions(vi.runAllTimers);
}

/** The stand-in's weekly payout, now: every account's available balance goes to its bank. */
const payOutNow = () => stripe().payOutNow();

const overview = (w: World) => (w.as.admin as TestClient).query(api.adminPayouts.overview, { now: Date.now() });

describe("a dispute after the weekly payout", () => {
  it("leaves the psychic owing the share back: the admin and the psychic see it, and the next transfer recovers it", async () => {
    const { w, accountId } = await onboardedWorld();
    const first = await heldConsultation(w);
    await payOutNow();
    expect(await stripe().availableTo(accountId)).toBe(0);

    const { stripePaymentIntentId } = (await w.t.run((ctx) => ctx.db.get("bookings", first)))!;
    await deliver(w, "charge.dispute.created", { id: "dp_1", object: "dispute", amount: 5000, payment_intent: stripePaymentIntentId }, "evt_dp");
    // Stripe refused the reversal: the account was empty. The books already count it taken back.
    expect(stripe().reversals()).toEqual([]);
    expect(await transfersOf(w)).toMatchObject([{ state: "transferred", amountCents: 4250, reversedCents: 4250 }]);
    const owing = await overview(w);
    expect(owing.debts).toMatchObject([{ psychicUserId: w.userIds.psychicA, owedCents: 4250, since: expect.any(Number) }]);
    expect(owing.moreDebts).toBe(false);
    expect(await psychicA(w).query(api.payoutDebts.mine, {})).toMatchObject({ owedCents: 4250 });
    // The recount (the backfill) finds the same debt from the reversals alone.
    const kept = await w.t.run((ctx) => ctx.db.query("payoutDebts").collect());
    expect(await w.t.run((ctx) => rebuildPayoutDebts(ctx))).toBe(0);
    await w.t.run((ctx) => ctx.db.delete("payoutDebts", kept[0]._id));
    expect(await w.t.run((ctx) => rebuildPayoutDebts(ctx))).toBe(1);
    expect(await w.t.run((ctx) => ctx.db.query("payoutDebts").collect())).toMatchObject([{ owedCents: 4250, reversalIds: kept[0].reversalIds }]);

    // The next consultation's transfer lands in the account, and the reversal is asked again at once.
    await heldConsultation(w);
    await w.t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(stripe().reversals()).toMatchObject([{ transfer: stripe().transfers()[0].id, amount: 4250 }]);
    expect(await stripe().availableTo(accountId)).toBe(0);
    expect((await overview(w)).debts).toEqual([]);
    expect((await overview(w)).failedReversals).toEqual([]);
    expect(await psychicA(w).query(api.payoutDebts.mine, {})).toBeNull();
  });
});
