import { useState } from "react";
import { Button, Flex } from "@radix-ui/themes";
import { useMutation } from "convex/react";
import { api } from "@convex/_generated/api";
import { TextField } from "@/components/form/TextField";
import { PendingWriteMark } from "@/components/PendingWriteMark";
import { toast } from "@/components/toast";
import { errorMessage } from "@/lib/text/errors";
import { useZodForm } from "@/lib/account/forms";
import { fullNameSchema, type FullNameValues } from "./schemas";

const profileUpdatedToast = { title: "Profilo aggiornato", description: "Il tuo nome è stato salvato." } as const;
const profileUpdateErrorMessage = "Impossibile aggiornare il profilo.";

/** The full name, saved optimistically: the header's greeting changes before the server answers. */
export function ProfileNameForm({ fullName }: { fullName: string }) {
  const updateFullName = useMutation(api.users.updateFullName).withOptimisticUpdate((store, args) => {
    const viewer = store.getQuery(api.users.viewer, {});
    if (viewer) store.setQuery(api.users.viewer, {}, { ...viewer, fullName: args.fullName });
  });
  const form = useZodForm(fullNameSchema, { fullName } satisfies FullNameValues);
  // A page opened from the device's kept answer gets the server's name a moment later: the field follows it,
  // unless the person has already typed something else.
  const [shownName, setShownName] = useState(fullName);
  if (shownName !== fullName) {
    setShownName(fullName);
    if (form.values.fullName === shownName) form.set("fullName", fullName);
  }

  const submit = form.handleSubmit(async (values) => {
    try {
      await updateFullName({ fullName: values.fullName });
      form.set("fullName", values.fullName);
      toast.success(profileUpdatedToast.title, profileUpdatedToast.description);
    } catch (error) {
      toast.error(errorMessage(error, profileUpdateErrorMessage, { INVALID_INPUT: profileUpdateErrorMessage }));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Nome">
      <Flex direction="column" gap="3">
        <TextField
          label="Nome e cognome"
          autoComplete="name"
          {...form.field("fullName")}
        />
        <Flex gap="3" align="center">
          <Button type="submit" disabled={form.submitting || form.values.fullName.trim() === fullName}>
            Salva
          </Button>
          <PendingWriteMark pending={form.submitting} />
        </Flex>
      </Flex>
    </form>
  );
}
