// A password change, and a token whose session is gone (signed out, or out after a reset): it runs no action.
import { describe, expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import {
  DEFAULT_TEST_PASSWORD,
  errorCodeOf,
  setupTest,
  signInWithPassword,
  signUpWithPassword,
  type TestConvex,
} from "./setup";
import { jpegHead } from "./fixtures/photoBytes";

const JPEG = [jpegHead()];

const resetCodesSentTo = (t: TestConvex, email: string) =>
  t.run(async (ctx) =>
    (await ctx.db.query("emailOutbox").withIndex("by_to", (q) => q.eq("to", email)).collect()).filter(
      (message) => message.kind === "password_reset",
    ),
  );

describe("a token whose session is gone runs no action", () => {
  it("after signing out, the old token can neither change the password nor set a photo", async () => {
    const t = setupTest();
    const { as, userId } = await signUpWithPassword(t, { email: "marta@esempio.it", accountType: "psychic" });
    await as.mutation(api.psychicProfiles.ensureMine, {});
    await as.action(api.auth.signOut, {});
    const change = as.action(api.users.changePassword, { currentPassword: DEFAULT_TEST_PASSWORD, newPassword: "rubata-123" });
    expect(await errorCodeOf(change)).toBe("NOT_AUTHENTICATED");
    const fileId = await t.run((ctx) => ctx.storage.store(new Blob(JPEG)));
    expect(await errorCodeOf(as.action(api.psychicProfiles.setMyPhoto, { storageId: fileId }))).toBe("NOT_AUTHENTICATED");
    // The password is unchanged: the owner still signs in with it.
    await signInWithPassword(t, "marta@esempio.it");
    expect(await t.run((ctx) => ctx.db.get("users", userId))).not.toBeNull();
  });

  it("after a password reset signs out other sessions, the stolen token runs no action", async () => {
    const t = setupTest();
    const { as: stolen } = await signUpWithPassword(t, { email: "giulia@esempio.it" });
    await t.action(api.auth.signIn, { provider: "password", params: { flow: "reset", email: "giulia@esempio.it" } });
    const code = (await resetCodesSentTo(t, "giulia@esempio.it")).at(-1)!.text.match(/\b(\d{6})\b/)![1];
    await t.action(api.auth.signIn, {
      provider: "password",
      params: { flow: "reset-verification", email: "giulia@esempio.it", code, newPassword: "della-proprietaria" },
    });
    const change = stolen.action(api.users.changePassword, { currentPassword: "della-proprietaria", newPassword: "x-rubata-x" });
    expect(await errorCodeOf(change)).toBe("NOT_AUTHENTICATED");
  });

  it("changing the password needs the current one, and a wrong one changes nothing", async () => {
    const t = setupTest();
    const { as } = await signUpWithPassword(t, { email: "giulia@esempio.it" });
    const wrong = as.action(api.users.changePassword, { currentPassword: "indovinata", newPassword: "nuova-password" });
    expect(await errorCodeOf(wrong)).toBe("WRONG_CURRENT_PASSWORD");
    await signInWithPassword(t, "giulia@esempio.it");
  });

  it("changing the password signs out every other session", async () => {
    const t = setupTest();
    const { as } = await signUpWithPassword(t, { email: "giulia@esempio.it" });
    const other = await signInWithPassword(t, "giulia@esempio.it");
    await as.action(api.users.changePassword, { currentPassword: DEFAULT_TEST_PASSWORD, newPassword: "nuova-password" });
    expect(await other.query(api.users.viewer, {})).toBeNull();
    expect(await as.query(api.users.viewer, {})).not.toBeNull();
  });
});
