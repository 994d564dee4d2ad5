// The quiet line that says a view shows its kept answer, not the live one.
import { Text } from "@radix-ui/themes";
import { romeDateOf } from "@convex/framework/time";
import { formatRomeDate, formatRomeTime } from "@/lib/text/format";

/** 'Aggiornato alle 09:41' for a time of today (Rome), with the date for an older one. */
export function cachedAtText(savedAt: number, now = Date.now()): string {
  const time = formatRomeTime(savedAt);
  return romeDateOf(savedAt) === romeDateOf(now) ? `Aggiornato alle ${time}` : `Aggiornato il ${formatRomeDate(savedAt)} alle ${time}`;
}

/** Shown only while the data on screen comes from the device's cache (`savedAt` not null). */
export function CachedAt({ savedAt }: { savedAt: number | null | undefined }) {
  if (savedAt === null || savedAt === undefined) return null;
  return (
    <Text as="p" size="2" color="gray" role="status" data-testid="cached-at">
      {cachedAtText(savedAt)}
    </Text>
  );
}

/** The oldest of several views' times (null when every one is live): the page is as old as its oldest part. */
export function oldestSavedAt(...times: Array<number | null | undefined>): number | null {
  const kept = times.filter((time): time is number => typeof time === "number");
  return kept.length === 0 ? null : Math.min(...kept);
}
