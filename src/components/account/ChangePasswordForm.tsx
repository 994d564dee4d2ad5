import { Button, Card, Flex, Heading } from "@radix-ui/themes";
import { useAction } from "convex/react";
import { api } from "@convex/_generated/api";
import { TextField } from "@/components/form/TextField";
import { toast } from "@/components/toast";
import { errorMessage } from "@/lib/text/errors";
import { useZodForm } from "@/lib/account/forms";
import { changePasswordSchema, type ChangePasswordValues } from "./changePasswordSchema";

const passwordUpdateErrorMessage = "Impossibile aggiornare la password";

/** The current password, then the new one twice; the server checks both again and signs out the other sessions. */
/** 'Cambia password' as both settings pages show it, clients' and psychics'. */
export function ChangePasswordCard() {
  return (
    <Card size="3">
      <Heading as="h2" size="4" mb="3">
        Cambia password
      </Heading>
      <ChangePasswordForm />
    </Card>
  );
}

function ChangePasswordForm() {
  const changePassword = useAction(api.users.changePassword);
  const empty = { currentPassword: "", password: "", confirmPassword: "" } satisfies ChangePasswordValues;
  const form = useZodForm(changePasswordSchema, empty);

  const submit = form.handleSubmit(async ({ currentPassword, password }) => {
    try {
      await changePassword({ currentPassword, newPassword: password });
      form.setValues(empty);
      toast.success("Password aggiornata", "La nuova password è attiva da subito.");
    } catch (error) {
      toast.error(errorMessage(error, passwordUpdateErrorMessage));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Cambia password">
      <Flex direction="column" gap="3">
        <TextField
          label="Password attuale"
          type="password"
          autoComplete="current-password"
          {...form.field("currentPassword")}
        />
        <TextField
          label="Nuova password"
          type="password"
          autoComplete="new-password"
          {...form.field("password")}
        />
        <TextField
          label="Conferma nuova password"
          type="password"
          autoComplete="new-password"
          {...form.field("confirmPassword")}
        />
        <Flex>
          <Button type="submit" disabled={form.submitting}>
            {form.submitting ? "Aggiornamento..." : "Aggiorna password"}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
