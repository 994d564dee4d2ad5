// 'Invia un promemoria' on a psychic whose payout account is not enabled: an email through the outbox, one a
// day per psychic (the server's limit; the row says from when another may go).
import { useState } from "react";
import { Button, Text } from "@radix-ui/themes";
import { useMutation } from "convex/react";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { toast } from "@/components/toast";
import { errorMessage } from "@/lib/text/errors";
import { formatRomeDateTime } from "@/lib/text/format";

export function OnboardingReminder({ psychicUserId, name, nextReminderAt }: { psychicUserId: Id<"users">; name: string; nextReminderAt: number | null }) {
  const remind = useMutation(api.adminPayouts.remindOnboarding);
  const [sending, setSending] = useState(false);
  if (nextReminderAt !== null) {
    return (
      <Text size="1" color="gray">
        Promemoria inviato: il prossimo dal {formatRomeDateTime(nextReminderAt)}
      </Text>
    );
  }
  const send = async () => {
    setSending(true);
    try {
      await remind({ psychicUserId });
      toast.success("Promemoria inviato", `${name} riceverà un'email per completare la configurazione dei pagamenti.`);
    } catch (failure) {
      toast.error(errorMessage(failure, "Impossibile inviare il promemoria."));
    } finally {
      setSending(false);
    }
  };
  return (
    <Button size="1" variant="soft" disabled={sending} aria-label={`Invia un promemoria a ${name}`} onClick={() => void send()}>
      {sending ? "Invio..." : "Invia un promemoria"}
    </Button>
  );
}
