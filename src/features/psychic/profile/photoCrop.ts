// The square crop of a chosen photo, done in the browser before uploading: plain state and arithmetic,
// then one canvas draw. The server checks the uploaded bytes again (size, type, dimensions).
import { PHOTO_MIN_PIXELS } from "@convex/model/profileRules";

export const ZOOM_MIN = 1;
export const ZOOM_MAX = 4;
export const ZOOM_STEP = 0.25;
/** The uploaded square's side in pixels: well above the 200-pixel minimum, small enough to load fast. */
const OUTPUT_PIXELS = 512;
export const TOO_SMALL_MESSAGE = `La foto deve essere di almeno ${PHOTO_MIN_PIXELS}×${PHOTO_MIN_PIXELS} pixel.`;

export type LoadedImage = { source: CanvasImageSource; width: number; height: number };
/** The crop's centre in the image's pixels, and the zoom: 1 shows the whole short side. */
export type Crop = { centerX: number; centerY: number; zoom: number };

export function isBigEnough(image: Pick<LoadedImage, "width" | "height">): boolean {
  return image.width >= PHOTO_MIN_PIXELS && image.height >= PHOTO_MIN_PIXELS;
}

export function initialCrop(image: Pick<LoadedImage, "width" | "height">): Crop {
  return { centerX: image.width / 2, centerY: image.height / 2, zoom: ZOOM_MIN };
}

function cropSide(image: Pick<LoadedImage, "width" | "height">, zoom: number): number {
  return Math.min(image.width, image.height) / zoom;
}

/** The crop kept inside the image, the zoom inside its limits. */
export function clampCrop(image: Pick<LoadedImage, "width" | "height">, crop: Crop): Crop {
  const zoom = Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, crop.zoom));
  const half = cropSide(image, zoom) / 2;
  const clamp = (value: number, max: number) => Math.min(max - half, Math.max(half, value));
  return { zoom, centerX: clamp(crop.centerX, image.width), centerY: clamp(crop.centerY, image.height) };
}

/** Moves the crop by a fraction of its own side (arrow keys move a tenth). */
export function moveCrop(image: Pick<LoadedImage, "width" | "height">, crop: Crop, dx: number, dy: number): Crop {
  const side = cropSide(image, crop.zoom);
  return clampCrop(image, { ...crop, centerX: crop.centerX + dx * side, centerY: crop.centerY + dy * side });
}

/** The source square of the crop: left, top and side in the image's pixels. */
function cropRect(image: Pick<LoadedImage, "width" | "height">, crop: Crop) {
  const side = cropSide(image, crop.zoom);
  return { left: crop.centerX - side / 2, top: crop.centerY - side / 2, side };
}

export function drawCrop(canvas: HTMLCanvasElement, image: LoadedImage, crop: Crop, pixels: number): boolean {
  const context = canvas.getContext("2d");
  if (!context) return false;
  canvas.width = pixels;
  canvas.height = pixels;
  const { left, top, side } = cropRect(image, crop);
  context.imageSmoothingQuality = "high";
  context.drawImage(image.source, left, top, side, side, 0, 0, pixels, pixels);
  return true;
}

/** The cropped square as a file: PNG stays PNG (transparency), anything else becomes JPEG. */
export async function cropToFile(image: LoadedImage, crop: Crop, original: File): Promise<File> {
  const canvas = document.createElement("canvas");
  if (!drawCrop(canvas, image, crop, OUTPUT_PIXELS)) throw new Error("Canvas not available");
  const type = original.type === "image/png" ? "image/png" : "image/jpeg";
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.9));
  if (!blob) throw new Error("Canvas produced no image");
  const name = original.name.replace(/\.[^.]+$/, "") + (blob.type === "image/png" ? ".png" : ".jpg");
  return new File([blob], name, { type: blob.type });
}

/** Decodes the chosen file to learn its size and draw it; null when the browser cannot read it. */
export async function loadImage(file: File): Promise<LoadedImage | null> {
  try {
    const bitmap = await createImageBitmap(file);
    return { source: bitmap, width: bitmap.width, height: bitmap.height };
  } catch {
    return null;
  }
}
