// Stripe down (the stand-in's outage switch) while a client pays: on 500s or no answer at all the person gets
// PAYMENT_FAILED ('Il pagamento non è riuscito…'), the hold is released at once and nothing is left at Stripe, and
// once Stripe is back the same time can be paid; an answer lost after Stripe made the session is retried by the SDK
// under the same idempotency key, and the person pays that one session.
import { ConvexError } from "convex/values";
import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import {
  clientAndPsychic,
  mondayAhead,
  freshProvidersForEachTest,
  outageBackend,
  type Id,
  type OutageBackend,
  type Providers,
} from "./helpers/outageWorld";
import { getLocal } from "@arcano/local-backend/testing/stripe";

let providers: Providers;
freshProvidersForEachTest((started) => (providers = started));

/** The sessions at the stand-in for a booking of this client (each test's backend numbers its bookings afresh). */
const sessionsAtStripe = async (bookingId: string, clientEmail: string) =>
  (await getLocal<Stripe.Checkout.Session[]>(providers.stripe, "/__local/sessions")).filter(
    (session) => session.client_reference_id === bookingId && session.customer_email === clientEmail,
  );
const bookingsOf = (t: OutageBackend, clientId: Id<"users">) =>
  t.run((ctx) =>
    ctx.db
      .query("bookings")
      .filter((q) => q.eq(q.field("clientId"), clientId))
      .collect(),
  );
async function paymentFailure(call: Promise<unknown>): Promise<string> {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ConvexError);
  return (error as ConvexError<{ code: string }>).data.code;
}

describe("checkout while Stripe is down", () => {
  it("500s: PAYMENT_FAILED, the hold released at once, nothing at Stripe; once Stripe is back the same time can be paid", async () => {
    const t = outageBackend(providers);
    const { psychic, client } = await clientAndPsychic(t, "giulia500");
    await providers.stripeFaults.arm({ mode: "error500", paths: ["/v1/checkout/sessions"] });
    const slot = { psychicProfileId: psychic.profileId, durationMinutes: 30 as const, date: mondayAhead(), time: "09:00", consent: true };
    expect(await paymentFailure(client.as.action(api.payments.startCheckout, slot))).toBe("PAYMENT_FAILED");
    const [released] = await bookingsOf(t, client.userId);
    expect(released).toMatchObject({ status: "expired" });
    expect(released.checkoutUrl).toBeUndefined();
    expect(await sessionsAtStripe(released._id, "giulia500@esempio.it")).toEqual([]);
    // The SDK's own retries (two) under the same key, each answered 500.
    expect((await providers.stripeFaults.hits()).map((hit) => hit.mode)).toEqual(["error500", "error500", "error500"]);

    await providers.stripeFaults.disarm();
    const { url, bookingId } = await client.as.action(api.payments.startCheckout, slot);
    expect(url).toContain(providers.stripe.url);
    expect(await t.run((ctx) => ctx.db.get("bookings", bookingId))).toMatchObject({ status: "pending_payment", checkoutUrl: url });
    expect(await sessionsAtStripe(bookingId, "giulia500@esempio.it")).toHaveLength(1);
  });

  it("no answer although Stripe made the session: the SDK's retry under the same key gets the same one, the person pays one", async () => {
    const t = outageBackend(providers);
    const { psychic, client } = await clientAndPsychic(t, "giuliahang");
    await providers.stripeFaults.arm({ mode: "hang", count: 1, hangMs: 10_000, apply: true, paths: ["/v1/checkout/sessions"] });
    const started = Date.now();
    const { url, bookingId } = await client.as.action(api.payments.startCheckout, {
      psychicProfileId: psychic.profileId,
      durationMinutes: 30,
      date: mondayAhead(),
      time: "09:00",
      consent: true,
    });
    expect(Date.now() - started).toBeLessThan(8_000);
    const sessions = await sessionsAtStripe(bookingId, "giuliahang@esempio.it");
    expect(sessions.map((session) => session.url)).toEqual([url]);
    expect(await providers.stripeFaults.hits()).toEqual([expect.objectContaining({ mode: "hang", applied: true })]);
  });

  it("no answer at all: PAYMENT_FAILED within the SDK's timeouts, the hold released, nothing at Stripe", async () => {
    const t = outageBackend(providers);
    const { psychic, client } = await clientAndPsychic(t, "giuliasilence");
    await providers.stripeFaults.arm({ mode: "hang", hangMs: 10_000, paths: ["/v1/checkout/sessions"] });
    const started = Date.now();
    const slot = { psychicProfileId: psychic.profileId, durationMinutes: 30 as const, date: mondayAhead(), time: "09:00", consent: true };
    expect(await paymentFailure(client.as.action(api.payments.startCheckout, slot))).toBe("PAYMENT_FAILED");
    // Three tries of a second each (20 s each in production): bounded, far under an action's 10 minutes.
    expect(Date.now() - started).toBeLessThan(10_000);
    const [released] = await bookingsOf(t, client.userId);
    expect(released.status).toBe("expired");
    expect(await sessionsAtStripe(released._id, "giuliasilence@esempio.it")).toEqual([]);
    expect(await providers.stripeFaults.hits()).toHaveLength(3);
  });
});
