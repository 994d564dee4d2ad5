// The client's own spending limit (docs/product-rules.md, "Spending limit") as soon as a time is chosen,
// not only after pressing pay: what this consultation brings the month's spend to, or why the limit or a
// pause refuses it (the checkout refuses it on the server too, with the same figures).
import { Callout, Text } from "@radix-ui/themes";
import { ExclamationTriangleIcon } from "@radix-ui/react-icons";
import { formatCents } from "@/lib/text/format";
import { useMySpendingLimit } from "@/lib/client/spendingLimit";
import { spendingLimitMessage, spendingPausedMessage } from "@/lib/text/spendingMessages";
import { PAY_BLOCKER_TARGET } from "./payBlocker";

type SpendingPreview = { refused: boolean; text: string };

/** Null without a limit or pause, without a chosen time and price, or while loading. */
export function useSpendingPreview(asked: boolean, priceCents: number | null, now: number): SpendingPreview | null {
  const view = useMySpendingLimit(asked && priceCents !== null ? { now } : "skip");
  if (view === undefined || priceCents === null) return null;
  if (view.pausedThrough !== null) return { refused: true, text: spendingPausedMessage(view.pausedThrough) };
  if (view.limitCents === null) return null;
  const after = view.spentCents + priceCents;
  if (after > view.limitCents) return { refused: true, text: spendingLimitMessage(view.limitCents, Math.max(0, view.limitCents - view.spentCents)) };
  return { refused: false, text: `Questo consulto porta la spesa del mese a ${formatCents(after)} di ${formatCents(view.limitCents)}, il limite che hai scelto.` };
}

export function SpendingNotice({ preview }: { preview: SpendingPreview | null }) {
  if (preview === null) return null;
  if (!preview.refused) {
    return (
      <Text as="p" size="2" color="gray" id={PAY_BLOCKER_TARGET.spending} tabIndex={-1}>
        {preview.text}
      </Text>
    );
  }
  return (
    <Callout.Root color="amber" size="1" id={PAY_BLOCKER_TARGET.spending} tabIndex={-1}>
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      <Callout.Text>{preview.text}</Callout.Text>
    </Callout.Root>
  );
}
