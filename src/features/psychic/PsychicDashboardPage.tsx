// /psychic-dashboard: this month's figures, today's consultations and the next ten with each client's
// name and notes (those not started can be cancelled, with a full refund for the client), the last
// 30 days' consultations to mark held or 'Cliente assente', and the last six months' figures as a
// table and a chart. Live: a booking confirmed while the page is open appears with a
// 'Nuova prenotazione' toast. A suspended psychic reads the admin's note at the top, and a psychic whose
// payouts are not enabled yet a link to set them up, and one whose fiscal data is missing what to complete.
import { Button, Container, Flex, Grid, Heading } from "@radix-ui/themes";
import { GearIcon, Pencil1Icon, ReaderIcon } from "@radix-ui/react-icons";
import { Link as RouterLink } from "react-router-dom";
import { api } from "@convex/_generated/api";
import { DashboardList, DashboardSection, EmptyNote, RowsSkeleton } from "@/components/dashboard/DashboardSection";
import { QuickLinks } from "@/components/dashboard/QuickLinks";
import { ErrorBoundary } from "@/components/ErrorBoundary";
import { FailureCallout } from "@/components/form/FailureCallout";
import { StatCard } from "@/components/dashboard/StatCard";
import { formatCents } from "@/lib/text/format";
import { paths } from "@/lib/paths";
import type { FunctionReturnType } from "convex/server";
import { romeDateOf, romeMonthOf } from "@convex/framework/time";
import { CachedAt } from "@/lib/offline/CachedAt";
import { useCachedQuery } from "@/lib/offline/useCachedQuery";
import { useNow } from "@/lib/time/useNow";
import { MonthlyFigures } from "./dashboard/MonthlyFigures";
import { PayoutsBanner } from "./dashboard/PayoutsBanner";
import { FiscalReadinessNotice } from "./earnings/FiscalReadinessNotice";
import { earnedLabel, earnedNote, upcomingNote } from "./earnings/earnedFigure";
import { PsychicBookingRow } from "./dashboard/PsychicBookingRow";
import { RecentConsultations } from "./dashboard/RecentConsultations";
import { SuspensionBanner } from "./SuspensionNotice";
import { useNewBookingToast } from "./useNewBookingToast";

export function PsychicDashboardPage() {
  return (
    <Container size="3" px={{ initial: "4", sm: "5" }} py={{ initial: "6", sm: "8" }}>
      <Flex direction="column" gap="5">
        <Flex justify="between" align="end" gap="3" wrap="wrap">
          <Heading as="h1" size={{ initial: "7", sm: "8" }}>
            Dashboard Cartomante
          </Heading>
          <QuickLinks
            links={[
              { to: paths.psychicProfile, label: "Modifica profilo", icon: <Pencil1Icon /> },
              { to: paths.psychicEarnings, label: "Guadagni", icon: <ReaderIcon /> },
              { to: paths.psychicSettings, label: "Impostazioni", icon: <GearIcon /> },
            ]}
          />
        </Flex>
        <ErrorBoundary fallback={null}>
          <SuspensionBanner />
        </ErrorBoundary>
        <ErrorBoundary fallback={null}>
          <PayoutsBanner />
        </ErrorBoundary>
        <ErrorBoundary fallback={null}>
          <FiscalReadinessNotice compact />
        </ErrorBoundary>
        <ErrorBoundary fallback={<FailureCallout message="Impossibile caricare le prenotazioni." />}>
          <PsychicBookings />
        </ErrorBoundary>
        <MonthlyFigures />
      </Flex>
    </Container>
  );
}

type PsychicDay = FunctionReturnType<typeof api.bookings.listForPsychic>;

/** A kept answer read on a later day: its consultations to come, split again around today. */
function keptForToday(data: PsychicDay | undefined, today: string): PsychicDay | undefined {
  if (data === undefined) return undefined;
  const toCome = [...data.today, ...data.upcoming];
  return {
    ...data,
    today: toCome.filter((booking) => booking.scheduledDate === today),
    upcoming: toCome.filter((booking) => booking.scheduledDate > today),
  };
}

function PsychicBookings() {
  const now = useNow();
  const kept = useCachedQuery(api.bookings.listForPsychic, { now });
  const data = kept.savedAt === null ? kept.data : keptForToday(kept.data, romeDateOf(now));
  // Only live answers announce new bookings: the kept one is older than the page.
  useNewBookingToast(kept.savedAt === null ? kept.data : undefined);

  return (
    <>
      <CachedAt savedAt={kept.savedAt} />
      <Grid columns={{ initial: "1", xs: "2", md: "5" }} gap="3">
        <StatCard label="Oggi" value={data?.stats.today} />
        <StatCard label="In programma" value={data?.stats.upcoming} />
        <StatCard label="Consulti del mese" value={data?.stats.paidConsultationsThisMonth} note="Svolti e in programma" />
        {/* The same figure as 'Guadagni' for this month (convex/model/ledger.ts): what was earned, never what is to come. */}
        <StatCard
          label={earnedLabel(romeMonthOf(now))}
          value={data === undefined ? undefined : formatCents(data.stats.earnedThisMonthCents)}
          note={earnedNote}
        />
        <StatCard label="In arrivo" value={data === undefined ? undefined : formatCents(data.stats.upcomingThisMonthCents)} note={upcomingNote} />
      </Grid>
      <DashboardSection title="Consulti di oggi">
        {data === undefined ? (
          <RowsSkeleton label="Caricamento dei consulti di oggi" rows={1} />
        ) : data.today.length === 0 ? (
          <EmptyNote>Nessun consulto in programma per oggi.</EmptyNote>
        ) : (
          <DashboardList label="Consulti di oggi">
            {data.today.map((booking) => (
              <PsychicBookingRow key={booking.id} booking={booking} now={now} today />
            ))}
          </DashboardList>
        )}
      </DashboardSection>
      <DashboardSection title="Prossimi consulti">
        {data === undefined ? (
          <RowsSkeleton label="Caricamento dei prossimi consulti" />
        ) : data.upcoming.length === 0 ? (
          <Flex direction="column" gap="3" align="start">
            <EmptyNote>Nessun consulto in programma. Tieni aggiornate disponibilità e prezzi per ricevere nuove prenotazioni.</EmptyNote>
            <Button asChild variant="soft">
              <RouterLink to={paths.psychicProfile}>Aggiorna il profilo</RouterLink>
            </Button>
          </Flex>
        ) : (
          <DashboardList label="Prossimi consulti">
            {data.upcoming.map((booking) => (
              <PsychicBookingRow key={booking.id} booking={booking} now={now} />
            ))}
          </DashboardList>
        )}
      </DashboardSection>
      <RecentConsultations recent={data?.recent} />
    </>
  );
}
