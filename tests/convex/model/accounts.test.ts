// Sign-up and password rules as plain functions (convex/model/accounts.ts): lengths at their edges, emails, refusal codes.
import { describe, expect, it } from "vitest";
import {
  DELETED_ACCOUNT_NAME,
  MAX_FULL_NAME_LENGTH,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  normaliseEmail,
  parseSignUp,
  passwordProblem,
} from "../../../convex/model/accounts";

describe("passwords", () => {
  it("from the minimum to the maximum length, edges included", () => {
    expect(passwordProblem("a".repeat(MIN_PASSWORD_LENGTH - 1))).toBe("WEAK_PASSWORD");
    expect(passwordProblem("a".repeat(MIN_PASSWORD_LENGTH))).toBeNull();
    expect(passwordProblem("a".repeat(MAX_PASSWORD_LENGTH))).toBeNull();
    expect(passwordProblem("a".repeat(MAX_PASSWORD_LENGTH + 1))).toBe("PASSWORD_TOO_LONG");
    expect(passwordProblem(123456)).toBe("WEAK_PASSWORD");
  });

  it("are 6 to 128 characters, as docs/product-rules.md says", () => {
    expect(passwordProblem("12345")).toBe("WEAK_PASSWORD");
    expect(passwordProblem("123456")).toBeNull();
    expect(passwordProblem("x".repeat(128))).toBeNull();
    expect(passwordProblem("x".repeat(129))).toBe("PASSWORD_TOO_LONG");
  });

  it("a missing or empty password is weak, not too long", () => {
    expect(passwordProblem(undefined)).toBe("WEAK_PASSWORD");
    expect(passwordProblem(null)).toBe("WEAK_PASSWORD");
    expect(passwordProblem("")).toBe("WEAK_PASSWORD");
  });
});

describe("email addresses", () => {
  it("trimmed and lower-cased; anything without a name, a domain and a dot is none", () => {
    expect(normaliseEmail("  Giulia.Verdi@Esempio.IT ")).toBe("giulia.verdi@esempio.it");
    expect(normaliseEmail("giulia@esempio")).toBeNull();
    expect(normaliseEmail("giulia verdi@esempio.it")).toBeNull();
    expect(normaliseEmail(`${"a".repeat(250)}@e.it`)).toBeNull();
    expect(normaliseEmail(undefined)).toBeNull();
  });

  it("one @ only, with something on both sides", () => {
    expect(normaliseEmail("@esempio.it")).toBeNull();
    expect(normaliseEmail("giulia@")).toBeNull();
    expect(normaliseEmail("giulia@@esempio.it")).toBeNull();
    expect(normaliseEmail("giulia@posta@esempio.it")).toBeNull();
    expect(normaliseEmail("giuliaesempio.it")).toBeNull();
    expect(normaliseEmail("")).toBeNull();
    expect(normaliseEmail(42)).toBeNull();
  });

  it("letters, digits and . _ + - before the @: nothing that could add a Bcc or a body to a mailto link", () => {
    expect(normaliseEmail("mario.rossi+lavoro@poste-italiane.it")).toBe("mario.rossi+lavoro@poste-italiane.it");
    for (const address of [
      "mario@esempio.it?bcc=spia@esempio.it",
      "mario&body=x@esempio.it",
      "mario%3fbcc@esempio.it",
      '"mario"@esempio.it',
      "mario<spia@esempio.it>",
      "mario@esempio.it\nbcc:spia@esempio.it",
      "mario@-esempio.it",
      "mario@esempio.i",
      `${"a".repeat(65)}@esempio.it`,
    ]) {
      expect(normaliseEmail(address)).toBeNull();
    }
  });

  it("up to 254 characters, counted after trimming", () => {
    const at254 = `${"a".repeat(60)}@${"d".repeat(63)}.${"d".repeat(63)}.${"d".repeat(62)}.it`;
    expect(at254).toHaveLength(254);
    expect(normaliseEmail(at254)).toBe(at254);
    expect(normaliseEmail(`   ${at254}   `)).toBe(at254);
    expect(normaliseEmail(`a${at254}`)).toBeNull();
  });
});

describe("a sign-up", () => {
  const valid = { flow: "signUp", email: "g@esempio.it", password: "segreta", name: "  Giulia   Verdi ", accountType: "client", consent: true };

  it("keeps the name with single spaces and the account type", () => {
    expect(parseSignUp(valid)).toEqual({ ok: true, value: { fullName: "Giulia Verdi", accountType: "client" } });
    expect(parseSignUp({ ...valid, accountType: "psychic" })).toMatchObject({ ok: true, value: { accountType: "psychic" } });
  });

  it("accepts the form's own fields, a redirect included, and nothing else", () => {
    expect(parseSignUp({ ...valid, redirectTo: "/dashboard" })).toMatchObject({ ok: true });
    expect(parseSignUp({ ...valid, isAdmin: true })).toEqual({ ok: false, code: "INVALID_INPUT", field: "isAdmin" });
    expect(parseSignUp({ ...valid, role: "admin" })).toEqual({ ok: false, code: "INVALID_INPUT", field: "role" });
  });

  it("an unknown field refuses the sign-up before anything else is looked at", () => {
    expect(parseSignUp({ name: "", accountType: "admin", consent: false, isAdmin: true })).toEqual({
      ok: false,
      code: "INVALID_INPUT",
      field: "isAdmin",
    });
  });

  it("refuses an empty or too long name, another account type, and no consent", () => {
    expect(parseSignUp({ ...valid, name: "   " })).toEqual({ ok: false, code: "INVALID_INPUT", field: "name" });
    expect(parseSignUp({ ...valid, name: "a".repeat(MAX_FULL_NAME_LENGTH + 1) })).toMatchObject({ ok: false, field: "name" });
    expect(parseSignUp({ ...valid, name: "a".repeat(MAX_FULL_NAME_LENGTH) })).toMatchObject({ ok: true });
    expect(parseSignUp({ ...valid, accountType: "admin" })).toEqual({ ok: false, code: "INVALID_INPUT", field: "accountType" });
    expect(parseSignUp({ ...valid, consent: "true" })).toEqual({ ok: false, code: "CONSENT_REQUIRED" });
  });

  it("a missing name, account type or consent is refused the same way", () => {
    const without = (field: string) => Object.fromEntries(Object.entries(valid).filter(([key]) => key !== field));
    expect(parseSignUp(without("name"))).toEqual({ ok: false, code: "INVALID_INPUT", field: "name" });
    expect(parseSignUp({ ...valid, name: 42 })).toEqual({ ok: false, code: "INVALID_INPUT", field: "name" });
    expect(parseSignUp(without("accountType"))).toEqual({ ok: false, code: "INVALID_INPUT", field: "accountType" });
    expect(parseSignUp(without("consent"))).toEqual({ ok: false, code: "CONSENT_REQUIRED" });
    expect(parseSignUp({ ...valid, consent: false })).toEqual({ ok: false, code: "CONSENT_REQUIRED" });
  });

  it("the name's limit counts it after inner spaces are collapsed", () => {
    const spaced = `${"a".repeat(50)}     ${"b".repeat(49)}`;
    expect(parseSignUp({ ...valid, name: spaced })).toEqual({
      ok: true,
      value: { fullName: `${"a".repeat(50)} ${"b".repeat(49)}`, accountType: "client" },
    });
    expect(parseSignUp({ ...valid, name: `${"a".repeat(50)} ${"b".repeat(50)}` })).toMatchObject({ ok: false, field: "name" });
  });

  it("checks the name, then the account type, then consent", () => {
    expect(parseSignUp({ ...valid, name: "", accountType: "admin", consent: false })).toMatchObject({ field: "name" });
    expect(parseSignUp({ ...valid, accountType: "admin", consent: false })).toMatchObject({ field: "accountType" });
  });
});

describe("a deleted person", () => {
  it("reads as 'Account eliminato' wherever their name was", () => {
    expect(DELETED_ACCOUNT_NAME).toBe("Account eliminato");
  });
});
