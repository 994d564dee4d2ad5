import { Badge, Flex, Heading, Table, Text } from "@radix-ui/themes";
import type { FunctionReturnType } from "convex/server";
import { api } from "@convex/_generated/api";
import { formatCents, formatMinutes, formatShortDate } from "@/lib/format";
import { TableCaption, TableEmpty, TableError, TableLoading } from "./TableStates";
import { useTableQuery } from "./useTableQuery";

type AdminBooking = FunctionReturnType<typeof api.admin.listBookings>["recent"][number];

const statusBadges: Record<AdminBooking["status"], { label: string; color: "green" | "amber" | "gray" | "red" | "blue" }> = {
  pending_payment: { label: "In attesa di pagamento", color: "amber" },
  confirmed: { label: "Confermato", color: "green" },
  scheduled: { label: "Confermato", color: "green" },
  completed: { label: "Completato", color: "blue" },
  cancelled: { label: "Annullato", color: "red" },
  no_show: { label: "Cliente assente", color: "gray" },
  expired: { label: "Pagamento non completato", color: "gray" },
};

const refundLabels = { pending: "Rimborso in corso", succeeded: "Rimborsato", failed: "Rimborso non riuscito" } as const;

const attentionLabels = {
  refund_failed: "Il rimborso non è riuscito dopo vari tentativi: va fatto a mano dal pannello Stripe.",
  late_payment: "Pagamento arrivato dopo la scadenza della prenotazione: rimborsato automaticamente, controlla l'esito.",
} as const;

/** Prenotazioni: those needing the admin first, then the ten newest. */
export function BookingsTab() {
  const { data, error } = useTableQuery(api.admin.listBookings, {});
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
          <BookingsTable label="Prenotazioni da controllare" bookings={data.needingAttention} withReason />
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

function BookingsTable({ label, bookings, withReason = false }: { label: string; bookings: AdminBooking[]; withReason?: boolean }) {
  return (
    <Table.Root variant="surface">
      <TableCaption>{label}</TableCaption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Quando</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Cliente</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Cartomante</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Durata</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Prezzo</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Stato</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>{withReason ? "Motivo" : "Rimborso"}</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {bookings.map((booking) => {
          const badge = statusBadges[booking.status];
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
              <Table.Cell>{formatMinutes(booking.durationMinutes)}</Table.Cell>
              <Table.Cell>{formatCents(booking.priceCents)}</Table.Cell>
              <Table.Cell>
                <Badge variant="soft" highContrast color={badge.color}>
                  {badge.label}
                </Badge>
              </Table.Cell>
              <Table.Cell>
                {withReason && booking.attention
                  ? attentionLabels[booking.attention]
                  : booking.refundStatus
                    ? `${refundLabels[booking.refundStatus]}${booking.refundCents !== null ? ` (${formatCents(booking.refundCents)})` : ""}`
                    : "—"}
              </Table.Cell>
            </Table.Row>
          );
        })}
      </Table.Body>
    </Table.Root>
  );
}
