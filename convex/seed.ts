// Demo data for local runs: `npm start` runs `seed:run` once on a fresh data folder. It is an
// internal function, so no client can call it; on a deployment it runs only by hand
// (`npx convex run seed:run`). Running it twice changes nothing.
import { createAccount } from "@convex-dev/auth/server";
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalAction, internalMutation, internalQuery } from "./lib/functions";
import type { DurationMinutes } from "./lib/validators";
import { DEMO_PASSWORD, demoAccounts, demoReaders, weekFrom } from "./model/demoData";

export const isSeeded = internalQuery({
  args: {},
  returns: v.boolean(),
  handler: async (ctx) => {
    const admin = await ctx.db
      .query("users")
      .withIndex("email", (q) => q.eq("email", demoAccounts.admin.email))
      .first();
    return admin !== null;
  },
});

export const run = internalAction({
  args: {},
  returns: v.object({ seeded: v.boolean() }),
  handler: async (ctx) => {
    if (await ctx.runQuery(internal.seed.isSeeded, {})) return { seeded: false };

    async function account(email: string, name: string, accountType?: "client" | "psychic") {
      const { user } = await createAccount(ctx, {
        provider: "password",
        account: { id: email, secret: DEMO_PASSWORD },
        profile: { email, name, ...(accountType ? { accountType, consentGivenAt: Date.now() } : {}) },
      });
      return user._id;
    }

    await account(demoAccounts.client.email, demoAccounts.client.name, "client");
    const readerUserIds = [];
    for (const reader of demoReaders) {
      const name = reader.email === demoAccounts.reader.email ? demoAccounts.reader.name : reader.psychicName;
      readerUserIds.push(await account(reader.email, name, "psychic"));
    }
    // Staff accounts carry no account type; the grant below makes this one an admin.
    const adminId = await account(demoAccounts.admin.email, demoAccounts.admin.name);
    await ctx.runMutation(internal.seed.insertDemoProfiles, { readerUserIds, adminId });
    return { seeded: true };
  },
});

export const insertDemoProfiles = internalMutation({
  args: { readerUserIds: v.array(v.id("users")), adminId: v.id("users") },
  returns: v.null(),
  handler: async (ctx, { readerUserIds, adminId }) => {
    const now = Date.now();
    await ctx.db.insert("adminGrants", { userId: adminId, grantedAt: now, grantedBy: "seed" });
    for (const [index, reader] of demoReaders.entries()) {
      const durations = Object.keys(reader.pricing).map(Number) as DurationMinutes[];
      await ctx.db.insert("psychicProfiles", {
        userId: readerUserIds[index],
        psychicName: reader.psychicName,
        photoUrl: reader.photo,
        bio: reader.bio,
        specialties: reader.specialties,
        specializations: reader.specializations,
        yearsExperience: reader.yearsExperience,
        totalConsultations: 0,
        reviewCount: 0,
        isAvailable: true,
        isPubliclyVisible: true,
        profileStatus: "approved",
        approvedBy: adminId,
        approvedAt: now,
        verificationCallCompleted: true,
        hourlyRateEuros: reader.pricing["60"] ?? 50,
        pricing: reader.pricing,
        availableDurations: durations.sort((a, b) => a - b),
        availability: weekFrom(reader.schedule),
      });
    }
    return null;
  },
});
