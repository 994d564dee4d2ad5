// The demo's money at the Stripe stand-in, function by function (convex/seedPayouts.ts); the whole seed that
// uses them is in seed.test.ts.
import { describe, expect, it } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import { demoPsychics } from "../../convex/demo/data";
import type { Id } from "../../convex/_generated/dataModel";
import { insertCallParties } from "./fixtures/callParties";
import { setupTest, signInAs } from "./setup";

describe("seedPayouts", () => {
  it("payeeIds names the demo psychics who onboard, once their accounts exist, and no one else", async () => {
    const t = setupTest();
    expect(await t.query(internal.seedPayouts.payeeIds, {})).toEqual([]);
    const selene = await signInAs(t, { email: demoPsychics[0].email, name: "Selene Moretti", accountType: "psychic" });
    await signInAs(t, { email: "altra@esempio.it", name: "Altra", accountType: "psychic" });
    const orione = await signInAs(t, { email: demoPsychics[1].email, name: "Orione", accountType: "psychic" });
    expect(await t.query(internal.seedPayouts.payeeIds, {})).toEqual([selene.userId, orione.userId]);
  });

  it("recordFiscalData writes a psychic's fiscal data once, as they would see it in their settings", async () => {
    const t = setupTest();
    const psychic = await signInAs(t, { email: "selene@esempio.it", name: "Selene", accountType: "psychic" });
    const data = {
      psychicUserId: psychic.userId,
      iban: "IT60X0542811101000000123456",
      legalName: "Selene Moretti",
      codiceFiscale: "MRTSLN88D52F205V",
      dateOfBirth: "1988-04-12",
      street: "Via Brera 14",
      postalCode: "20121",
      city: "Milano",
    };
    await t.mutation(internal.seedPayouts.recordFiscalData, data);
    await t.mutation(internal.seedPayouts.recordFiscalData, { ...data, city: "Roma" });
    const mine = await psychic.as.query(api.fiscalData.getMine, {});
    expect(mine).toMatchObject({ legalName: "Selene Moretti", codiceFiscale: "MRTSLN88D52F205V", city: "Milano", iban: data.iban });
    expect(await t.run(async (ctx) => (await ctx.db.query("psychicFiscalData").collect()).length)).toBe(1);
  });

  it("attachPayment records a seeded booking's payment, twice alike; pendingTransfers lists the payees' shares ready to send", async () => {
    const t = setupTest();
    await insertCallParties(t);
    // seed:callNow's booking, before its payment job has run.
    const bookingId = await t.mutation(internal.seed.callNow, { minutes: 15 });
    const payment = { bookingId, sessionId: "cs_test_demo", paymentIntentId: "pi_test_demo" };
    await t.mutation(internal.seedPayouts.attachPayment, payment);
    await t.mutation(internal.seedPayouts.attachPayment, payment);
    expect(await t.run((ctx) => ctx.db.get("bookings", bookingId))).toMatchObject({
      stripeCheckoutSessionId: "cs_test_demo",
      stripePaymentIntentId: "pi_test_demo",
    });
    expect(await t.query(internal.seedPayouts.bookingToPay, { bookingId })).toBeNull();

    // Shares in every state for two payees: only the pending ones of the payees asked for are listed.
    const payees = [
      (await signInAs(t, { email: demoPsychics[0].email, name: "Selene Moretti", accountType: "psychic" })).userId,
      (await signInAs(t, { email: demoPsychics[1].email, name: "Orione", accountType: "psychic" })).userId,
    ];
    const share = (psychicUserId: Id<"users">, state: "pending" | "transferred") =>
      t.run((ctx) =>
        ctx.db.insert("psychicTransfers", {
          bookingId,
          psychicUserId,
          reason: "consultation",
          grossCents: 1000,
          commissionCents: 150,
          amountCents: 850,
          state,
          dueAt: Date.now(),
          attempts: 0,
        }),
      );
    await share(payees[0], "transferred");
    expect(await t.query(internal.seedPayouts.pendingTransfers, { psychicUserIds: payees })).toEqual([]);
    const pending = await share(payees[0], "pending");
    await share(payees[1], "transferred");
    expect(await t.query(internal.seedPayouts.pendingTransfers, { psychicUserIds: payees })).toEqual([pending]);
    expect(await t.query(internal.seedPayouts.pendingTransfers, { psychicUserIds: payees.slice(1) })).toEqual([]);
  });
});
