// Writing or editing the review of a completed consultation: 1–5 stars, REVIEW_MIN_LENGTH–REVIEW_MAX_LENGTH
// characters and the name it shows, first name and initial or a nickname (docs/product-rules.md, "Reviews");
// the server checks the same again. Used in the dashboard's dialog and in place at the end of a call.
import { useId, useState, type ReactNode } from "react";
import { Button, Flex, RadioGroup, Text, TextArea, TextField } from "@radix-ui/themes";
import { useMutation } from "convex/react";
import * as z from "zod/mini";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import {
  checkNickname,
  NICKNAME_MAX_LENGTH,
  NICKNAME_MIN_LENGTH,
  REVIEW_MAX_LENGTH,
  REVIEW_MIN_LENGTH,
  reviewerName,
} from "@convex/model/reviews";
import { FieldError } from "@/components/form/FieldError";
import { StarRating } from "@/components/form/StarRating";
import { PendingWriteMark } from "@/components/PendingWriteMark";
import { toast } from "@/components/toast";
import { errorMessage } from "@/lib/text/errors";
import { useViewer } from "@/lib/account/session";

const starsMessage = "Scegli da 1 a 5 stelle.";

const reviewSchema = z.object({
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

/** The nickname's message, from the server's own check (model/reviews.ts). */
function nicknameError(nickname: string): string | null {
  const checked = checkNickname(nickname);
  if (checked.ok) return null;
  return checked.problem === "length"
    ? `Il nickname deve avere da ${NICKNAME_MIN_LENGTH} a ${NICKNAME_MAX_LENGTH} caratteri.`
    : "Il nickname non può contenere email, numeri di telefono o link.";
}

const saveFailed = "Impossibile salvare la recensione. Riprova.";

export type ExistingReview = { id: Id<"reviews">; rating: number; comment: string; nickname?: string | null };

type Props = {
  bookingId: Id<"bookings">;
  /** The review to edit; none to write a new one. */
  existing: ExistingReview | null;
  onDone: () => void;
  /** A way out beside the button (the dialog's 'Indietro'); none in place. */
  cancel?: ReactNode;
};

export function ReviewForm({ bookingId, existing, onDone, cancel }: Props) {
  const create = useMutation(api.reviews.createMine);
  const update = useMutation(api.reviews.updateMine);
  const viewer = useViewer();
  const defaultName = reviewerName(viewer?.fullName ?? undefined);
  const [rating, setRating] = useState<number | null>(existing?.rating ?? null);
  const [comment, setComment] = useState(existing?.comment ?? "");
  const [naming, setNaming] = useState<"initial" | "nickname">(existing?.nickname ? "nickname" : "initial");
  const [nickname, setNickname] = useState(existing?.nickname ?? "");
  const [errors, setErrors] = useState<{ rating?: string; comment?: string; nickname?: string; form?: string }>({});
  const [saving, setSaving] = useState(false);
  const ids = {
    stars: useId(),
    starsError: useId(),
    comment: useId(),
    commentHint: useId(),
    commentError: useId(),
    naming: useId(),
    nickname: useId(),
    nicknameError: useId(),
  };

  const save = async () => {
    const parsed = reviewSchema.safeParse({ rating: rating ?? undefined, comment });
    const found: Record<string, string> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    const nameProblem = naming === "nickname" ? nicknameError(nickname) : null;
    if (nameProblem !== null) found.nickname = nameProblem;
    if (!parsed.success || nameProblem !== null) {
      setErrors(found);
      return;
    }
    setErrors({});
    setSaving(true);
    // No nickname sent means the first name and initial.
    const name = naming === "nickname" ? { nickname: nickname.trim() } : {};
    try {
      if (existing) await update({ reviewId: existing.id, ...parsed.data, ...name });
      else await create({ bookingId, ...parsed.data, ...name });
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
    <Flex direction="column" gap="4" width="100%">
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
      <Flex direction="column" gap="2">
        <Text as="div" size="2" weight="medium" id={ids.naming}>
          Nome mostrato con la recensione
        </Text>
        <RadioGroup.Root
          aria-labelledby={ids.naming}
          value={naming}
          onValueChange={(value) => {
            setNaming(value === "nickname" ? "nickname" : "initial");
            setErrors((current) => ({ ...current, nickname: undefined }));
          }}
        >
          <RadioGroup.Item value="initial">{defaultName} (nome e iniziale del cognome)</RadioGroup.Item>
          <RadioGroup.Item value="nickname">Un nickname</RadioGroup.Item>
        </RadioGroup.Root>
        {naming === "nickname" ? (
          <Flex direction="column" gap="1">
            <Text as="label" htmlFor={ids.nickname} size="2">
              Nickname ({NICKNAME_MIN_LENGTH}–{NICKNAME_MAX_LENGTH} caratteri, senza email, telefono o link)
            </Text>
            <TextField.Root
              id={ids.nickname}
              value={nickname}
              maxLength={NICKNAME_MAX_LENGTH + 10}
              autoComplete="nickname"
              onChange={(event) => {
                setNickname(event.target.value);
                setErrors((current) => ({ ...current, nickname: undefined }));
              }}
              aria-invalid={errors.nickname ? true : undefined}
              aria-describedby={errors.nickname ? ids.nicknameError : undefined}
            />
            <FieldError id={ids.nicknameError} message={errors.nickname} />
          </Flex>
        ) : null}
      </Flex>
      {errors.form ? (
        <Text as="p" size="2" color="red" role="alert">
          {errors.form}
        </Text>
      ) : null}
      <Flex gap="3" justify="end" align="center" wrap="wrap">
        <PendingWriteMark pending={saving} />
        {cancel}
        <Button onClick={() => void save()} disabled={saving} style={{ minHeight: 44 }}>
          {saving ? "Salvataggio..." : existing ? "Salva le modifiche" : "Pubblica la recensione"}
        </Button>
      </Flex>
    </Flex>
  );
}
