// The consultation type in an address (?type=chat): the list's filter and the booking page's choice read it
// the same way. Voice is the default of both, so only chat needs writing; a value that is neither is ignored.
import { consultationTypes, type ConsultationType } from "@convex/framework/validators";

/** The query parameter's name, beside the list's `topic` and the booking page's `duration`. */
export const CONSULTATION_TYPE_PARAM = "type";

/** The type an address names, or null when it names none (or something else). */
export function consultationTypeParam(raw: string | null): ConsultationType | null {
  return consultationTypes.find((type) => type === raw) ?? null;
}
