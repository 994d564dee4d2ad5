import { Badge, DataList } from "@radix-ui/themes";
import type { ConsultationType } from "@convex/framework/validators";
import { consultationTypeWords } from "@convex/model/bookings";
import type { StateBadge } from "@/lib/text/states";
import { formatCents, formatItalianDate, formatMinutes } from "@/lib/text/format";

type Facts = {
  psychicName: string;
  consultationType: ConsultationType;
  scheduledDate: string;
  scheduledTime: string;
  durationMinutes: number;
  priceCents: number;
};

/** The paid booking's facts, as the confirmation email states them. */
export function BookingFacts({ booking, badge }: { booking: Facts; badge: StateBadge }) {
  return (
    <DataList.Root size="3">
      <DataList.Item>
        <DataList.Label>Stato</DataList.Label>
        <DataList.Value>
          {/* Announced when it flips from 'Pagamento in corso' to 'Confermato'. */}
          <span role="status">
            <Badge size="2" color={badge.color}>
              {badge.label}
            </Badge>
          </span>
        </DataList.Value>
      </DataList.Item>
      <DataList.Item>
        <DataList.Label>Cartomante</DataList.Label>
        <DataList.Value>{booking.psychicName}</DataList.Value>
      </DataList.Item>
      <DataList.Item>
        <DataList.Label>Tipo</DataList.Label>
        <DataList.Value>{consultationTypeWords[booking.consultationType].label}</DataList.Value>
      </DataList.Item>
      <DataList.Item>
        <DataList.Label>Data</DataList.Label>
        <DataList.Value>{formatItalianDate(booking.scheduledDate)}</DataList.Value>
      </DataList.Item>
      <DataList.Item>
        <DataList.Label>Ora</DataList.Label>
        <DataList.Value>{booking.scheduledTime}</DataList.Value>
      </DataList.Item>
      <DataList.Item>
        <DataList.Label>Durata</DataList.Label>
        <DataList.Value>{formatMinutes(booking.durationMinutes)}</DataList.Value>
      </DataList.Item>
      <DataList.Item>
        <DataList.Label>Totale</DataList.Label>
        <DataList.Value>{formatCents(booking.priceCents)} (IVA inclusa)</DataList.Value>
      </DataList.Item>
    </DataList.Root>
  );
}
