// Writing or editing the review of a completed consultation: 1–5 stars and REVIEW_MIN_LENGTH–REVIEW_MAX_LENGTH
// characters (docs/product-rules.md, "Reviews"); the server checks the same again.
import { useId, useState } from "react";
import { Button, Dialog, Flex, Text, TextArea } from "@radix-ui/themes";
import { useMutation } from "convex/react";
import * as z from "zod/mini";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { REVIEW_MAX_LENGTH, REVIEW_MIN_LENGTH } from "@convex/model/bookingChanges";
import { PendingWriteMark } from "@/components/PendingWriteMark";
import { toast } from "@/components/toast";
import { errorMessage } from "@/lib/errors";
import { limits } from "@/lib/rules";
import { FieldError } from "@/components/form/FieldError";
import { StarRating } from "@/components/form/StarRating";

const starsMessage = "Scegli da 1 a 5 stelle.";

export const reviewSchema = z.object({
  // The stars give whole numbers from 1 to 5 only; anything else gets the same message.
  rating: z.number({ message: starsMessage }).check(z.int(starsMessage), z.gte(1, starsMessage), z.lte(5, starsMessage)),
  comment: z
    .string()
    .check(
      z.trim(),
      z.minLength(REVIEW_MIN_LENGTH, `Scrivi almeno ${REVIEW_MIN_LENGTH} caratteri.`),
      z.maxLength(REVIEW_MAX_LENGTH, `Puoi scrivere al massimo ${REVIEW_MAX_LENGTH} caratteri.`),
    ),
});

const saveFailed = "Impossibile salvare la recensione. Riprova.";

type Existing = { id: Id<"reviews">; rating: number; comment: string };

type Props = {
  bookingId: Id<"bookings">;
  psychicName: string;
  /** The review to edit; none to write a new one. */
  existing: Existing | null;
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
          La recensione compare sul profilo con il tuo nome e l'iniziale del cognome. Potrai modificarla per {limits.reviewEditWindow}.
        </Dialog.Description>
        {open ? <ReviewForm bookingId={bookingId} existing={existing} onDone={() => setOpen(false)} /> : null}
      </Dialog.Content>
    </Dialog.Root>
  );
}

function ReviewForm({ bookingId, existing, onDone }: { bookingId: Id<"bookings">; existing: Existing | null; onDone: () => void }) {
  const create = useMutation(api.reviews.createMine);
  const update = useMutation(api.reviews.updateMine);
  const [rating, setRating] = useState<number | null>(existing?.rating ?? null);
  const [comment, setComment] = useState(existing?.comment ?? "");
  const [errors, setErrors] = useState<{
    rating?: string;
    comment?: string;
    form?: string;
  }>({});
  const [saving, setSaving] = useState(false);
  const ids = {
    stars: useId(),
    starsError: useId(),
    comment: useId(),
    commentHint: useId(),
    commentError: useId(),
  };

  const save = async () => {
    const parsed = reviewSchema.safeParse({
      rating: rating ?? undefined,
      comment,
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      if (existing) await update({ reviewId: existing.id, ...parsed.data });
      else await create({ bookingId, ...parsed.data });
      toast.success(existing ? "Recensione aggiornata" : "Grazie per la tua recensione!");
      onDone();
    } catch (error) {
      setErrors({ form: errorMessage(error, saveFailed) });
    } finally {
      setSaving(false);
    }
  };

  const length = comment.trim().length;
  return (
    <Flex direction="column" gap="4">
      <Flex direction="column" gap="2">
        <Text as="div" size="2" weight="medium" id={ids.stars}>
          Valutazione
        </Text>
        <StarRating
          labelledBy={ids.stars}
          describedBy={errors.rating ? ids.starsError : undefined}
          invalid={errors.rating !== undefined}
          value={rating}
          onChange={(stars) => {
            setRating(stars);
            setErrors((current) => ({ ...current, rating: undefined }));
          }}
        />
        <FieldError id={ids.starsError} message={errors.rating} />
      </Flex>
      <Flex direction="column" gap="1">
        <Text as="label" htmlFor={ids.comment} size="2" weight="medium">
          La tua recensione
        </Text>
        <TextArea
          id={ids.comment}
          rows={5}
          value={comment}
          maxLength={REVIEW_MAX_LENGTH}
          onChange={(event) => {
            setComment(event.target.value);
            setErrors((current) => ({ ...current, comment: undefined }));
          }}
          aria-invalid={errors.comment ? true : undefined}
          aria-describedby={[ids.commentHint, errors.comment ? ids.commentError : null].filter(Boolean).join(" ")}
        />
        <Text id={ids.commentHint} size="1" color="gray" align="right">
          {length}/{REVIEW_MAX_LENGTH} caratteri (almeno {REVIEW_MIN_LENGTH})
        </Text>
        <FieldError id={ids.commentError} message={errors.comment} />
      </Flex>
      {errors.form ? (
        <Text as="p" size="2" color="red" role="alert">
          {errors.form}
        </Text>
      ) : null}
      <Flex gap="3" justify="end" align="center" wrap="wrap">
        <PendingWriteMark pending={saving} />
        <Dialog.Close>
          <Button variant="soft" color="gray">
            Indietro
          </Button>
        </Dialog.Close>
        <Button onClick={() => void save()} disabled={saving}>
          {saving ? "Salvataggio..." : existing ? "Salva le modifiche" : "Pubblica la recensione"}
        </Button>
      </Flex>
    </Flex>
  );
}
