// The HTTP actions (convex/http.ts): a Stripe event is applied only with a valid, fresh signature over its
// exact body. The other routes are proven with the modules they feed: payouts (Connect), twilio, originPasses.
import { describe, expect, it, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { weekFrom } from "../../convex/demo/data";
import { buildWorld, type World } from "./fixtures/world";
import { signedEvent } from "./fixtures/stripeStandIn";
import { setupTest, stripe, useStripeStandIn, type TestConvex } from "./setup";

useStripeStandIn();

const MINUTE_MS = 60_000;

async function world() {
  const w = await buildWorld(setupTest());
  await w.t.run((ctx) =>
    ctx.db.patch("psychicProfiles", w.profileA, {
      availableDurations: [30, 60],
      pricesCents: { "30": 5000, "60": 9000 },
      availability: weekFrom({ monday: ["09:00", "09:30", "10:00", "10:30", "11:00", "11:30"] }),
    }),
  );
  return w;
}

const bookingOf = (t: TestConvex, id: Id<"bookings">) => t.run((ctx) => ctx.db.get("bookings", id));

async function heldAndPaid(w: World) {
  const { bookingId } = await w.as.clientA.action(api.payments.startCheckout, {
    psychicProfileId: w.profileA,
    durationMinutes: 30,
    date: w.monday,
    time: "10:00",
    consent: true,
  });
  const session = await stripe().pay((await stripe().lastSession()).id);
  return { bookingId, session };
}

describe("the Stripe webhook", () => {
  it("a bad, missing or stale signature gets 400 and changes nothing", async () => {
    const w = await world();
    const { bookingId, session } = await heldAndPaid(w);
    const { body, header } = await signedEvent("checkout.session.completed", session);
    const forged = await signedEvent("checkout.session.completed", session, "evt_forged", "whsec_someone_else");
    const badHeaders: Array<Record<string, string>> = [
      { "stripe-signature": forged.header },
      {},
      { "stripe-signature": header.replace(/v1=\w+/, "v1=00") },
    ];
    for (const headers of badHeaders) {
      const response = await w.t.fetch("/stripe/webhook", { method: "POST", body, headers });
      expect(response.status).toBe(400);
    }
    const tampered = await w.t.fetch("/stripe/webhook", {
      method: "POST",
      body: body.replace('"paid"', '"unpaid"'),
      headers: { "stripe-signature": header },
    });
    expect(tampered.status).toBe(400);
    // Signed six minutes ago: past Stripe's five-minute tolerance.
    const stale = await signedEvent("checkout.session.completed", session);
    vi.advanceTimersByTime(6 * MINUTE_MS);
    expect((await w.t.fetch("/stripe/webhook", { method: "POST", body: stale.body, headers: { "stripe-signature": stale.header } })).status).toBe(400);
    expect((await bookingOf(w.t, bookingId))?.status).toBe("pending_payment");
    expect(await w.t.run((ctx) => ctx.db.query("processedWebhookEvents").collect())).toEqual([]);
  });
});
