import { Flex, Link, Skeleton, Text } from "@radix-ui/themes";
import { ClockIcon } from "@radix-ui/react-icons";
import { Link as RouterLink } from "react-router-dom";
import { NEXT_DAYS_HORIZON, type FirstFree } from "@convex/model/nextAvailability";
import { paths } from "@/lib/paths";
import { formatFirstFree } from "@/lib/text/format";

/** The booking page opened on a date and time. */
function bookAtPath(psychicId: string, { date, time }: FirstFree): string {
  return `${paths.psychicBook(psychicId)}?${new URLSearchParams({ date, time })}`;
}

/**
 * 'Prima disponibilità: oggi 17:00', opening the booking page on that time; undefined while it loads.
 * Psychics not taking consultations show nothing here (their card says 'Non disponibile').
 */
export function FirstFreeLine({ psychicId, firstFree, now }: { psychicId: string; firstFree: FirstFree | null | undefined; now: number }) {
  if (firstFree === undefined) {
    return (
      <Skeleton>
        <Text size="2">Prima disponibilità: domani 10:00</Text>
      </Skeleton>
    );
  }
  if (firstFree === null) {
    return (
      <Text size="2" color="gray">
        Nessun orario libero nei prossimi {NEXT_DAYS_HORIZON} giorni
      </Text>
    );
  }
  const when = formatFirstFree(firstFree, now);
  return (
    <Flex align="center" gap="1">
      <ClockIcon aria-hidden color="var(--grass-11)" />
      <Text size="2">
        Prima disponibilità:{" "}
        <Link asChild weight="medium">
          <RouterLink to={bookAtPath(psychicId, firstFree)} aria-label={`Prima disponibilità: ${when}`}>
            {when}
          </RouterLink>
        </Link>
      </Text>
    </Flex>
  );
}
