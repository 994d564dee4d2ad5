// Accounts: email + password (convex/lib/passwordProvider.ts) with reset by an emailed code.
import { Email } from "@convex-dev/auth/providers/Email";
import { convexAuth, type EmailConfig, type GenericActionCtxWithAuthConfig } from "@convex-dev/auth/server";
import { internal } from "./_generated/api";
import type { DataModel } from "./_generated/dataModel";
import { countNewAccount } from "./lib/counters";
import { ArcanoPassword } from "./lib/passwordProvider";
import { passwordResetCodeEmail } from "./email/templates";

/** Failed sign-ins allowed per account per hour; then the account waits (the library refills them). */
export const MAX_FAILED_SIGN_INS_PER_HOUR = 5;
/** How long an emailed reset code stays valid. */
export const RESET_CODE_MINUTES = 15;

function randomDigits(count: number): string {
  const values = new Uint32Array(count);
  crypto.getRandomValues(values);
  return Array.from(values, (value) => String(value % 10)).join("");
}

// The code goes through the outbox like every other email: sent by Resend when configured,
// readable in the local mailbox offline. The library calls this with its action context as a
// second argument (server/implementation/signIn.js), which the Auth.js type it borrows leaves out.
async function queueResetCode(
  { identifier, token }: { identifier: string; token: string },
  ctx: GenericActionCtxWithAuthConfig<DataModel>,
) {
  await ctx.runMutation(internal.accounts.queueResetCode, {
    email: identifier,
    ...passwordResetCodeEmail({ code: token, validMinutes: RESET_CODE_MINUTES }),
  });
}

const ResetCode: EmailConfig = Email({
  id: "password-reset-code",
  maxAge: RESET_CODE_MINUTES * 60,
  async generateVerificationToken() {
    return randomDigits(6);
  },
  sendVerificationRequest: queueResetCode as unknown as EmailConfig["sendVerificationRequest"],
});

export const { auth, signIn, signOut, store, isAuthenticated } = convexAuth({
  providers: [ArcanoPassword({ reset: ResetCode })],
  signIn: { maxFailedAttempsPerHour: MAX_FAILED_SIGN_INS_PER_HOUR },
  callbacks: {
    async afterUserCreatedOrUpdated(ctx, { userId, existingUserId }) {
      // Only a brand-new account is welcomed and counted; resets and sign-ins are not news.
      if (existingUserId === null) await ctx.scheduler.runAfter(0, internal.accounts.welcome, { userId });
      if (existingUserId === null) await countNewAccount(ctx, userId);
    },
  },
});
