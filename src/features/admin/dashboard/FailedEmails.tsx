import { Button, Heading, Table, Text } from "@radix-ui/themes";
import { ReloadIcon } from "@radix-ui/react-icons";
import { useMutation } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { api } from "@convex/_generated/api";
import type { EmailKind } from "@convex/framework/validators";
import { toast } from "@/components/toast";
import { errorMessage } from "@/lib/text/errors";
import { formatMinutes, formatRomeDateTime } from "@/lib/text/format";
import { hoursText } from "@/lib/text/rules";
import { REMINDER_OFFSETS_MS } from "@convex/model/reminders";
import { TableCaption, TableEmpty, TableError, TableLoading } from "./TableStates";
import { useTableQuery } from "./useTableQuery";

type FailedEmail = FunctionReturnType<typeof api.adminEmails.failedEmails>["emails"][number];

const kindLabels: Record<EmailKind, string> = {
  account_created: "Account creato",
  sign_up_code: "Codice di registrazione",
  sign_up_existing_account: "Account già esistente",
  booking_confirmed: "Prenotazione confermata",
  booking_reminder_24h: `Promemoria (${hoursText(REMINDER_OFFSETS_MS["24h"])})`,
  booking_reminder_15m: `Promemoria (${formatMinutes(REMINDER_OFFSETS_MS["15m"] / 60_000)})`,
  booking_cancelled: "Prenotazione annullata",
  booking_rescheduled: "Prenotazione spostata",
  refund_issued: "Rimborso",
  contact_message: "Messaggio dal modulo di contatto",
  contact_received: "Conferma di un messaggio ricevuto",
  contact_answer: "Risposta a un messaggio",
  password_reset: "Codice per la password",
  availability_alert: "Avviso di disponibilità",
  payout_onboarding_reminder: "Promemoria di configurare i pagamenti",
  fiscal_document: "Ricevuta o nota di credito",
};

/**
 * Panoramica's "Email non inviate": what the email provider kept refusing after every attempt, with
 * 'Riprova l'invio' (codes expire, so the person asks for a new one instead).
 */
export function FailedEmails() {
  const { data, error } = useTableQuery(api.adminEmails.failedEmails, {});
  const retryEmail = useMutation(api.adminEmails.retryEmail).withOptimisticUpdate((store, { emailId }) => {
    const current = store.getQuery(api.adminEmails.failedEmails, {});
    if (current !== undefined)
      store.setQuery(api.adminEmails.failedEmails, {}, { ...current, emails: current.emails.filter((email) => email.id !== emailId) });
  });
  const retry = async (email: FailedEmail) => {
    try {
      await retryEmail({ emailId: email.id });
      toast.success("Invio ripetuto", `L'email a ${email.to} è di nuovo in coda.`);
    } catch (failure) {
      toast.error(errorMessage(failure, "Impossibile riprovare l'invio."));
    }
  };
  const count = data === undefined ? "" : ` (${data.emails.length}${data.more ? "+" : ""})`;
  return (
    <section aria-labelledby="failed-emails-heading">
      <Heading as="h2" size="4" mb="3" id="failed-emails-heading">
        Email non inviate{count}
      </Heading>
      {error ? (
        <TableError what="delle email non inviate" reason={error} />
      ) : data === undefined ? (
        <TableLoading label="Caricamento delle email non inviate" />
      ) : data.emails.length === 0 ? (
        <TableEmpty>Nessuna email in errore: tutte quelle in coda sono partite.</TableEmpty>
      ) : (
        <Table.Root variant="surface">
          <TableCaption>Email non inviate</TableCaption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Destinatario</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Tipo</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>In coda dal</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Errore</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Azione</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.emails.map((email) => (
              <Table.Row key={email.id}>
                <Table.Cell>{email.to}</Table.Cell>
                <Table.Cell>{kindLabels[email.kind]}</Table.Cell>
                <Table.Cell>{formatRomeDateTime(email.queuedAt)}</Table.Cell>
                <Table.Cell>
                  <Text size="1" color="gray">
                    {email.attempts} tentativi{email.lastError ? `: ${email.lastError}` : ""}
                  </Text>
                </Table.Cell>
                <Table.Cell>
                  {email.retryable ? (
                    <Button size="2" variant="soft" onClick={() => void retry(email)} aria-label={`Riprova l'invio a ${email.to}`}>
                      <ReloadIcon aria-hidden /> Riprova l'invio
                    </Button>
                  ) : (
                    <Text size="1" color="gray">
                      Codice scaduto: la persona ne chiede uno nuovo.
                    </Text>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </section>
  );
}
