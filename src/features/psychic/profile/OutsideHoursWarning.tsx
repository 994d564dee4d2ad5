// The availability editor's warning: paid consultations the new hours leave outside. Saving stays allowed
// and they keep their time (convex/psychicProfiles.ts `bookingsOutsideHours`, docs/product-rules.md "Psychics").
import { Callout, Flex, Text } from "@radix-ui/themes";
import { ExclamationTriangleIcon } from "@radix-ui/react-icons";
import { useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import type { WeeklyAvailability } from "@convex/framework/validators";
import { formatMinutes, formatShortDate } from "@/lib/text/format";

const outsideHoursWords = {
  title: (count: number) =>
    count === 1 ? "Un consulto pagato resta fuori dai nuovi orari" : `${count} consulti pagati restano fuori dai nuovi orari`,
  keep: "Puoi salvare comunque: i consulti già pagati restano confermati al loro orario. Se non potrai tenerli, puoi annullarli dalla dashboard.",
} as const;

/** Asked only while the hours differ from the saved ones: the saved hours leave nothing out by definition. */
export function OutsideHoursWarning({ availability, changed }: { availability: WeeklyAvailability; changed: boolean }) {
  const outside = useQuery(api.psychicProfiles.bookingsOutsideHours, changed ? { availability } : "skip");
  if (!changed || outside === undefined || outside.length === 0) return null;
  return (
    <Callout.Root color="amber" role="status" data-testid="outside-hours-warning">
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      <Flex direction="column" gap="1">
        <Text as="p" size="2" weight="bold">
          {outsideHoursWords.title(outside.length)}
        </Text>
        <ul style={{ margin: 0, paddingLeft: "1.2rem" }}>
          {outside.map((booking) => (
            <li key={booking.id}>
              <Text size="2">
                {formatShortDate(booking.scheduledDate)}, {booking.scheduledTime} · {formatMinutes(booking.durationMinutes)}
              </Text>
            </li>
          ))}
        </ul>
        <Text as="p" size="2">
          {outsideHoursWords.keep}
        </Text>
      </Flex>
    </Callout.Root>
  );
}
