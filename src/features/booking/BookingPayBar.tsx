// On a phone, the price and the way to pay stay at the bottom of the screen while the person chooses:
// the whole price ("45,00 €"), the type, the length and the day and time chosen, and 'Paga e prenota' (a visitor:
// 'Accedi per prenotare'). While paying waits for something, the bar says what ('Scegli un orario',
// 'Accetta le condizioni'…) on a button that takes the person there. Sticky at the end of the page, so
// at the bottom it rests below the last content instead of covering it; the checkout column above then
// leaves the button and its failure to it.
import { useId } from "react";
import { Button, Flex, Text } from "@radix-ui/themes";
import { ArrowUpIcon } from "@radix-ui/react-icons";
import { consultationTypeWords } from "@convex/model/bookings";
import { FailureCallout } from "@/components/form/FailureCallout";
import { formatCents, formatShortDate } from "@/lib/text/format";
import { PayAction, PayingStatus, SignInToBook } from "./BookingCheckout";
import { jumpTo, PAY_BLOCKER_ACTION, type PayBlocker } from "./payBlocker";
import type { BookingChoice } from "./useBookingChoice";
import "./booking.css";

type Props = {
  psychicId: string;
  choice: BookingChoice;
  priceCents: number | null;
  audience: "loading" | "visitor" | "client";
  /** What paying waits for; null when it can go ahead. */
  blocker: PayBlocker | null;
  paying: boolean;
  failure: string | null;
  onPay: () => void;
};

/** "Chat · 30 min": the type and length the price is for. */
function chosenService(choice: BookingChoice): string {
  return `${consultationTypeWords[choice.consultationType].label} · ${choice.duration} min`;
}

/** "gio 3 dic, 10:30" (the bar is narrow; the summary above has the full date). */
function chosenLabel(choice: BookingChoice): string | null {
  return choice.date !== null && choice.time !== null ? `${formatShortDate(choice.date)}, ${choice.time}` : null;
}

export function BookingPayBar({ psychicId, choice, priceCents, audience, blocker, paying, failure, onPay }: Props) {
  const hintId = useId();
  const reasonId = useId();
  const chosen = chosenLabel(choice);
  // A visitor signs in first: the bar only leads them to a time (the rest comes after signing in).
  const shown = audience === "visitor" ? (blocker === "time" ? "time" : null) : blocker;
  return (
    <section aria-label="Prezzo e pagamento" className="booking-paybar">
      <Flex direction="column" gap="2">
        <FailureCallout message={failure} />
        {paying ? <PayingStatus /> : null}
        <Flex align="center" justify="between" gap="3">
          <Flex direction="column" className="booking-paybar-facts">
            {/* The whole price, never cut: it has the line to itself. */}
            <Text weight="bold" size="4" className="booking-paybar-price">
              {priceCents === null ? `${choice.duration} min` : formatCents(priceCents)}
            </Text>
            <Text size="2" color="gray" id={hintId}>
              {priceCents === null ? (chosen ?? "Nessun orario scelto") : `${chosenService(choice)} · ${chosen ?? "nessun orario scelto"}`}
            </Text>
          </Flex>
          {audience === "visitor" ? (
            <SignInToBook psychicId={psychicId} choice={choice} barHintId={hintId} />
          ) : (
            <PayAction
              size="3"
              disabled={blocker !== null || audience === "loading"}
              paying={paying}
              onPay={onPay}
              describedBy={shown === null || paying ? hintId : `${hintId} ${reasonId}`}
            />
          )}
        </Flex>
        {shown === null || paying ? null : (
          <Button id={reasonId} type="button" variant="soft" size="2" className="booking-paybar-reason" onClick={() => jumpTo(shown)}>
            <ArrowUpIcon aria-hidden />
            {PAY_BLOCKER_ACTION[shown]}
          </Button>
        )}
      </Flex>
    </section>
  );
}
