// The ways from a booking's row to its consultation page (/call/<id>), in the words of its type: a call is
// entered ('Entra'), a chat too ('Entra nella chat'), and a chat that is over can be read again there.
import { Button } from "@radix-ui/themes";
import { Link as RouterLink } from "react-router-dom";
import type { BookingStatus, ConsultationType } from "@convex/framework/validators";
import { paths } from "@/lib/paths";

/** The row's button to enter and its name, which says with whom and when ("… con Selene delle 15:10"). */
export const joinWords = {
  voice: { text: "Entra", name: (about: string) => `Entra nel consulto ${about}` },
  chat: { text: "Entra nella chat", name: (about: string) => `Entra nella chat ${about}` },
} as const satisfies Record<ConsultationType, { text: string; name: (about: string) => string }>;

type Held = { consultationType: ConsultationType; status: BookingStatus; endsAt: number };

/**
 * A chat consultation that is over: held or missed (completed, no_show), or paid and past its end while the
 * server has not closed it yet. Its conversation stays readable on the consultation page.
 */
export function isPastChat(booking: Held, now: number): boolean {
  if (booking.consultationType !== "chat") return false;
  return booking.status === "completed" || booking.status === "no_show" || (booking.status === "confirmed" && booking.endsAt <= now);
}

/** 'Leggi la conversazione': to the consultation page, which shows a chat's transcript once it is over. */
export function ReadConversationLink({ bookingId, about }: { bookingId: string; about: string }) {
  return (
    <Button asChild size="2" variant="soft">
      <RouterLink to={paths.call(bookingId)} aria-label={`Leggi la conversazione ${about}`}>
        Leggi la conversazione
      </RouterLink>
    </Button>
  );
}
