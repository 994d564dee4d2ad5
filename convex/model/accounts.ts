// Sign-up rules as plain functions: what a valid sign-up carries, and nothing more.
import type { Value } from "convex/values";
import type { ErrorCode } from "../framework/errors";
import type { AccountType } from "../framework/validators";

/** Shown wherever a deleted person's name used to be (past bookings, reviews). */
export const DELETED_ACCOUNT_NAME = "Account eliminato";

/** How long an emailed reset code stays valid, and how many digits it has. */
export const RESET_CODE_MINUTES = 15;
export const RESET_CODE_DIGITS = 6;
/** The code that proves a new account's address: as long, and valid as long, as a reset code. */
export const SIGN_UP_CODE_MINUTES = 15;
export const SIGN_UP_CODE_DIGITS = 6;
/** Wrong codes a pending sign-up survives; then it is gone and the person signs up again. */
export const MAX_SIGN_UP_CODE_ATTEMPTS = 5;

/** Failed sign-ins allowed per account (or address without one) per hour; then it waits (the bucket refills). */
export const MAX_FAILED_SIGN_INS_PER_HOUR = 5;

export const MIN_PASSWORD_LENGTH = 6;
/** Hashing is deliberately slow: an unbounded password would let anyone burn server time. */
export const MAX_PASSWORD_LENGTH = 128;

/** Why a new password is refused, or null when it is acceptable. */
export function passwordProblem(value: unknown): "WEAK_PASSWORD" | "PASSWORD_TOO_LONG" | null {
  if (typeof value !== "string" || value.length < MIN_PASSWORD_LENGTH) return "WEAK_PASSWORD";
  return value.length > MAX_PASSWORD_LENGTH ? "PASSWORD_TOO_LONG" : null;
}
export const MAX_FULL_NAME_LENGTH = 100;

/** What the sign-up form may send; any other field (a role, an admin flag…) refuses the sign-up. */
const SIGN_UP_FIELDS = new Set(["flow", "email", "password", "name", "accountType", "consent", "redirectTo", "originPass"]);

/**
 * What an email address may be: letters, digits and . _ + - before the @, a domain of labels and a
 * top-level domain of letters. Stricter than RFC 5322 on purpose: an address goes into mailto links and
 * email headers, where `?`, `&`, `%`, quotes or spaces could smuggle a Bcc or a body
 * (docs/product-rules.md, "Accounts").
 */
export const EMAIL_PATTERN = /^[a-z0-9](?:[a-z0-9._+-]{0,63})@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

export function normaliseEmail(value: Value | undefined): string | null {
  if (typeof value !== "string") return null;
  const email = value.trim().toLowerCase();
  return EMAIL_PATTERN.test(email) && email.length <= 254 ? email : null;
}

type SignUp = { fullName: string; accountType: AccountType };

export function parseSignUp(
  params: Record<string, Value | undefined>,
): { ok: true; value: SignUp } | { ok: false; code: ErrorCode; field?: string } {
  const unknown = Object.keys(params).find((key) => !SIGN_UP_FIELDS.has(key));
  if (unknown !== undefined) return { ok: false, code: "INVALID_INPUT", field: unknown };
  const fullName = typeof params.name === "string" ? params.name.trim().replace(/\s+/g, " ") : "";
  if (fullName.length === 0 || fullName.length > MAX_FULL_NAME_LENGTH) {
    return { ok: false, code: "INVALID_INPUT", field: "name" };
  }
  if (params.accountType !== "client" && params.accountType !== "psychic") {
    return { ok: false, code: "INVALID_INPUT", field: "accountType" };
  }
  if (params.consent !== true) return { ok: false, code: "CONSENT_REQUIRED" };
  return { ok: true, value: { fullName, accountType: params.accountType } };
}

/**
 * Failed sign-ins left in the hour, as the auth library counts them for an account (a bucket of
 * `maxPerHour` that refills continuously): the same count is kept for addresses without an account, so
 * both answer alike ("Accounts", no enumeration).
 */
export function signInAttemptsLeft(state: { attemptsLeft: number; lastAttemptTime: number } | null, now: number, maxPerHour: number): number {
  if (state === null) return maxPerHour;
  const refilled = ((now - state.lastAttemptTime) * maxPerHour) / (60 * 60 * 1000);
  return Math.min(maxPerHour, state.attemptsLeft + refilled);
}
