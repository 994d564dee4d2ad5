import { describe, expect, it, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import {
  DEFAULT_TEST_PASSWORD,
  errorCodeOf,
  setupTest,
  signInWithPassword,
  signUpWithPassword,
  type TestConvex,
} from "./setup";

function signUp(t: TestConvex, params: Record<string, unknown>) {
  return t.action(api.auth.signIn, {
    provider: "password",
    params: {
      flow: "signUp",
      email: "nuova@esempio.it",
      password: DEFAULT_TEST_PASSWORD,
      name: "Nuova Persona",
      accountType: "client",
      consent: true,
      ...params,
    } as Record<string, string | boolean>,
  });
}

function signIn(t: TestConvex, email: string, password: string, extra: Record<string, boolean> = {}) {
  return t.action(api.auth.signIn, { provider: "password", params: { flow: "signIn", email, password, ...extra } });
}

const usersWithEmail = (t: TestConvex, email: string) =>
  t.run((ctx) => ctx.db.query("users").withIndex("email", (q) => q.eq("email", email)).collect());

describe("sign-up", () => {
  it("stores the full name, the account type and when consent was given, for a client and a psychic", async () => {
    const t = setupTest();
    const client = await signUpWithPassword(t, { email: "Giulia@Esempio.it", name: "  Giulia   Bianchi ", accountType: "client" });
    const psychic = await signUpWithPassword(t, { email: "marta@esempio.it", name: "Marta Neri", accountType: "psychic" });
    expect(await client.as.query(api.users.viewer, {})).toMatchObject({
      fullName: "Giulia Bianchi",
      email: "giulia@esempio.it",
      accountType: "client",
      isAdmin: false,
    });
    expect(await psychic.as.query(api.users.viewer, {})).toMatchObject({ fullName: "Marta Neri", accountType: "psychic" });
    const [stored] = await usersWithEmail(t, "giulia@esempio.it");
    expect(stored.consentGivenAt).toEqual(expect.any(Number));
  });

  it("refuses a sign-up that tries to set any other role or field", async () => {
    const t = setupTest();
    expect(await errorCodeOf(signUp(t, { accountType: "admin" }))).toBe("INVALID_INPUT");
    expect(await errorCodeOf(signUp(t, { role: "admin" }))).toBe("INVALID_INPUT");
    expect(await errorCodeOf(signUp(t, { isAdmin: true }))).toBe("INVALID_INPUT");
    expect(await usersWithEmail(t, "nuova@esempio.it")).toEqual([]);
  });

  it("refuses a sign-up without the 18+ consent, without a name, or with a short password", async () => {
    const t = setupTest();
    expect(await errorCodeOf(signUp(t, { consent: false }))).toBe("CONSENT_REQUIRED");
    expect(await errorCodeOf(signUp(t, { name: "   " }))).toBe("INVALID_INPUT");
    expect(await errorCodeOf(signUp(t, { password: "12345" }))).toBe("WEAK_PASSWORD");
    expect(await usersWithEmail(t, "nuova@esempio.it")).toEqual([]);
  });

  it("refuses an email that already has an account, whatever its case", async () => {
    const t = setupTest();
    await signUpWithPassword(t, { email: "nuova@esempio.it" });
    expect(await errorCodeOf(signUp(t, { email: "NUOVA@esempio.it" }))).toBe("EMAIL_IN_USE");
  });

  it("refuses psychic sign-ups while psychic registration is switched off, and still takes clients", async () => {
    const t = setupTest();
    await t.run((ctx) =>
      ctx.db.insert("systemSettings", { key: "psychic_registration_enabled", value: false, description: "" }),
    );
    expect(await errorCodeOf(signUp(t, { accountType: "psychic" }))).toBe("PSYCHIC_REGISTRATION_DISABLED");
    await signUpWithPassword(t, { email: "cliente@esempio.it", accountType: "client" });
  });

  it("refuses admin-domain addresses: admins are made by a grant, not by signing up", async () => {
    const t = setupTest();
    expect(await errorCodeOf(signUp(t, { email: "qualcuno@arcano.it" }))).toBe("ADMIN_LOGIN_REQUIRED");
  });

  it("welcomes the new person by email and notifies the team", async () => {
    const t = setupTest();
    await signUpWithPassword(t, { email: "giulia@esempio.it", name: "Giulia Bianchi" });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    const outbox = await t.run((ctx) => ctx.db.query("emailOutbox").collect());
    expect(outbox.map((email) => [email.to, email.kind, email.status])).toEqual([
      ["giulia@esempio.it", "account_created", "kept"],
      ["supporto@arcano.it", "account_created", "kept"],
    ]);
    expect(outbox[0].html).toContain("Giulia Bianchi");
    expect(outbox[1].text).toContain("giulia@esempio.it");
  });
});

describe("sign-in", () => {
  it("signs in with the right password, whatever the case of the email", async () => {
    const t = setupTest();
    const { userId } = await signUpWithPassword(t, { email: "giulia@esempio.it" });
    const as = await signInWithPassword(t, "GIULIA@esempio.it");
    expect((await as.query(api.users.viewer, {}))?.id).toBe(userId);
  });

  it("fails with the invalid-credentials code for a wrong password or an unknown email", async () => {
    const t = setupTest();
    await signUpWithPassword(t, { email: "giulia@esempio.it" });
    expect(await errorCodeOf(signIn(t, "giulia@esempio.it", "sbagliata"))).toBe("INVALID_CREDENTIALS");
    expect(await errorCodeOf(signIn(t, "nessuno@esempio.it", "sbagliata"))).toBe("INVALID_CREDENTIALS");
  });

  it("locks the account after five failed attempts, even for the right password", async () => {
    const t = setupTest();
    await signUpWithPassword(t, { email: "giulia@esempio.it" });
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(await errorCodeOf(signIn(t, "giulia@esempio.it", "sbagliata"))).toBe("INVALID_CREDENTIALS");
    }
    expect(await errorCodeOf(signIn(t, "giulia@esempio.it", DEFAULT_TEST_PASSWORD))).toBe("TOO_MANY_ATTEMPTS");
  });

  it("sends admin addresses to the admin page and keeps everyone else off it", async () => {
    const t = setupTest();
    await signUpWithPassword(t, { email: "giulia@esempio.it" });
    expect(await errorCodeOf(signIn(t, "capo@arcano.it", "qualsiasi"))).toBe("ADMIN_LOGIN_REQUIRED");
    expect(await errorCodeOf(signIn(t, "giulia@esempio.it", DEFAULT_TEST_PASSWORD, { adminLogin: true }))).toBe(
      "INVALID_ADMIN_EMAIL",
    );
  });
});
