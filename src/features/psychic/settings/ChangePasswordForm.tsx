import { Button, Flex } from "@radix-ui/themes";
import { useAction } from "convex/react";
import { api } from "@convex/_generated/api";
import { TextField } from "@/components/form/TextField";
import { toast } from "@/components/toast";
import { errorMessage } from "@/lib/errors";
import { useZodForm } from "@/lib/forms";
import { changePasswordSchema, type ChangePasswordValues } from "./schemas";

export const passwordUpdateErrorMessage = "Impossibile aggiornare la password";

/** A new password twice; the server checks the length again and keeps the other sessions. */
export function ChangePasswordForm() {
  const changePassword = useAction(api.users.changePassword);
  const form = useZodForm(changePasswordSchema, { password: "", confirmPassword: "" } satisfies ChangePasswordValues);

  const submit = form.handleSubmit(async ({ password }) => {
    try {
      await changePassword({ newPassword: password });
      form.setValues({ password: "", confirmPassword: "" });
      toast.success("Password aggiornata", "La nuova password è attiva da subito.");
    } catch (error) {
      toast.error(errorMessage(error, passwordUpdateErrorMessage));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Cambia password">
      <Flex direction="column" gap="3">
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
