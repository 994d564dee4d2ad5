// The psychic cancels an upcoming consultation (bookings.cancelByPsychic): the dialog says what follows
// before confirming — the client always gets everything back and an email with a link to book again
// (docs/product-rules.md, "Payments and refunds").
import { useState } from "react";
import { AlertDialog, Button, Flex, Text } from "@radix-ui/themes";
import { useMutation } from "convex/react";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { CancelConsultationTrigger } from "@/components/booking/CancelConsultationTrigger";
import type { Connection } from "@/components/NeedsConnection";
import { toast } from "@/components/toast";
import { useIsOffline } from "@/lib/browser/connection";
import { errorMessage } from "@/lib/text/errors";
import { formatCents } from "@/lib/text/format";
import { refundText } from "@/lib/text/refundPromises";
import { CANCELLATION_WINDOW_DAYS } from "@convex/model/psychicFigures";

/** "Luca riceverà il rimborso completo di 80,00 €", worded from the server's rule for a psychic's cancellation. */
const refundLine = (clientName: string, cents: number) => `${clientName} riceverà il ${refundText("psychic_cancelled")} di ${formatCents(cents)}`;

export const psychicCancelMessages = {
  failed: "Impossibile annullare il consulto. Riprova.",
  done: "Consulto annullato",
  doneDetail: (clientName: string, cents: number) => `${refundLine(clientName, cents)} e un'email con il link per prenotare di nuovo.`,
  /** What the dialog says before the psychic confirms (docs/product-rules.md, "Payments and refunds", "Psychic figures"). */
  before: (clientName: string, priceCents: number) =>
    `${refundLine(clientName, priceCents)} e un'email con un link per prenotare di nuovo. L'orario tornerà libero per altri clienti. Per questo consulto non ricevi alcun compenso, e l'annullamento conta tra le tue cancellazioni degli ultimi ${CANCELLATION_WINDOW_DAYS} giorni mostrate sul profilo.`,
} as const;

type Props = {
  bookingId: Id<"bookings">;
  clientName: string;
  when: string;
  priceCents: number;
  /** The row's own offline note, when it shows one for all its actions. */
  connection?: Connection;
};

export function CancelByPsychicDialog({ bookingId, clientName, when, priceCents, connection: rowConnection }: Props) {
  const [open, setOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const cancel = useMutation(api.bookings.cancelByPsychic);
  const offline = useIsOffline();

  const changeOpen = (next: boolean) => {
    if (sending) return;
    setOpen(next);
    setFailure(null);
  };

  const confirm = async () => {
    setSending(true);
    setFailure(null);
    try {
      const { refundCents } = await cancel({ bookingId });
      toast.success(psychicCancelMessages.done, psychicCancelMessages.doneDetail(clientName, refundCents));
      setOpen(false);
    } catch (error) {
      setFailure(errorMessage(error, psychicCancelMessages.failed));
    } finally {
      setSending(false);
    }
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={changeOpen}>
      <CancelConsultationTrigger otherName={clientName} when={when} rowConnection={rowConnection} />
      <AlertDialog.Content maxWidth="480px">
        <AlertDialog.Title>Annullare il consulto?</AlertDialog.Title>
        <AlertDialog.Description size="2">
          Consulto con {clientName}, {when}.
        </AlertDialog.Description>
        <Flex direction="column" gap="3" mt="3">
          <Text as="p" size="2">
            {psychicCancelMessages.before(clientName, priceCents)}
          </Text>
          {failure ? (
            <Text as="p" size="2" color="red" role="alert">
              {failure}
            </Text>
          ) : null}
          <Flex gap="3" justify="end" wrap="wrap">
            <AlertDialog.Cancel>
              <Button variant="soft" color="gray" disabled={sending}>
                Mantieni il consulto
              </Button>
            </AlertDialog.Cancel>
            <Button color="red" highContrast disabled={sending || offline} onClick={() => void confirm()}>
              {sending ? "Annullamento..." : "Annulla il consulto"}
            </Button>
          </Flex>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
