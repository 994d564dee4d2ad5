// The retention sweep keeps the privacy page's promises (convex/model/retention.ts): a consultation's notes and
// call records go 24 months after it, support messages 24 months after their last update, technical records
// after 12 months, a deleted psychic's fiscal data kept for DAC7 once its 10 years are over; the bookings
// themselves (accounting) stay, and nothing younger is touched.
import { afterEach, describe, expect, it, vi } from "vitest";
import { internal } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { fiscalRecordKeptUntil } from "../../convex/model/fiscal";
import { forgetBefore, RETENTION_BATCH } from "../../convex/model/retention";
import { insertCallParties } from "./fixtures/callParties";
import { setupTest, type TestConvex } from "./setup";

afterEach(() => vi.useRealTimers());

const NOW = Date.UTC(2026, 10, 27, 2, 23);
const DAY = 86_400_000;

/** Runs `fn` with the clock at `at`, so what it inserts is created then. */
async function createdAt<T>(at: number, fn: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(at);
  try {
    return await fn();
  } finally {
    vi.useRealTimers();
  }
}

async function booking(t: TestConvex, at: number, notes: string) {
  const seedNow = await t.run(async (ctx) => ctx.db.query("psychicProfiles").first());
  const client = await t.run(async (ctx) => ctx.db.query("users").first());
  return createdAt(at - DAY, () =>
    t.run((ctx) =>
      ctx.db.insert("bookings", {
        clientId: client!._id,
        psychicUserId: seedNow!.userId,
        psychicProfileId: seedNow!._id,
        psychicName: "Selene",
        consultationType: "voice",
        scheduledDate: "2024-01-01",
        scheduledTime: "10:00",
        startsAt: at,
        endsAt: at + 30 * 60_000,
        durationMinutes: 30,
        priceCents: 3_000,
        status: "completed",
        paidAt: at - DAY,
        notes,
      }),
    ),
  );
}

async function sweep(t: TestConvex) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  try {
    await t.mutation(internal.retention.sweep, {});
    await t.finishAllScheduledFunctions(() => undefined);
  } finally {
    vi.useRealTimers();
  }
}

describe("the retention sweep", () => {
  it("forgets notes and call records of consultations older than 24 months, and keeps the bookings", async () => {
    const t = setupTest();
    const line = forgetBefore(NOW, 24);
    // convex-test keeps creation times increasing: everything is made in the order of its (fake) time.
    await createdAt(line - 10 * DAY, () => insertCallParties(t));
    const session = (bookingId: Awaited<ReturnType<typeof booking>>, at: number) =>
      createdAt(at - 60_000, () =>
        t.run((ctx) => ctx.db.insert("callSessions", { bookingId, roomId: `arcano-${bookingId}`, status: "ended", updatedAt: at })),
      );
    const old = await booking(t, line - DAY, "Vorrei parlare del lavoro");
    await session(old, line - DAY);
    const recent = await booking(t, line + DAY, "Una domanda d'amore");
    await session(recent, line + DAY);

    await sweep(t);

    const [oldBooking, recentBooking] = await t.run(async (ctx) => [await ctx.db.get("bookings", old), await ctx.db.get("bookings", recent)]);
    expect(oldBooking).toMatchObject({ status: "completed", priceCents: 3_000 });
    expect(oldBooking?.notes).toBeUndefined();
    expect(recentBooking?.notes).toBe("Una domanda d'amore");
    const sessions = await t.run((ctx) => ctx.db.query("callSessions").collect());
    expect(sessions.map((session) => session.bookingId)).toEqual([recent]);
  });

  it("forgets support messages 24 months after their last update, and technical records after 12", async () => {
    const t = setupTest();
    const message = (updatedAt: number) => ({
      name: "Giulia",
      email: "giulia@esempio.it",
      userType: "client" as const,
      subject: "Domanda",
      category: "general" as const,
      message: "Ciao",
      status: "replied" as const,
      updatedAt,
    });
    const longAgo = forgetBefore(NOW, 24) - DAY;
    await createdAt(longAgo, () => t.run((ctx) => ctx.db.insert("contactMessages", message(longAgo))));
    // Written long ago, answered recently: kept.
    await createdAt(longAgo, () => t.run((ctx) => ctx.db.insert("contactMessages", message(NOW - 30 * DAY))));
    const yearAgo = forgetBefore(NOW, 12);
    for (const at of [yearAgo - DAY, yearAgo + DAY]) {
      await createdAt(at, () =>
        t.run(async (ctx) => {
          await ctx.db.insert("processedWebhookEvents", { provider: "stripe", eventId: `evt_${at}`, type: "charge.refunded", processedAt: at });
          // A provider call done then, and one left failed then (the admin still has to see it).
          for (const state of ["done", "failed"] as const) {
            await ctx.db.insert("providerJobs", { kind: "email", subjectId: `${state}_${at}`, state, attempts: 1, series: 0, updatedAt: at });
          }
          await ctx.db.insert("emailOutbox", {
            to: "g@esempio.it",
            subject: "s",
            html: "h",
            text: "t",
            kind: "booking_confirmed",
            status: "sent",
            attempts: 1,
          });
        }),
      );
    }

    await sweep(t);

    const left = await t.run(async (ctx) => ({
      messages: (await ctx.db.query("contactMessages").collect()).map((row) => row.updatedAt),
      events: (await ctx.db.query("processedWebhookEvents").collect()).map((row) => row.processedAt),
      emails: (await ctx.db.query("emailOutbox").collect()).length,
      jobs: (await ctx.db.query("providerJobs").collect()).map((job) => job.subjectId).sort(),
    }));
    expect(left).toEqual({
      messages: [NOW - 30 * DAY],
      events: [yearAgo + DAY],
      emails: 1,
      jobs: [`done_${yearAgo + DAY}`, `failed_${yearAgo - DAY}`, `failed_${yearAgo + DAY}`].sort(),
    });
  });

  it("runBatch forgets one batch of one job, says how many, and schedules the rest", async () => {
    const t = setupTest();
    const old = forgetBefore(NOW, 12) - DAY;
    await createdAt(old, () =>
      t.run(async (ctx) => {
        for (let i = 0; i < RETENTION_BATCH + 3; i++) {
          await ctx.db.insert("processedWebhookEvents", { provider: "stripe", eventId: `evt_${i}`, type: "t", processedAt: old });
        }
      }),
    );
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
    try {
      expect(await t.mutation(internal.retention.runBatch, { job: "webhookEvents", after: 0 })).toBe(RETENTION_BATCH);
      expect(await t.run(async (ctx) => (await ctx.db.query("processedWebhookEvents").collect()).length)).toBe(3);
      await t.finishAllScheduledFunctions(() => undefined);
    } finally {
      vi.useRealTimers();
    }
    expect(await t.run(async (ctx) => (await ctx.db.query("processedWebhookEvents").collect()).length)).toBe(0);
  });

  it("works through a backlog in batches, each its own transaction", async () => {
    const t = setupTest();
    const old = forgetBefore(NOW, 12) - DAY;
    await createdAt(old, () =>
      t.run(async (ctx) => {
        for (let i = 0; i < RETENTION_BATCH * 2 + 5; i++) {
          await ctx.db.insert("processedWebhookEvents", { provider: "stripe", eventId: `evt_${i}`, type: "t", processedAt: old });
        }
      }),
    );
    await sweep(t);
    expect(await t.run(async (ctx) => (await ctx.db.query("processedWebhookEvents").collect()).length)).toBe(0);
  });

  it("erases a deleted psychic's fiscal data kept for DAC7 once the 10 years after its last reported year are over", async () => {
    const t = setupTest();
    const record = (psychicUserId: Id<"users">, lastYear: number) => ({
      psychicUserId,
      legalName: `Cartomante ${lastYear}`,
      codiceFiscale: "RSSMRA80A01H501U",
      deletedAt: Date.UTC(lastYear, 5, 1),
      keepUntil: fiscalRecordKeptUntil(lastYear),
    });
    await t.run(async (ctx) => {
      // The ids of the accounts deleted since: the records outlive them.
      for (const lastYear of [2014, 2015, 2016]) {
        const psychicUserId = await ctx.db.insert("users", { name: "x", accountType: "psychic" });
        await ctx.db.delete("users", psychicUserId);
        await ctx.db.insert("retainedFiscalRecords", record(psychicUserId, lastYear));
      }
    });
    // On 27 November 2026 the years up to 2015 have had their 10 years (2016–2025); 2016's run until the end of 2026.
    expect(fiscalRecordKeptUntil(2015)).toBeLessThan(NOW);
    expect(fiscalRecordKeptUntil(2016)).toBeGreaterThan(NOW);

    await sweep(t);

    const left = await t.run(async (ctx) => (await ctx.db.query("retainedFiscalRecords").collect()).map((row) => row.legalName));
    expect(left).toEqual(["Cartomante 2016"]);
  });
});
