import { describe, expect, it, vi } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import { DELETED_ACCOUNT_NAME } from "../../convex/model/accounts";
import { HISTORY_PART } from "../../convex/lib/accounts/deletedHistory";
import { buildWorld } from "./fixtures/world";
import { componentTable } from "./fixtures/components";
import { errorCodeOf, originPassFor, setupTest, signInWithPassword, signUpWithPassword, type TestConvex, DEFAULT_TEST_PASSWORD } from "./setup";

const resetCodeFor = async (t: TestConvex, email: string) => {
  const outbox = await t.run((ctx) =>
    ctx.db
      .query("emailOutbox")
      .withIndex("by_to", (q) => q.eq("to", email))
      .collect(),
  );
  const reset = outbox.filter((message) => message.kind === "password_reset").at(-1);
  return reset?.text.match(/\b(\d{6})\b/)?.[1];
};

describe("password reset by emailed code", () => {
  it("emails a six-digit code, sets the new password with it and signs out other sessions", async () => {
    const t = setupTest();
    const { userId } = await signUpWithPassword(t, { email: "giulia@esempio.it" });
    const otherDevice = await signInWithPassword(t, "giulia@esempio.it");
    await t.action(api.auth.signIn, { provider: "password", params: { flow: "reset", email: "giulia@esempio.it" } });
    const code = await resetCodeFor(t, "giulia@esempio.it");
    expect(code).toMatch(/^\d{6}$/);

    const result = await t.action(api.auth.signIn, {
      provider: "password",
      params: { flow: "reset-verification", email: "giulia@esempio.it", code: code!, newPassword: "nuova-segreta" },
    });
    expect(result.tokens?.token).toEqual(expect.any(String));
    expect(await otherDevice.query(api.users.viewer, {})).toBeNull();
    const signedIn = await signInWithPassword(t, "giulia@esempio.it", "nuova-segreta");
    expect((await signedIn.query(api.users.viewer, {}))?.id).toBe(userId);
    expect(
      await errorCodeOf(
        t.action(api.auth.signIn, {
          provider: "password",
          params: { flow: "signIn", email: "giulia@esempio.it", password: DEFAULT_TEST_PASSWORD },
        }),
      ),
    ).toBe("INVALID_CREDENTIALS");
  });

  it("refuses a wrong code and keeps the old password", async () => {
    const t = setupTest();
    await signUpWithPassword(t, { email: "giulia@esempio.it" });
    await t.action(api.auth.signIn, { provider: "password", params: { flow: "reset", email: "giulia@esempio.it" } });
    expect(
      await errorCodeOf(
        t.action(api.auth.signIn, {
          provider: "password",
          params: { flow: "reset-verification", email: "giulia@esempio.it", code: "000000x", newPassword: "nuova-segreta" },
        }),
      ),
    ).toBe("INVALID_RESET_CODE");
    await signInWithPassword(t, "giulia@esempio.it");
  });

  it("answers a request for an unknown address like a known one, sending nothing", async () => {
    const t = setupTest();
    await t.action(api.auth.signIn, { provider: "password", params: { flow: "reset", email: "nessuno@esempio.it" } });
    expect(await resetCodeFor(t, "nessuno@esempio.it")).toBeUndefined();
  });
});

describe("changing the password and the name", () => {
  it("a signed-in person changes their password and signs in with the new one", async () => {
    const t = setupTest();
    const { as } = await signUpWithPassword(t, { email: "marta@esempio.it", accountType: "psychic" });
    const current = DEFAULT_TEST_PASSWORD;
    expect(await errorCodeOf(as.action(api.users.changePassword, { currentPassword: current, newPassword: "123" }))).toBe("WEAK_PASSWORD");
    await as.action(api.users.changePassword, { currentPassword: current, newPassword: "ancora-nuova" });
    await signInWithPassword(t, "marta@esempio.it", "ancora-nuova");
    expect(await errorCodeOf(t.action(api.users.changePassword, { currentPassword: "ancora-nuova", newPassword: "ancora-nuova" }))).toBe(
      "NOT_AUTHENTICATED",
    );
  });

  it("updates the full name and refuses an empty one", async () => {
    const t = setupTest();
    const { as } = await signUpWithPassword(t, { email: "giulia@esempio.it" });
    await as.mutation(api.users.updateFullName, { fullName: "  Giulia  Verdi " });
    expect((await as.query(api.users.viewer, {}))?.fullName).toBe("Giulia Verdi");
    expect(await errorCodeOf(as.mutation(api.users.updateFullName, { fullName: "   " }))).toBe("INVALID_INPUT");
  });
});

describe("account deletion", () => {
  it("leaves no row of the person behind but past bookings and reviews, renamed 'Account eliminato'", async () => {
    const t = setupTest();
    const psychic = await signUpWithPassword(t, { email: "marta@esempio.it", accountType: "psychic" });
    await psychic.as.mutation(api.psychicProfiles.ensureMine, {});
    const client = await signUpWithPassword(t, { email: "giulia@esempio.it" });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    const { bookingId, profileId } = await t.run(async (ctx) => {
      const profile = (await ctx.db.query("psychicProfiles").first())!;
      const bookingId = await ctx.db.insert("bookings", {
        clientId: client.userId,
        psychicUserId: psychic.userId,
        psychicProfileId: profile._id,
        psychicName: "Marta",
        consultationType: "voice",
        scheduledDate: "2026-10-01",
        scheduledTime: "10:00",
        startsAt: Date.UTC(2026, 9, 1, 8),
        endsAt: Date.UTC(2026, 9, 1, 8, 30),
        durationMinutes: 30,
        priceCents: 5000,
        status: "completed",
      });
      await ctx.db.insert("reviews", {
        bookingId,
        psychicProfileId: profile._id,
        clientId: client.userId,
        rating: 5,
        comment: "Molto chiara",
        clientName: "Giulia",
      });
      return { bookingId, profileId: profile._id };
    });

    await client.as.mutation(api.users.deleteMyAccount, {});
    await psychic.as.mutation(api.users.deleteMyAccount, {});

    const left = await t.run(async (ctx) => ({
      users: await ctx.db.query("users").collect(),
      accounts: await ctx.db.query("authAccounts").collect(),
      sessions: await ctx.db.query("authSessions").collect(),
      refreshTokens: await ctx.db.query("authRefreshTokens").collect(),
      profiles: await ctx.db.query("psychicProfiles").collect(),
      outbox: await ctx.db.query("emailOutbox").collect(),
      booking: await ctx.db.get("bookings", bookingId),
      reviews: await ctx.db.query("reviews").collect(),
    }));
    expect(left.users).toEqual([]);
    expect(left.accounts).toEqual([]);
    expect(left.sessions).toEqual([]);
    expect(left.refreshTokens).toEqual([]);
    expect(left.profiles).toEqual([]);
    expect(left.outbox.map((email) => email.to)).toEqual(["supporto@arcano.it", "supporto@arcano.it"]);
    expect(left.booking).toMatchObject({ psychicName: DELETED_ACCOUNT_NAME, psychicProfileId: profileId, priceCents: 5000 });
    expect(left.reviews.map((review) => review.clientName)).toEqual([DELETED_ACCOUNT_NAME]);
    // The old session is signed out.
    expect(await client.as.query(api.users.viewer, {})).toBeNull();
  });

  it("a deleted client's private notes, messages to the team and limit counters go; the booking stays for accounting", async () => {
    const t = setupTest();
    const psychic = await signUpWithPassword(t, { email: "marta@esempio.it", accountType: "psychic" });
    await psychic.as.mutation(api.psychicProfiles.ensureMine, {});
    const client = await signUpWithPassword(t, { email: "giulia@esempio.it", name: "Giulia Verdi" });
    const bookingId = await t.run(async (ctx) => {
      const profile = (await ctx.db.query("psychicProfiles").first())!;
      const startsAt = Date.now() - 2 * 24 * 60 * 60 * 1000;
      return ctx.db.insert("bookings", {
        clientId: client.userId,
        psychicUserId: psychic.userId,
        psychicProfileId: profile._id,
        psychicName: "Marta",
        consultationType: "voice",
        scheduledDate: new Date(startsAt).toISOString().slice(0, 10),
        scheduledTime: "10:00",
        startsAt,
        endsAt: startsAt + 30 * 60_000,
        durationMinutes: 30,
        priceCents: 5000,
        status: "completed",
        notes: "Vorrei parlare di mia sorella e della sua salute.",
      });
    });
    const originPass = await originPassFor(t, "127.0.0.1");
    const form = { name: "Giulia Verdi", userType: "client" as const, subject: "Domanda", message: "Un dubbio sul mio consulto.", originPass };
    await client.as.mutation(api.contact.send, { ...form, email: "giulia@esempio.it" });
    await t.mutation(api.contact.send, { ...form, email: "giulia@esempio.it" });
    await t.mutation(api.contact.send, { ...form, name: "Altra Persona", email: "altra@esempio.it" });
    const notesSeen = async () => (await psychic.as.query(api.bookings.listForPsychic, { now: Date.now() })).recent.map((row) => row.notes);
    expect(await notesSeen()).toEqual(["Vorrei parlare di mia sorella e della sua salute."]);

    await client.as.mutation(api.users.deleteMyAccount, {});

    expect(await notesSeen()).toEqual([null]);
    const left = await t.run(async (ctx) => ({
      booking: await ctx.db.get("bookings", bookingId),
      messages: await ctx.db.query("contactMessages").collect(),
    }));
    // The rate limiter component's counters, in its own table.
    const counters = await componentTable(t, "rateLimiter", "rateLimits");
    expect(left.booking).toMatchObject({ priceCents: 5000, status: "completed" });
    expect(left.booking?.notes).toBeUndefined();
    expect(left.messages.map((message) => message.email)).toEqual(["altra@esempio.it"]);
    expect(counters.length).toBeGreaterThan(0);
    expect(counters.map((counter) => counter.key)).not.toContain(client.userId);
    expect(counters.map((counter) => counter.key)).not.toContain("giulia@esempio.it");
  });

  it("a history longer than one transaction may read is scrubbed in scheduled parts, every row of it", { timeout: 120_000 }, async () => {
    const t = setupTest();
    const psychic = await signUpWithPassword(t, { email: "vega@esempio.it", accountType: "psychic" });
    await psychic.as.mutation(api.psychicProfiles.ensureMine, {});
    const client = await signUpWithPassword(t, { email: "lunga@esempio.it", name: "Storia Lunga" });
    // Two and a half parts of past bookings with notes, each reviewed, and as many emails to the client.
    const rows = HISTORY_PART * 2 + HISTORY_PART / 2;
    await t.run(async (ctx) => {
      const profile = (await ctx.db.query("psychicProfiles").first())!;
      for (let i = 0; i < rows; i++) {
        const startsAt = Date.now() - (i + 2) * 24 * 60 * 60 * 1000;
        const bookingId = await ctx.db.insert("bookings", {
          clientId: client.userId,
          psychicUserId: psychic.userId,
          psychicProfileId: profile._id,
          psychicName: "Vega",
          consultationType: "voice",
          scheduledDate: new Date(startsAt).toISOString().slice(0, 10),
          scheduledTime: "10:00",
          startsAt,
          endsAt: startsAt + 30 * 60_000,
          durationMinutes: 30,
          priceCents: 3000,
          status: "completed",
          notes: `Nota privata ${i}`,
        });
        await ctx.db.insert("reviews", {
          bookingId,
          psychicProfileId: profile._id,
          clientId: client.userId,
          rating: 5,
          comment: "Molto utile.",
          clientName: "Storia L.",
        });
        await ctx.db.insert("emailOutbox", {
          to: "lunga@esempio.it",
          subject: "Promemoria",
          html: "<p>Promemoria</p>",
          text: "Promemoria",
          kind: "booking_reminder_24h",
          status: "sent",
          attempts: 1,
        });
      }
    });
    const left = () =>
      t.run(async (ctx) => ({
        notes: (await ctx.db.query("bookings").collect()).filter((booking) => booking.notes !== undefined).length,
        signed: (await ctx.db.query("reviews").collect()).filter((review) => review.clientName !== DELETED_ACCOUNT_NAME).length,
        emails: (
          await ctx.db
            .query("emailOutbox")
            .withIndex("by_to", (q) => q.eq("to", "lunga@esempio.it"))
            .collect()
        ).length,
      }));

    // The sign-up's own emails are in the client's history too.
    const emails = (await left()).emails;
    expect(emails).toBeGreaterThan(rows);
    await client.as.mutation(api.users.deleteMyAccount, {});
    // The deleting transaction did the first part of each list; the rest waits for its scheduled parts.
    expect(await left()).toEqual({ notes: rows - HISTORY_PART, signed: rows - HISTORY_PART, emails: emails - HISTORY_PART });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await left()).toEqual({ notes: 0, signed: 0, emails: 0 });
    expect(await t.run((ctx) => ctx.db.query("bookings").collect())).toHaveLength(rows);
    // A part run again from the start (users:scrubDeletedHistory) changes nothing more: each row's change is idempotent.
    const owner = { userId: client.userId, profileId: null, email: "lunga@esempio.it", emailsUpTo: 0 };
    await t.mutation(internal.users.scrubDeletedHistory, { ...owner, list: "clientBookings", cursor: null });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await left()).toEqual({ notes: 0, signed: 0, emails: 0 });
    expect(await t.run((ctx) => ctx.db.query("reviews").collect())).toHaveLength(rows);
  });

  it("a visitor cannot delete anything", async () => {
    const t = setupTest();
    expect(await errorCodeOf(t.mutation(api.users.deleteMyAccount, {}))).toBe("NOT_AUTHENTICATED");
  });
});

describe("admins", () => {
  it("are admins only with the admin domain AND a grant", async () => {
    const t = setupTest();
    const make = async (email: string, grant: boolean) => {
      const userId = await t.run((ctx) => ctx.db.insert("users", { email }));
      if (grant) await t.mutation(internal.users.grantAdmin, { email });
      const sessionId = await t.run((ctx) => ctx.db.insert("authSessions", { userId, expirationTime: Date.now() + 3_600_000 }));
      return t.withIdentity({ subject: `${userId}|${sessionId}` }).query(api.users.isAdmin, {});
    };
    expect(await make("capo@arcano.it", true)).toBe(true);
    expect(await make("solo-dominio@arcano.it", false)).toBe(false);
    expect(await make("solo-grant@esempio.it", true)).toBe(false);
    expect(await make("nessuno@esempio.it", false)).toBe(false);
    expect(await t.query(api.users.isAdmin, {})).toBe(false);
  });
});

describe("the email outbox", () => {
  it("keeps emails when no Resend key is set, and sends them through Resend when it is", async () => {
    const t = setupTest();
    await signUpWithPassword(t, { email: "giulia@esempio.it" });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    // The sign-up code, the welcome and the team's notice.
    expect((await t.run((ctx) => ctx.db.query("emailOutbox").collect())).map((email) => email.status)).toEqual(["kept", "kept", "kept"]);

    vi.stubEnv("RESEND_API_KEY", "re_test");
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ id: "email_123" }), { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    try {
      await signUpWithPassword(t, { email: "marta@esempio.it" });
      await t.finishAllScheduledFunctions(vi.runAllTimers);
    } finally {
      vi.unstubAllGlobals();
      vi.unstubAllEnvs();
    }
    const sent = await t.run((ctx) =>
      ctx.db
        .query("emailOutbox")
        .withIndex("by_status", (q) => q.eq("status", "sent"))
        .collect(),
    );
    expect(sent.map((email) => [email.to, email.kind, email.providerId])).toEqual([
      ["marta@esempio.it", "sign_up_code", "email_123"],
      ["marta@esempio.it", "account_created", "email_123"],
      ["supporto@arcano.it", "account_created", "email_123"],
    ]);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("records a failed send, retries it a few times, then leaves it failed, never breaking the sign-up", async () => {
    const t = setupTest();
    vi.stubEnv("RESEND_API_KEY", "re_test");
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ name: "internal_server_error", message: "servizio giù" }), { status: 500 }));
    vi.stubGlobal("fetch", fetchMock);
    try {
      await signUpWithPassword(t, { email: "giulia@esempio.it" });
      await t.finishAllScheduledFunctions(vi.runAllTimers);
      const emails = await t.run((ctx) => ctx.db.query("emailOutbox").collect());
      expect(emails.map((email) => [email.status, email.attempts])).toEqual([
        ["failed", 4],
        ["failed", 4],
        ["failed", 4],
      ]);
      expect(emails[0].lastError).toContain("servizio giù");
      expect(fetchMock).toHaveBeenCalledTimes(12);
    } finally {
      vi.unstubAllGlobals();
      vi.unstubAllEnvs();
    }
  });
});

describe("the first administrator", () => {
  it("is created from the command line on an admin address, and signs in on the admin page", async () => {
    const t = setupTest();
    await t.action(internal.users.createAdminAccount, { email: "Capo@arcano.it", password: "segreta-admin", fullName: "Capo" });
    const result = await t.action(api.auth.signIn, {
      provider: "password",
      params: { flow: "signIn", email: "capo@arcano.it", password: "segreta-admin", adminLogin: true },
    });
    expect(result.tokens?.token).toEqual(expect.any(String));
    expect(await errorCodeOf(t.action(internal.users.createAdminAccount, { email: "capo@esempio.it", password: "segreta", fullName: "X" }))).toBe(
      "INVALID_ADMIN_EMAIL",
    );
  });
});

describe("the action check", () => {
  it("checkActionViewer names the caller for each audience and refuses the others", async () => {
    const w = await buildWorld(setupTest());
    expect(await w.as.visitor.query(internal.users.checkActionViewer, { audience: "anyone" })).toBeNull();
    expect(await w.as.clientA.query(internal.users.checkActionViewer, { audience: "client" })).toBe(w.userIds.clientA);
    expect(await errorCodeOf(w.as.clientA.query(internal.users.checkActionViewer, { audience: "psychic" }))).toBe("PSYCHIC_ONLY");
    expect(await errorCodeOf(w.as.adminNoGrant.query(internal.users.checkActionViewer, { audience: "admin" }))).toBe("FORBIDDEN");
    expect(await w.as.admin.query(internal.users.checkActionViewer, { audience: "admin" })).toBe(w.userIds.admin);
  });

  it("checkActionViewer also closes actions during maintenance, to everyone but an admin", async () => {
    const w = await buildWorld(setupTest());
    await w.as.admin.mutation(api.admin.setSetting, { key: "maintenance_mode", value: true });
    expect(await errorCodeOf(w.as.clientA.query(internal.users.checkActionViewer, { audience: "client" }))).toBe("MAINTENANCE_MODE");
    expect(await errorCodeOf(w.as.visitor.query(internal.users.checkActionViewer, { audience: "anyone" }))).toBe("MAINTENANCE_MODE");
    expect(await w.as.admin.query(internal.users.checkActionViewer, { audience: "admin" })).toBe(w.userIds.admin);
  });
});
