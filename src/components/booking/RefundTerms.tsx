// One booking's own cancellation terms (convex/model/refundTerms.ts): its deadlines as dates and times and
// the amounts, only those still ahead at `now`. The success page and the dashboard row show the same
// lines the confirmation email states, so no screen promises the general rule instead of this booking's.
import { Flex, Text } from "@radix-ui/themes";
import { refundTermsLines, refundTermsText } from "@convex/model/refundTerms";

type Props = {
  booking: { startsAt: number; priceCents: number };
  now: number;
  /** Names the list for screen readers. */
  label?: string;
  size?: "1" | "2" | "3";
  /** One paragraph (a row of a list) instead of a list of its own. */
  inline?: boolean;
};

export function RefundTerms({ booking, now, label = "Condizioni di annullamento", size = "2", inline = false }: Props) {
  if (inline) {
    return (
      <Text as="p" size={size} color="gray">
        {refundTermsText(booking, now)}
      </Text>
    );
  }
  return (
    <Flex direction="column" gap="1" asChild>
      <ul aria-label={label} style={{ margin: 0, paddingLeft: "var(--space-4)" }}>
        {refundTermsLines(booking, now).map((line) => (
          <li key={line}>
            <Text size={size}>{line}</Text>
          </li>
        ))}
      </ul>
    </Flex>
  );
}
