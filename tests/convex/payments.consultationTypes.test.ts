// A chat consultation is sold like a call (docs/product-rules.md, "Chat consultations"): the server's price
// for the type, a checkout and confirmation that name it, the same refund windows and the same share paid out.
import { describe, expect, it, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { weekFrom } from "../../convex/demo/data";
import { netEarningsCents } from "../../convex/model/bookings";
import { bookingOf, callBooking } from "./fixtures/callWorld";
import { buildWorld, type World } from "./fixtures/world";
import { signedEvent } from "./fixtures/stripeStandIn";
import { errorCodeOf, setupTest, stripe, useStripeStandIn, type TestConvex } from "./setup";

useStripeStandIn();

const SECOND = 1_000;
const MINUTE = 60 * SECOND;

/** psychicA on Mondays 09:00–12:00: a call costs € 50 for 30 minutes, a chat € 35; `chat: false` offers calls only. */
async function world({ chat = true } = {}) {
  const w = await buildWorld(setupTest());
  await w.t.run((ctx) =>
    ctx.db.patch("psychicProfiles", w.profileA, {
      availableDurations: [30, 60],
      pricesCents: { "30": 5000, "60": 9000 },
      consultationTypes: chat ? ["voice", "chat"] : ["voice"],
      chatPricesCents: chat ? { "30": 3500, "60": 6000 } : undefined,
      availability: weekFrom({ monday: ["09:00", "09:30", "10:00", "10:30", "11:00", "11:30"] }),
    }),
  );
  return w;
}

const checkout = (w: World, consultationType?: "voice" | "chat", time = "10:00") => ({
  psychicProfileId: w.profileA,
  durationMinutes: 30 as const,
  date: w.monday,
  time,
  consent: true,
  ...(consultationType ? { consultationType } : {}),
});

async function deliver(t: TestConvex, type: string, object: unknown) {
  const { body, header } = await signedEvent(type, object);
  return t.fetch("/stripe/webhook", { method: "POST", body, headers: { "stripe-signature": header } });
}

async function paidChat(w: World) {
  const { bookingId } = await w.as.clientA.action(api.payments.startCheckout, checkout(w, "chat"));
  const session = await stripe().pay((await stripe().lastSession()).id);
  expect((await deliver(w.t, "checkout.session.completed", session)).status).toBe(200);
  return bookingId;
}

const emailsOfKind = (w: World, kind: string) => w.t.run(async (ctx) => (await ctx.db.query("emailOutbox").collect()).filter((email) => email.kind === kind));

describe("a chat through checkout and the webhook", () => {
  it("is charged the chat's price, not the call's, and confirmed as a chat", async () => {
    const w = await world();
    const bookingId = await paidChat(w);
    expect((await stripe().lastSession()).amount_total).toBe(3500);
    expect(await bookingOf(w, bookingId)).toMatchObject({ status: "confirmed", consultationType: "chat", priceCents: 3500 });
    const [toClient] = (await emailsOfKind(w, "booking_confirmed")).filter((email) => email.to === "cliente.a@esempio.it");
    expect(toClient.text).toContain("Tipo: Chat");
    expect(toClient.text).toContain("La pagina della chat si apre");
    expect(toClient.html).toContain("Vai alla chat");
    expect(toClient.attachments![0].content).toContain("SUMMARY:Consulto in chat con");
  });

  it("a call stays a call: without a type, and when asked for", async () => {
    const w = await world();
    const { bookingId } = await w.as.clientA.action(api.payments.startCheckout, checkout(w));
    expect(await bookingOf(w, bookingId)).toMatchObject({ consultationType: "voice", priceCents: 5000 });
    const asked = await w.as.clientB.action(api.payments.startCheckout, checkout(w, "voice", "11:00"));
    expect(await bookingOf(w, asked.bookingId)).toMatchObject({ consultationType: "voice", priceCents: 5000 });
  });

  it("a type the psychic does not offer is refused: nothing held, no checkout", async () => {
    const w = await world({ chat: false });
    expect(await errorCodeOf(w.as.clientA.action(api.payments.startCheckout, checkout(w, "chat")))).toBe("CONSULTATION_TYPE_NOT_OFFERED");
    expect(await stripe().sessions()).toEqual([]);
    const holds = await w.t.run((ctx) => ctx.db.query("bookings").collect());
    // The world's own hold (09:00) is the only one: 10:00 stays free.
    expect(holds.filter((booking) => booking.scheduledDate === w.monday && booking.scheduledTime === "10:00")).toEqual([]);
  });

  it("a type unknown to the server is refused by the validator", async () => {
    const w = await world();
    const video = { ...checkout(w), consultationType: "video" } as unknown as ReturnType<typeof checkout>;
    await expect(w.as.clientA.action(api.payments.startCheckout, video)).rejects.toThrow(/Validator error/);
  });
});

describe("the same rules after paying", () => {
  it("cancelled more than 24 hours ahead, a chat is refunded in full, its own price", async () => {
    const w = await world();
    const bookingId = await paidChat(w);
    expect(await w.as.clientA.mutation(api.bookings.cancelByClient, { bookingId })).toEqual({ window: "full", refundCents: 3500 });
    await w.t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(stripe().refunds()).toMatchObject([{ amount: 3500 }]);
  });

  it("a chat that took place pays the psychic their share of the chat's price", async () => {
    const w = await world();
    const bookingId: Id<"bookings"> = await callBooking(w, { consultationType: "chat", priceCents: 3500 });
    const { endsAt } = (await bookingOf(w, bookingId))!;
    let n = 0;
    while (Date.now() < endsAt - 10 * SECOND) {
      await w.as.clientA.mutation(api.chats.send, { bookingId, clientMessageId: `c${++n}`, text: "Domanda" });
      await w.as.psychicA.mutation(api.chats.send, { bookingId, clientMessageId: `p${n}`, text: "Risposta" });
      vi.advanceTimersByTime(10 * SECOND);
      await w.t.finishInProgressScheduledFunctions();
    }
    vi.advanceTimersByTime(endsAt + MINUTE - Date.now());
    await w.t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await bookingOf(w, bookingId)).toMatchObject({ status: "completed" });
    const shares = await w.t.run((ctx) =>
      ctx.db
        .query("psychicTransfers")
        .withIndex("by_bookingId", (q) => q.eq("bookingId", bookingId))
        .collect(),
    );
    expect(shares.map((share) => share.amountCents)).toEqual([netEarningsCents(3500)]);
  });
});
