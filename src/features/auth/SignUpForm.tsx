import { useState } from "react";
import { useAuthActions } from "@convex-dev/auth/react";
import { Button, Callout, Checkbox, Flex, Link, RadioCards, Text } from "@radix-ui/themes";
import { InfoCircledIcon } from "@radix-ui/react-icons";
import { paths } from "@/lib/paths";
import { FailureCallout } from "@/components/form/FailureCallout";
import { TextField } from "@/components/form/TextField";
import { passwordHint } from "@/lib/accountSchemas";
import { errorCodeOf, errorMessage, errorMessages } from "@/lib/errors";
import { useZodForm } from "@/lib/forms";
import { signUpSchema, type SignUpValues } from "./schemas";
import { usePsychicRegistrationOpen } from "./usePsychicRegistrationOpen";

export const signUpGenericMessage = "Si è verificato un errore durante la registrazione. Riprova.";
export const consentLabel = "Dichiaro di avere almeno 18 anni e accetto i Termini e l'Informativa privacy";

type AccountType = SignUpValues["accountType"];

/**
 * Full name, email, password twice, account type and the 18+ consent. The login tab and the
 * register page word "email already used" differently, hence `emailInUseMessage`.
 */
export function SignUpForm({
  initialType = "client",
  emailInUseMessage = errorMessages.EMAIL_IN_USE,
}: {
  initialType?: AccountType;
  emailInUseMessage?: string;
}) {
  const { signIn } = useAuthActions();
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
      await signIn("password", { flow: "signUp", name, email, password, accountType, consent: true });
    } catch (error) {
      const message = errorMessage(error, signUpGenericMessage, { EMAIL_IN_USE: emailInUseMessage });
      if (errorCodeOf(error) === "EMAIL_IN_USE") form.setErrors({ email: message });
      setFailure(message);
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
          {form.errors.consent ? (
            <Text size="1" color="red" role="alert">
              {form.errors.consent}
            </Text>
          ) : null}
        </Flex>
        <FailureCallout message={failure} />
        <Button type="submit" size="3" disabled={form.submitting}>
          {form.submitting ? "Registrazione..." : "Crea account"}
        </Button>
      </Flex>
    </form>
  );
}
