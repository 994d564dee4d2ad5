import { useRef, useState } from "react";
import { Avatar, Button, Callout, Flex, Progress, Text } from "@radix-ui/themes";
import { PHOTO_MAX_BYTES, PHOTO_TYPES } from "@convex/model/profileRules";
import { limits } from "@/lib/rules";
import { errorMessages, errorMessage } from "@/lib/errors";

export const PHOTO_REFUSED_MESSAGE = errorMessages.INVALID_PHOTO;
export const PHOTO_FAILED_MESSAGE = "Impossibile caricare la foto. Riprova.";

/** Checked before uploading; the server checks the bytes again, whatever the browser claims. */
export function isAcceptableFile(file: File): boolean {
  return (PHOTO_TYPES as readonly string[]).includes(file.type) && file.size > 0 && file.size <= PHOTO_MAX_BYTES;
}

type Props = {
  photoUrl: string | null;
  name: string;
  /** Uploads and attaches the file, reporting progress from 0 to 1. */
  upload: (file: File, onProgress: (fraction: number) => void) => Promise<void>;
  onUploaded?: () => void;
};

/** The psychic's photo: saved as soon as it is uploaded, independently of the form. */
export function PhotoUploader({ photoUrl, name, upload, onUploaded }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const choose = async (file: File | undefined) => {
    if (input.current) input.current.value = "";
    if (!file) return;
    if (!isAcceptableFile(file)) {
      setError(PHOTO_REFUSED_MESSAGE);
      return;
    }
    setError(null);
    setProgress(0);
    try {
      await upload(file, setProgress);
      onUploaded?.();
    } catch (failure) {
      setError(errorMessage(failure, PHOTO_FAILED_MESSAGE));
    } finally {
      setProgress(null);
    }
  };

  const uploading = progress !== null;
  return (
    <Flex gap="4" align="center" wrap="wrap">
      <Avatar size="8" radius="full" src={photoUrl ?? undefined} fallback={name.slice(0, 1) || "?"} alt="La tua foto" />
      <Flex direction="column" gap="2" style={{ flex: 1, minWidth: 220 }}>
        <input
          ref={input}
          id="profile-photo"
          type="file"
          accept={PHOTO_TYPES.join(",")}
          aria-label="Carica una foto"
          hidden
          onChange={(event) => void choose(event.currentTarget.files?.[0])}
        />
        <Button type="button" variant="soft" disabled={uploading} onClick={() => input.current?.click()} style={{ width: "fit-content" }}>
          {photoUrl ? "Cambia foto" : "Carica una foto"}
        </Button>
        <Text size="1" color="gray">
          JPEG, PNG o WebP, al massimo {limits.photoMax}. La foto viene salvata subito.
        </Text>
        {uploading ? (
          <Flex direction="column" gap="1">
            <Progress value={Math.round(progress * 100)} aria-label="Caricamento della foto" />
            <Text size="1" color="gray" role="status">
              Caricamento… {Math.round(progress * 100)}%
            </Text>
          </Flex>
        ) : null}
        {error ? (
          <Callout.Root color="red" size="1" role="alert">
            <Callout.Text>{error}</Callout.Text>
          </Callout.Root>
        ) : null}
      </Flex>
    </Flex>
  );
}
