// A booking's type in the words of the emails (convex/model/bookings.ts consultationTypeWords): 'Consulto in
// chat', 'Chat'. Read through here by the rows the device may keep (listMine, listForPsychic, the holds): an
// answer kept from before chat has no type, and was a call.
import type { ConsultationType } from "@convex/framework/validators";
import { consultationTypeWords } from "@convex/model/bookings";

/** The booking's type; voice for an answer kept on the device from before the type was sent. */
export function consultationTypeOf(booking: { consultationType?: ConsultationType }): ConsultationType {
  return booking.consultationType ?? "voice";
}

/** "Consulto vocale", "Consulto in chat": the type in a sentence or a row. */
export function consultationWords(booking: { consultationType?: ConsultationType }): string {
  return consultationTypeWords[consultationTypeOf(booking)].consultation;
}
