import { useEffect, useRef } from "react";
import { toast } from "@/components/toast";
import { formatItalianDate } from "@/lib/format";

type ListedBooking = { id: string; clientName: string; scheduledDate: string; scheduledTime: string; startsAt: number };

/** What the psychic's dashboard shows: today's and the next (at most `shownUpcoming`) consultations. */
type Listed = { today: ListedBooking[]; upcoming: ListedBooking[] };

/**
 * 'Nuova prenotazione' for each confirmed booking that appears while the dashboard is open. The first
 * answer is what was already there. A booking that only moved into the capped upcoming list, because
 * an earlier one ended, is not new: a new one shows up before the previous list's last entry, or in
 * a list that was not full.
 */
export function useNewBookingToast(listed: Listed | undefined, shownUpcoming: number) {
  const previous = useRef<{ ids: Set<string>; lastStartsAt: number; full: boolean } | null>(null);

  useEffect(() => {
    if (listed === undefined) return;
    const all = [...listed.today, ...listed.upcoming];
    const before = previous.current;
    if (before !== null) {
      const announced = new Set<string>();
      for (const booking of all) {
        if (before.ids.has(booking.id) || announced.has(booking.id)) continue;
        if (before.full && booking.startsAt > before.lastStartsAt) continue;
        announced.add(booking.id);
        toast.success("Nuova prenotazione", `${booking.clientName}, ${formatItalianDate(booking.scheduledDate)} alle ${booking.scheduledTime}`);
      }
    }
    previous.current = {
      // Remembered across answers, so a booking leaving and re-entering the list is not new again.
      ids: new Set([...(before?.ids ?? []), ...all.map((booking) => booking.id)]),
      lastStartsAt: listed.upcoming.at(-1)?.startsAt ?? Number.POSITIVE_INFINITY,
      full: listed.upcoming.length >= shownUpcoming,
    };
  }, [listed, shownUpcoming]);
}
