import { useState } from "react";
import { useAuthActions } from "@convex-dev/auth/react";
import { Button, Flex, Link, Text } from "@radix-ui/themes";
import { Link as RouterLink, Navigate, useLocation, useNavigate } from "react-router-dom";
import { homePathFor, paths } from "@/lib/paths";
import { FailureCallout } from "@/components/form/FailureCallout";
import { TextField } from "@/components/form/TextField";
import { toast } from "@/components/toast";
import { passwordHint } from "@/lib/account/accountSchemas";
import { errorCodeOf, errorMessage } from "@/lib/text/errors";
import { useZodForm } from "@/lib/account/forms";
import { limits } from "@/lib/text/rules";
import { useViewer } from "@/lib/account/session";
import { AuthLayout } from "./AuthLayout";
import { resetRequestSchema, resetVerifySchema, type ResetVerifyValues } from "./schemas";

/** What the admin page passes when it has already sent the code to an admin address. */
export type ResetPasswordState = { email?: string; admin?: boolean };

export const codeSentToast = {
  title: "Email inviata",
  description: "Se l'indirizzo è registrato, riceverai un codice di 6 cifre per reimpostare la password.",
} as const;

/**
 * /reset-password: an emailed six-digit code, then the new password twice. No session is needed
 * (the code proves the mailbox); success signs the person in and signs out their other sessions.
 */
export function ResetPasswordPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state ?? {}) as ResetPasswordState;
  const [email, setEmail] = useState<string | null>(state.email ?? null);
  const [done, setDone] = useState(false);
  const viewer = useViewer();
  // Admin addresses may only use the admin flows; the server checks this flag against the address.
  const admin = state.admin === true;

  if (done && viewer) return <Navigate to={homePathFor(viewer)} replace />;

  return (
    <AuthLayout title="Reimposta la password" lead="Ricevi un codice via email e scegli una nuova password per il tuo account.">
      {email === null ? (
        <RequestCodeForm admin={admin} onSent={setEmail} />
      ) : (
        <NewPasswordForm
          email={email}
          admin={admin}
          onDone={(signedIn) => (signedIn ? setDone(true) : navigate(admin ? paths.adminLogin : paths.login))}
          onRestart={() => setEmail(null)}
        />
      )}
      <Flex mt="5">
        <Link asChild size="2">
          <RouterLink to={admin ? paths.adminLogin : paths.login}>Torna all'accesso</RouterLink>
        </Link>
      </Flex>
    </AuthLayout>
  );
}

function RequestCodeForm({ admin, onSent }: { admin: boolean; onSent: (email: string) => void }) {
  const { signIn } = useAuthActions();
  const form = useZodForm(resetRequestSchema, { email: "" });
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      await signIn("password", { flow: "reset", email, ...(admin ? { adminLogin: true } : {}) });
      toast.success(codeSentToast.title, codeSentToast.description);
      onSent(email);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Richiedi il codice">
      <Flex direction="column" gap="4">
        <Text as="p" size="2" color="gray">
          {`Inserisci l'email del tuo account: ti invieremo un codice di ${limits.resetCodeDigits} valido ${limits.resetCodeValidity}.`}
        </Text>
        <TextField label="Email" type="email" autoComplete="email" {...form.field("email")} />
        <FailureCallout message={failure} />
        <Button type="submit" size="3" disabled={form.submitting}>
          {form.submitting ? "Invio..." : "Invia il codice"}
        </Button>
      </Flex>
    </form>
  );
}

function NewPasswordForm({
  email,
  admin,
  onDone,
  onRestart,
}: {
  email: string;
  admin: boolean;
  /** `signedIn` false: the password changed but no session came back, so the person signs in by hand. */
  onDone: (signedIn: boolean) => void;
  onRestart: () => void;
}) {
  const { signIn } = useAuthActions();
  const form = useZodForm(resetVerifySchema, { code: "", password: "", confirmPassword: "" } satisfies ResetVerifyValues);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(async ({ code, password }) => {
    setFailure(null);
    try {
      const { signingIn } = await signIn("password", {
        flow: "reset-verification",
        email,
        code,
        newPassword: password,
        ...(admin ? { adminLogin: true } : {}),
      });
      toast.success("Password aggiornata", signingIn ? "La tua nuova password è attiva." : "Accedi con la nuova password.");
      onDone(signingIn);
    } catch (error) {
      const message = errorMessage(error);
      if (errorCodeOf(error) === "INVALID_RESET_CODE") {
        form.setErrors({ code: message });
        toast.error(message, "Sessione non valida");
      }
      setFailure(message);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Scegli la nuova password">
      <Flex direction="column" gap="4">
        <Text as="p" size="2" color="gray">
          Abbiamo inviato il codice a <strong>{email}</strong>. Non lo trovi?{" "}
          <Button type="button" variant="ghost" size="1" onClick={onRestart}>
            Richiedine uno nuovo
          </Button>
        </Text>
        <TextField label="Codice" inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...form.field("code")} />
        <TextField label="Nuova password" type="password" autoComplete="new-password" hint={passwordHint} {...form.field("password")} />
        <TextField label="Conferma nuova password" type="password" autoComplete="new-password" {...form.field("confirmPassword")} />
        <FailureCallout message={failure} />
        <Button type="submit" size="3" disabled={form.submitting}>
          {form.submitting ? "Salvataggio..." : "Reimposta la password"}
        </Button>
      </Flex>
    </form>
  );
}
