// Email + password sign-in built on the auth library's public credentials API, with the checks
// that must run on the server before anything is written: sign-up fields and consent, the
// psychic-registration switch, which login page an address may use, and failures as error codes
// the pages can put into Italian (the stock Password provider allows none of these: its profile
// hook cannot wait for a database read, and it throws plain errors).
import { ConvexCredentials } from "@convex-dev/auth/providers/ConvexCredentials";
import {
  createAccount,
  invalidateSessions,
  modifyAccountCredentials,
  retrieveAccount,
  signInViaProvider,
  type EmailConfig,
  type GenericActionCtxWithAuthConfig,
} from "@convex-dev/auth/server";
import type { Value } from "convex/values";
import { Scrypt } from "lucia";
import { internal } from "../../_generated/api";
import type { DataModel } from "../../_generated/dataModel";
import { signUpCodeEmail } from "../../email/templates";
import { MAX_PASSWORD_LENGTH, normaliseEmail, parseSignUp, passwordProblem, SIGN_UP_CODE_DIGITS, SIGN_UP_CODE_MINUTES } from "../../model/accounts";
import { isAdminEmail } from "../platform/access";
import { fail } from "../../framework/errors";

export const PASSWORD_PROVIDER = "password";

type Ctx = GenericActionCtxWithAuthConfig<DataModel>;
type Params = Record<string, Value | undefined>;

export function randomDigits(count: number): string {
  const values = new Uint32Array(count);
  crypto.getRandomValues(values);
  return Array.from(values, (value) => String(value % 10)).join("");
}

/** A code as stored: its hash with the address it was sent to. */
async function codeHash(email: string, code: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${email}:${code}`));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The library signals credential failures with these plain messages. */
async function retrieve(ctx: Ctx, email: string, secret?: string) {
  try {
    return await retrieveAccount(ctx, { provider: PASSWORD_PROVIDER, account: { id: email, secret } });
  } catch (error) {
    const reason = error instanceof Error ? error.message : "";
    if (reason === "TooManyFailedAttempts") return fail("TOO_MANY_ATTEMPTS");
    if (reason === "InvalidSecret") return null;
    if (reason === "InvalidAccountId") {
      // An address without an account costs a password check and counts failures like an account
      // does, so neither the answer nor its time tells whether the account exists.
      if (secret !== undefined && (await ctx.runMutation(internal.accounts.failUnknownSignIn, { email, password: secret })) === "TooManyFailedAttempts") {
        return fail("TOO_MANY_ATTEMPTS");
      }
      return null;
    }
    throw error;
  }
}

function requirePassword(value: Value | undefined): string {
  const problem = passwordProblem(value);
  if (problem !== null) return fail(problem);
  return value as string;
}

export function ArcanoPassword({ reset }: { reset: EmailConfig }) {
  return ConvexCredentials<DataModel>({
    id: PASSWORD_PROVIDER,
    extraProviders: [reset],
    crypto: {
      hashSecret: (password) => new Scrypt().hash(password),
      verifySecret: (password, hash) => new Scrypt().verify(hash, password),
    },
    async authorize(params: Params, ctx: Ctx) {
      const email = normaliseEmail(params.email);
      if (email === null) return fail("INVALID_INPUT", { field: "email" });
      // Admins sign in only on the admin page, and only admin addresses may use it.
      const viaAdminPage = params.adminLogin === true;
      if (viaAdminPage && !isAdminEmail(email)) return fail("INVALID_ADMIN_EMAIL");
      if (!viaAdminPage && isAdminEmail(email)) return fail("ADMIN_LOGIN_REQUIRED");

      switch (params.flow) {
        case "signUp": {
          const password = requirePassword(params.password);
          const signUp = parseSignUp(params);
          if (!signUp.ok) return fail(signUp.code, signUp.field ? { field: signUp.field } : undefined);
          const settings = await ctx.runQuery(internal.accounts.registrationSettings, {});
          // Maintenance refuses every write but an admin's; a new account is one.
          if (settings.maintenance_mode) return fail("MAINTENANCE_MODE");
          if (signUp.value.accountType === "psychic" && !settings.psychic_registration_enabled) {
            return fail("PSYCHIC_REGISTRATION_DISABLED");
          }
          const originPass = typeof params.originPass === "string" ? params.originPass : undefined;
          if (!(await ctx.runMutation(internal.accounts.countSignUp, { email, originPass })).ok) return fail("RATE_LIMITED");
          // No account yet: the address must prove itself with the emailed code first. An address that
          // has an account gets a notice instead; the answer here is the same (no enumeration).
          const code = randomDigits(SIGN_UP_CODE_DIGITS);
          await ctx.runMutation(internal.accounts.startSignUp, {
            email,
            name: signUp.value.fullName,
            accountType: signUp.value.accountType,
            passwordHash: await new Scrypt().hash(password),
            codeHash: await codeHash(email, code),
            emailContent: signUpCodeEmail({ code, validMinutes: SIGN_UP_CODE_MINUTES }),
          });
          return null;
        }
        case "signUpResend": {
          // Only the address comes back: the page keeps no password across a reload (SignUpForm.tsx).
          const code = randomDigits(SIGN_UP_CODE_DIGITS);
          const sent = await ctx.runMutation(internal.accounts.resendSignUpCode, {
            email,
            codeHash: await codeHash(email, code),
            emailContent: signUpCodeEmail({ code, validMinutes: SIGN_UP_CODE_MINUTES }),
          });
          if (!sent.ok) return fail("RATE_LIMITED");
          return null;
        }
        case "signUpVerification": {
          const code = typeof params.code === "string" ? params.code.trim() : "";
          if (!/^\d{6}$/.test(code)) return fail("INVALID_SIGN_UP_CODE");
          const pending = await ctx.runMutation(internal.accounts.takePendingSignUp, { email, codeHash: await codeHash(email, code) });
          if (!pending.ok) return fail("INVALID_SIGN_UP_CODE");
          // The account is created without a password and takes the hash made when it was typed.
          const { user } = await createAccount(ctx, {
            provider: PASSWORD_PROVIDER,
            account: { id: email },
            profile: {
              email,
              name: pending.name,
              accountType: pending.accountType,
              consentGivenAt: pending.consentGivenAt,
              emailVerificationTime: Date.now(),
            },
          });
          await ctx.runMutation(internal.accounts.setPasswordHash, { email, passwordHash: pending.passwordHash });
          return { userId: user._id };
        }
        case "signIn": {
          // No stored password is longer than the maximum: refuse without hashing a huge input.
          if (typeof params.password !== "string" || params.password.length > MAX_PASSWORD_LENGTH) {
            return fail("INVALID_CREDENTIALS");
          }
          const retrieved = await retrieve(ctx, email, params.password);
          if (retrieved === null) return fail("INVALID_CREDENTIALS");
          return { userId: retrieved.user._id };
        }
        case "reset": {
          // At most 5 codes an hour per address, counted for unknown addresses too; over the limit
          // nothing is sent and the answer is the same, so the limit reveals nothing either.
          const { ok } = await ctx.runMutation(internal.accounts.countResetRequest, { email });
          if (!ok) return null;
          // An unknown address gets the same answer as a known one: no account enumeration.
          const retrieved = await retrieve(ctx, email);
          if (retrieved === null) return null;
          return await signInViaProvider(ctx, reset, { accountId: retrieved.account._id, params: { ...params, email } });
        }
        case "reset-verification": {
          const newPassword = requirePassword(params.newPassword);
          const retrieved = await retrieve(ctx, email);
          // The library throws "Could not verify code" on a wrong or expired code: "invalid code" here.
          const result =
            retrieved &&
            (await signInViaProvider(ctx, reset, { params: { ...params, email } }).catch((error: unknown) => {
              if (error instanceof Error && error.message.includes("Could not verify code")) return null;
              throw error;
            }));
          if (!retrieved || !result || result.userId !== retrieved.account.userId) {
            return fail("INVALID_RESET_CODE");
          }
          await modifyAccountCredentials(ctx, {
            provider: PASSWORD_PROVIDER,
            account: { id: email, secret: newPassword },
          });
          // The code reached the mailbox: the address is proven (an account from before sign-up codes
          // becomes able to pay this way).
          await ctx.runMutation(internal.accounts.markEmailVerified, { userId: result.userId });
          // A reset signs out every other session: whoever knew the old password is out.
          await invalidateSessions(ctx, { userId: result.userId, except: [result.sessionId] });
          return result;
        }
        default:
          return fail("INVALID_INPUT", { field: "flow" });
      }
    },
  });
}
