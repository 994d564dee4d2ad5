// The client's cancellation: the refund is stated before confirming, from the server's own rule at
// the moment the dialog opened; the server decides again and refuses if the refund has shrunk since.
import { useState } from "react";
import { AlertDialog, Button, Callout, Flex, Skeleton, Text } from "@radix-ui/themes";
import { useMutation, useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { CancelConsultationTrigger } from "@/components/booking/CancelConsultationTrigger";
import type { Connection } from "@/components/NeedsConnection";
import { toast } from "@/components/toast";
import { useIsOffline } from "@/lib/browser/connection";
import { errorCodeOf, errorMessage } from "@/lib/text/errors";
import { formatCents } from "@/lib/text/format";
import { limits } from "@/lib/text/rules";
import { refundCentsFor, type RefundWindow } from "@convex/model/cancellationRefunds";
import { formatDeadline } from "@convex/model/refundTerms";

/** Green only when everything comes back; half is a caution, none a loss. */
const refundColors = { full: "green", half: "amber", none: "red" } as const satisfies Record<RefundWindow, string>;

const halfOf = (priceCents: number) => refundCentsFor("half", priceCents);

const cancelMessages = {
  failed: "Impossibile annullare il consulto. Riprova.",
  done: "Consulto annullato",
  refundOnItsWay: (cents: number) => `Il rimborso di ${formatCents(cents)} è in corso: arriva sulla carta in ${limits.refundArrival}.`,
  noRefund: "Come previsto dalle condizioni, per questo annullamento non è previsto un rimborso.",
} as const;

type Props = {
  bookingId: Id<"bookings">;
  psychicName: string;
  when: string;
  /** The row's own offline note, when it shows one for all its actions. */
  connection?: Connection;
};

export function CancelBookingDialog({ bookingId, psychicName, when, connection: rowConnection }: Props) {
  // The moment the dialog opened: the refund shown is the one at this instant.
  const [openedAt, setOpenedAt] = useState<number | null>(null);
  return (
    <AlertDialog.Root open={openedAt !== null} onOpenChange={(open) => setOpenedAt(open ? Date.now() : null)}>
      <CancelConsultationTrigger otherName={psychicName} when={when} rowConnection={rowConnection} />
      <AlertDialog.Content maxWidth="480px">
        <AlertDialog.Title>Annullare il consulto?</AlertDialog.Title>
        <AlertDialog.Description size="2">
          Consulto con {psychicName}, {when}. L'orario tornerà libero per altri clienti.
        </AlertDialog.Description>
        {openedAt !== null ? (
          <CancelBody bookingId={bookingId} openedAt={openedAt} onDone={() => setOpenedAt(null)} onRefresh={() => setOpenedAt(Date.now())} />
        ) : null}
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}

function CancelBody({
  bookingId,
  openedAt,
  onDone,
  onRefresh,
}: {
  bookingId: Id<"bookings">;
  openedAt: number;
  onDone: () => void;
  onRefresh: () => void;
}) {
  // Not kept across a new `now`: the figure shown is the one the cancellation must match, never an older one.
  const preview = useQuery(api.bookings.previewCancellation, {
    bookingId,
    // eslint-disable-next-line no-restricted-syntax
    now: openedAt,
  });
  const cancel = useMutation(api.bookings.cancelByClient);
  const [sending, setSending] = useState(false);
  const offline = useIsOffline();
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    if (!preview) return;
    setSending(true);
    setFailure(null);
    try {
      const { refundCents } = await cancel({
        bookingId,
        expectedRefundCents: preview.refundCents,
      });
      toast.success(cancelMessages.done, refundCents > 0 ? cancelMessages.refundOnItsWay(refundCents) : cancelMessages.noRefund);
      onDone();
    } catch (error) {
      setFailure(errorMessage(error, cancelMessages.failed));
      // A window's edge passed while the dialog was open: show the refund as it is now.
      if (errorCodeOf(error) === "REFUND_CHANGED") onRefresh();
    } finally {
      setSending(false);
    }
  };

  return (
    <Flex direction="column" gap="3" mt="3">
      {preview === undefined ? (
        <Skeleton height="48px" aria-label="Calcolo del rimborso" />
      ) : !preview.cancellable ? (
        <Text as="p" size="2" color="red">
          Questo consulto non può più essere annullato.
        </Text>
      ) : (
        <Callout.Root color={refundColors[preview.window]} highContrast size="1" role="status">
          <Callout.Text>
            {preview.window === "full"
              ? `Rimborso completo: ${formatCents(preview.refundCents)}.`
              : preview.window === "half"
                ? `Rimborso del ${limits.halfRefund}: ${formatCents(preview.refundCents)} su ${formatCents(preview.priceCents)}.`
                : `Nessun rimborso: mancano meno di ${limits.halfRefundNotice} all'inizio (${formatCents(0)} su ${formatCents(preview.priceCents)}).`}{" "}
            {preview.window === "full"
              ? `Il rimborso completo vale fino a ${formatDeadline(preview.fullRefundUntil)}; poi il ${limits.halfRefund} (${formatCents(halfOf(preview.priceCents))}) fino a ${formatDeadline(preview.halfRefundUntil)}.`
              : preview.window === "half"
                ? `Il rimborso del ${limits.halfRefund} vale fino a ${formatDeadline(preview.halfRefundUntil)}.`
                : ""}
          </Callout.Text>
        </Callout.Root>
      )}
      {failure ? (
        <Text as="p" size="2" color="red" role="alert">
          {failure}
        </Text>
      ) : null}
      <Flex gap="3" justify="end" wrap="wrap">
        <AlertDialog.Cancel>
          <Button variant="soft" color="gray">
            Mantieni il consulto
          </Button>
        </AlertDialog.Cancel>
        <Button color="red" highContrast disabled={!preview?.cancellable || sending || offline} onClick={() => void confirm()}>
          {sending ? "Annullamento..." : "Annulla il consulto"}
        </Button>
      </Flex>
    </Flex>
  );
}
