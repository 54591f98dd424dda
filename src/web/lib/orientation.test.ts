// @vitest-environment jsdom
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CANVAS_BLOB_ERROR, CANVAS_CONTEXT_ERROR, correctOrientation, readOrientation, redrawUpright } from './orientation';

const fixtures = path.resolve(import.meta.dirname, '../../../fixtures');

async function fixtureFile(relative: string, type = 'image/jpeg'): Promise<File> {
  const bytes = await readFile(path.join(fixtures, relative));
  return new File([bytes], path.basename(relative), { type });
}

/** The browser's decoder, which jsdom lacks: an upright 1200×1800 bitmap. */
function stubDecoder() {
  const close = vi.fn();
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async () => ({ width: 1200, height: 1800, close })),
  );
  return close;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('reading the EXIF orientation tag', () => {
  it('reads each camera photo fixture as the orientation its name says', async () => {
    for (const [name, expected] of [
      ['photos/Landscape_6.jpg', 6],
      ['photos/Landscape_1.jpg', 1],
      ['photos/Portrait_3.jpg', 3],
      ['photos/Portrait_8.jpg', 8],
    ] as const) {
      expect(await readOrientation(await fixtureFile(name)), name).toBe(expected);
    }
  });

  it('treats a file without EXIF, or one that is not a JPEG, as upright', async () => {
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])], 'a.png', { type: 'image/png' });
    expect(await readOrientation(png)).toBe(1);
    const bareJpeg = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xdb, 0x00, 0x04, 0x00, 0x00, 0xff, 0xd9])], 'bare.jpg', {
      type: 'image/jpeg',
    });
    expect(await readOrientation(bareJpeg)).toBe(1);
    expect(await readOrientation(new File([], 'empty.jpg'))).toBe(1);
  });

  it('survives a truncated EXIF block', async () => {
    const whole = new Uint8Array(await (await fixtureFile('photos/Landscape_6.jpg')).arrayBuffer());
    const truncated = new File([whole.slice(0, 40)], 'cut.jpg', { type: 'image/jpeg' });
    expect(await readOrientation(truncated)).toBe(1);
  });
});

describe('correcting orientation before upload', () => {
  it('uploads an upright photo (tag 1) as it is, without decoding it', async () => {
    const decode = vi.fn();
    vi.stubGlobal('createImageBitmap', decode);
    const original = await fixtureFile('photos/Landscape_1.jpg');
    expect(await correctOrientation(original)).toBe(original);
    expect(decode).not.toHaveBeenCalled();
  });

  it('falls back to the original file when the browser cannot redraw it', async () => {
    // jsdom has no image decoder: the redraw fails and the original goes up.
    const original = await fixtureFile('photos/Landscape_6.jpg');
    expect(await correctOrientation(original)).toBe(original);
  });

  it("fails with 'Could not get canvas context' when the canvas has no 2D context, and frees the bitmap", async () => {
    const close = stubDecoder();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const original = await fixtureFile('photos/Landscape_6.jpg');
    await expect(redrawUpright(original)).rejects.toThrow(CANVAS_CONTEXT_ERROR);
    expect(close).toHaveBeenCalled();
    expect(await correctOrientation(original)).toBe(original);
  });

  it("fails with 'Failed to create blob from canvas' when encoding yields nothing", async () => {
    stubDecoder();
    const drawImage = vi.fn();
    // `never`: the server's TensorFlow.js types add a WebGPU overload of getContext to the DOM's, and spyOn types the mock by the last one.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage } as never);
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback) => callback(null));
    const original = await fixtureFile('photos/Landscape_6.jpg');
    await expect(redrawUpright(original)).rejects.toThrow(CANVAS_BLOB_ERROR);
    expect(await correctOrientation(original)).toBe(original);
  });

  it('re-encodes a rotated photo as JPEG at 0.95 on a canvas of the upright size', async () => {
    stubDecoder();
    const drawImage = vi.fn();
    let canvasSize: [number, number] = [0, 0];
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
      canvasSize = [this.width, this.height];
      return { drawImage } as unknown as CanvasRenderingContext2D;
    } as unknown as HTMLCanvasElement['getContext']);
    const toBlob = vi
      .spyOn(HTMLCanvasElement.prototype, 'toBlob')
      .mockImplementation((callback) => callback(new Blob(['jpeg'], { type: 'image/jpeg' })));
    const original = await fixtureFile('photos/Landscape_6.jpg');
    const corrected = await correctOrientation(original);
    expect(corrected).not.toBe(original);
    expect(corrected).toMatchObject({ name: 'Landscape_6.jpg', type: 'image/jpeg' });
    expect(canvasSize).toEqual([1200, 1800]);
    expect(createImageBitmap).toHaveBeenCalledWith(original, { imageOrientation: 'from-image' });
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', 0.95);
  });
});
