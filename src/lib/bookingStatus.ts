// What a client reads about one of their bookings (derived labels): where it stands in time
// once paid, the payment while it is held, the refund once cancelled. Shared by the dashboard and
// the payment pages, so the words are the same everywhere.
import type { BookingStatus, RefundStatus } from "@convex/lib/validators";
import { timeLabel } from "@convex/model/bookings";

export type BadgeColor = "green" | "amber" | "blue" | "gray" | "red" | "violet";

export type BookingBadge = { label: string; color: BadgeColor };

type ClientBooking = {
  status: BookingStatus;
  startsAt: number;
  endsAt: number;
  holdExpiresAt: number | null;
  refundStatus: RefundStatus | null;
};

const timeColors = { Programmato: "blue", "In corso": "green", Completato: "gray" } as const;

/** The label of a booking's state for its client at `now`. */
export function clientBookingBadge(booking: ClientBooking, now: number): BookingBadge {
  switch (booking.status) {
    case "confirmed": {
      const label = timeLabel(booking, now);
      return { label, color: timeColors[label] };
    }
    case "completed":
      return { label: "Completato", color: "gray" };
    case "pending_payment":
      return (booking.holdExpiresAt ?? 0) > now
        ? { label: "Pagamento in corso", color: "amber" }
        : { label: "Pagamento non completato", color: "gray" };
    case "cancelled":
      return { label: "Annullato", color: "red" };
    case "no_show":
      return { label: "Cliente assente", color: "gray" };
    case "expired":
      return { label: "Pagamento non completato", color: "gray" };
  }
}

/** The refund's state of a cancelled booking, or null when nothing is being refunded. */
export function refundLabel(refundStatus: RefundStatus | null): string | null {
  if (refundStatus === null) return null;
  // A failed refund is retried by the server: for the client it is still on its way.
  return refundStatus === "succeeded" ? "Rimborsato" : "Rimborso in corso";
}

/** The success page's badge: paid or still being paid (the webhook may arrive after the client). */
export function paymentBadge(status: BookingStatus): BookingBadge {
  if (status === "pending_payment") return { label: "Pagamento in corso", color: "amber" };
  if (status === "confirmed" || status === "completed") return { label: "Confermato", color: "green" };
  if (status === "cancelled") return { label: "Annullato", color: "red" };
  return { label: "Pagamento non completato", color: "gray" };
}
