import { describe, expect, it, vi } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import {
  DEFAULT_TEST_PASSWORD,
  errorCodeOf,
  setupTest,
  signInWithPassword,
  originPassFor,
  signUpCodeSentTo,
  signUpWithPassword,
  type TestConvex,
} from "./setup";


/** A sign-up as the form sends it: with a fresh pass from /origin-pass, loopback unless `params` name one or none. */
async function signUp(t: TestConvex, params: Record<string, unknown>) {
  // `originPass: undefined` sends none, as a script skipping it does.
  const { originPass: named, ...rest } = params;
  const originPass = ("originPass" in params ? named : await originPassFor(t, "127.0.0.1")) as string | undefined;
  return t.action(api.auth.signIn, {
    provider: "password",
    params: {
      flow: "signUp",
      email: "nuova@esempio.it",
      password: DEFAULT_TEST_PASSWORD,
      name: "Nuova Persona",
      accountType: "client",
      consent: true,
      ...rest,
      ...(originPass === undefined ? {} : { originPass }),
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

  it("answers a sign-up with an address that has an account exactly as a new one, and emails its owner instead of a code", async () => {
    const t = setupTest();
    const { userId } = await signUpWithPassword(t, { email: "nuova@esempio.it", name: "Nuova Persona" });
    const again = await signUp(t, { email: "NUOVA@esempio.it", name: "Qualcun Altro", password: "altrapassword" });
    const fresh = await signUp(t, { email: "libera@esempio.it" });
    expect(again).toEqual(fresh);
    expect(again.tokens ?? null).toBeNull();
    expect(await signUpCodeSentTo(t, "nuova@esempio.it")).not.toBeNull(); // the first sign-up's code
    const mails = await t.run((ctx) => ctx.db.query("emailOutbox").withIndex("by_to", (q) => q.eq("to", "nuova@esempio.it")).collect());
    const notice = mails.find((mail) => mail.kind === "sign_up_existing_account");
    expect(notice?.text).toContain("Questo indirizzo email è già associato a un account.");
    expect(notice?.text).not.toContain("Qualcun Altro");
    // The account is untouched: the old password still signs in, the new one does not.
    expect(await (await signInWithPassword(t, "nuova@esempio.it")).query(api.users.viewer, {})).toMatchObject({ id: userId, fullName: "Nuova Persona" });
    expect(await errorCodeOf(signIn(t, "nuova@esempio.it", "altrapassword"))).toBe("INVALID_CREDENTIALS");
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

  it("welcomes the new person and notifies the team only once the code proved the address, the name in no subject", async () => {
    const t = setupTest();
    await signUpWithPassword(t, { email: "giulia@esempio.it", name: "Giulia Bianchi" });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    const outbox = await t.run((ctx) => ctx.db.query("emailOutbox").collect());
    expect(outbox.map((email) => [email.to, email.kind, email.status])).toEqual([
      ["giulia@esempio.it", "sign_up_code", "kept"],
      ["giulia@esempio.it", "account_created", "kept"],
      ["supporto@arcano.it", "account_created", "kept"],
    ]);
    expect(outbox[1].html).toContain("Giulia Bianchi");
    expect(outbox[2].text).toContain("giulia@esempio.it");
    expect(outbox.map((email) => email.subject).join(" ")).not.toContain("Giulia");
    const [stored] = await usersWithEmail(t, "giulia@esempio.it");
    expect(stored.emailVerificationTime).toEqual(expect.any(Number));
  });
});

describe("sign-up codes: the address is proven before any account exists", () => {
  it("creates no account and sends no welcome until the emailed code comes back", async () => {
    const t = setupTest();
    const answer = await signUp(t, { email: "attesa@esempio.it" });
    expect(answer.tokens ?? null).toBeNull();
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await usersWithEmail(t, "attesa@esempio.it")).toEqual([]);
    const mails = await t.run((ctx) => ctx.db.query("emailOutbox").collect());
    expect(mails.map((mail) => mail.kind)).toEqual(["sign_up_code"]);
    expect(mails[0].subject).not.toContain("Nuova Persona");
    const pending = await t.run((ctx) => ctx.db.query("pendingSignUps").collect());
    // Neither the password nor the code is kept as typed.
    expect(JSON.stringify(pending)).not.toContain(DEFAULT_TEST_PASSWORD);
    expect(JSON.stringify(pending)).not.toContain((await signUpCodeSentTo(t, "attesa@esempio.it"))!);
  });

  it("refuses a wrong or expired code, and forgets the sign-up after five wrong ones", async () => {
    const t = setupTest();
    await signUp(t, { email: "attesa@esempio.it" });
    const code = (await signUpCodeSentTo(t, "attesa@esempio.it"))!;
    const wrong = code === "000000" ? "111111" : "000000";
    const verify = (value: string) =>
      t.action(api.auth.signIn, { provider: "password", params: { flow: "signUpVerification", email: "attesa@esempio.it", code: value } });
    for (let attempt = 0; attempt < 5; attempt++) expect(await errorCodeOf(verify(wrong))).toBe("INVALID_SIGN_UP_CODE");
    expect(await errorCodeOf(verify(code))).toBe("INVALID_SIGN_UP_CODE");
    expect(await usersWithEmail(t, "attesa@esempio.it")).toEqual([]);

    await signUp(t, { email: "attesa@esempio.it" });
    const second = (await signUpCodeSentTo(t, "attesa@esempio.it"))!;
    vi.advanceTimersByTime(16 * 60_000);
    expect(await errorCodeOf(verify(second))).toBe("INVALID_SIGN_UP_CODE");
    expect(await usersWithEmail(t, "attesa@esempio.it")).toEqual([]);
  });

  it("sets the password typed at sign-up: it signs in, another does not", async () => {
    const t = setupTest();
    await signUpWithPassword(t, { email: "giulia@esempio.it", password: "mia-password" });
    await signInWithPassword(t, "giulia@esempio.it", "mia-password");
    expect(await errorCodeOf(signIn(t, "giulia@esempio.it", DEFAULT_TEST_PASSWORD))).toBe("INVALID_CREDENTIALS");
  });

  it("limits sign-ups per mailbox (plus-tags and case are one mailbox) and per network origin", async () => {
    const t = setupTest();
    for (const email of ["spam@esempio.it", "Spam+1@esempio.it", "spam+2@esempio.it"]) await signUp(t, { email });
    expect(await errorCodeOf(signUp(t, { email: "spam+3@esempio.it" }))).toBe("RATE_LIMITED");
    expect(await t.run((ctx) => ctx.db.query("pendingSignUps").collect())).toHaveLength(3);

    const pass = await originPassFor(t, "203.0.113.9");
    for (let index = 0; index < 10; index++) await signUp(t, { email: `persona${index}@esempio.it`, originPass: pass });
    expect(await errorCodeOf(signUp(t, { email: "undicesima@esempio.it", originPass: pass }))).toBe("RATE_LIMITED");
    // Another origin is not held back by the first.
    await signUp(t, { email: "altra@esempio.it", originPass: await originPassFor(t, "198.51.100.4") });
  });

  it("once an origin's 10 sign-ups are used, neither a forged first X-Forwarded-For entry nor skipping or outliving the pass gets another", async () => {
    const t = setupTest();
    // The origin is the address the deployment's proxy added (the last entry), whatever the caller wrote before it.
    const passes: string[] = [];
    for (let index = 0; index < 10; index++) {
      const forged = ["127.0.0.1", "unknown", `198.51.100.${index}`][index % 3];
      passes.push(await originPassFor(t, `${forged}, 203.0.113.12`));
      await signUp(t, { email: `persona${index}@esempio.it`, originPass: passes[index] });
    }
    for (const forged of ["127.0.0.1", "::1", "unknown", "198.51.100.200"]) {
      const pass = await originPassFor(t, `${forged}, 203.0.113.12`);
      expect(await errorCodeOf(signUp(t, { email: "undicesima@esempio.it", originPass: pass }))).toBe("RATE_LIMITED");
    }
    expect(await errorCodeOf(signUp(t, { email: "undicesima@esempio.it", originPass: await originPassFor(t, "203.0.113.12") }))).toBe("RATE_LIMITED");
    // Outliving the pass, or skipping it, is no way round. (The limit's window starts at a random point of the
    // hour, as convex-helpers' fixed windows do, so the limit itself is not asserted after the clock moved.)
    vi.advanceTimersByTime(16 * 60_000);
    expect(await errorCodeOf(signUp(t, { email: "undicesima@esempio.it", originPass: passes[0] }))).toBe("ORIGIN_PASS_REQUIRED");
    expect(await errorCodeOf(signUp(t, { email: "undicesima@esempio.it", originPass: undefined }))).toBe("ORIGIN_PASS_REQUIRED");
  });

  it("a sign-up without a valid pass is refused and counts nothing, so a script's pass-less sign-ups block no real person", async () => {
    const t = setupTest();
    for (let index = 0; index < 12; index++) {
      for (const originPass of [undefined, "", "inventato"]) {
        expect(await errorCodeOf(signUp(t, { email: `script${index}@esempio.it`, originPass }))).toBe("ORIGIN_PASS_REQUIRED");
      }
    }
    expect(await t.run((ctx) => ctx.db.query("pendingSignUps").collect())).toEqual([]);
    expect(await t.run((ctx) => ctx.db.query("emailOutbox").collect())).toEqual([]);
    // A real person, with the pass the form asks for, signs up at once, and so may the script's own mailbox.
    await signUp(t, { email: "vera@esempio.it", originPass: await originPassFor(t, "203.0.113.13") });
    await signUp(t, { email: "script0@esempio.it", originPass: await originPassFor(t, "198.51.100.13") });
    expect(await t.run((ctx) => ctx.db.query("pendingSignUps").collect())).toHaveLength(2);
  });
});

/** 'Invia un nuovo codice': only the address goes back (the page kept no password). */
function resendCode(t: TestConvex, email: string) {
  return t.action(api.auth.signIn, { provider: "password", params: { flow: "signUpResend", email } });
}

const codesSentTo = async (t: TestConvex, email: string) =>
  (await t.run((ctx) => ctx.db.query("emailOutbox").withIndex("by_to", (q) => q.eq("to", email)).collect())).filter(
    (mail) => mail.kind === "sign_up_code",
  ).length;

// The cap's window starts at a random point of the hour (convex-helpers' fixed windows), so every step
// below happens at one instant and nothing is asserted after the clock moved.
describe("sign-up code emails: the hourly cap counts codes sent", () => {
  it("a resend counts against the cap of 3 codes an hour, typing the code does not, and a first sign-up counts once", async () => {
    const t = setupTest();
    await signUp(t, { email: "attesa@esempio.it" });
    const verify = (code: string) =>
      t.action(api.auth.signIn, { provider: "password", params: { flow: "signUpVerification", email: "attesa@esempio.it", code } });
    const first = (await signUpCodeSentTo(t, "attesa@esempio.it"))!;
    const wrong = first === "000000" ? "111111" : "000000";
    // Wrong codes typed are the pending sign-up's own count (five end it), never the cap's.
    for (let attempt = 0; attempt < 3; attempt++) expect(await errorCodeOf(verify(wrong))).toBe("INVALID_SIGN_UP_CODE");

    expect((await resendCode(t, "attesa@esempio.it")).tokens ?? null).toBeNull();
    await resendCode(t, "Attesa@Esempio.it"); // the same address, typed otherwise
    expect(await codesSentTo(t, "attesa@esempio.it")).toBe(3);
    expect(await errorCodeOf(resendCode(t, "attesa@esempio.it"))).toBe("RATE_LIMITED");
    expect(await codesSentTo(t, "attesa@esempio.it")).toBe(3);

    // Only the latest code works, and it still does: the refused resend changed nothing.
    const latest = (await signUpCodeSentTo(t, "attesa@esempio.it"))!;
    if (latest !== first) expect(await errorCodeOf(verify(first))).toBe("INVALID_SIGN_UP_CODE");
    const { tokens } = await verify(latest);
    expect(tokens).not.toBeNull();
  });

  it("a resend gives the code its full validity again and a fresh count of wrong codes", async () => {
    const t = setupTest();
    await signUp(t, { email: "attesa@esempio.it" });
    const before = await t.run((ctx) => ctx.db.query("pendingSignUps").first());
    await t.run((ctx) => ctx.db.patch("pendingSignUps", before!._id, { failedAttempts: 4, expiresAt: Date.now() - 1 }));
    await resendCode(t, "attesa@esempio.it");
    const after = await t.run((ctx) => ctx.db.query("pendingSignUps").first());
    expect(after).toMatchObject({ failedAttempts: 0, passwordHash: before!.passwordHash, name: before!.name });
    expect(after!.expiresAt).toBeGreaterThan(Date.now());
    expect(after!.codeHash).not.toBe(before!.codeHash);
  });

  it("accounts.resendSignUpCode replaces the waiting code and queues one email; with nothing waiting it writes nothing", async () => {
    const t = setupTest();
    const emailContent = { subject: "Il tuo codice", html: "<p>123456</p>", text: "123456" };
    expect(await t.mutation(internal.accounts.resendSignUpCode, { email: "nessuno@esempio.it", codeHash: "h", emailContent })).toEqual({ ok: true });
    expect(await codesSentTo(t, "nessuno@esempio.it")).toBe(0);

    await signUp(t, { email: "attesa@esempio.it" });
    expect(await t.mutation(internal.accounts.resendSignUpCode, { email: "attesa@esempio.it", codeHash: "nuovo", emailContent })).toEqual({ ok: true });
    expect(await t.run((ctx) => ctx.db.query("pendingSignUps").first())).toMatchObject({ codeHash: "nuovo", failedAttempts: 0 });
    expect(await codesSentTo(t, "attesa@esempio.it")).toBe(2);
  });

  it("a resend for an address with no sign-up waiting sends nothing and answers as any resend does", async () => {
    const t = setupTest();
    await signUpWithPassword(t, { email: "giulia@esempio.it" });
    const mailsBefore = await t.run((ctx) => ctx.db.query("emailOutbox").collect());
    expect((await resendCode(t, "giulia@esempio.it")).tokens ?? null).toBeNull();
    expect((await resendCode(t, "nessuno@esempio.it")).tokens ?? null).toBeNull();
    expect(await t.run((ctx) => ctx.db.query("emailOutbox").collect())).toHaveLength(mailsBefore.length);
    expect(await errorCodeOf(resendCode(t, "non-un-indirizzo"))).toBe("INVALID_INPUT");
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

  it("answers the same sequence for an unknown address as for an account: five failures, then the lockout", async () => {
    const t = setupTest();
    await signUpWithPassword(t, { email: "giulia@esempio.it" });
    const answers = async (email: string) => {
      const codes = [];
      for (let attempt = 0; attempt < 7; attempt++) codes.push(await errorCodeOf(signIn(t, email, "sbagliata")));
      return codes;
    };
    const known = await answers("giulia@esempio.it");
    expect(known).toEqual([...Array(5).fill("INVALID_CREDENTIALS"), "TOO_MANY_ATTEMPTS", "TOO_MANY_ATTEMPTS"]);
    expect(await answers("nessuno@esempio.it")).toEqual(known);
    // Both buckets refill alike: an hour later each has attempts again.
    vi.advanceTimersByTime(60 * 60_000);
    expect(await errorCodeOf(signIn(t, "nessuno@esempio.it", "sbagliata"))).toBe("INVALID_CREDENTIALS");
    expect(await errorCodeOf(signIn(t, "giulia@esempio.it", "sbagliata"))).toBe("INVALID_CREDENTIALS");
  });

  it("checks a password against a hash for an unknown address too, so both take a password check's time", async () => {
    const t = setupTest();
    const { Scrypt } = await import("lucia");
    const verify = vi.spyOn(Scrypt.prototype, "verify");
    expect(await errorCodeOf(signIn(t, "nessuno@esempio.it", "sbagliata"))).toBe("INVALID_CREDENTIALS");
    expect(verify).toHaveBeenCalledTimes(1);
    verify.mockRestore();
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

describe("the reset codes' limit", () => {
  it("countResetRequest allows five an hour per address", async () => {
    const t = setupTest();
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await t.mutation(internal.accounts.countResetRequest, { email: "a@esempio.it" })).ok);
    expect(answers).toEqual([true, true, true, true, true, false]);
    expect((await t.mutation(internal.accounts.countResetRequest, { email: "b@esempio.it" })).ok).toBe(true);
  });
});
