// Stripe down while money is taken back from a reader's transferred share (a refund or a dispute after the
// transfer): 500s are retried after 1, 5 and 25 minutes, then the reversal is left failed on the admin's
// Pagamenti, whose 'Riprova' reverses once Stripe is back; an answer lost after Stripe made the reversal is
// found on the next attempt and never made twice.
import { describe, expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import {
  ADMIN_EMAIL,
  freshProvidersForEachTest,
  outageBackend,
  pendingShare,
  signedIn,
  runJobWithRetries,
  attemptNewJob,
  until,
  type Id,
  type OutageBackend,
  type Providers,
} from "./helpers/outageWorld";
import { sdk } from "@arcano/local-backend/testing/stripe";

let providers: Providers;
freshProvidersForEachTest((started) => (providers = started));

/** A share transferred at the stand-in (€ 42.50), and half of it to take back, pending. */
async function pendingReversal(t: OutageBackend, name: string) {
  const { transferId } = await pendingShare(t, providers, name);
  await attemptNewJob(t, "transfer", transferId);
  return t.run(async (ctx) => {
    const share = (await ctx.db.get("psychicTransfers", transferId))!;
    expect(share.state).toBe("transferred");
    await ctx.db.patch("psychicTransfers", transferId, { reversedCents: 2125 });
    const reversalId = await ctx.db.insert("transferReversals", {
      transferId,
      bookingId: share.bookingId,
      why: "refund",
      amountCents: 2125,
      state: "pending",
      attempts: 0,
    });
    return { reversalId, stripeTransferId: share.stripeTransferId! };
  });
}
const reversal = (t: OutageBackend, id: Id<"transferReversals">) => t.run((ctx) => ctx.db.get("transferReversals", id));
const reversalsAtStripe = async (stripeTransferId: string) =>
  (await sdk(providers.stripe.url).transfers.listReversals(stripeTransferId, { limit: 100 })).data;

describe("reversals while Stripe is down", () => {
  it("500s: retried after 1, 5 and 25 minutes, then failed on Pagamenti; 'Riprova' reverses once", async () => {
    const t = outageBackend(providers);
    const { as: admin } = await signedIn(t, { email: ADMIN_EMAIL }, true);
    const { reversalId, stripeTransferId } = await pendingReversal(t, "reversal500");
    await providers.stripeFaults.arm({ mode: "error500", paths: ["/v1/transfers/"] });
    expect(await runJobWithRetries(t, "reversal", reversalId)).toEqual([1, 5, 25]);
    expect(await reversal(t, reversalId)).toMatchObject({ state: "failed", attempts: 4 });
    const overview = await admin.query(api.adminPayouts.overview, { now: Date.now() });
    expect(overview.failedReversals.map((row) => row.id)).toEqual([reversalId]);

    await providers.stripeFaults.disarm();
    expect(await reversalsAtStripe(stripeTransferId)).toEqual([]);
    await admin.mutation(api.adminPayouts.retryReversal, { reversalId });
    await until(
      () => reversal(t, reversalId),
      (row) => row?.state === "reversed",
      "the reversal made again",
    );
    expect((await reversalsAtStripe(stripeTransferId)).map((made) => made.amount)).toEqual([2125]);
  });

  it("no answer although Stripe reversed: the next attempt finds that reversal, never a second", async () => {
    const t = outageBackend(providers);
    const { reversalId, stripeTransferId } = await pendingReversal(t, "reversalhang");
    await providers.stripeFaults.arm({ mode: "hang", count: 3, hangMs: 10_000, apply: true, paths: ["/v1/transfers/"] });
    expect(await runJobWithRetries(t, "reversal", reversalId)).toEqual([1]);
    const made = await reversalsAtStripe(stripeTransferId);
    expect(made.map((one) => one.amount)).toEqual([2125]);
    expect(await reversal(t, reversalId)).toMatchObject({ state: "reversed", stripeReversalId: made[0].id });
  });
});
