// 'Avvisami' (docs/product-rules.md, "Favourites and 'Avvisami'"): a client asks to be told when a time
// frees on a day the psychic works but is full, never on a day they never work (the server refuses that
// too). The toggle changes at once (optimistic) and goes back if the server refuses. The booking page
// offers it for the chosen day; the profile, through `FullDayAlerts`, for the next full working days.
import { Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { BellIcon } from "@radix-ui/react-icons";
import { useMutation } from "convex/react";
import { Link as RouterLink } from "react-router-dom";
import { api } from "@convex/_generated/api";
import { romeDateOf, romeToUtcMs, weekdayOf } from "@convex/framework/time";
import type { DurationMinutes, WeeklyAvailability } from "@convex/framework/validators";
import { worksOn } from "@convex/model/availabilityAlerts";
import { addDays } from "@convex/model/nextAvailability";
import { toast } from "@/components/toast";
import { useBookableDates } from "@/lib/catalogue/bookableDates";
import { errorMessage } from "@/lib/text/errors";
import { formatItalianDate } from "@/lib/text/format";
import { paths } from "@/lib/paths";
import { useViewer } from "@/lib/account/session";
import { useNow, useQueryWithNow } from "@/lib/time/useNow";

type StateArgs = { psychicProfileId: string; date: string; durationMinutes: DurationMinutes; now: number };

/** The viewer's wishes for this psychic (the day of `args.date`, any day) and the toggle of one of them. */
export function useAvailabilityAlert(args: StateArgs | "skip") {
  const state = useQueryWithNow(api.availabilityAlerts.getMineForPsychic, args);
  const subscribe = useMutation(api.availabilityAlerts.subscribe).withOptimisticUpdate((store, asked) => {
    if (args === "skip") return;
    const current = store.getQuery(api.availabilityAlerts.getMineForPsychic, args);
    if (current) store.setQuery(api.availabilityAlerts.getMineForPsychic, args, { ...current, ...(asked.date ? { day: true } : { anyDay: true }) });
  });
  const unsubscribe = useMutation(api.availabilityAlerts.unsubscribe).withOptimisticUpdate((store, asked) => {
    if (args === "skip") return;
    const current = store.getQuery(api.availabilityAlerts.getMineForPsychic, args);
    if (current) store.setQuery(api.availabilityAlerts.getMineForPsychic, args, { ...current, ...(asked.date ? { day: false } : { anyDay: false }) });
  });
  /** Starts or stops the wish for `date` (or any day, without one). */
  const toggle = (active: boolean, date: string | undefined) => {
    if (args === "skip") return;
    const target = { psychicProfileId: args.psychicProfileId, ...(date === undefined ? {} : { date }) };
    const call = active ? unsubscribe(target) : subscribe({ ...target, durationMinutes: args.durationMinutes });
    call.catch((error: unknown) => toast.error(errorMessage(error, "Impossibile aggiornare l'avviso.")));
  };
  return { state, toggle };
}

/** The button itself: pressed while the wish stands. */
export function AlertButton({ active, onClick, label = "Avvisami" }: { active: boolean; onClick: () => void; label?: string }) {
  return (
    <Button type="button" size="3" variant={active ? "solid" : "outline"} aria-pressed={active} onClick={onClick} aria-label={label}>
      <BellIcon aria-hidden />
      Avvisami
    </Button>
  );
}

/** How far ahead the profile looks for full working days, and how many it offers. */
const LOOKAHEAD_DAYS = 14;
const DAYS_SHOWN = 3;

/**
 * The next working days with no free time, from today: `bookable` are the days with a free time; today
 * counts only while one of its hours is still ahead.
 */
function fullWorkingDays(availability: WeeklyAvailability, bookable: readonly string[], now: number, days = LOOKAHEAD_DAYS): string[] {
  const today = romeDateOf(now);
  const full: string[] = [];
  for (let offset = 0; offset < days && full.length < DAYS_SHOWN; offset++) {
    const date = addDays(today, offset);
    if (!worksOn(availability, date) || bookable.includes(date)) continue;
    const hours = availability[weekdayOf(date)].availableHours;
    if (date === today && !hours.some((hour) => romeToUtcMs(date, hour) > now)) continue;
    full.push(date);
  }
  return full;
}

type ProfileProps = {
  psychicProfileId: string;
  psychicName: string;
  availability: WeeklyAvailability;
  availableDurations: readonly number[];
  isAvailable: boolean;
};

/** On the profile: the next days the psychic works and is full, each with 'Avvisami' (clients only). */
export function FullDayAlerts(props: ProfileProps) {
  const viewer = useViewer();
  const isClient = viewer != null && viewer.accountType === "client" && !viewer.isAdmin;
  if (!isClient || !props.isAvailable || props.availableDurations.length === 0) return null;
  return <FullDayAlertList {...props} />;
}

function FullDayAlertList({ psychicProfileId, psychicName, availability, availableDurations }: ProfileProps) {
  const now = useNow();
  // A day full for the shortest length is full for every length.
  const durationMinutes = Math.min(...availableDurations) as DurationMinutes;
  const today = romeDateOf(now);
  const bookable = useBookableDates({ psychicProfileId, from: today, days: LOOKAHEAD_DAYS, durationMinutes, now });
  if (bookable === undefined) return null;
  const full = fullWorkingDays(availability, bookable, now);
  if (full.length === 0) return null;
  return (
    <Card size="2" asChild>
      <section aria-labelledby="full-day-alerts-title">
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4" id="full-day-alerts-title">
            Giorni al completo
          </Heading>
          <Text as="p" size="2" color="gray">
            {psychicName} lavora in questi giorni ma non ha più orari liberi: ti avvisiamo per email e nelle notifiche se se ne libera uno.
          </Text>
          {full.map((date) => (
            <FullDayRow key={date} psychicProfileId={psychicProfileId} date={date} durationMinutes={durationMinutes} now={now} />
          ))}
        </Flex>
      </section>
    </Card>
  );
}

function FullDayRow({ psychicProfileId, date, durationMinutes, now }: { psychicProfileId: string; date: string; durationMinutes: DurationMinutes; now: number }) {
  const { state, toggle } = useAvailabilityAlert({ psychicProfileId, date, durationMinutes, now });
  const label = formatItalianDate(date);
  const active = state?.day ?? false;
  return (
    <Flex align="center" justify="between" gap="3" wrap="wrap">
      <RouterLink to={`${paths.psychicBook(psychicProfileId)}?${new URLSearchParams({ date, duration: String(durationMinutes) })}`}>
        <Text size="2">{label}</Text>
      </RouterLink>
      {state === undefined || state === null ? null : (
        <AlertButton active={active} onClick={() => toggle(active, date)} label={`Avvisami per ${label}`} />
      )}
    </Flex>
  );
}
