// Sign-in configuration only. Password is the one provider; sign-up fields and the consent check
// are added to its profile() by the accounts work.
import { Password } from "@convex-dev/auth/providers/Password";
import { convexAuth } from "@convex-dev/auth/server";

export const { auth, signIn, signOut, store, isAuthenticated } = convexAuth({
  providers: [Password],
});
