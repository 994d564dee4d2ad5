// The booking page in "move" mode (?reschedule=<bookingId>): the client picks another free time of the
// same psychic, type and duration with the same calendar and slots, and one server call moves the booking,
// without paying again (docs/product-rules.md, "Payments and refunds").
import { useMemo, useState } from "react";
import { Button, Callout, Card, DataList, Flex, Heading, Text } from "@radix-ui/themes";
import { ExclamationTriangleIcon, InfoCircledIcon } from "@radix-ui/react-icons";
import { useMutation, useQueries } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import { api } from "@convex/_generated/api";
import { consultationTypeWords } from "@convex/model/bookings";
import { FailureCallout } from "@/components/form/FailureCallout";
import { useNeedsConnection } from "@/components/NeedsConnection";
import { toast } from "@/components/toast";
import { errorMessage, errorMessages } from "@/lib/text/errors";
import { formatItalianDate, formatMinutes, formatRomeDateTime } from "@/lib/text/format";
import { paths } from "@/lib/paths";
import { limits, timesText } from "@/lib/text/rules";
import type { BookingChoice } from "./useBookingChoice";

type BookingToMove = FunctionReturnType<typeof api.bookings.getMine>;

const moveFailed = "Impossibile spostare il consulto. Riprova.";
const NO_QUERIES = {};

/**
 * The booking named by the page's `reschedule` parameter, if the signed-in client may move it to this
 * psychic now: `undefined` while loading, `{ refusal }` with the reason otherwise.
 */
export function useBookingToMove(
  bookingId: string | null,
  psychicProfileId: string,
  now: number,
): { booking: BookingToMove } | { refusal: string } | undefined {
  // A failed read (not theirs, not found) is handed back, not thrown into the booking page.
  const request = useMemo(() => ({ booking: { query: api.bookings.getMine, args: { bookingId: bookingId ?? "" } } }), [bookingId]);
  const { booking } = useQueries(bookingId === null ? NO_QUERIES : request) as { booking?: BookingToMove | Error };
  if (bookingId === null) return { refusal: "" };
  if (booking === undefined) return undefined;
  if (booking instanceof Error) return { refusal: errorMessage(booking, "Consulto non trovato.") };
  if (booking.psychicProfileId !== psychicProfileId) return { refusal: "Questo consulto è con un altro cartomante." };
  if (booking.status !== "confirmed") return { refusal: "Si possono spostare solo i consulti confermati." };
  if (booking.reschedulableUntil === null) {
    return { refusal: errorMessages.RESCHEDULE_LIMIT_REACHED };
  }
  if (booking.reschedulableUntil < now) return { refusal: errorMessages.RESCHEDULE_TOO_LATE };
  return { booking };
}

/** Why this booking cannot be moved, with the way back to the dashboard. */
export function MoveRefused({ reason }: { reason: string }) {
  return (
    <Callout.Root color="amber" highContrast role="alert">
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      <Flex direction="column" gap="2" align="start">
        <Callout.Text>{reason}</Callout.Text>
        <Button asChild size="2" variant="soft">
          <RouterLink to={paths.dashboard}>Torna alla dashboard</RouterLink>
        </Button>
      </Flex>
    </Callout.Root>
  );
}

/** What moves where, and the one button that does it. */
export function MoveSummary({
  booking,
  choice,
  disabled,
  onBusy,
}: {
  booking: BookingToMove;
  choice: BookingChoice;
  disabled: boolean;
  /** Told while the move is under way: the page must not drop the chosen time when the move takes it. */
  onBusy: (busy: boolean) => void;
}) {
  const reschedule = useMutation(api.bookings.rescheduleByClient);
  const navigate = useNavigate();
  const [moving, setMoving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // A move is never queued offline: the button waits, disabled, and says why.
  const connection = useNeedsConnection();
  const missing = <Text color="gray">Da scegliere</Text>;

  const move = async () => {
    if (choice.date === null || choice.time === null) return;
    setMoving(true);
    onBusy(true);
    setFailure(null);
    try {
      const moved = await reschedule({
        bookingId: booking.id,
        date: choice.date,
        time: choice.time,
      });
      toast.success(
        "Consulto spostato",
        `Nuovo orario: ${formatItalianDate(moved.scheduledDate)} alle ${moved.scheduledTime}. Ti abbiamo inviato l'invito aggiornato.`,
      );
      navigate(paths.dashboard);
    } catch (error) {
      setFailure(errorMessage(error, moveFailed));
      setMoving(false);
      onBusy(false);
    }
  };

  return (
    <Flex direction="column" gap="4">
      <Heading as="h2" size="4">
        Sposta il consulto
      </Heading>
      <DataList.Root>
        <DataList.Item>
          <DataList.Label>Cartomante</DataList.Label>
          <DataList.Value>{booking.psychicName}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Servizio</DataList.Label>
          <DataList.Value>{consultationTypeWords[booking.consultationType].consultation}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Durata</DataList.Label>
          <DataList.Value>{formatMinutes(booking.durationMinutes)}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Orario attuale</DataList.Label>
          <DataList.Value>
            {formatItalianDate(booking.scheduledDate)} alle {booking.scheduledTime}
          </DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Nuovo orario</DataList.Label>
          <DataList.Value>
            {choice.date ? formatItalianDate(choice.date) : missing}
            {choice.date && choice.time ? ` alle ${choice.time}` : ""}
          </DataList.Value>
        </DataList.Item>
      </DataList.Root>
      <Callout.Root color="violet" variant="surface" size="1">
        <Callout.Icon>
          <InfoCircledIcon />
        </Callout.Icon>
        <Callout.Text>
          Nessun nuovo pagamento. Puoi spostare un consulto al massimo {limits.maxReschedules}
          {booking.rescheduleCount > 0 ? ` (già spostato ${timesText(booking.rescheduleCount)})` : ""}, fino al{" "}
          {formatRomeDateTime(booking.reschedulableUntil ?? booking.startsAt)}.
        </Callout.Text>
      </Callout.Root>
      <FailureCallout message={failure} />
      <Button
        size="4"
        disabled={disabled || moving || choice.date === null || choice.time === null || connection.offline}
        loading={moving}
        onClick={() => void move()}
        aria-describedby={connection.describedBy}
      >
        Conferma il nuovo orario
      </Button>
      {connection.note}
      <Button asChild variant="ghost" color="gray">
        <RouterLink to={paths.dashboard}>Non spostare, torna alla dashboard</RouterLink>
      </Button>
    </Flex>
  );
}

/** The card around the refusal or the summary, where the payment summary usually is. */
export function MoveCard({ children }: { children: React.ReactNode }) {
  return (
    <Card size="3" asChild>
      <aside aria-label="Spostamento del consulto">{children}</aside>
    </Card>
  );
}
