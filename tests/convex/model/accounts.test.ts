// Sign-up and password rules as plain functions (convex/model/accounts.ts).
import { describe, expect, it } from "vitest";
import {
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
});

describe("email addresses", () => {
  it("trimmed and lower-cased; anything without a name, a domain and a dot is none", () => {
    expect(normaliseEmail("  Giulia.Verdi@Esempio.IT ")).toBe("giulia.verdi@esempio.it");
    expect(normaliseEmail("giulia@esempio")).toBeNull();
    expect(normaliseEmail("giulia verdi@esempio.it")).toBeNull();
    expect(normaliseEmail(`${"a".repeat(250)}@e.it`)).toBeNull();
    expect(normaliseEmail(undefined)).toBeNull();
  });
});

describe("a sign-up", () => {
  const valid = { flow: "signUp", email: "g@esempio.it", password: "segreta", name: "  Giulia   Verdi ", accountType: "client", consent: true };

  it("keeps the name with single spaces and the account type", () => {
    expect(parseSignUp(valid)).toEqual({ ok: true, value: { fullName: "Giulia Verdi", accountType: "client" } });
    expect(parseSignUp({ ...valid, accountType: "psychic" })).toMatchObject({ ok: true, value: { accountType: "psychic" } });
  });

  it("refuses any field it does not know (a role, an admin flag)", () => {
    expect(parseSignUp({ ...valid, isAdmin: true })).toEqual({ ok: false, code: "INVALID_INPUT", field: "isAdmin" });
  });

  it("refuses an empty or too long name, another account type, and no consent", () => {
    expect(parseSignUp({ ...valid, name: "   " })).toEqual({ ok: false, code: "INVALID_INPUT", field: "name" });
    expect(parseSignUp({ ...valid, name: "a".repeat(MAX_FULL_NAME_LENGTH + 1) })).toMatchObject({ ok: false, field: "name" });
    expect(parseSignUp({ ...valid, name: "a".repeat(MAX_FULL_NAME_LENGTH) })).toMatchObject({ ok: true });
    expect(parseSignUp({ ...valid, accountType: "admin" })).toEqual({ ok: false, code: "INVALID_INPUT", field: "accountType" });
    expect(parseSignUp({ ...valid, consent: "true" })).toEqual({ ok: false, code: "CONSENT_REQUIRED" });
  });
});
