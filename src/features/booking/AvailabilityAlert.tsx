// 'Avvisami' on the booking page: with no free time on the chosen day, or none at all with a fully
// booked reader, a signed-in client asks to be told (email and 'Notifiche') when a time frees. A
// toggle that changes at once (optimistic) and goes back if the server refuses.
import { Button, Callout, Flex, Text } from "@radix-ui/themes";
import { BellIcon } from "@radix-ui/react-icons";
import { useMutation } from "convex/react";
import { api } from "@convex/_generated/api";
import { toast } from "@/components/toast";
import { errorMessage } from "@/lib/errors";
import { formatItalianDate } from "@/lib/format";
import { useQueryWithNow } from "@/lib/useNow";

type Props = {
  psychicProfileId: string;
  psychicName: string;
  /** The chosen day, or null (a fully booked reader's page opens on none). */
  date: string | null;
  today: string;
  durationMinutes: 15 | 30 | 45 | 60;
  /** The chosen day's free times, live; undefined while loading. */
  times: string[] | undefined;
  now: number;
};

export function AvailabilityAlert({ psychicProfileId, psychicName, date, today, durationMinutes, times, now }: Props) {
  const stateArgs = { psychicProfileId, date: date ?? today, durationMinutes, now };
  const state = useQueryWithNow(api.availabilityAlerts.getMineForPsychic, stateArgs);
  const subscribe = useMutation(api.availabilityAlerts.subscribe).withOptimisticUpdate((store, args) => {
    const current = store.getQuery(api.availabilityAlerts.getMineForPsychic, stateArgs);
    if (current)
      store.setQuery(api.availabilityAlerts.getMineForPsychic, stateArgs, { ...current, ...(args.date ? { day: true } : { anyDay: true }) });
  });
  const unsubscribe = useMutation(api.availabilityAlerts.unsubscribe).withOptimisticUpdate((store, args) => {
    const current = store.getQuery(api.availabilityAlerts.getMineForPsychic, stateArgs);
    if (current)
      store.setQuery(api.availabilityAlerts.getMineForPsychic, stateArgs, { ...current, ...(args.date ? { day: false } : { anyDay: false }) });
  });
  if (state === undefined || state === null) return null;
  const dayIsFull = date !== null && times !== undefined && times.length === 0;
  // A fully booked reader: a wish for any day; else a full chosen day: a wish for that day.
  const forAnyDay = state.fullyBooked;
  if (!forAnyDay && !dayIsFull) return null;
  const active = forAnyDay ? state.anyDay : state.day;
  const what = forAnyDay ? `quando ${psychicName} avrà di nuovo un orario libero` : `se si libera un orario ${formatItalianDate(date!)}`;
  const toggle = () => {
    const target = { psychicProfileId, ...(forAnyDay ? {} : { date: date! }) };
    const call = active ? unsubscribe(target) : subscribe({ ...target, durationMinutes });
    call.catch((error: unknown) => toast.error(errorMessage(error, "Impossibile aggiornare l'avviso.")));
  };
  return (
    <Callout.Root color="violet" variant="surface" role="region" aria-label="Avvisami">
      <Callout.Icon>
        <BellIcon />
      </Callout.Icon>
      <Flex direction="column" gap="2" align="start">
        <Text as="p" size="2">
          {forAnyDay ? `${psychicName} non ha orari liberi nei prossimi mesi.` : "Nessun orario libero in questa data."}{" "}
          {active ? `Ti avviseremo per email e nelle notifiche ${what}.` : `Vuoi che ti avvisiamo ${what}?`}
        </Text>
        <Button type="button" size="3" variant={active ? "solid" : "outline"} aria-pressed={active} onClick={toggle}>
          <BellIcon aria-hidden />
          Avvisami
        </Button>
      </Flex>
    </Callout.Root>
  );
}
