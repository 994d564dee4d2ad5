// 'Guadagni''s figure of the month: what the psychic earned in this Rome month, from the same shares and
// the same definition as the dashboard's card (earnings:myMonth, convex/model/ledger.ts psychicMonth).
import { Grid } from "@radix-ui/themes";
import { api } from "@convex/_generated/api";
import { romeMonthOf } from "@convex/framework/time";
import { StatCard } from "@/components/dashboard/StatCard";
import { formatCents } from "@/lib/text/format";
import { useCachedQuery } from "@/lib/offline/useCachedQuery";
import { useNow } from "@/lib/time/useNow";
import { earnedLabel, earnedNote } from "./earnedFigure";

export function MonthEarned() {
  // The month only changes at midnight; a coarse clock keeps the subscription steady.
  const month = romeMonthOf(useNow(60 * 60_000));
  const figures = useCachedQuery(api.earnings.myMonth, { month }).data;
  const cents = (pick: (row: NonNullable<typeof figures>) => number) => (figures === undefined ? undefined : formatCents(pick(figures)));
  return (
    <Grid columns={{ initial: "1", xs: "3" }} gap="3">
      <StatCard label={earnedLabel(month)} value={cents((row) => row.earnedCents)} note={earnedNote} />
      <StatCard label="Di cui da consulti tenuti" value={cents((row) => row.consultationsCents)} note="Completati o con cliente assente" />
      <StatCard
        label="Di cui da annullamenti tardivi"
        value={cents((row) => row.cancellationsCents)}
        note="La tua parte di quanto il cliente non ha recuperato annullando tardi"
      />
    </Grid>
  );
}
