// /dashboard: the next consultation first (when, with whom, the way into the room), a payment left
// pending, today's consultations, the next five, then the counts and every consultation with its state and
// its receipts. Live: a payment confirmed elsewhere, a refund or a hold that lapses changes the page without a reload.
import { Button, Container, Flex, Grid, Heading, Text } from "@radix-ui/themes";
import { GearIcon, MagnifyingGlassIcon } from "@radix-ui/react-icons";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import { api } from "@convex/_generated/api";
import { DashboardList, DashboardSection, EmptyNote, RowsSkeleton } from "@/components/dashboard/DashboardSection";
import { QuickLinks } from "@/components/dashboard/QuickLinks";
import { ErrorBoundary } from "@/components/ErrorBoundary";
import { FailureCallout } from "@/components/form/FailureCallout";
import { PendingPayment } from "@/components/booking/PendingPayment";
import { StatCard } from "@/components/dashboard/StatCard";
import { useMyKeptHolds, type LiveHold } from "@/lib/client/holds";
import { paths } from "@/lib/paths";
import { romeDateOf } from "@convex/framework/time";
import { useViewer } from "@/lib/account/session";
import { CachedAt } from "@/lib/offline/CachedAt";
import { useCachedQuery } from "@/lib/offline/useCachedQuery";
import { useNow } from "@/lib/time/useNow";
import { ClientBookingRow, type ClientBooking } from "./ClientBookingRow";
import { ClientReviews } from "./ClientReviews";
import { FavouritesSection } from "./FavouritesSection";
import { NextConsultation, nextConsultationOf } from "./NextConsultation";
import { NoticesSection } from "./NoticesSection";
import { useMyReceipts } from "./useMyReceipts";

/** How many upcoming consultations the client sees listed. */
const UPCOMING_SHOWN = 5;

export function ClientDashboardPage() {
  const viewer = useViewer();
  return (
    <Container size="3" px={{ initial: "4", sm: "5" }} py={{ initial: "6", sm: "8" }}>
      <Flex direction="column" gap="5">
        <Flex justify="between" align="end" gap="3" wrap="wrap">
          <Flex direction="column" gap="1">
            <Heading as="h1" size={{ initial: "7", sm: "8" }}>
              La tua dashboard
            </Heading>
            {viewer?.fullName ? (
              <Text color="gray" size="3">
                Ciao, {viewer.fullName}
              </Text>
            ) : null}
          </Flex>
          <QuickLinks
            links={[
              { to: paths.psychics, label: "Trova un cartomante", icon: <MagnifyingGlassIcon /> },
              { to: paths.settings, label: "Impostazioni", icon: <GearIcon /> },
            ]}
          />
        </Flex>
        <ErrorBoundary fallback={<FailureCallout message="Impossibile caricare le prenotazioni." />}>
          <ClientBookings />
        </ErrorBoundary>
        <ErrorBoundary fallback={<FailureCallout message="Impossibile caricare i preferiti." />}>
          <FavouritesSection />
        </ErrorBoundary>
      </Flex>
    </Container>
  );
}

/** Paid consultations that start on a later day than today, soonest first. */
function upcomingAfterToday(bookings: ClientBooking[], today: string): ClientBooking[] {
  return bookings
    .filter((booking) => booking.status === "confirmed" && booking.scheduledDate > today)
    .sort((a, b) => a.startsAt - b.startsAt)
    .slice(0, UPCOMING_SHOWN);
}

/**
 * The client's payments left pending, at the very top: the way back to the checkout, or 'Cambia orario',
 * which releases the hold and opens that psychic's booking page on its day.
 */
function PendingPayments({ now, today }: { now: number; today: string }) {
  // A kept answer may list a hold that has lapsed since: only those still open are shown.
  const holds = useMyKeptHolds(now)?.filter((hold) => hold.holdExpiresAt > now);
  const navigate = useNavigate();
  if (holds === undefined || holds.length === 0) return null;
  // The same type again: only chat is written, voice is the booking page's default.
  const bookAgain = (hold: LiveHold) =>
    navigate(
      `${paths.psychicBook(hold.psychicProfileId)}?${new URLSearchParams({
        date: hold.scheduledDate,
        duration: String(hold.durationMinutes),
        ...(hold.consultationType === "chat" ? { type: "chat" } : {}),
      })}`,
    );
  return (
    <DashboardSection title={holds.length === 1 ? "Pagamento in sospeso" : "Pagamenti in sospeso"}>
      <Flex direction="column" gap="3">
        {holds.map((hold) => (
          <PendingPayment key={hold.id} hold={hold} today={today} onReleased={bookAgain} />
        ))}
      </Flex>
    </DashboardSection>
  );
}

function ClientBookings() {
  const now = useNow();
  const today = romeDateOf(now);
  const { data, savedAt } = useCachedQuery(api.bookings.listMine, { now });
  // A hold waiting for payment is at the top (PendingPayments), not among the consultations.
  const bookings = data?.bookings.filter((booking) => booking.status !== "pending_payment");
  const todays = bookings
    ?.filter((booking) => booking.status === "confirmed" && booking.scheduledDate === today)
    .sort((a, b) => a.startsAt - b.startsAt);
  const next = bookings === undefined ? undefined : nextConsultationOf(bookings, now);
  const receipts = useMyReceipts();

  return (
    <>
      <CachedAt savedAt={savedAt} />
      {/* On a phone the first screen is the next consultation and its room; a payment left pending right after. */}
      {next ? <NextConsultation booking={next} now={now} /> : null}
      <PendingPayments now={now} today={today} />
      {/* 'Avvisami': a freed time is news, right after a payment left pending (which stays at the very top). */}
      <ErrorBoundary fallback={<FailureCallout message="Impossibile caricare le notifiche." />}>
        <NoticesSection />
      </ErrorBoundary>
      {bookings !== undefined && bookings.length === 0 ? (
        <DashboardSection title="I tuoi consulti">
          <Flex direction="column" gap="3" align="start">
            <EmptyNote>Non hai ancora prenotato nessun consulto. Scegli un cartomante e prenota il tuo primo consulto vocale.</EmptyNote>
            <Button asChild>
              <RouterLink to={paths.psychics}>Scopri i cartomanti</RouterLink>
            </Button>
          </Flex>
        </DashboardSection>
      ) : (
        <>
          <DashboardSection title="Consulti di oggi">
            {todays === undefined ? (
              <RowsSkeleton label="Caricamento dei consulti di oggi" rows={1} />
            ) : todays.length === 0 ? (
              <EmptyNote>Nessun consulto in programma per oggi.</EmptyNote>
            ) : (
              <DashboardList label="Consulti di oggi">
                {todays.map((booking) => (
                  <ClientBookingRow key={booking.id} booking={booking} now={now} showJoin showDate={false} showChanges />
                ))}
              </DashboardList>
            )}
          </DashboardSection>
          <DashboardSection title="Prossimi consulti">
            {bookings === undefined ? (
              <RowsSkeleton label="Caricamento dei prossimi consulti" />
            ) : upcomingAfterToday(bookings, today).length === 0 ? (
              <EmptyNote>Nessun consulto nei prossimi giorni.</EmptyNote>
            ) : (
              <DashboardList label="Prossimi consulti">
                {upcomingAfterToday(bookings, today).map((booking) => (
                  <ClientBookingRow key={booking.id} booking={booking} now={now} showChanges />
                ))}
              </DashboardList>
            )}
          </DashboardSection>
          {/* The counts after the consultations themselves: figures, often zeros, never lead. */}
          <Grid columns={{ initial: "3" }} gap="3">
            <StatCard label="Consulti totali" value={data?.counts.total} />
            <StatCard label="Oggi" value={data?.counts.today} />
            <StatCard label="In programma" value={data?.counts.upcoming} />
          </Grid>
          <ClientReviews now={now} />
          <DashboardSection title="Tutti i consulti">
            {bookings === undefined ? (
              <RowsSkeleton label="Caricamento di tutti i consulti" rows={3} />
            ) : (
              <DashboardList label="Tutti i consulti">
                {/* The latest start first, as the server lists them. */}
                {bookings.map((booking) => (
                  <ClientBookingRow key={booking.id} booking={booking} now={now} receipts={receipts?.get(booking.id)} />
                ))}
              </DashboardList>
            )}
          </DashboardSection>
        </>
      )}
    </>
  );
}
