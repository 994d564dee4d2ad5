// 'Avvisami' on the booking page: with no free time on the chosen day (a day the psychic works: never
// one they never work), or none at all with a fully booked psychic, a signed-in client asks to be told
// (email and 'Notifiche') when a time frees. The toggle is components/booking/FullDayAlerts.tsx's, shared with
// the profile.
import { Callout, Flex, Text } from "@radix-ui/themes";
import { BellIcon } from "@radix-ui/react-icons";
import type { WeeklyAvailability } from "@convex/framework/validators";
import { worksOn } from "@convex/model/availabilityAlerts";
import { AlertButton, useAvailabilityAlert } from "@/components/booking/FullDayAlerts";
import { formatItalianDate } from "@/lib/text/format";

type Props = {
  psychicProfileId: string;
  psychicName: string;
  /** The chosen day, or null (a fully booked psychic's page opens on none). */
  date: string | null;
  today: string;
  durationMinutes: 15 | 30 | 45 | 60;
  /** The psychic's week: a wish is only for a day they work. */
  availability: WeeklyAvailability;
  /** The chosen day's free times, live; undefined while loading. */
  times: string[] | undefined;
  now: number;
};

export function AvailabilityAlert({ psychicProfileId, psychicName, date, today, durationMinutes, availability, times, now }: Props) {
  const { state, toggle } = useAvailabilityAlert({ psychicProfileId, date: date ?? today, durationMinutes, now });
  if (state === undefined || state === null) return null;
  const dayIsFull = date !== null && times !== undefined && times.length === 0 && worksOn(availability, date);
  // A fully booked psychic: a wish for any day; else a full working day: a wish for that day.
  const forAnyDay = state.fullyBooked;
  if (!forAnyDay && !dayIsFull) return null;
  const active = forAnyDay ? state.anyDay : state.day;
  const what = forAnyDay ? `quando ${psychicName} avrà di nuovo un orario libero` : `se si libera un orario ${formatItalianDate(date!)}`;
  return (
    <Callout.Root color="violet" variant="surface" role="region" aria-label="Avvisami">
      <Callout.Icon>
        <BellIcon />
      </Callout.Icon>
      <Flex direction="column" gap="2" align="start">
        <Text as="p" size="2">
          {forAnyDay ? `${psychicName} non ha orari liberi nei prossimi mesi.` : `${psychicName} lavora in questa data ma è al completo.`}{" "}
          {active ? `Ti avviseremo per email e nelle notifiche ${what}.` : `Vuoi che ti avvisiamo ${what}?`}
        </Text>
        <AlertButton active={active} onClick={() => toggle(active, forAnyDay ? undefined : date!)} />
      </Flex>
    </Callout.Root>
  );
}
