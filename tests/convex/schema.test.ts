import { authTables } from "@convex-dev/auth/server";
import { describe, expect, test } from "vitest";
import type { Id, TableNames } from "../../convex/_generated/dataModel";
import type { MutationCtx } from "../../convex/_generated/server";
import schema from "../../convex/schema";
import { setupTest } from "./setup";

const closedDay = { enabled: false, availableHours: [] };
const availability = {
  monday: { enabled: true, availableHours: ["09:00", "09:30", "14:00"] },
  tuesday: closedDay,
  wednesday: closedDay,
  thursday: closedDay,
  friday: closedDay,
  saturday: closedDay,
  sunday: closedDay,
};

/** Inserts one valid document in every table the app defines, in dependency order. */
async function insertOneOfEach(ctx: MutationCtx) {
  const now = Date.now();
  const clientId = await ctx.db.insert("users", {
    name: "Giulia Rossi",
    email: "giulia@example.it",
    accountType: "client",
    consentGivenAt: now,
  });
  const psychicId = await ctx.db.insert("users", {
    name: "Marta Bianchi",
    email: "marta@example.it",
    accountType: "psychic",
    consentGivenAt: now,
  });
  const psychicProfileId = await ctx.db.insert("psychicProfiles", {
    userId: psychicId,
    psychicName: "Madame Marta",
    bio: "Leggo i tarocchi da vent'anni.",
    specialties: ["Tarocchi", "Carte Sibille"],
    specializations: ["Amore e Relazioni"],
    yearsExperience: 20,
    totalConsultations: 0,
    reviewCount: 0,
    isAvailable: true,
    isPubliclyVisible: true,
    profileStatus: "approved",
    verificationCallCompleted: false,
    hourlyRateCents: 5000,
    pricesCents: { "15": 2500, "30": 5000, "45": 7500, "60": 10000 },
    availableDurations: [30, 60],
    availability,
  });
  const bookingId = await ctx.db.insert("bookings", {
    clientId,
    psychicUserId: psychicId,
    psychicProfileId,
    psychicName: "Madame Marta",
    consultationType: "voice",
    scheduledDate: "2026-03-30",
    scheduledTime: "09:00",
    startsAt: Date.parse("2026-03-30T07:00:00Z"),
    endsAt: Date.parse("2026-03-30T07:30:00Z"),
    durationMinutes: 30,
    priceCents: 5000,
    status: "pending_payment",
    holdExpiresAt: now + 30 * 60_000,
  });
  const ids: Partial<Record<TableNames, Id<TableNames>>> = {
    users: clientId,
    psychicProfiles: psychicProfileId,
    bookings: bookingId,
    callSessions: await ctx.db.insert("callSessions", {
      bookingId,
      roomId: `arcano-${bookingId}`,
      status: "waiting",
      updatedAt: now,
    }),
    chatMessages: await ctx.db.insert("chatMessages", {
      bookingId,
      senderId: clientId,
      party: "client",
      body: "Buongiorno, eccomi.",
      masked: [],
      clientMessageId: "m-1",
      sentAt: now,
    }),
    callSignals: await ctx.db.insert("callSignals", {
      bookingId,
      fromUserId: clientId,
      kind: "offer",
      payload: '{"type":"offer","sdp":"v=0"}',
    }),
    contactMessages: await ctx.db.insert("contactMessages", {
      name: "Giulia Rossi",
      email: "giulia@example.it",
      userType: "client",
      subject: "Domanda",
      category: "general",
      message: "Come funziona il rimborso?",
      status: "unread",
      updatedAt: now,
    }),
    reviews: await ctx.db.insert("reviews", {
      bookingId,
      psychicProfileId,
      clientId,
      rating: 5,
      comment: "Molto gentile.",
      clientName: "Giulia",
    }),
    psychicMonthFigures: await ctx.db.insert("psychicMonthFigures", {
      psychicProfileId,
      monthYear: "2026-03",
      totalConsultations: 1,
      totalMinutes: 30,
      totalRevenueCents: 4250,
      ratingCount: 1,
      averageRating: 5,
    }),
    psychicFigures: await ctx.db.insert("psychicFigures", {
      psychicProfileId,
      dueConsultations: 2,
      consultationsGiven: 1,
      onTimeConsultations: 1,
    }),
    psychicCancellationDays: await ctx.db.insert("psychicCancellationDays", { psychicProfileId, day: "2026-03-14", cancellations: 1 }),
    systemSettings: await ctx.db.insert("systemSettings", {
      key: "booking_enabled",
      value: true,
      description: "Prenotazioni attive",
    }),
    adminGrants: await ctx.db.insert("adminGrants", {
      userId: clientId,
      grantedAt: now,
    }),
    processedWebhookEvents: await ctx.db.insert("processedWebhookEvents", {
      provider: "stripe",
      eventId: "evt_123",
      type: "checkout.session.completed",
      processedAt: now,
    }),
    emailOutbox: await ctx.db.insert("emailOutbox", {
      to: "giulia@example.it",
      subject: "Consulto confermato",
      html: "<p>Confermato</p>",
      text: "Confermato",
      kind: "booking_confirmed",
      status: "kept",
      attempts: 0,
      relatedId: bookingId,
    }),
    uploads: await ctx.db.insert("uploads", {
      ownerId: clientId,
      purpose: "psychic_photo",
      status: "issued",
      expiresAt: now + 60 * 60 * 1000,
    }),
    payoutAccounts: await ctx.db.insert("payoutAccounts", {
      psychicUserId: clientId,
      stripeAccountId: "acct_123",
      state: "requirements_due",
      requirementsDue: ["individual.verification.document"],
      updatedAt: now,
    }),
    psychicTransfers: await ctx.db.insert("psychicTransfers", {
      bookingId,
      psychicUserId: clientId,
      reason: "consultation",
      grossCents: 5000,
      commissionCents: 750,
      amountCents: 4250,
      state: "transferred",
      dueAt: now,
      attempts: 1,
      stripeTransferId: "tr_123",
      transferredAt: now,
    }),
    psychicFiscalData: await ctx.db.insert("psychicFiscalData", {
      psychicUserId: clientId,
      legalName: "Maria Rossi",
      codiceFiscale: "RSSMRA80A01H501U",
      dateOfBirth: "1980-01-01",
      street: "Via Roma 1",
      postalCode: "00100",
      city: "Roma",
      country: "IT",
      updatedAt: now,
    }),
    fiscalDocuments: await ctx.db.insert("fiscalDocuments", {
      kind: "receipt",
      issuerKey: psychicId,
      series: "R",
      year: 2026,
      sequence: 1,
      number: "R2026/0001",
      date: "2026-11-29",
      issuedAt: now,
      psychicUserId: psychicId,
      clientUserId: clientId,
      bookingId,
      amountCents: 5000,
      content: {
        title: "Ricevuta per prestazione occasionale",
        issuer: { name: "Marta Bianchi", taxCode: "BNCMRT80A41H501X", address: "Via Roma 1, 00100 Roma" },
        recipient: { name: "Persona C." },
        lines: [{ description: "Consulto di cartomanzia, 30 minuti, vocale", amountCents: 5000 }],
        netCents: 5000,
        vatCents: 0,
        totalCents: 5000,
        notes: [],
      },
    }),
    fiscalDocumentCounters: await ctx.db.insert("fiscalDocumentCounters", { issuerKey: psychicId, series: "R", year: 2026, last: 1 }),
    retainedFiscalRecords: await ctx.db.insert("retainedFiscalRecords", {
      psychicUserId: psychicId,
      legalName: "Marta Bianchi",
      codiceFiscale: "BNCMRT80A41H501X",
      deletedAt: now,
      keepUntil: Date.parse("2036-12-31T23:00:00Z"),
    }),
    transferReversals: await ctx.db.insert("transferReversals", {
      transferId: (await ctx.db.query("psychicTransfers").first())!._id,
      bookingId,
      why: "dispute",
      amountCents: 4250,
      state: "reversed",
      attempts: 1,
      stripeReversalId: "trr_123",
      reversedAt: now,
    }),
    providerJobs: await ctx.db.insert("providerJobs", {
      kind: "reversal",
      subjectId: "transferReversals:1",
      state: "done",
      attempts: 1,
      series: 0,
      updatedAt: now,
    }),
    psychicPayouts: await ctx.db.insert("psychicPayouts", {
      psychicUserId: clientId,
      stripePayoutId: "po_123",
      amountCents: 4250,
      arrivalDate: now,
      status: "paid",
      updatedAt: now,
    }),
    originPasses: await ctx.db.insert("originPasses", { token: "pass-di-prova", origin: "a1b2c3", expiresAt: now + 15 * 60 * 1000 }),
    // Favourites and 'Avvisami'.
    favouritePsychics: await ctx.db.insert("favouritePsychics", { clientId, psychicProfileId, createdAt: now }),
    availabilityAlerts: await ctx.db.insert("availabilityAlerts", {
      clientId,
      psychicProfileId,
      date: "2026-03-16",
      durationMinutes: 30,
      createdAt: now,
    }),
    clientNotices: await ctx.db.insert("clientNotices", {
      clientId,
      kind: "time_freed",
      psychicProfileId,
      psychicName: "Madame Marta",
      date: "2026-03-16",
      durationMinutes: 30,
      createdAt: now,
    }),
    pendingSignUps: await ctx.db.insert("pendingSignUps", {
      email: "nuova@example.it",
      name: "Nuova Persona",
      accountType: "client",
      passwordHash: "sale:hash",
      codeHash: "hash-del-codice",
      consentGivenAt: now,
      expiresAt: now + 15 * 60 * 1000,
      failedAttempts: 0,
    }),
    platformFigures: await ctx.db.insert("platformFigures", { metric: "revenueCents", period: "2026-03", value: 5000 }),
    userSearchKeys: await ctx.db.insert("userSearchKeys", { userId: clientId, key: "giulia verdi" }),
    catalogueEntries: await ctx.db.insert("catalogueEntries", {
      profileId: psychicProfileId,
      facet: "tutti",
      closed: false,
      ratingKey: -4.5,
      reviewsKey: -12,
      nameKey: "selene",
      centsPerMinute: 150,
      freeAt: now + 3_600_000,
      recheckAt: now,
      topics: ["Amore e Relazioni"],
      techniques: ["Tarocchi"],
      types: ["voice"],
      typeCentsPerMinute: { voice: 150 },
      searchText: "s se sel sele selen selene ambito0",
    }),
    catalogueFacets: await ctx.db.insert("catalogueFacets", { facet: "tutti", psychics: 1 }),
    spendingLimits: await ctx.db.insert("spendingLimits", {
      clientId,
      limitCents: 6000,
      pendingLimit: { limitCents: null, effectiveAt: now + 24 * 60 * 60 * 1000 },
      pausedThrough: "2026-03-31",
      updatedAt: now,
    }),
    moneyFigures: await ctx.db.insert("moneyFigures", {
      month: "2026-03",
      paidCents: 5000,
      refundedCents: 0,
      disputedCents: 0,
      transferredCents: 4250,
      reversedCents: 0,
      owedCents: 0,
      commissionCents: 750,
    }),
    payoutDebts: await ctx.db.insert("payoutDebts", {
      psychicUserId: clientId,
      owedCents: 4250,
      since: now,
      reversalIds: [(await ctx.db.query("transferReversals").first())!._id],
    }),
    dac7Figures: await ctx.db.insert("dac7Figures", {
      year: 2026,
      psychicUserId: clientId,
      quarters: [
        { considerationCents: 4250, feesCents: 750, activities: 1 },
        { considerationCents: 0, feesCents: 0, activities: 0 },
        { considerationCents: 0, feesCents: 0, activities: 0 },
        { considerationCents: 0, feesCents: 0, activities: 0 },
      ],
    }),
    personFigures: await ctx.db.insert("personFigures", {
      userId: clientId,
      bookings: 1,
      amountCents: 5000,
      lastBookingStartsAt: Date.parse("2026-03-30T07:00:00Z"),
    }),
  };
  return ids;
}

/** The tables this app defines: all of them except the auth library's own (users is redefined). */
const appTables = Object.keys(schema.tables).filter((name) => name === "users" || !(name in authTables));

describe("schema", () => {
  test("a valid document of every app table is stored", async () => {
    const t = setupTest();
    const ids = await t.run(insertOneOfEach);
    expect(Object.keys(ids).sort()).toEqual([...appTables].sort());
    await t.run(async (ctx) => {
      for (const [table, id] of Object.entries(ids)) {
        expect(await ctx.db.get(table as TableNames, id), table).not.toBeNull();
      }
    });
  });

  // Each case breaks one field of a valid document; the error must name the offending value.
  const invalid: Array<[string, RegExp, (ctx: MutationCtx) => Promise<unknown>]> = [
    [
      "a psychic profile with an unknown status",
      /"published"/,
      async (ctx) => {
        const ids = await insertOneOfEach(ctx);
        const profile = await ctx.db.get("psychicProfiles", ids.psychicProfiles as Id<"psychicProfiles">);
        const { _id, _creationTime, ...doc } = profile!;
        await ctx.db.insert("psychicProfiles", {
          ...doc,
          profileStatus: "published" as "approved",
        });
      },
    ],
    [
      "a psychic profile whose weekly availability misses a day",
      /sunday/,
      async (ctx) => {
        const ids = await insertOneOfEach(ctx);
        const { sunday: _sunday, ...sixDays } = availability;
        await ctx.db.patch("psychicProfiles", ids.psychicProfiles as Id<"psychicProfiles">, {
          availability: sixDays as typeof availability,
        });
      },
    ],
    [
      "a contact message with a category outside the single set",
      /"billing"/,
      async (ctx) => {
        await ctx.db.insert("contactMessages", {
          name: "Luca",
          email: "luca@example.it",
          userType: "client",
          subject: "Fattura",
          category: "billing" as "payment",
          message: "Mi serve la fattura.",
          status: "unread",
          updatedAt: Date.now(),
        });
      },
    ],
    [
      "a booking with a status the lifecycle does not have",
      /"refunded"/,
      async (ctx) => {
        const ids = await insertOneOfEach(ctx);
        await ctx.db.patch("bookings", ids.bookings as Id<"bookings">, {
          status: "refunded" as "cancelled",
        });
      },
    ],
    [
      "a booking with a duration that is not offered",
      /\b20\b/,
      async (ctx) => {
        const ids = await insertOneOfEach(ctx);
        await ctx.db.patch("bookings", ids.bookings as Id<"bookings">, {
          durationMinutes: 20 as 15,
        });
      },
    ],
    [
      "a review with six stars",
      /\b6\b/,
      async (ctx) => {
        const ids = await insertOneOfEach(ctx);
        await ctx.db.patch("reviews", ids.reviews as Id<"reviews">, {
          rating: 6 as 5,
        });
      },
    ],
    [
      "a setting with an unknown key",
      /"allow_psychic_registration"/,
      async (ctx) => {
        await ctx.db.insert("systemSettings", {
          key: "allow_psychic_registration" as "booking_enabled",
          value: true,
        });
      },
    ],
    [
      "a user with an account type other than client or psychic",
      /"admin"/,
      async (ctx) => {
        await ctx.db.insert("users", {
          email: "x@example.it",
          accountType: "admin" as "client",
        });
      },
    ],
  ];

  test.each(invalid)("%s is refused", async (_name, offending, write) => {
    const t = setupTest();
    const error = await t.run(write).then(
      () => null,
      (e: unknown) => String(e),
    );
    expect(error).toMatch(/Validator error/);
    expect(error).toMatch(offending);
  });
});
