import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { Button, Dialog, Flex, IconButton, Text } from "@radix-ui/themes";
import { MinusIcon, PlusIcon } from "@radix-ui/react-icons";
import "./profileEditor.css";
import { clampCrop, drawCrop, initialCrop, moveCrop, ZOOM_MAX, ZOOM_MIN, ZOOM_STEP, type Crop, type LoadedImage } from "./photoCrop";

type Props = {
  image: LoadedImage;
  onCancel: () => void;
  onConfirm: (crop: Crop) => void;
};

/** Arrow keys move the crop by a tenth of its side. */
const MOVES: Record<string, [number, number]> = { ArrowLeft: [-0.1, 0], ArrowRight: [0.1, 0], ArrowUp: [0, -0.1], ArrowDown: [0, 0.1] };
const PREVIEW_PIXELS = 640;

/** Square crop of the chosen photo with zoom: by dragging, by the keyboard (arrows, + and −) or by the slider. */
export function PhotoCropDialog({ image, onCancel, onConfirm }: Props) {
  const [crop, setCrop] = useState<Crop>(() => initialCrop(image));
  const canvas = useRef<HTMLCanvasElement>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);

  useEffect(() => {
    if (canvas.current) drawCrop(canvas.current, image, crop, PREVIEW_PIXELS);
  }, [image, crop]);

  const zoomTo = (zoom: number) => setCrop((current) => clampCrop(image, { ...current, zoom }));

  const onKeyDown = (event: KeyboardEvent) => {
    const move = MOVES[event.key];
    if (move) setCrop((current) => moveCrop(image, current, move[0], move[1]));
    else if (event.key === "+" || event.key === "=") zoomTo(crop.zoom + ZOOM_STEP);
    else if (event.key === "-" || event.key === "_") zoomTo(crop.zoom - ZOOM_STEP);
    else return;
    event.preventDefault();
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    // The area shows the whole crop, so a drag across it moves the crop by its side; dragging right shows more of the left.
    const shown = event.currentTarget.getBoundingClientRect().width || 1;
    const dx = (drag.current.x - event.clientX) / shown;
    const dy = (drag.current.y - event.clientY) / shown;
    drag.current = { x: event.clientX, y: event.clientY };
    setCrop((current) => moveCrop(image, current, dx, dy));
  };

  const percent = Math.round(crop.zoom * 100);
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onCancel())}>
      <Dialog.Content maxWidth="420px">
        <Dialog.Title>Ritaglia la foto</Dialog.Title>
        <Dialog.Description size="2" color="gray" id="photo-crop-help">
          Scegli la parte quadrata da mostrare. Trascina la foto o usa le frecce per spostarla, + e − per lo zoom.
        </Dialog.Description>
        <Flex direction="column" gap="3" mt="3" align="center">
          <div
            className="photo-crop-area"
            role="group"
            aria-label="Area di ritaglio"
            aria-describedby="photo-crop-help"
            tabIndex={0}
            onKeyDown={onKeyDown}
            onPointerDown={(event) => {
              drag.current = { x: event.clientX, y: event.clientY };
              event.currentTarget.setPointerCapture?.(event.pointerId);
            }}
            onPointerMove={onPointerMove}
            onPointerUp={() => (drag.current = null)}
            onPointerCancel={() => (drag.current = null)}
          >
            <canvas ref={canvas} aria-hidden />
          </div>
          <Flex align="center" gap="3" width="100%">
            <IconButton
              type="button"
              variant="soft"
              size="3"
              aria-label="Riduci lo zoom"
              disabled={crop.zoom <= ZOOM_MIN}
              onClick={() => zoomTo(crop.zoom - ZOOM_STEP)}
            >
              <MinusIcon />
            </IconButton>
            <input
              type="range"
              className="photo-crop-zoom"
              aria-label="Zoom"
              aria-valuetext={`${percent}%`}
              min={ZOOM_MIN}
              max={ZOOM_MAX}
              step={ZOOM_STEP}
              value={crop.zoom}
              onChange={(event) => zoomTo(Number(event.currentTarget.value))}
            />
            <IconButton
              type="button"
              variant="soft"
              size="3"
              aria-label="Aumenta lo zoom"
              disabled={crop.zoom >= ZOOM_MAX}
              onClick={() => zoomTo(crop.zoom + ZOOM_STEP)}
            >
              <PlusIcon />
            </IconButton>
          </Flex>
          <Text size="1" color="gray" role="status">
            Zoom {percent}%
          </Text>
        </Flex>
        <Flex gap="3" mt="4" justify="end" wrap="wrap">
          <Dialog.Close>
            <Button type="button" variant="soft" color="gray" size="3">
              Annulla
            </Button>
          </Dialog.Close>
          <Button type="button" size="3" onClick={() => onConfirm(crop)}>
            Usa questa foto
          </Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
