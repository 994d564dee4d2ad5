// The dashboard's review of a completed consultation, in a dialog: the form itself is shared with the end
// of a call (components/booking/ReviewForm.tsx).
import { useState } from "react";
import { Button, Dialog } from "@radix-ui/themes";
import type { Id } from "@convex/_generated/dataModel";
import { ReviewForm, type ExistingReview } from "@/components/booking/ReviewForm";
import { limits } from "@/lib/text/rules";

type Props = {
  bookingId: Id<"bookings">;
  psychicName: string;
  /** The review to edit; none to write a new one. */
  existing: ExistingReview | null;
};

export function ReviewDialog({ bookingId, psychicName, existing }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger>
        <Button size="2" variant={existing ? "soft" : "solid"}>
          {existing ? "Modifica la recensione" : "Lascia una recensione"}
        </Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="520px">
        <Dialog.Title>{existing ? `Modifica la recensione a ${psychicName}` : `Com'è andato il consulto con ${psychicName}?`}</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          La recensione compare sul profilo con il nome che scegli: nome e iniziale del cognome, o un nickname. Potrai
          modificarla per {limits.reviewEditWindow}.
        </Dialog.Description>
        {open ? (
          <ReviewForm
            bookingId={bookingId}
            existing={existing}
            onDone={() => setOpen(false)}
            cancel={
              <Dialog.Close>
                <Button variant="soft" color="gray" style={{ minHeight: 44 }}>
                  Indietro
                </Button>
              </Dialog.Close>
            }
          />
        ) : null}
      </Dialog.Content>
    </Dialog.Root>
  );
}
