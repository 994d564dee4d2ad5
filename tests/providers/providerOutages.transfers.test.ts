// Stripe down (the stand-in's outage switch) while a reader's share is transferred: 500s are retried after 1, 5 and
// 25 minutes, then the transfer is left failed on the admin's Pagamenti, whose 'Riprova' transfers once Stripe is
// back; an answer lost after Stripe made the transfer is found on the next attempt and never transferred twice.
import { describe, expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import {
  ADMIN_EMAIL,
  outageBackend,
  pendingShare,
  signedIn,
  freshProvidersForEachTest,
  runJobWithRetries,
  until,
  type Id,
  type OutageBackend,
  type Providers,
} from "./helpers/outageWorld";
import { sdk } from "@arcano/local-backend/testing/stripe";

let providers: Providers;
freshProvidersForEachTest((started) => (providers = started));

const transfer = (t: OutageBackend, id: Id<"psychicTransfers">) => t.run((ctx) => ctx.db.get("psychicTransfers", id));
const transfersTo = async (accountId: string) => (await sdk(providers.stripe.url).transfers.list({ destination: accountId, limit: 100 })).data;

describe("transfers while Stripe is down", () => {
  it("500s: retried after 1, 5 and 25 minutes, then failed on Pagamenti; 'Riprova' transfers once", async () => {
    const t = outageBackend(providers);
    const { as: admin } = await signedIn(t, { email: ADMIN_EMAIL }, true);
    const { transferId, accountId } = await pendingShare(t, providers, "share500");
    await providers.stripeFaults.arm({ mode: "error500", paths: ["/v1/transfers"] });
    expect(await runJobWithRetries(t, "transfer", transferId)).toEqual([1, 5, 25]);
    expect(await transfer(t, transferId)).toMatchObject({ state: "failed", attempts: 4 });
    expect((await providers.stripeFaults.hits()).length).toBeGreaterThanOrEqual(4 * 3);
    const overview = await admin.query(api.adminPayouts.overview, { now: Date.now() });
    expect(JSON.stringify(overview.failedTransfers)).toContain(transferId);

    await providers.stripeFaults.disarm();
    expect(await transfersTo(accountId)).toEqual([]);
    await admin.mutation(api.adminPayouts.retryTransfer, { transferId });
    await until(
      () => transfer(t, transferId),
      (row) => row?.state === "transferred",
      "the share transferred again",
    );
    expect((await transfersTo(accountId)).map((made) => made.amount)).toEqual([4250]);
  });

  it("no answer although Stripe transferred: the next attempt finds that transfer, never a second", async () => {
    const t = outageBackend(providers);
    const { transferId, accountId } = await pendingShare(t, providers, "sharehang");
    await providers.stripeFaults.arm({ mode: "hang", count: 3, hangMs: 10_000, apply: true, paths: ["/v1/transfers"] });
    expect(await runJobWithRetries(t, "transfer", transferId)).toEqual([1]);
    const made = await transfersTo(accountId);
    expect(made.map((one) => one.amount)).toEqual([4250]);
    expect(await transfer(t, transferId)).toMatchObject({ state: "transferred", stripeTransferId: made[0].id });
  });
});
