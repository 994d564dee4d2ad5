import { useState } from "react";
import { useAuthActions } from "@convex-dev/auth/react";
import { Button, Callout, Checkbox, Flex, Link, RadioCards, Text } from "@radix-ui/themes";
import { InfoCircledIcon } from "@radix-ui/react-icons";
import { paths } from "@/lib/paths";
import { FailureCallout } from "@/components/form/FailureCallout";
import { TextField } from "@/components/form/TextField";
import { passwordHint } from "@/lib/account/accountSchemas";
import { errorCodeOf, errorMessage, errorMessages } from "@/lib/text/errors";
import { useZodForm } from "@/lib/account/forms";
import { fetchOriginPass } from "@/lib/account/originPass";
import { limits } from "@/lib/text/rules";
import { signUpCodeSchema, signUpSchema, type SignUpCodeValues, type SignUpValues } from "./schemas";
import { usePsychicRegistrationOpen } from "./usePsychicRegistrationOpen";
import { FieldError } from "@/components/form/FieldError";
import { clearPendingSignUp, maskEmail, readPendingSignUp, savePendingSignUp, type PendingSignUp } from "./pendingSignUp";

const signUpGenericMessage = "Si è verificato un errore durante la registrazione. Riprova.";

type AccountType = SignUpValues["accountType"];

type SignUpRequest = { name: string; email: string; password: string; accountType: AccountType };

/**
 * Full name, email, password twice, account type and the 18+ consent; then the six-digit code emailed to
 * the address, which creates the account and signs in. The answer never says whether the address already
 * has an account (its owner is emailed instead): docs/product-rules.md, "Accounts".
 */
export function SignUpForm({ initialType = "client" }: { initialType?: AccountType }) {
  const { signIn } = useAuthActions();
  // A reload (the mail app, then back) opens on the code step again: the address is in the tab's storage.
  const [sent, setSent] = useState<PendingSignUp | null>(readPendingSignUp);
  const send = async (request: SignUpRequest) => {
    const originPass = await fetchOriginPass();
    await signIn("password", { flow: "signUp", ...request, consent: true, ...(originPass ? { originPass } : {}) });
  };
  const onSent = (request: SignUpRequest) => {
    const pending = { email: request.email.trim().toLowerCase() };
    savePendingSignUp(pending);
    setSent(pending);
  };
  const restart = () => {
    clearPendingSignUp();
    setSent(null);
  };
  if (sent !== null) return <SignUpCodeForm pending={sent} onRestart={restart} />;
  return <SignUpDetailsForm initialType={initialType} onSent={onSent} send={send} />;
}

function SignUpDetailsForm({
  initialType,
  send,
  onSent,
}: {
  initialType: AccountType;
  send: (request: SignUpRequest) => Promise<void>;
  onSent: (request: SignUpRequest) => void;
}) {
  const psychicOpen = usePsychicRegistrationOpen();
  const psychicClosed = psychicOpen === false;
  const form = useZodForm(signUpSchema, {
    name: "",
    email: "",
    password: "",
    confirmPassword: "",
    accountType: initialType,
    consent: false,
  } satisfies SignUpValues);
  const [failure, setFailure] = useState<string | null>(null);
  // A closed psychic registration turns a chosen "Cartomante" back into "Cliente" without an effect.
  const accountType: AccountType = psychicClosed ? "client" : form.values.accountType;

  const submit = form.handleSubmit(async ({ name, email, password }) => {
    setFailure(null);
    try {
      const request = { name, email, password, accountType };
      await send(request);
      onSent(request);
    } catch (error) {
      setFailure(errorMessage(error, signUpGenericMessage));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Registrati">
      <Flex direction="column" gap="4">
        <Flex direction="column" gap="2">
          <Text as="div" size="2" weight="medium" id="account-type-label">
            Tipo di account
          </Text>
          <RadioCards.Root
            aria-labelledby="account-type-label"
            columns={{ initial: "1", xs: "2" }}
            value={accountType}
            onValueChange={(value) => form.set("accountType", value as AccountType)}
          >
            <RadioCards.Item value="client">
              <Flex direction="column">
                <Text weight="bold">Cliente</Text>
                <Text size="1" color="gray">
                  Prenoto consulti
                </Text>
              </Flex>
            </RadioCards.Item>
            <RadioCards.Item value="psychic" disabled={psychicClosed}>
              <Flex direction="column">
                <Text weight="bold">Cartomante</Text>
                <Text size="1" color="gray">
                  Offro consulti
                </Text>
              </Flex>
            </RadioCards.Item>
          </RadioCards.Root>
          {psychicClosed ? (
            <Callout.Root color="amber" size="1">
              <Callout.Icon>
                <InfoCircledIcon />
              </Callout.Icon>
              <Callout.Text>{errorMessages.PSYCHIC_REGISTRATION_DISABLED}</Callout.Text>
            </Callout.Root>
          ) : null}
        </Flex>
        <TextField label="Nome e cognome" autoComplete="name" {...form.field("name")} />
        <TextField label="Email" type="email" autoComplete="email" {...form.field("email")} />
        <TextField label="Password" type="password" autoComplete="new-password" hint={passwordHint} {...form.field("password")} />
        <TextField label="Conferma password" type="password" autoComplete="new-password" {...form.field("confirmPassword")} />
        <Flex direction="column" gap="1">
          <Text as="label" size="2">
            <Flex gap="2" align="start">
              <Checkbox
                mt="1"
                checked={form.values.consent}
                onCheckedChange={(checked) => form.set("consent", checked === true)}
                aria-invalid={form.errors.consent ? true : undefined}
              />
              <span>
                Dichiaro di avere almeno 18 anni e accetto i{" "}
                <Link href={paths.terms} target="_blank" rel="noopener">
                  Termini
                </Link>{" "}
                e l'
                <Link href={paths.privacy} target="_blank" rel="noopener">
                  Informativa privacy
                </Link>
              </span>
            </Flex>
          </Text>
          <FieldError message={form.errors.consent} />
        </Flex>
        <FailureCallout message={failure} />
        <Button type="submit" size="3" disabled={form.submitting}>
          {form.submitting ? "Registrazione..." : "Crea account"}
        </Button>
      </Flex>
    </form>
  );
}

/**
 * The second step: the code from the email, saying where it went (the address masked) and for how long it
 * works. Resending asks for a new code for the same address: each one counts against the hour's cap.
 */
function SignUpCodeForm({ pending, onRestart }: { pending: PendingSignUp; onRestart: () => void }) {
  const { signIn } = useAuthActions();
  const form = useZodForm(signUpCodeSchema, { code: "" } satisfies SignUpCodeValues);
  const [failure, setFailure] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const [resending, setResending] = useState(false);

  const submit = form.handleSubmit(async ({ code }) => {
    setFailure(null);
    try {
      // Signed in on success: the page's redirect takes the new account home.
      await signIn("password", { flow: "signUpVerification", email: pending.email, code });
      clearPendingSignUp();
    } catch (error) {
      const message = errorMessage(error, signUpGenericMessage);
      if (errorCodeOf(error) === "INVALID_SIGN_UP_CODE") form.setErrors({ code: message });
      setFailure(message);
    }
  });

  const resend = async () => {
    setFailure(null);
    setResent(false);
    setResending(true);
    try {
      await signIn("password", { flow: "signUpResend", email: pending.email });
      setResent(true);
    } catch (error) {
      setFailure(errorMessage(error, signUpGenericMessage));
    } finally {
      setResending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Conferma l'indirizzo email">
      <Flex direction="column" gap="4">
        <Flex direction="column" gap="2">
          <Text as="p" size="3" weight="medium" data-testid="sign-up-code-sent-to">
            Abbiamo inviato un codice a {maskEmail(pending.email)}
          </Text>
          <Text as="p" size="2">
            Inseriscilo qui per attivare il tuo account: il codice di {limits.signUpCodeDigits} vale {limits.signUpCodeMinutes}. Controlla anche
            lo spam. Se questo indirizzo ha già un account, riceverai invece un'email per accedere.
          </Text>
        </Flex>
        <TextField label="Codice" inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...form.field("code")} />
        {resent ? (
          <Text as="p" size="2" color="green" role="status">
            Nuovo codice inviato.
          </Text>
        ) : null}
        <FailureCallout message={failure} />
        <Button type="submit" size="3" disabled={form.submitting}>
          {form.submitting ? "Verifica..." : "Attiva l'account"}
        </Button>
        <Flex gap="4" wrap="wrap">
          <Button type="button" variant="ghost" size="2" disabled={resending} onClick={() => void resend()}>
            {resending ? "Invio..." : "Invia un nuovo codice"}
          </Button>
          <Button type="button" variant="ghost" size="2" onClick={onRestart}>
            Cambia i dati
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
