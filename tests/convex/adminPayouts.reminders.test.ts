// 'Pagamenti' and the psychics not yet onboarded (convex/adminPayouts.ts): what is owed to each while their
// payout account is not enabled, and the admin's reminder to finish Stripe's onboarding, an email through the
// outbox, at most one a day per psychic.
import { describe, expect, it, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import schema from "../../convex/schema";
import { heldConsultation, onboardedWorld } from "./fixtures/payoutWorld";
import { buildWorld, snapshotAllTables, type World } from "./fixtures/world";
import { errorCodeOf, setupTest, useStripeStandIn, type TestClient } from "./setup";

useStripeStandIn();

const DAY_MS = 24 * 60 * 60_000;
const tableNames = Object.keys(schema.tables);
const admin = (w: World) => w.as.admin as TestClient;
const rowOf = async (w: World, psychicUserId: string) =>
  (await admin(w).query(api.adminPayouts.listAccounts, { paginationOpts: { numItems: 20, cursor: null } })).page.find(
    (row) => row.psychicUserId === psychicUserId,
  )!;
const remind = (w: World, psychicUserId = w.userIds.psychicA) => admin(w).mutation(api.adminPayouts.remindOnboarding, { psychicUserId });
const reminders = (w: World) =>
  w.t.run(async (ctx) => (await ctx.db.query("emailOutbox").collect()).filter((email) => email.kind === "payout_onboarding_reminder"));

describe("psychics not yet onboarded", () => {
  it("show how much waits for them: the shares 'In attesa di attivazione pagamenti', added up", async () => {
    const w = await buildWorld(setupTest());
    await heldConsultation(w);
    await heldConsultation(w, 7000);
    expect(await rowOf(w, w.userIds.psychicA)).toMatchObject({ state: "not_started", owedCents: 4250 + 5950, owedAtLeast: false, nextReminderAt: null });
    expect(await rowOf(w, w.userIds.psychicB)).toMatchObject({ owedCents: 0 });
  });

  it("an enabled account is owed nothing here and gets no reminder", async () => {
    const { w } = await onboardedWorld();
    await heldConsultation(w);
    expect(await rowOf(w, w.userIds.psychicA)).toMatchObject({ state: "enabled", owedCents: 0, nextReminderAt: null });
    const before = await snapshotAllTables(w.t, tableNames);
    expect(await errorCodeOf(remind(w))).toBe("INVALID_STATE");
    expect(await snapshotAllTables(w.t, tableNames)).toEqual(before);
  });

  it("the reminder is an email in the outbox, with what is owed and the link to the payouts' settings", async () => {
    const w = await buildWorld(setupTest());
    await heldConsultation(w);
    await remind(w);
    const [email] = await reminders(w);
    expect(email).toMatchObject({ to: "cartomante.a@esempio.it", relatedId: w.userIds.psychicA, subject: expect.stringMatching(/^Ti aspettano 42,50\s€/) });
    expect(email.text).toContain("/psychic/settings");
    expect(email.text).toMatch(/Ti aspettano 42,50\s€ dei tuoi consulti/);
  });

  it("is limited to one a day per psychic: a second is refused with nothing sent, another psychic is not held back, and tomorrow it goes", async () => {
    vi.useFakeTimers();
    try {
      const w = await buildWorld(setupTest());
      await remind(w);
      const row = await rowOf(w, w.userIds.psychicA);
      expect(row.nextReminderAt).toBeGreaterThan(Date.now());
      expect(row.nextReminderAt).toBeLessThanOrEqual(Date.now() + DAY_MS);
      const before = await snapshotAllTables(w.t, tableNames);
      expect(await errorCodeOf(remind(w))).toBe("REMINDER_ALREADY_SENT");
      expect(await snapshotAllTables(w.t, tableNames)).toEqual(before);
      await remind(w, w.userIds.psychicB);
      // 23 hours on, still refused: a day means 24 hours after the last one, not a calendar day.
      vi.advanceTimersByTime(DAY_MS - 60 * 60_000);
      expect(await errorCodeOf(remind(w))).toBe("REMINDER_ALREADY_SENT");
      vi.advanceTimersByTime(60 * 60_000 + 1000);
      await remind(w);
      expect((await reminders(w)).map((email) => email.to).sort()).toEqual([
        "cartomante.a@esempio.it",
        "cartomante.a@esempio.it",
        "cartomante.b@esempio.it",
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("only a psychic can be reminded", async () => {
    const w = await buildWorld(setupTest());
    expect(await errorCodeOf(remind(w, w.userIds.clientA))).toBe("NOT_FOUND");
  });
});
