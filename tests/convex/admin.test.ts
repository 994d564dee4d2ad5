// The admin area on the server: who may use it, the message inbox and its forward-only statuses,
// psychic moderation, the lists and the switches.
import { describe, expect, it } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import { publishableLuna, acceptConductAs } from "./fixtures/psychics";
import { buildWorld } from "./fixtures/world";
import { errorCodeOf, originPassFor, runWithTriggers, setupTest, signInAs, type TestClient, type TestConvex } from "./setup";

const page = { numItems: 20, cursor: null };
const contactForm = (subject: string) => ({
  name: "Mario Rossi",
  email: `${subject.toLowerCase().replace(/\W+/g, ".")}@esempio.it`,
  userType: "client" as const,
  subject,
  message: "Un messaggio per il supporto.",
});
const profileFields = publishableLuna();

async function withAdmin(t: TestConvex) {
  return (await signInAs(t, { email: "direzione@arcano.it", name: "Direzione", admin: true })).as;
}

describe("who may use the admin area", () => {
  it("visitors, clients, psychics and an admin-domain account without a grant are refused every key function", async () => {
    const w = await buildWorld(setupTest());
    const calls = (as: (typeof w.as)["admin"]) => [
      as.query(api.admin.getOverview, { now: Date.now() }),
      as.query(api.admin.listUsers, { paginationOpts: page }),
      as.query(api.admin.listMessages, { status: "all", paginationOpts: page }),
      as.query(api.admin.unreadMessageCount, {}),
      as.mutation(api.admin.approvePsychic, { profileId: w.profilePending, reviewVersion: 0 }),
      as.mutation(api.admin.markMessageRead, { messageId: w.messages.unread }),
      as.mutation(api.admin.setSetting, { key: "maintenance_mode", value: true }),
    ];
    const expected = { visitor: "NOT_AUTHENTICATED", clientA: "FORBIDDEN", psychicA: "FORBIDDEN", adminNoGrant: "FORBIDDEN" } as const;
    for (const [persona, code] of Object.entries(expected)) {
      for (const call of calls(w.as[persona as keyof typeof expected])) expect(await errorCodeOf(call)).toBe(code);
    }
    // The same calls pass for the admin with a grant (approval once the verification call passed).
    await w.t.run((ctx) => ctx.db.patch("psychicProfiles", w.profilePending, { verificationCallCompleted: true }));
    for (const call of calls(w.as.admin)) await call;
  });

  it("a grant alone is not enough: an address off the admin domain with a grant is refused", async () => {
    const t = setupTest();
    const { as } = await signInAs(t, { email: "furbo@esempio.it", admin: true });
    expect(await errorCodeOf(as.query(api.admin.getOverview, { now: Date.now() }))).toBe("FORBIDDEN");
  });
});

describe("the message inbox", () => {
  it("lists newest first, filters by status with the count found, and moves statuses only forward", async () => {
    const t = setupTest();
    const admin = await withAdmin(t);
    const first = await t.mutation(api.contact.send, { ...contactForm("Primo"), originPass: await originPassFor(t, "127.0.0.1") });
    const second = await t.mutation(api.contact.send, { ...contactForm("Secondo"), originPass: await originPassFor(t, "127.0.0.1") });
    const third = await t.mutation(api.contact.send, { ...contactForm("Terzo"), originPass: await originPassFor(t, "127.0.0.1") });
    const subjects = async (status: "all" | "unread" | "read" | "replied") =>
      (await admin.query(api.admin.listMessages, { status, paginationOpts: page })).page.map((message) => message.subject);
    expect(await subjects("all")).toEqual(["Terzo", "Secondo", "Primo"]);
    expect(await admin.query(api.admin.unreadMessageCount, {})).toBe(3);

    await admin.mutation(api.admin.markMessageRead, { messageId: first });
    await admin.mutation(api.admin.markMessageReplied, { messageId: second });
    expect(await subjects("unread")).toEqual(["Terzo"]);
    expect(await subjects("read")).toEqual(["Primo"]);
    expect(await subjects("replied")).toEqual(["Secondo"]);
    expect(await admin.query(api.admin.messageCounts, {})).toEqual({ all: 3, unread: 1, read: 1, replied: 1 });
    expect(await admin.query(api.admin.unreadMessageCount, {})).toBe(1);

    // No way back, and no standing still.
    expect(await errorCodeOf(admin.mutation(api.admin.markMessageRead, { messageId: first }))).toBe("INVALID_STATE");
    expect(await errorCodeOf(admin.mutation(api.admin.markMessageRead, { messageId: second }))).toBe("INVALID_STATE");
    expect(await errorCodeOf(admin.mutation(api.admin.markMessageReplied, { messageId: second }))).toBe("INVALID_STATE");
    await admin.mutation(api.admin.markMessageReplied, { messageId: first });
    expect(await admin.query(api.admin.messageCounts, {})).toEqual({ all: 3, unread: 1, read: 0, replied: 2 });
    expect((await admin.query(api.admin.listMessages, { status: "unread", paginationOpts: page })).page[0]).toMatchObject({
      id: third,
      categoryLabel: "Generale",
      status: "unread",
    });
  });

  it("pages through a long inbox, never more than 100 at once", async () => {
    const t = setupTest();
    const admin = await withAdmin(t);
    await t.run(async (ctx) => {
      for (let i = 0; i < 120; i++) {
        await ctx.db.insert("contactMessages", { ...contactForm(`N${i}`), category: "other", status: "read", updatedAt: 0 });
      }
    });
    const firstPage = await admin.query(api.admin.listMessages, { status: "read", paginationOpts: { numItems: 500, cursor: null } });
    expect(firstPage.page).toHaveLength(100);
    expect(firstPage.isDone).toBe(false);
    const rest = await admin.query(api.admin.listMessages, { status: "read", paginationOpts: { numItems: 100, cursor: firstPage.continueCursor } });
    expect(rest.page).toHaveLength(20);
  });
});

describe("psychic moderation", () => {
  /** A psychic waiting for review, and the review version the admin's list shows for them. */
  async function pendingPsychic(t: TestConvex, admin: TestClient) {
    await t.run((ctx) => ctx.db.insert("systemSettings", { key: "psychic_approval_required", value: true }));
    const psychic = await signInAs(t, { email: "luna@esempio.it", name: "Luna Rossi", accountType: "psychic" });
    await psychic.as.mutation(api.psychicProfiles.ensureMine, {});
    await acceptConductAs(psychic.as);
    expect(await psychic.as.mutation(api.psychicProfiles.publishMine, profileFields)).toEqual({ profileStatus: "pending" });
    const profileId = (await psychic.as.query(api.psychicProfiles.getMine, {}))!.id;
    const reviewVersion = (await admin.query(api.admin.listPsychics, { paginationOpts: { numItems: 100, cursor: null } })).page.find(
      (row) => row.id === profileId,
    )!.reviewVersion;
    return { ...psychic, profileId, reviewVersion };
  }

  it("the review queue comes first; approving a pending psychic lists them for the public", async () => {
    const t = setupTest();
    const admin = await withAdmin(t);
    const { profileId, reviewVersion } = await pendingPsychic(t, admin);
    const { page: psychics } = await admin.query(api.admin.listPsychics, { paginationOpts: { numItems: 100, cursor: null } });
    expect(psychics[0]).toMatchObject({ id: profileId, email: "luna@esempio.it", profileStatus: "pending", inReview: "profile", reviewVersion });
    expect((await t.query(internal.psychics.listPublic, {})).psychics).toEqual([]);

    await admin.mutation(api.admin.recordVerificationCall, { profileId, outcome: "passed" });
    expect(await admin.mutation(api.admin.approvePsychic, { profileId, reviewVersion })).toEqual({ profileStatus: "approved" });
    expect((await t.query(internal.psychics.listPublic, {})).psychics.map((card) => card.id)).toEqual([profileId]);
    // Nothing waits any more.
    expect(await errorCodeOf(admin.mutation(api.admin.approvePsychic, { profileId, reviewVersion }))).toBe("INVALID_STATE");
  });

  it("rejecting needs a note, which the psychic then reads on their profile", async () => {
    const t = setupTest();
    const admin = await withAdmin(t);
    const { as, profileId, reviewVersion } = await pendingPsychic(t, admin);
    expect(await errorCodeOf(admin.mutation(api.admin.rejectPsychic, { profileId, reviewVersion, note: "  " }))).toBe("INVALID_INPUT");
    await admin.mutation(api.admin.rejectPsychic, { profileId, reviewVersion, note: "Aggiungi una foto in cui ti si veda il volto." });
    expect(await as.query(api.psychicProfiles.getMine, {})).toMatchObject({
      profileStatus: "rejected",
      adminNotes: "Aggiungi una foto in cui ti si veda il volto.",
    });
    expect(await errorCodeOf(admin.mutation(api.admin.rejectPsychic, { profileId, reviewVersion, note: "Ancora no." }))).toBe("INVALID_STATE");
  });
});

describe("the lists", () => {
  it("users: newest first with their account type and profile status; search by name or email", async () => {
    const w = await buildWorld(setupTest());
    const users = (await w.as.admin.query(api.admin.listUsers, { paginationOpts: page })).page;
    expect(users[0]).toMatchObject({ email: "in.attesa@esempio.it", accountType: "psychic", profileStatus: "pending" });
    expect(users.find((user) => user.email === "cartomante.a@esempio.it")).toMatchObject({
      psychicName: "Lettrice A",
      profileStatus: "approved",
      isPubliclyVisible: true,
    });
    expect(users.find((user) => user.email === "cliente.a@esempio.it")).toMatchObject({ accountType: "client", profileStatus: null });
    expect(users.find((user) => user.email === "direzione@arcano.it")).toMatchObject({ accountType: null });

    const found = async (search: string) =>
      (await w.as.admin.query(api.admin.listUsers, { search, paginationOpts: page })).page.map((user) => user.email);
    expect(await found("  PERSONA clientb")).toEqual(["cliente.b@esempio.it"]);
    expect((await found("cartomante.")).sort()).toEqual(["cartomante.a@esempio.it", "cartomante.b@esempio.it"]);
    expect(await errorCodeOf(w.as.admin.query(api.admin.listUsers, { search: "x".repeat(101), paginationOpts: page }))).toBe("INVALID_INPUT");
  });

  it("users: a page at a time, never more than 100 at once", async () => {
    const w = await buildWorld(setupTest());
    await runWithTriggers(w.t, async (ctx) => {
      for (let i = 0; i < 120; i++) await ctx.db.insert("users", { email: `c${i}@esempio.it`, accountType: "client" });
    });
    const first = await w.as.admin.query(api.admin.listUsers, { paginationOpts: { numItems: 500, cursor: null } });
    expect(first.page).toHaveLength(100);
    expect(first.page[0].email).toBe("c119@esempio.it");
    const rest = await w.as.admin.query(api.admin.listUsers, { paginationOpts: { numItems: 100, cursor: first.continueCursor } });
    expect(rest.page.slice(0, 20).map((user) => user.email)).toEqual(Array.from({ length: 20 }, (_, i) => `c${19 - i}@esempio.it`));
    expect(rest.isDone).toBe(true);
    expect(await errorCodeOf(w.as.admin.query(api.admin.listUsers, { paginationOpts: { numItems: 0, cursor: null } }))).toBe("INVALID_INPUT");
  });

  it("bookings: the newest ones, and those needing attention (a failed refund, a late payment), each naming its type", async () => {
    const w = await buildWorld(setupTest());
    await w.t.run(async (ctx) => {
      await ctx.db.patch("bookings", w.bookingA, { status: "cancelled", refundStatus: "failed", refundCents: 5000 });
      await ctx.db.patch("bookings", w.bookingB, {
        status: "cancelled",
        cancelReason: "late_payment",
        refundStatus: "succeeded",
        consultationType: "chat",
      });
    });
    const { recent, needingAttention } = await w.as.admin.query(api.admin.listBookings, {});
    // Each row names its type: a call or a chat.
    expect(recent.map((booking) => [booking.id, booking.consultationType])).toEqual([
      [w.holdA, "voice"],
      [w.bookingB, "chat"],
      [w.bookingA, "voice"],
    ]);
    expect(needingAttention.map((booking) => [booking.id, booking.attention])).toEqual([
      [w.bookingB, "late_payment"],
      [w.bookingA, "refund_failed"],
    ]);
    expect(needingAttention[1]).toMatchObject({ clientName: "Persona clientA", clientEmail: "cliente.a@esempio.it" });
  });

  it("clients: a page at a time, newest first", async () => {
    const w = await buildWorld(setupTest());
    const { page: clients, isDone } = await w.as.admin.query(api.admin.listClients, { paginationOpts: page });
    expect(clients.map((client) => client.email)).toEqual(["cliente.b@esempio.it", "cliente.a@esempio.it"]);
    expect(isDone).toBe(true);
  });
});

describe("the switches", () => {
  it("an admin turns a switch on and off: stored once, with its description and who changed it", async () => {
    const t = setupTest();
    const { userId, as } = await signInAs(t, { email: "direzione@arcano.it", admin: true });
    await as.mutation(api.admin.setSetting, { key: "booking_enabled", value: false });
    await as.mutation(api.admin.setSetting, { key: "booking_enabled", value: true });
    await as.mutation(api.admin.setSetting, { key: "booking_enabled", value: false });
    const rows = await t.run((ctx) => ctx.db.query("systemSettings").collect());
    expect(rows).toEqual([expect.objectContaining({ key: "booking_enabled", value: false, updatedBy: userId })]);
    expect((await t.query(api.settings.getPublic, {})).booking_enabled).toBe(false);
    const listed = await as.query(api.admin.listSettings, {});
    expect(listed.map((setting) => [setting.key, setting.value])).toEqual([
      ["psychic_registration_enabled", true],
      ["booking_enabled", false],
      ["maintenance_mode", false],
      ["psychic_approval_required", false],
    ]);
    expect(listed.every((setting) => setting.description.length > 0)).toBe(true);
  });
});
