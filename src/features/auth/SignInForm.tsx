import { useState } from "react";
import { useAuthActions } from "@convex-dev/auth/react";
import { Button, Flex, Link } from "@radix-ui/themes";
import { Link as RouterLink } from "react-router-dom";
import { paths } from "@/lib/paths";
import { FailureCallout } from "@/components/form/FailureCallout";
import { TextField } from "@/components/form/TextField";
import { errorCodeOf, errorMessage } from "@/lib/text/errors";
import { useZodForm } from "@/lib/account/forms";
import { signInSchema, type SignInValues } from "./schemas";

/** Email and password. Success changes the session; the page then sends the person on. */
export function SignInForm() {
  const { signIn } = useAuthActions();
  const form = useZodForm(signInSchema, { email: "", password: "" } satisfies SignInValues);
  const [failure, setFailure] = useState<{ message: string; adminPage: boolean } | null>(null);

  const submit = form.handleSubmit(async ({ email, password }) => {
    setFailure(null);
    try {
      const { signingIn } = await signIn("password", { flow: "signIn", email, password });
      if (!signingIn) setFailure({ message: errorMessage(null), adminPage: false });
    } catch (error) {
      setFailure({ message: errorMessage(error), adminPage: errorCodeOf(error) === "ADMIN_LOGIN_REQUIRED" });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Accedi">
      <Flex direction="column" gap="4">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          {...form.field("email")}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          {...form.field("password")}
        />
        <FailureCallout message={failure?.message}>
          {failure?.adminPage ? (
            <Link asChild weight="medium">
              <RouterLink to={paths.adminLogin}>Vai all'accesso amministratori</RouterLink>
            </Link>
          ) : null}
        </FailureCallout>
        <Button type="submit" size="3" disabled={form.submitting}>
          {form.submitting ? "Accesso..." : "Accedi"}
        </Button>
        <Link asChild size="2">
          <RouterLink to={paths.resetPassword}>Hai dimenticato la password?</RouterLink>
        </Link>
      </Flex>
    </form>
  );
}
