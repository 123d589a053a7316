import { Box, Button, CloseButton, Dialog, Portal, Slider, Stack, Text } from '@chakra-ui/react';
import { type PointerEvent as ReactPointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useT } from '../../lib/i18n';

/** Avatars are cropped square and drawn at 65 x 65. */
export const AVATAR_SIZE = 65;
/** The on-screen crop area, in CSS pixels. */
const VIEW = 260;
const MAX_ZOOM = 4;

export type CroppedAvatar = { blob: Blob; previewUrl: string };

type Placement = { zoom: number; x: number; y: number };

/** The scale at which the image just covers the square view at zoom 1. */
function coverScale(image: HTMLImageElement): number {
  return VIEW / Math.min(image.naturalWidth, image.naturalHeight);
}

/** Keeps the image covering the whole square: no empty border can be cropped. */
function clampPlacement(image: HTMLImageElement, placement: Placement): Placement {
  const scale = coverScale(image) * placement.zoom;
  const minX = VIEW - image.naturalWidth * scale;
  const minY = VIEW - image.naturalHeight * scale;
  return {
    zoom: placement.zoom,
    x: Math.min(0, Math.max(minX, placement.x)),
    y: Math.min(0, Math.max(minY, placement.y)),
  };
}

function centred(image: HTMLImageElement): Placement {
  const scale = coverScale(image);
  return { zoom: 1, x: (VIEW - image.naturalWidth * scale) / 2, y: (VIEW - image.naturalHeight * scale) / 2 };
}

/** Draws the visible square of the image onto a canvas of `size` pixels. */
function draw(canvas: HTMLCanvasElement, image: HTMLImageElement, placement: Placement, size: number): void {
  const context = canvas.getContext('2d');
  if (!context) return;
  const ratio = size / VIEW;
  const scale = coverScale(image) * placement.zoom * ratio;
  context.clearRect(0, 0, size, size);
  context.imageSmoothingQuality = 'high';
  context.drawImage(
    image,
    placement.x * ratio,
    placement.y * ratio,
    image.naturalWidth * scale,
    image.naturalHeight * scale,
  );
}

function toPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('toBlob failed'))), 'image/png'),
  );
}

/**
 * The square crop dialog: drag the picture to move it, the slider zooms. 'Zuschneiden' draws the
 * square at 65 x 65 and hands back a PNG.
 */
export function AvatarCropDialog({
  file,
  onCropped,
  onCancel,
}: {
  file: File | null;
  onCropped: (avatar: CroppedAvatar) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [failed, setFailed] = useState(false);
  const [placement, setPlacement] = useState<Placement>({ zoom: 1, x: 0, y: 0 });
  const drag = useRef<{ pointerId: number; startX: number; startY: number; from: Placement } | null>(null);

  useEffect(() => {
    setImage(null);
    setFailed(false);
    if (!file) return undefined;
    const url = URL.createObjectURL(file);
    const element = new Image();
    element.onload = () => {
      setImage(element);
      setPlacement(centred(element));
    };
    element.onerror = () => setFailed(true);
    element.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (canvas && image) draw(canvas, image, placement, VIEW);
  }, [image, placement]);

  // The dialog mounts its content after opening, so the canvas may arrive after the image.
  const attachCanvas = useCallback(
    (canvas: HTMLCanvasElement | null) => {
      canvasRef.current = canvas;
      if (canvas && image) draw(canvas, image, placement, VIEW);
    },
    [image, placement],
  );

  const zoomTo = (zoom: number) => {
    if (!image) return;
    // Zoom around the centre of the square so the part in view stays in view.
    const factor = zoom / placement.zoom;
    const x = VIEW / 2 - (VIEW / 2 - placement.x) * factor;
    const y = VIEW / 2 - (VIEW / 2 - placement.y) * factor;
    setPlacement(clampPlacement(image, { zoom, x, y }));
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, from: placement };
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId || !image) return;
    setPlacement(
      clampPlacement(image, {
        zoom: current.from.zoom,
        x: current.from.x + event.clientX - current.startX,
        y: current.from.y + event.clientY - current.startY,
      }),
    );
  };
  const endDrag = () => {
    drag.current = null;
  };

  const crop = async () => {
    if (!image) return;
    const output = document.createElement('canvas');
    output.width = AVATAR_SIZE;
    output.height = AVATAR_SIZE;
    draw(output, image, placement, AVATAR_SIZE);
    const blob = await toPng(output);
    onCropped({ blob, previewUrl: output.toDataURL('image/png') });
  };

  return (
    <Dialog.Root
      open={file !== null}
      onOpenChange={(details) => {
        if (!details.open) onCancel();
      }}
      placement="center"
      size="sm"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="avatar-crop-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('crop.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4" align="center">
                {failed ? (
                  <Text color="fg.error" data-testid="avatar-crop-error">
                    {t('crop.notAnImage')}
                  </Text>
                ) : (
                  <Box
                    position="relative"
                    w={`${VIEW}px`}
                    h={`${VIEW}px`}
                    borderRadius="md"
                    overflow="hidden"
                    bg="bg.muted"
                    borderWidth="1px"
                    borderColor="border.emphasized"
                  >
                    <canvas
                      ref={attachCanvas}
                      width={VIEW}
                      height={VIEW}
                      data-testid="avatar-crop-canvas"
                      style={{ display: 'block', cursor: 'move', touchAction: 'none' }}
                      onPointerDown={onPointerDown}
                      onPointerMove={onPointerMove}
                      onPointerUp={endDrag}
                      onPointerCancel={endDrag}
                    />
                  </Box>
                )}
                <Text fontSize="sm" color="fg.muted">
                  {t('crop.hint')}
                </Text>
                <Slider.Root
                  w={`${VIEW}px`}
                  min={1}
                  max={MAX_ZOOM}
                  step={0.01}
                  value={[placement.zoom]}
                  disabled={!image}
                  onValueChange={(details) => zoomTo(details.value[0] ?? 1)}
                  colorPalette="brand"
                  data-testid="avatar-crop-zoom"
                >
                  <Slider.Label>{t('crop.zoom')}</Slider.Label>
                  <Slider.Control>
                    <Slider.Track>
                      <Slider.Range />
                    </Slider.Track>
                    <Slider.Thumbs />
                  </Slider.Control>
                </Slider.Root>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel} data-testid="avatar-crop-cancel">
                {t('crop.cancel')}
              </Button>
              <Button
                colorPalette="brand"
                onClick={() => void crop()}
                disabled={!image}
                data-testid="avatar-crop-confirm"
              >
                {t('crop.confirm')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
