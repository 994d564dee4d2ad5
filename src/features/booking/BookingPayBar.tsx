// On a phone, the price and the way to pay stay at the bottom of the screen while the person chooses:
// "30 min · 45,00 €", the day and time chosen, and 'Paga e prenota' (a visitor: 'Accedi per
// prenotare'). Sticky at the end of the page, so at the bottom it rests below the last content instead
// of covering it; the checkout column above then leaves the button and its failure to it.
import { useId } from "react";
import { Flex, Text } from "@radix-ui/themes";
import { FailureCallout } from "@/components/form/FailureCallout";
import { formatShortDate } from "@/lib/format";
import { PayAction, PayingStatus, SignInToBook } from "./BookingCheckout";
import { durationLabel } from "./BookingChoices";
import type { BookingChoice } from "./useBookingChoice";
import "./booking.css";

type Props = {
  psychicId: string;
  choice: BookingChoice;
  priceCents: number | null;
  audience: "loading" | "visitor" | "client";
  canPay: boolean;
  paying: boolean;
  failure: string | null;
  onPay: () => void;
};

/** "gio 3 dic, 10:30" (the bar is narrow; the summary above has the full date). */
export function chosenLabel(choice: BookingChoice): string | null {
  return choice.date !== null && choice.time !== null ? `${formatShortDate(choice.date)}, ${choice.time}` : null;
}

export function BookingPayBar({ psychicId, choice, priceCents, audience, canPay, paying, failure, onPay }: Props) {
  const hintId = useId();
  const chosen = chosenLabel(choice);
  return (
    <section aria-label="Prezzo e pagamento" className="booking-paybar">
      <Flex direction="column" gap="2">
        <FailureCallout message={failure} />
        {paying ? <PayingStatus /> : null}
        <Flex align="center" justify="between" gap="3">
          <Flex direction="column" minWidth="0">
            <Text weight="bold" wrap="nowrap">
              {priceCents === null ? `${choice.duration} min` : durationLabel({ minutes: choice.duration, priceCents })}
            </Text>
            <Text size="2" color="gray" id={hintId} wrap="nowrap">
              {chosen ?? "Scegli un orario"}
            </Text>
          </Flex>
          {audience === "visitor" ? (
            <SignInToBook psychicId={psychicId} choice={choice} barHintId={hintId} />
          ) : (
            <PayAction size="3" disabled={!canPay} paying={paying} onPay={onPay} describedBy={hintId} />
          )}
        </Flex>
      </Flex>
    </section>
  );
}
