// Stripe down (the stand-in's outage switch) while a refund is made: 500s are retried after 1, 5 and 25 minutes,
// then the refund is left failed on the admin's Prenotazioni, whose 'Riprova il rimborso' refunds once Stripe is back;
// an answer lost after Stripe refunded is retried under the same idempotency key and never refunds twice.
import { describe, expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import { PROVIDER_ATTEMPTS_PER_SERIES } from "../../convex/model/providerJobs";
import {
  ADMIN_EMAIL,
  clientAndPsychic,
  outageBackend,
  paidBookingFields,
  signedIn,
  freshProvidersForEachTest,
  runJobWithRetries,
  until,
  type Id,
  type OutageBackend,
  type Providers,
} from "./helpers/outageWorld";
import { paidCharge, sdk } from "@arcano/local-backend/testing/stripe";

let providers: Providers;
freshProvidersForEachTest((started) => (providers = started));

describe("refunds while Stripe is down", () => {
  /** A booking the psychic cancelled, paid at the stand-in, its full refund pending. */
  async function cancelledPaidBooking(t: OutageBackend, name: string) {
    const people = await clientAndPsychic(t, name);
    const { intent, chargeId } = await paidCharge(providers.stripe, 5000, `booking_${name}`);
    const bookingId = await t.run((ctx) =>
      ctx.db.insert("bookings", {
        ...paidBookingFields(people, "14:00", intent.id),
        status: "cancelled",
        cancelledAt: Date.now(),
        cancelledBy: "psychic",
        refundCents: 5000,
        refundStatus: "pending",
      }),
    );
    return { bookingId, chargeId };
  }
  const booking = (t: OutageBackend, id: Id<"bookings">) => t.run((ctx) => ctx.db.get("bookings", id));
  const refundedAtStripe = async (chargeId: string) => (await sdk(providers.stripe.url).charges.retrieve(chargeId)).refunds!.data;

  it("500s: retried after 1, 5 and 25 minutes, then failed on Prenotazioni; 'Riprova il rimborso' refunds once", async () => {
    const t = outageBackend(providers);
    const { as: admin } = await signedIn(t, { email: ADMIN_EMAIL }, true);
    const { bookingId, chargeId } = await cancelledPaidBooking(t, "refund500");
    await providers.stripeFaults.arm({ mode: "error500", paths: ["/v1/refunds"] });
    expect(await runJobWithRetries(t, "refund", bookingId)).toEqual([1, 5, 25]);
    expect(await booking(t, bookingId)).toMatchObject({ status: "cancelled", refundStatus: "failed" });
    // Each attempt is the SDK's three tries.
    expect((await providers.stripeFaults.hits()).length).toBe(PROVIDER_ATTEMPTS_PER_SERIES * 3);
    expect(await refundedAtStripe(chargeId)).toEqual([]);
    const { needingAttention } = await admin.query(api.admin.listBookings, {});
    expect(needingAttention).toEqual([expect.objectContaining({ id: bookingId, attention: "refund_failed", refundStatus: "failed" })]);

    await providers.stripeFaults.disarm();
    await admin.mutation(api.admin.retryRefund, { bookingId });
    await until(
      () => booking(t, bookingId),
      (row) => row?.refundStatus === "succeeded",
      "the refund made again",
    );
    expect((await refundedAtStripe(chargeId)).map((refund) => refund.amount)).toEqual([5000]);
    expect((await admin.query(api.admin.listBookings, {})).needingAttention).toEqual([]);
  });

  it("no answer although Stripe refunded: the scheduled retry under the same key gets the same refund, never a second", async () => {
    const t = outageBackend(providers);
    const { bookingId, chargeId } = await cancelledPaidBooking(t, "refundhang");
    // Every try of the first attempt goes unanswered; the first is carried out.
    await providers.stripeFaults.arm({ mode: "hang", count: 3, hangMs: 10_000, apply: true, paths: ["/v1/refunds"] });
    expect(await runJobWithRetries(t, "refund", bookingId)).toEqual([1]);
    const made = await refundedAtStripe(chargeId);
    expect(made.map((refund) => refund.amount)).toEqual([5000]);
    expect(await booking(t, bookingId)).toMatchObject({ refundStatus: "succeeded", stripeRefundId: made[0].id });
    expect((await providers.stripeFaults.hits()).map((hit) => hit.applied)).toEqual([true, true, true]);
  });
});
