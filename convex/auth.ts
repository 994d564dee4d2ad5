// Accounts: email + password (convex/lib/accounts/passwordProvider.ts) with reset by an emailed code.
import { Email } from "@convex-dev/auth/providers/Email";
import { convexAuth, type EmailConfig, type GenericActionCtxWithAuthConfig } from "@convex-dev/auth/server";
import type { WithoutSystemFields } from "convex/server";
import { internal } from "./_generated/api";
import type { DataModel, Doc, Id } from "./_generated/dataModel";
import type { MutationCtx } from "./_generated/server";
import { ArcanoPassword, randomDigits } from "./lib/accounts/passwordProvider";
import { passwordResetCodeEmail } from "./email/templates";
import { triggers } from "./lib/platform/triggers";
import { MAX_FAILED_SIGN_INS_PER_HOUR, RESET_CODE_DIGITS, RESET_CODE_MINUTES } from "./model/accounts";


// The code goes through the outbox like every other email: sent by Resend when configured,
// readable in the local mailbox offline. The library calls this with its action context as a
// second argument (server/implementation/signIn.js), which the Auth.js type it borrows leaves out.
async function queueResetCode({ identifier, token }: { identifier: string; token: string }, ctx: GenericActionCtxWithAuthConfig<DataModel>) {
  await ctx.runMutation(internal.accounts.queueResetCode, {
    email: identifier,
    ...passwordResetCodeEmail({ code: token, validMinutes: RESET_CODE_MINUTES }),
  });
}

const ResetCode: EmailConfig = Email({
  id: "password-reset-code",
  maxAge: RESET_CODE_MINUTES * 60,
  async generateVerificationToken() {
    return randomDigits(RESET_CODE_DIGITS);
  },
  sendVerificationRequest: queueResetCode as unknown as EmailConfig["sendVerificationRequest"],
});

export const { auth, signIn, signOut, store, isAuthenticated } = convexAuth({
  providers: [ArcanoPassword({ reset: ResetCode })],
  signIn: { maxFailedAttempsPerHour: MAX_FAILED_SIGN_INS_PER_HOUR },
  callbacks: {
    // The library's own mutation writes the account, outside the project's builders: it is written here
    // instead, through the triggers, so a new account (and its type) counts in the figures like any other
    // write. As the library does for password accounts and for a reset code on an existing account: a new
    // account is created (never linked to another by email), an existing one takes the profile's fields.
    async createOrUpdateUser(ctx, { existingUserId, profile }) {
      const { db } = triggers.wrapDB(ctx as unknown as MutationCtx);
      const { emailVerified, phoneVerified, ...fields } = profile;
      const user = {
        ...(emailVerified ? { emailVerificationTime: Date.now() } : {}),
        ...(phoneVerified ? { phoneVerificationTime: Date.now() } : {}),
        ...fields,
      } as WithoutSystemFields<Doc<"users">>;
      if (existingUserId !== null) {
        await db.patch("users", existingUserId as Id<"users">, user);
        return existingUserId;
      }
      const userId = await db.insert("users", user);
      // Only a brand-new account is welcomed; resets and sign-ins are not news.
      await ctx.scheduler.runAfter(0, internal.accounts.welcome, { userId });
      return userId;
    },
  },
});
