import { Badge, Button, Flex, Heading, Table, Text } from "@radix-ui/themes";
import { ReloadIcon } from "@radix-ui/react-icons";
import { useMutation } from "convex/react";
import type { OptimisticLocalStore } from "convex/browser";
import type { FunctionReturnType } from "convex/server";
import { api } from "@convex/_generated/api";
import { consultationTypeWords } from "@convex/model/bookings";
import { toast } from "@/components/toast";
import { errorMessage } from "@/lib/text/errors";
import { formatCents, formatItalianDate, formatMinutes, formatShortDate } from "@/lib/text/format";
import { bookingStates, refundStates } from "@/lib/text/states";
import { TableCaption, TableEmpty, TableError, TableLoading } from "./TableStates";
import { useTableQuery } from "./useTableQuery";
import { NotAvailable } from "./NotAvailable";

type AdminBooking = FunctionReturnType<typeof api.admin.listBookings>["recent"][number];

const attentionLabels = {
  disputed:
    "Il cliente ha contestato il pagamento presso la sua banca: la quota del cartomante è stata stornata. Rispondi alla contestazione dal pannello Stripe.",
  refund_failed: "Il rimborso non è riuscito dopo vari tentativi: riprova quando la causa è risolta, o fallo dal pannello Stripe.",
  late_payment: "Pagamento arrivato dopo la scadenza della prenotazione: rimborsato automaticamente, controlla l'esito.",
} as const;

const retryFailed = "Impossibile riprovare il rimborso.";

/** At once: the booking leaves the list to check and its refund reads 'Rimborso in corso'. */
export function markRefundPending(store: OptimisticLocalStore, bookingId: string) {
  const current = store.getQuery(api.admin.listBookings, {});
  if (current === undefined) return;
  store.setQuery(
    api.admin.listBookings,
    {},
    {
      needingAttention: current.needingAttention.filter((booking) => booking.id !== bookingId),
      recent: current.recent.map((booking) => (booking.id === bookingId ? { ...booking, refundStatus: "pending" as const, refund: "refund_pending" as const } : booking)),
    },
  );
}

/** Prenotazioni: those needing the admin first, then the ten newest. */
export function BookingsTab() {
  const { data, error } = useTableQuery(api.admin.listBookings, {});
  const retryRefund = useMutation(api.admin.retryRefund).withOptimisticUpdate((store, { bookingId }) => markRefundPending(store, bookingId));
  const retry = async (booking: AdminBooking) => {
    try {
      await retryRefund({ bookingId: booking.id });
      toast.success("Rimborso richiesto di nuovo", `${booking.clientName}: lo stato si aggiorna appena Stripe risponde.`);
    } catch (failure) {
      toast.error(errorMessage(failure, retryFailed));
    }
  };
  if (error) return <TableError what="delle prenotazioni" reason={error} />;
  if (data === undefined) return <TableLoading label="Caricamento delle prenotazioni" />;
  return (
    <Flex direction="column" gap="5">
      <section aria-labelledby="attention-heading">
        <Heading as="h2" size="4" mb="3" id="attention-heading">
          Da controllare ({data.needingAttention.length})
        </Heading>
        {data.needingAttention.length === 0 ? (
          <TableEmpty>Nessuna prenotazione richiede un intervento.</TableEmpty>
        ) : (
          <BookingsTable label="Prenotazioni da controllare" bookings={data.needingAttention} onRetryRefund={retry} />
        )}
      </section>
      <section aria-labelledby="recent-heading">
        <Heading as="h2" size="4" mb="3" id="recent-heading">
          Ultime prenotazioni
        </Heading>
        {data.recent.length === 0 ? (
          <TableEmpty>Nessuna prenotazione ancora.</TableEmpty>
        ) : (
          <BookingsTable label="Ultime prenotazioni" bookings={data.recent} />
        )}
      </section>
    </Flex>
  );
}

function BookingsTable({
  label,
  bookings,
  onRetryRefund,
}: {
  label: string;
  bookings: AdminBooking[];
  /** Given for the list to check: its rows say why, and a failed refund can be asked again. */
  onRetryRefund?: (booking: AdminBooking) => void;
}) {
  const withReason = onRetryRefund !== undefined;
  return (
    <Table.Root variant="surface">
      <TableCaption>{label}</TableCaption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Quando</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Cliente</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Cartomante</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Tipo</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Durata</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Prezzo</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Stato</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>{withReason ? "Motivo" : "Rimborso"}</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {bookings.map((booking) => {
          const badge = bookingStates[booking.state];
          const refund = booking.refund;
          return (
            <Table.Row key={booking.id}>
              <Table.RowHeaderCell>
                {formatShortDate(booking.scheduledDate)} {booking.scheduledTime}
              </Table.RowHeaderCell>
              <Table.Cell>
                {booking.clientName}
                {booking.clientEmail ? (
                  <Text as="div" size="1" color="gray">
                    {booking.clientEmail}
                  </Text>
                ) : null}
              </Table.Cell>
              <Table.Cell>{booking.psychicName}</Table.Cell>
              <Table.Cell>{consultationTypeWords[booking.consultationType].label}</Table.Cell>
              <Table.Cell>{formatMinutes(booking.durationMinutes)}</Table.Cell>
              <Table.Cell>{formatCents(booking.priceCents)}</Table.Cell>
              <Table.Cell>
                <Badge variant="soft" highContrast color={badge.color}>
                  {badge.label}
                </Badge>
              </Table.Cell>
              <Table.Cell>
                {withReason && booking.attention ? (
                  <Flex direction="column" gap="2" align="start">
                    <Text>{attentionLabels[booking.attention]}</Text>
                    {booking.attention === "refund_failed" ? (
                      <Button
                        size="1"
                        variant="soft"
                        onClick={() => onRetryRefund(booking)}
                        aria-label={`Riprova il rimborso di ${booking.clientName} del ${formatItalianDate(booking.scheduledDate)} alle ${booking.scheduledTime}`}
                      >
                        <ReloadIcon /> Riprova il rimborso
                      </Button>
                    ) : null}
                  </Flex>
                ) : refund ? (
                  `${refundStates[refund].label}${booking.refundCents !== null ? ` (${formatCents(booking.refundCents)})` : ""}`
                ) : (
                  <NotAvailable />
                )}
              </Table.Cell>
            </Table.Row>
          );
        })}
      </Table.Body>
    </Table.Root>
  );
}
