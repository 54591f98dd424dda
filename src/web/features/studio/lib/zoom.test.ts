import { describe, expect, it } from 'vitest';
import { actualSizeScale, clampView, FITTED, viewAfterKey, zoomTo, ZOOM_MAX } from './zoom';

const fitted = { width: 400, height: 300 };
const frame = { width: 800, height: 300 };
const natural = { width: 1600, height: 1200 };

describe('preview zoom', () => {
  it('keeps the point under the pointer in place while zooming', () => {
    const view = zoomTo(FITTED, 2, { x: 100, y: 50 }, fitted, frame);
    // The image point under (100, 50) was at 100/1 from the centre; at scale 2 it must still sit under the pointer.
    expect(view.scale).toBe(2);
    expect(view.x + 100 * 2 - 100 * 1).toBeCloseTo(100);
    expect(view.y).toBeCloseTo(-50 + 0);
  });

  it('never zooms out past fitted nor in past the maximum', () => {
    expect(zoomTo(FITTED, 0.2, { x: 0, y: 0 }, fitted, frame)).toEqual(FITTED);
    expect(zoomTo(FITTED, 100, { x: 0, y: 0 }, fitted, frame).scale).toBe(ZOOM_MAX);
  });

  it('does not pan the image off the frame', () => {
    // At scale 3 the image is 1200×900 in an 800×300 frame: 200 px of slack each side horizontally, 300 vertically.
    expect(clampView({ scale: 3, x: 999, y: -999 }, fitted, frame)).toEqual({ scale: 3, x: 200, y: -300 });
    // Fitted, nothing can move.
    expect(clampView({ scale: 1, x: 50, y: 50 }, fitted, frame)).toEqual({ scale: 1, x: 0, y: 0 });
  });

  it('shows 100 % as one image pixel per screen pixel', () => {
    expect(actualSizeScale(natural, fitted)).toBe(4);
  });

  it('answers the keyboard: + and − zoom, 0 fits, 1 is 100 %, arrows pan', () => {
    const zoomed = viewAfterKey('+', FITTED, fitted, frame, natural)!;
    expect(zoomed.scale).toBe(1.5);
    expect(viewAfterKey('-', zoomed, fitted, frame, natural)!.scale).toBe(1);
    expect(viewAfterKey('0', zoomed, fitted, frame, natural)).toEqual(FITTED);
    expect(viewAfterKey('1', FITTED, fitted, frame, natural)!.scale).toBe(4);
    const big = { scale: 4, x: 0, y: 0 };
    expect(viewAfterKey('ArrowRight', big, fitted, frame, natural)!.x).toBe(-60);
    expect(viewAfterKey('a', big, fitted, frame, natural)).toBeNull();
  });
});
