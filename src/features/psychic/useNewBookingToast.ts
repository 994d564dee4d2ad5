import { useEffect, useRef } from "react";
import { toast } from "@/components/toast";
import { formatItalianDate } from "@/lib/text/format";

type ListedBooking = { id: string; clientName: string; scheduledDate: string; scheduledTime: string; paidAt: number | null };

/** What the psychic's dashboard shows, and the latest payment among all their consultations to come. */
type Listed = { today: ListedBooking[]; upcoming: ListedBooking[]; latestPaidAt: number };

/**
 * 'Nuova prenotazione' for each listed booking paid after the dashboard opened. The server says when
 * each was paid and the latest payment it had when the page opened, both by its own clock: a booking
 * that only moves into the capped upcoming list (an earlier one ended) was paid before, and is not new.
 */
export function useNewBookingToast(listed: Listed | undefined) {
  const seen = useRef<{ openedWith: number; announced: Set<string> } | null>(null);

  useEffect(() => {
    if (listed === undefined) return;
    if (seen.current === null) {
      seen.current = { openedWith: listed.latestPaidAt, announced: new Set() };
      return;
    }
    const { openedWith, announced } = seen.current;
    for (const booking of [...listed.today, ...listed.upcoming]) {
      if (booking.paidAt === null || booking.paidAt <= openedWith || announced.has(booking.id)) continue;
      announced.add(booking.id);
      toast.success("Nuova prenotazione", `${booking.clientName}, ${formatItalianDate(booking.scheduledDate)} alle ${booking.scheduledTime}`);
    }
  }, [listed]);
}
