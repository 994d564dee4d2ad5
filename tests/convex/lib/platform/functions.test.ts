import { anyApi } from "convex/server";
import { decodeJwt } from "jose";
import { describe, expect, test } from "vitest";
import { api } from "../../../../convex/_generated/api";
import { buildWorld } from "../../fixtures/world";
import { errorCodeOf, originPassFor, setupTest, signInAs, signUpCodeSentTo, type TestClient, type TestConvex } from "../../setup";

// The builders are exercised through test-only functions mounted under convex/testing/guards.
const guards = anyApi.testing.guards;
const setup = () =>
  setupTest({
    "../../convex/testing/guards.ts": () => import("../../fixtures/guards"),
  });

const client = { email: "giulia@example.it", accountType: "client" } as const;
const psychic = { email: "marta@example.it", accountType: "psychic" } as const;

describe("viewer", () => {
  test("a visitor is nobody: viewerId and viewer are null", async () => {
    const t = setup();
    expect(await t.query(guards.anyone, {})).toEqual({
      viewerId: null,
      email: null,
    });
  });

  test("a signed-in person is the viewer of their own requests", async () => {
    const t = setup();
    const { userId, as } = await signInAs(t, client);
    expect(await as.query(guards.anyone, {})).toEqual({
      viewerId: userId,
      email: client.email,
    });
  });

  test("a session whose account was deleted counts as signed out", async () => {
    const t = setup();
    const { userId, as } = await signInAs(t, client);
    await t.run((ctx) => ctx.db.delete("users", userId));
    expect(await as.query(guards.anyone, {})).toEqual({
      viewerId: null,
      email: null,
    });
    expect(await errorCodeOf(as.query(guards.signedIn, {}))).toBe(
      "NOT_AUTHENTICATED",
    );
  });

  test("someone who signs up with a password is signed in as that new user", async () => {
    const t = setup();
    await t.action(api.auth.signIn, {
      provider: "password",
      params: {
        email: "nuovo@example.it",
        password: "segreta123",
        flow: "signUp",
        name: "Nuovo Cliente",
        accountType: "client",
        consent: true,
        originPass: await originPassFor(t, "127.0.0.1"),
      },
    });
    // Signed in once the emailed code comes back.
    const code = (await signUpCodeSentTo(t, "nuovo@example.it"))!;
    const { tokens } = await t.action(api.auth.signIn, {
      provider: "password",
      params: { email: "nuovo@example.it", flow: "signUpVerification", code },
    });
    const subject = decodeJwt(tokens!.token).sub!;
    const result = await t.withIdentity({ subject }).query(guards.anyone, {});
    expect(result.email).toBe("nuovo@example.it");
  });
});

describe("role builders", () => {
  test("signed-in-only functions refuse a visitor", async () => {
    const t = setup();
    expect(await errorCodeOf(t.query(guards.signedIn, {}))).toBe(
      "NOT_AUTHENTICATED",
    );
    expect(await errorCodeOf(t.mutation(guards.clientWrite, {}))).toBe(
      "NOT_AUTHENTICATED",
    );
    expect(await errorCodeOf(t.query(guards.psychicRead, {}))).toBe(
      "NOT_AUTHENTICATED",
    );
    expect(await errorCodeOf(t.query(guards.adminRead, {}))).toBe(
      "NOT_AUTHENTICATED",
    );
  });

  test("a client passes client functions and is refused psychic ones", async () => {
    const t = setup();
    const { userId, as } = await signInAs(t, client);
    expect(await as.query(guards.clientRead, {})).toBe(userId);
    expect(await as.mutation(guards.clientWrite, {})).toBe(userId);
    expect(await errorCodeOf(as.query(guards.psychicRead, {}))).toBe(
      "PSYCHIC_ONLY",
    );
    expect(await errorCodeOf(as.mutation(guards.psychicWrite, {}))).toBe(
      "PSYCHIC_ONLY",
    );
  });

  test("a psychic passes psychic functions and is refused client ones", async () => {
    const t = setup();
    const { userId, as } = await signInAs(t, psychic);
    expect(await as.query(guards.psychicRead, {})).toBe(userId);
    expect(await as.mutation(guards.psychicWrite, {})).toBe(userId);
    expect(await errorCodeOf(as.query(guards.clientRead, {}))).toBe(
      "CLIENT_ONLY",
    );
    expect(await errorCodeOf(as.mutation(guards.clientWrite, {}))).toBe(
      "CLIENT_ONLY",
    );
  });

  test("an account without a type is neither a client nor a psychic", async () => {
    const t = setup();
    const { as } = await signInAs(t, { email: "staff@example.it" });
    expect(await errorCodeOf(as.query(guards.clientRead, {}))).toBe(
      "CLIENT_ONLY",
    );
    expect(await errorCodeOf(as.query(guards.psychicRead, {}))).toBe(
      "PSYCHIC_ONLY",
    );
  });
});

describe("admin builders", () => {
  async function adminWriteRefused(t: TestConvex, as: TestClient) {
    expect(await errorCodeOf(as.query(guards.adminRead, {}))).toBe("FORBIDDEN");
    expect(
      await errorCodeOf(as.mutation(guards.adminWrite, { value: true })),
    ).toBe("FORBIDDEN");
    // Refused before the handler ran: nothing was written.
    const written = await t.run((ctx) =>
      ctx.db.query("systemSettings").take(1),
    );
    expect(written).toEqual([]);
  }

  test("an admin-domain email with a server grant is an admin", async () => {
    const t = setup();
    const { userId, as } = await signInAs(t, {
      email: "direzione@arcano.it",
      admin: true,
    });
    expect(await as.query(guards.adminRead, {})).toBe(userId);
    expect(await as.mutation(guards.adminWrite, { value: true })).toBe(userId);
  });

  test("the admin domain is matched whatever the letter case", async () => {
    const t = setup();
    const { userId, as } = await signInAs(t, {
      email: "Direzione@ARCANO.it",
      admin: true,
    });
    expect(await as.query(guards.adminRead, {})).toBe(userId);
  });

  test("an admin-domain email without a grant is refused", async () => {
    const t = setup();
    const { as } = await signInAs(t, { email: "direzione@arcano.it" });
    await adminWriteRefused(t, as);
  });

  test("a grant on an email outside the admin domain is refused", async () => {
    const t = setup();
    const { as } = await signInAs(t, {
      email: "direzione@arcano.it.example.com",
      admin: true,
    });
    await adminWriteRefused(t, as);
  });

  test("a client or psychic is refused admin functions", async () => {
    const t = setup();
    await adminWriteRefused(t, (await signInAs(t, client)).as);
    await adminWriteRefused(t, (await signInAs(t, psychic)).as);
  });
});

describe("authedMutation", () => {
  test("any signed-in account may write through it, a visitor may not, and maintenance closes it to all but admins", async () => {
    const w = await buildWorld(setupTest());
    expect(await errorCodeOf(w.as.visitor.mutation(api.users.updateFullName, { fullName: "Nessuno" }))).toBe("NOT_AUTHENTICATED");
    await w.as.clientA.mutation(api.users.updateFullName, { fullName: "Cliente Nuovo" });
    await w.as.psychicA.mutation(api.users.updateFullName, { fullName: "Cartomante Nuova" });
    const names = await w.t.run(async (ctx) => [
      (await ctx.db.get("users", w.userIds.clientA))?.name,
      (await ctx.db.get("users", w.userIds.psychicA))?.name,
    ]);
    expect(names).toEqual(["Cliente Nuovo", "Cartomante Nuova"]);

    await w.as.admin.mutation(api.admin.setSetting, { key: "maintenance_mode", value: true });
    expect(await errorCodeOf(w.as.clientA.mutation(api.users.updateFullName, { fullName: "Altro" }))).toBe("MAINTENANCE_MODE");
    await w.as.admin.mutation(api.users.updateFullName, { fullName: "Direzione" });
  });
});
