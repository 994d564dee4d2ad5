// "Consulti recenti": consultations whose window ended in the last 30 days. The psychic records what
// happened — held ('Completato') or the client never came ('Cliente assente') — and may correct it,
// except that a consultation the call's records show the client attending, or the client reviewed,
// stays completed (bookings.markOutcomeByPsychic; docs/product-rules.md, "Calls"). The badge changes
// at once (an optimistic update of bookings.listForPsychic) and goes back if the server refuses.
import { Badge, Button, Card, Flex, Text } from "@radix-ui/themes";
import { CheckIcon, PersonIcon } from "@radix-ui/react-icons";
import { useMutation } from "convex/react";
import type { OptimisticLocalStore } from "convex/browser";
import type { FunctionReturnType } from "convex/server";
import { api } from "@convex/_generated/api";
import type { Outcome } from "@convex/model/consultationOutcomes";
import { DashboardList, DashboardSection, EmptyNote, RowsSkeleton } from "@/components/dashboard/DashboardSection";
import { toast } from "@/components/toast";
import { errorCodeOf, errorMessage } from "@/lib/text/errors";
import { formatCents, formatItalianDate, formatMinutes } from "@/lib/text/format";
import { limits } from "@/lib/text/rules";
import { bookingStates } from "@/lib/text/states";
import { consultationWords } from "@/lib/text/consultationTypes";
import { ReadConversationLink } from "@/components/booking/ConsultationLinks";

type PsychicBooking = FunctionReturnType<typeof api.bookings.listForPsychic>["recent"][number];

const outcomeMessages = {
  failed: "Impossibile aggiornare lo stato del consulto.",
  reviewed: "Il cliente ha già recensito questo consulto: resta completato.",
  retry: "Riprova tra qualche istante.",
  done: { completed: "Consulto segnato come completato", no_show: "Consulto segnato come cliente assente" },
} as const;

/** A recent consultation's outcome (the list holds only those over): to confirm, held, or the client absent. */
function outcomeBadge(booking: PsychicBooking) {
  return bookingStates[booking.state];
}

/**
 * The optimistic side of marking: every open answer of the dashboard's query shows the new status at
 * once; Convex drops it when the server answers (or refuses).
 */
export function showOutcomeAtOnce(
  store: Pick<OptimisticLocalStore, "getAllQueries" | "setQuery">,
  { bookingId, outcome }: { bookingId: string; outcome: Outcome },
) {
  for (const { args, value } of store.getAllQueries(api.bookings.listForPsychic)) {
    if (value === undefined) continue;
    store.setQuery(api.bookings.listForPsychic, args, {
      ...value,
      recent: value.recent.map((booking) => (booking.id === bookingId ? { ...booking, status: outcome, state: outcome } : booking)),
    });
  }
}

/** Marks a consultation's outcome, with a toast either way. */
function useMarkOutcome() {
  const mark = useMutation(api.bookings.markOutcomeByPsychic).withOptimisticUpdate(showOutcomeAtOnce);
  return async (booking: PsychicBooking, outcome: Outcome) => {
    try {
      await mark({ bookingId: booking.id, outcome });
      toast.success(outcomeMessages.done[outcome], `${booking.clientName}, ${formatItalianDate(booking.scheduledDate)}`);
    } catch (error) {
      // A no-show is refused once the client reviewed it (a list opened before the review does not say so);
      // one the client attended says why in the table's words (CLIENT_ATTENDED).
      const reason =
        outcome === "no_show" && errorCodeOf(error) === "INVALID_STATE" ? outcomeMessages.reviewed : errorMessage(error, outcomeMessages.retry);
      toast.error(reason, outcomeMessages.failed);
    }
  };
}

export function RecentConsultations({ recent }: { recent: PsychicBooking[] | undefined }) {
  const markOutcome = useMarkOutcome();
  return (
    <DashboardSection title="Consulti recenti">
      <Text as="p" size="2" color="gray" mb="3">
        {`Gli ultimi ${limits.psychicRecentDays}.`} Alla fine un consulto si chiude da solo, secondo la chiamata: completato se il cliente è
        entrato, altrimenti cliente assente. Puoi correggerlo, ma non segnare assente un cliente presente nella chiamata.
      </Text>
      {recent === undefined ? (
        <RowsSkeleton label="Caricamento dei consulti recenti" />
      ) : recent.length === 0 ? (
        <EmptyNote>{`Nessun consulto concluso negli ultimi ${limits.psychicRecentDays}.`}</EmptyNote>
      ) : (
        <DashboardList label="Consulti recenti">
          {recent.map((booking) => (
            <RecentRow key={booking.id} booking={booking} onMark={(outcome) => void markOutcome(booking, outcome)} />
          ))}
        </DashboardList>
      )}
    </DashboardSection>
  );
}

function RecentRow({ booking, onMark }: { booking: PsychicBooking; onMark: (outcome: Outcome) => void }) {
  const badge = outcomeBadge(booking);
  const when = `${formatItalianDate(booking.scheduledDate)} alle ${booking.scheduledTime}`;
  return (
    <li>
      <Card size="2">
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Flex direction="column" gap="1">
            <Text weight="bold">
              {formatItalianDate(booking.scheduledDate)}, {booking.scheduledTime} · {booking.clientName}
            </Text>
            <Text size="2" color="gray">
              {consultationWords(booking)} · {formatMinutes(booking.durationMinutes)} · {formatCents(booking.priceCents)}
            </Text>
          </Flex>
          <Flex align="center" gap="2" wrap="wrap">
            <Badge color={badge.color} variant="soft" highContrast>
              {badge.label}
            </Badge>
            {(["completed", "no_show"] as const)
              // A consultation the client attended or reviewed was held: it stays completed.
              .filter((outcome) => outcome !== booking.status && !(outcome === "no_show" && (booking.reviewed || booking.clientAttended)))
              .map((outcome) => (
                <OutcomeButton key={outcome} outcome={outcome} about={`consulto con ${booking.clientName} del ${when}`} onMark={onMark} />
              ))}
            {/* Every consultation here is over: a chat's conversation can be read again. */}
            {booking.consultationType === "chat" ? <ReadConversationLink bookingId={booking.id} about={`con ${booking.clientName} del ${when}`} /> : null}
          </Flex>
        </Flex>
      </Card>
    </li>
  );
}

const outcomeActions = { completed: "Segna completato", no_show: "Segna cliente assente" } as const;

/** "Segna completato" or "Segna cliente assente"; its name says which consultation ("Segna cliente assente: consulto con …"). */
function OutcomeButton({ outcome, about, onMark }: { outcome: Outcome; about: string; onMark: (outcome: Outcome) => void }) {
  const label = outcomeActions[outcome];
  return (
    <Button
      size="1"
      variant="outline"
      color={outcome === "completed" ? undefined : "gray"}
      aria-label={`${label}: ${about}`}
      onClick={() => onMark(outcome)}
    >
      {outcome === "completed" ? <CheckIcon /> : <PersonIcon />}
      {label}
    </Button>
  );
}
