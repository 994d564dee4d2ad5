import { useRef, useState } from "react";
import { Avatar, Button, Callout, Flex, Progress, Text } from "@radix-ui/themes";
import { PHOTO_MAX_BYTES, PHOTO_MIN_PIXELS, PHOTO_TYPES } from "@convex/model/profileRules";
import { limits } from "@/lib/text/rules";
import { errorMessages, errorMessage } from "@/lib/text/errors";
import { PhotoCropDialog } from "./PhotoCropDialog";
import { cropToFile, isBigEnough, loadImage as decodeImage, TOO_SMALL_MESSAGE, type Crop, type LoadedImage } from "./photoCrop";

const PHOTO_REFUSED_MESSAGE = errorMessages.INVALID_PHOTO;
const PHOTO_FAILED_MESSAGE = "Impossibile caricare la foto. Riprova.";

/** Checked before uploading; the server checks the bytes again, whatever the browser claims. */
function isAcceptableFile(file: File): boolean {
  return (PHOTO_TYPES as readonly string[]).includes(file.type) && file.size > 0 && file.size <= PHOTO_MAX_BYTES;
}

type Props = {
  photoUrl: string | null;
  name: string;
  /** Uploads and attaches the file, reporting progress from 0 to 1. */
  upload: (file: File, onProgress: (fraction: number) => void) => Promise<void>;
  onUploaded?: () => void;
  /** Decodes the chosen file (replaced in tests, where there is no image decoder). */
  loadImage?: (file: File) => Promise<LoadedImage | null>;
  /** Turns the crop into the file to upload (replaced in tests, where there is no canvas). */
  cropFile?: (image: LoadedImage, crop: Crop, original: File) => Promise<File>;
};

/**
 * The psychic's photo: chosen, checked (type, size, at least 200×200 pixels), cropped to a square, then
 * uploaded and saved at once, independently of the form.
 */
export function PhotoUploader({ photoUrl, name, upload, onUploaded, loadImage = decodeImage, cropFile = cropToFile }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [cropping, setCropping] = useState<{ file: File; image: LoadedImage } | null>(null);

  const choose = async (file: File | undefined) => {
    if (input.current) input.current.value = "";
    if (!file) return;
    if (!isAcceptableFile(file)) {
      setError(PHOTO_REFUSED_MESSAGE);
      return;
    }
    const image = await loadImage(file);
    if (image === null) {
      setError(PHOTO_REFUSED_MESSAGE);
      return;
    }
    if (!isBigEnough(image)) {
      setError(TOO_SMALL_MESSAGE);
      return;
    }
    setError(null);
    setCropping({ file, image });
  };

  const send = async (original: File, image: LoadedImage, crop: Crop) => {
    setCropping(null);
    setProgress(0);
    try {
      const file = await cropFile(image, crop, original);
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
          JPEG, PNG o WebP, al massimo {limits.photoMax}, almeno {PHOTO_MIN_PIXELS}×{PHOTO_MIN_PIXELS} pixel. Dopo il ritaglio la foto viene salvata
          subito.
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
      {cropping ? (
        <PhotoCropDialog
          image={cropping.image}
          onCancel={() => setCropping(null)}
          onConfirm={(crop) => void send(cropping.file, cropping.image, crop)}
        />
      ) : null}
    </Flex>
  );
}
