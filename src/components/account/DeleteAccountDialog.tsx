import { useState } from "react";
import { AlertDialog, Button, Flex, Text } from "@radix-ui/themes";
import { TrashIcon } from "@radix-ui/react-icons";
import { useNeedsConnection } from "@/components/NeedsConnection";
import { limits } from "@/lib/rules";

export const deleteAccountDialogText = {
  title: "Sei sicuro?",
  description: "Questa azione non può essere annullata. Il tuo account e tutti i dati associati verranno eliminati definitivamente.",
  // docs/product-rules.md, "Accounts": what happens to consultations still to come, for each side.
  bookings: {
    client: `I consulti già pagati e non ancora iniziati verranno annullati con il rimborso previsto dalle condizioni di cancellazione (completo fino a ${limits.fullRefundNotice} prima dell'inizio, del ${limits.halfRefund} fino a ${limits.halfRefundNotice} prima, nessuno dopo); un consulto in corso si conclude regolarmente. Il cartomante sarà avvisato via email.`,
    psychic: "I consulti già pagati e ancora da svolgere verranno annullati con rimborso completo ai clienti, che saranno avvisati via email.",
  },
  // docs/product-rules.md, "Accounts": DAC7 (D.Lgs. 32/2023) requires a paid psychic's fiscal data for 10 years.
  fiscal: {
    client: null,
    psychic:
      "Se hai ricevuto compensi, per obbligo di legge nome e cognome, codice fiscale, data di nascita, indirizzo e IBAN restano conservati a parte, solo per la comunicazione DAC7 all'Agenzia delle Entrate, per 10 anni dalla fine dell'ultimo anno in cui hai ricevuto compensi; poi vengono cancellati.",
  },
} as const;

/**
 * The delete button and its confirmation. The dialog stays open while the deletion runs, and
 * again if it fails, so a second click is never needed to see what happened.
 */
export function DeleteAccountDialog({ onConfirm, audience }: { onConfirm: () => Promise<boolean>; audience: "client" | "psychic" }) {
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // Deleting an account is never queued offline: it must happen while the person watches, or not at all.
  const connection = useNeedsConnection();

  const confirm = async () => {
    setDeleting(true);
    const deleted = await onConfirm();
    setDeleting(false);
    if (deleted) setOpen(false);
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (deleting ? undefined : setOpen(next))}>
      <AlertDialog.Trigger>
        <Button color="red" variant="soft" disabled={connection.offline} aria-describedby={connection.describedBy}>
          <TrashIcon />
          Elimina account
        </Button>
      </AlertDialog.Trigger>
      {connection.note}
      <AlertDialog.Content maxWidth="460px">
        <AlertDialog.Title>{deleteAccountDialogText.title}</AlertDialog.Title>
        <AlertDialog.Description size="2">{deleteAccountDialogText.description}</AlertDialog.Description>
        <Text as="p" size="2" color="gray" mt="2">
          {deleteAccountDialogText.bookings[audience]}
        </Text>
        {deleteAccountDialogText.fiscal[audience] ? (
          <Text as="p" size="2" color="gray" mt="2">
            {deleteAccountDialogText.fiscal[audience]}
          </Text>
        ) : null}
        <Flex gap="3" mt="4" justify="end" wrap="wrap">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray" disabled={deleting}>
              Indietro
            </Button>
          </AlertDialog.Cancel>
          <Button color="red" highContrast disabled={deleting || connection.offline} onClick={() => void confirm()}>
            {deleting ? "Eliminazione..." : "Elimina definitivamente"}
          </Button>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
