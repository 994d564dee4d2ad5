// The signed-in client's own holds with this psychic, live: a time they are paying for is theirs, not
// one someone else took ('non è più disponibile'), and the page says so with the way back to the checkout
// and 'Cambia orario' (src/components/booking/PendingPayment.tsx).
import { Flex } from "@radix-ui/themes";
import { consultationInterval, overlaps } from "@convex/model/slots";
import { PendingPayment } from "@/components/booking/PendingPayment";
import { useMyHolds, type LiveHold } from "@/lib/client/holds";

const NO_HOLDS: LiveHold[] = [];

/**
 * The client's live holds with `psychicProfileId`; none for a visitor; undefined while the viewer or
 * the answer is loading (a chosen time that is not free may still be the client's own).
 */
export function useOwnHolds(psychicProfileId: string, audience: "loading" | "visitor" | "client", now: number): LiveHold[] | undefined {
  const holds = useMyHolds(audience === "client" ? { now, psychicProfileId } : "skip");
  if (audience === "visitor") return NO_HOLDS;
  return audience === "loading" ? undefined : holds;
}

/** Whether `time` on `date` for `minutes` overlaps one of the client's own holds. */
export function isOwnHeldTime(holds: readonly LiveHold[], date: string, time: string, minutes: number): boolean {
  const chosen = consultationInterval(date, time, minutes);
  return holds.some(
    (hold) => hold.scheduledDate === date && overlaps(chosen, consultationInterval(hold.scheduledDate, hold.scheduledTime, hold.durationMinutes)),
  );
}

type Props = { holds: readonly LiveHold[]; today: string; onReleased: (hold: LiveHold) => void };

export function OwnHoldBanners({ holds, today, onReleased }: Props) {
  if (holds.length === 0) return null;
  return (
    <Flex direction="column" gap="3" asChild>
      <section aria-label="Pagamenti in sospeso">
        {holds.map((hold) => (
          <PendingPayment key={hold.id} hold={hold} today={today} onReleased={onReleased} />
        ))}
      </section>
    </Flex>
  );
}
