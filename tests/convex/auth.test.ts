// Signing in, up and resetting by an emailed code (convex/auth.ts): the admin page's reset through the admin
// flow only, and the limits on passwords and reset codes.
import { describe, expect, it, vi } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import { DEFAULT_TEST_PASSWORD, errorCodeOf, setupTest, signUpWithPassword, type TestConvex } from "./setup";

const HOUR_MS = 60 * 60 * 1000;

const resetCodeFor = async (t: TestConvex, email: string) => {
  const outbox = await t.run((ctx) => ctx.db.query("emailOutbox").withIndex("by_to", (q) => q.eq("to", email)).collect());
  return outbox.filter((message) => message.kind === "password_reset").at(-1)?.text.match(/\b(\d{6})\b/)?.[1];
};

const resetCodesSentTo = (t: TestConvex, email: string) =>
  t.run(async (ctx) =>
    (await ctx.db.query("emailOutbox").withIndex("by_to", (q) => q.eq("to", email)).collect()).filter(
      (message) => message.kind === "password_reset",
    ),
  );

const auth = (t: TestConvex, params: Record<string, string | boolean>) =>
  t.action(api.auth.signIn, { provider: "password", params: params as Record<string, string> });

describe("password reset from the admin page", () => {
  it("an admin resets through the admin flow and is signed in as an admin", async () => {
    const t = setupTest();
    await t.action(internal.users.createAdminAccount, { email: "capo@arcano.it", password: "vecchia-1", fullName: "Capo" });
    await auth(t, { flow: "reset", email: "capo@arcano.it", adminLogin: true });
    const code = await resetCodeFor(t, "capo@arcano.it");
    expect(code).toMatch(/^\d{6}$/);
    const result = await auth(t, {
      flow: "reset-verification",
      email: "capo@arcano.it",
      code: code!,
      newPassword: "nuova-123",
      adminLogin: true,
    });
    const subject = JSON.parse(atob(result.tokens!.token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/"))).sub;
    expect(await t.withIdentity({ subject }).query(api.users.isAdmin, {})).toBe(true);
    await auth(t, { flow: "signIn", email: "capo@arcano.it", password: "nuova-123", adminLogin: true });
  });

  it("the ordinary reset page refuses admin addresses, and the admin page refuses everyone else", async () => {
    const t = setupTest();
    await t.action(internal.users.createAdminAccount, { email: "capo@arcano.it", password: "vecchia-1", fullName: "Capo" });
    await signUpWithPassword(t, { email: "giulia@esempio.it" });
    expect(await errorCodeOf(auth(t, { flow: "reset", email: "capo@arcano.it" }))).toBe("ADMIN_LOGIN_REQUIRED");
    expect(await errorCodeOf(auth(t, { flow: "reset", email: "giulia@esempio.it", adminLogin: true }))).toBe(
      "INVALID_ADMIN_EMAIL",
    );
    expect(await resetCodeFor(t, "capo@arcano.it")).toBeUndefined();
    expect(await resetCodeFor(t, "giulia@esempio.it")).toBeUndefined();
  });
});

describe("limits on passwords and reset codes", () => {
  const longPassword = "x".repeat(129);

  it("a password over 128 characters is refused on sign-up, reset and change", async () => {
    const t = setupTest();
    const signUp = signUpWithPassword(t, { email: "lunga@esempio.it", password: longPassword });
    expect(await errorCodeOf(signUp)).toBe("PASSWORD_TOO_LONG");
    const { as } = await signUpWithPassword(t, { email: "giulia@esempio.it" });
    const change = as.action(api.users.changePassword, { currentPassword: DEFAULT_TEST_PASSWORD, newPassword: longPassword });
    expect(await errorCodeOf(change)).toBe("PASSWORD_TOO_LONG");
    await t.action(api.auth.signIn, { provider: "password", params: { flow: "reset", email: "giulia@esempio.it" } });
    const code = (await resetCodesSentTo(t, "giulia@esempio.it")).at(-1)!.text.match(/\b(\d{6})\b/)![1];
    const reset = t.action(api.auth.signIn, {
      provider: "password",
      params: { flow: "reset-verification", email: "giulia@esempio.it", code, newPassword: longPassword },
    });
    expect(await errorCodeOf(reset)).toBe("PASSWORD_TOO_LONG");
    // 128 is still fine.
    await as.action(api.users.changePassword, { currentPassword: DEFAULT_TEST_PASSWORD, newPassword: "y".repeat(128) });
  });

  it("signing in with a huge password is refused without hashing it", async () => {
    const t = setupTest();
    await signUpWithPassword(t, { email: "giulia@esempio.it" });
    const signIn = t.action(api.auth.signIn, {
      provider: "password",
      params: { flow: "signIn", email: "giulia@esempio.it", password: "z".repeat(1_000_000) },
    });
    expect(await errorCodeOf(signIn)).toBe("INVALID_CREDENTIALS");
  });

  it("at most 5 reset codes an hour per address, with the same answer either way", async () => {
    const t = setupTest();
    await signUpWithPassword(t, { email: "giulia@esempio.it" });
    const answers = [];
    for (let i = 0; i < 7; i++) {
      answers.push(await t.action(api.auth.signIn, { provider: "password", params: { flow: "reset", email: "giulia@esempio.it" } }));
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(await resetCodesSentTo(t, "giulia@esempio.it")).toHaveLength(5);
    vi.advanceTimersByTime(HOUR_MS + 1000);
    await t.action(api.auth.signIn, { provider: "password", params: { flow: "reset", email: "giulia@esempio.it" } });
    expect(await resetCodesSentTo(t, "giulia@esempio.it")).toHaveLength(6);
  });
});
