import { Flex, Grid, Link } from "@radix-ui/themes";
import { Link as RouterLink } from "react-router-dom";
import { api } from "@convex/_generated/api";
import { COMMISSION_PERCENT } from "@convex/model/bookings";
import { FIGURE_DEFINITIONS } from "@convex/model/ledger";
import { StatCard } from "@/components/dashboard/StatCard";
import { formatCents } from "@/lib/text/format";
import { paths } from "@/lib/paths";
import { formatMonth } from "@/lib/time/romeMonths";
import { useNow, useQueryWithNow } from "@/lib/time/useNow";
import { FailedEmails } from "./FailedEmails";

/** Panoramica: the platform's figures, all time and this Rome month, live from the counters; then the emails not sent. */
export function OverviewTab() {
  // The month only matters to the hour; a coarse clock keeps the subscription steady.
  const now = useNow(60 * 60_000);
  const overview = useQueryWithNow(api.admin.getOverview, { now });
  const month = overview ? formatMonth(overview.month) : "";
  const thisMonth = (value: string) => `${value} a ${month}`;
  return (
    <Flex direction="column" gap="6">
      <Grid columns={{ initial: "1", xs: "2", md: "3" }} gap="4">
        <StatCard
          label="Cartomanti"
          value={overview?.psychics.total}
          note={overview ? thisMonth(`+${overview.psychics.thisMonth}`) : undefined}
        />
        <StatCard
          label="Clienti"
          value={overview?.clients.total}
          note={overview ? thisMonth(`+${overview.clients.thisMonth}`) : undefined}
        />
        <StatCard
          label="Consulti pagati"
          value={overview?.paidConsultations.total}
          note={overview ? thisMonth(`${overview.paidConsultations.thisMonth}`) : undefined}
        />
        {/* The same figures as the reconciliation in 'Pagamenti' (convex/model/ledger.ts), with what they count. */}
        <StatCard
          label="Ricavi"
          value={overview ? formatCents(overview.revenueCents.total) : undefined}
          note={overview ? `${thisMonth(formatCents(overview.revenueCents.thisMonth))}. ${FIGURE_DEFINITIONS.kept}` : undefined}
        />
        <StatCard
          label={`Commissione della piattaforma (${COMMISSION_PERCENT}%)`}
          value={overview ? formatCents(overview.commissionCents.total) : undefined}
          note={overview ? `${thisMonth(formatCents(overview.commissionCents.thisMonth))}. ${FIGURE_DEFINITIONS.commission}` : undefined}
        />
        <StatCard
          label="Messaggi non letti"
          value={
            overview === undefined ? undefined : (
              <Link asChild underline="hover">
                <RouterLink to={paths.adminMessages} aria-label={`${overview.unreadMessages} non letti: apri i messaggi`}>
                  {overview.unreadMessages}
                </RouterLink>
              </Link>
            )
          }
          note="Dal modulo di contatto"
        />
      </Grid>
      <FailedEmails />
    </Flex>
  );
}
