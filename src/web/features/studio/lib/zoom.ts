/** The preview's zoom: 1 is the image fitted to the screen; it never shrinks below that. */
export const ZOOM_MIN = 1;
export const ZOOM_MAX = 8;
/** One press of 'Zoom in' / 'Zoom out' (or + / −) multiplies or divides the zoom by this. */
export const ZOOM_STEP = 1.5;
/** How far one arrow key press pans a zoomed image, in screen pixels. */
export const PAN_STEP_PX = 60;

export interface View {
  scale: number;
  /** Offset of the image's centre from the frame's centre, in screen pixels. */
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

export const FITTED: View = { scale: 1, x: 0, y: 0 };

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Keeps the zoomed image covering the frame where it can: no panning it off into empty space. */
export function clampView(view: View, fitted: Size, frame: Size): View {
  const scale = clamp(view.scale, ZOOM_MIN, ZOOM_MAX);
  const spareX = Math.max(0, (fitted.width * scale - frame.width) / 2);
  const spareY = Math.max(0, (fitted.height * scale - frame.height) / 2);
  return { scale, x: clamp(view.x, -spareX, spareX), y: clamp(view.y, -spareY, spareY) };
}

/**
 * Zooms to `scale` keeping the point under `focus` (relative to the frame's centre) where it is,
 * as a wheel turn or a pinch does; buttons and keys zoom about the centre (focus 0, 0).
 */
export function zoomTo(view: View, scale: number, focus: { x: number; y: number }, fitted: Size, frame: Size): View {
  const next = clamp(scale, ZOOM_MIN, ZOOM_MAX);
  const ratio = next / view.scale;
  return clampView({ scale: next, x: focus.x - (focus.x - view.x) * ratio, y: focus.y - (focus.y - view.y) * ratio }, fitted, frame);
}

/** The zoom at which one image pixel is one screen (CSS) pixel: '100 %'. */
export function actualSizeScale(natural: Size, fitted: Size): number {
  if (fitted.width <= 0 || natural.width <= 0) return 1;
  return clamp(natural.width / fitted.width, ZOOM_MIN, ZOOM_MAX);
}

/** The view after a key press in the preview, or null for keys it does not handle. */
export function viewAfterKey(key: string, view: View, fitted: Size, frame: Size, natural: Size): View | null {
  const centre = { x: 0, y: 0 };
  switch (key) {
    case '+':
    case '=':
      return zoomTo(view, view.scale * ZOOM_STEP, centre, fitted, frame);
    case '-':
    case '_':
      return zoomTo(view, view.scale / ZOOM_STEP, centre, fitted, frame);
    case '0':
      return FITTED;
    case '1':
      return zoomTo(FITTED, actualSizeScale(natural, fitted), centre, fitted, frame);
    case 'ArrowLeft':
      return clampView({ ...view, x: view.x + PAN_STEP_PX }, fitted, frame);
    case 'ArrowRight':
      return clampView({ ...view, x: view.x - PAN_STEP_PX }, fitted, frame);
    case 'ArrowUp':
      return clampView({ ...view, y: view.y + PAN_STEP_PX }, fitted, frame);
    case 'ArrowDown':
      return clampView({ ...view, y: view.y - PAN_STEP_PX }, fitted, frame);
    default:
      return null;
  }
}
