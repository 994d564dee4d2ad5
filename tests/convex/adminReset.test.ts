// The admin page's password reset: the same emailed code, but only through the admin flow.
import { describe, expect, it } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import { errorCodeOf, setupTest, signUpWithPassword, type TestConvex } from "./setup";

const resetCodeFor = async (t: TestConvex, email: string) => {
  const outbox = await t.run((ctx) => ctx.db.query("emailOutbox").withIndex("by_to", (q) => q.eq("to", email)).collect());
  return outbox.filter((message) => message.kind === "password_reset").at(-1)?.text.match(/\b(\d{6})\b/)?.[1];
};

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
