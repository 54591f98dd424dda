import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { aspectRatioValue } from '../aspect';
import { LocalImageEngine, seedFor } from '../local-engine';
import { decodeToRaster, encodeRaster, pipelineOf, sizeScale, type Raster } from '../raster';
import { decodePixels, fixture, fixturePhotos, meanDifference, uprightSize, type FixturePhoto } from '../../test/pictures';
import { findStyles, tokenize, type AspectRatio } from '@photomuse/request-language';
import { STYLES } from './catalogue';
import { noteLine } from '../../test/note-text';

// Small working size keeps 65 styles × 16 photos quick; the pipelines are the same at any size.
const engine = new LocalImageEngine({ workingMaxSide: 400 });
const RATIOS: AspectRatio[] = ['1:1', '16:9', 'unchanged'];
const photos = fixturePhotos();

describe('the local style catalogue', () => {
  it('has at least 50 named styles, each with English and Russian names', () => {
    expect(STYLES.length).toBeGreaterThanOrEqual(50);
    expect(new Set(STYLES.map((style) => style.id)).size).toBe(STYLES.length);
    for (const style of STYLES) {
      expect(
        style.patterns.some((pattern) => /[a-z]/i.test(pattern)),
        style.id,
      ).toBe(true);
      expect(style.patterns.some((pattern) => /[а-я]/i.test(pattern)) || /^[A-Z]+$/.test(style.russian), style.id).toBe(true);
    }
  });

  it.each(STYLES.map((style) => [style.id, style] as const))('finds %s by its English and its Russian name', (_id, style) => {
    expect(findStyles(tokenize(`make it ${style.english}`)).map((match) => match.value.id)).toContain(style.id);
    expect(findStyles(tokenize(`сделай в стиле ${style.russian}`)).map((match) => match.value.id)).toContain(style.id);
  });

  it('fixtures include every EXIF orientation and the people photos', () => {
    expect(photos.map((photo) => photo.name)).toEqual(
      expect.arrayContaining(['photos/Landscape_6.jpg', 'photos/Portrait_8.jpg', 'people/082.jpg']),
    );
    expect(photos.length).toBeGreaterThanOrEqual(16);
  });
});

describe('every local style on every fixture photo', () => {
  const upright = new Map<string, { width: number; height: number }>();
  const inputs = new Map<string, Buffer>();
  beforeAll(async () => {
    for (const photo of photos) {
      upright.set(photo.name, await uprightSize(photo.data));
      // Same file, fewer pixels to decode on every call; the EXIF orientation tag stays, so the engine must still apply it.
      inputs.set(photo.name, await sharp(photo.data).resize(600, 600, { fit: 'inside' }).keepExif().jpeg({ quality: 90 }).toBuffer());
    }
  });

  async function expectStyled(photo: FixturePhoto, prompt: string, aspectRatio: AspectRatio) {
    const result = await engine.edit([{ data: inputs.get(photo.name)!, mimeType: 'image/jpeg' }], prompt, { count: 1, aspectRatio });
    expect(result.images).toHaveLength(1);
    const image = result.images[0]!;
    const { width = 0, height = 0, format } = await sharp(image.data).metadata();
    expect(format).toBe('jpeg');
    expect(image.mimeType).toBe('image/jpeg');
    // Decodes to the end, not just its header.
    await sharp(image.data, { failOn: 'error' }).raw().toBuffer();
    const source = upright.get(photo.name)!;
    const expected = aspectRatioValue(aspectRatio) ?? source.width / source.height;
    expect(Math.abs(width - height * expected), `${photo.name} ${aspectRatio}: ${width}x${height}`).toBeLessThanOrEqual(1);
    expect(Math.max(width, height)).toBeLessThanOrEqual(400);
  }

  it.each(STYLES.map((style, index) => [style.id, style.english, index] as const))(
    '%s gives a valid image of the requested shape',
    async (_id, name, index) => {
      for (const [position, photo] of photos.entries()) {
        // Every style meets each of 1:1, 16:9 and unchanged across the photos.
        await expectStyled(photo, `make it ${name}`, RATIOS[(index + position) % RATIOS.length]!);
      }
    },
    30_000,
  );
});

describe('styles are visibly different pipelines', () => {
  it.each(['people/082.jpg', 'photos/Landscape_1.jpg'])(
    'no two styles (nor a style and the original) look alike on %s',
    async (name) => {
      const raster: Raster = await decodeToRaster(fixture(name), 300);
      const outputs: { id: string; pixels: { data: Buffer; width: number; height: number } }[] = [{ id: 'original', pixels: raster }];
      for (const style of STYLES) {
        const styled = await style.apply(raster, { seed: 1, scale: sizeScale(raster) });
        expect([styled.width, styled.height], style.id).toEqual([raster.width, raster.height]);
        outputs.push({ id: style.id, pixels: styled });
      }
      const tooClose: string[] = [];
      for (let first = 0; first < outputs.length; first += 1) {
        for (let second = first + 1; second < outputs.length; second += 1) {
          const difference = meanDifference(outputs[first]!.pixels, outputs[second]!.pixels);
          if (difference < 5) tooClose.push(`${outputs[first]!.id}/${outputs[second]!.id}=${difference.toFixed(1)}`);
        }
      }
      expect(tooClose).toEqual([]);
    },
    60_000,
  );

  it('styles keep the picture recognisable: the black-and-white result is grey and follows the original brightness', async () => {
    const raster = await decodeToRaster(fixture('people/040.jpg'), 200);
    const styled = await STYLES.find((style) => style.id === 'black-and-white')!.apply(raster, { seed: 1, scale: sizeScale(raster) });
    for (let index = 0; index < styled.data.length; index += 3) {
      expect(styled.data[index]).toBe(styled.data[index + 1]);
      expect(styled.data[index + 1]).toBe(styled.data[index + 2]);
    }
    const original = await decodePixels(await pipelineOf(raster).png().toBuffer());
    let correlationSum = 0;
    for (let pixel = 0; pixel < raster.width * raster.height; pixel += 1) {
      const luma = (original.data[pixel * 3]! * 77 + original.data[pixel * 3 + 1]! * 150 + original.data[pixel * 3 + 2]! * 29) >> 8;
      correlationSum += Math.abs(luma - styled.data[pixel * 3]!);
    }
    expect(correlationSum / (raster.width * raster.height)).toBeLessThan(20);
  });
});

describe('every style word of the spec and the landing page makes its own style', () => {
  const portrait = fixture('people/037.jpg');
  it.each([
    ['Turn it into a cartoon', 'cartoon'],
    ['make it digital art', 'digital-art'],
    ['anime style please', 'anime'],
    ['make it a 3D render', '3d-render'],
    ['turn it into an oil painting', 'oil-painting'],
    ['a quick sketch of it', 'pencil-sketch'],
    ['Turn this portrait into a pencil sketch', 'pencil-sketch'],
    ['in watercolour', 'watercolour'],
    ['Turn this photo into pop art', 'pop-art'],
    ['pixel art', 'pixel-art'],
    ['Give this photo a vintage film look', 'vintage-film'],
    ['black and white', 'black-and-white'],
    ['сделай в стиле аниме', 'anime'],
    ['сделай цифровой арт', 'digital-art'],
    ['как 3D рендер', '3d-render'],
    ['нарисуй маслом', 'oil-painting'],
  ])('%s → %s', async (request, id) => {
    const style = STYLES.find((candidate) => candidate.id === id)!;
    const result = await engine.edit([{ data: portrait, mimeType: 'image/jpeg' }], request, { count: 1, aspectRatio: 'unchanged' });
    expect(noteLine(result.note)).toContain(`style:${style.id}`);
    // The engine's picture is that style's own pipeline on the photo, and not the photo.
    const raster = await decodeToRaster(portrait, 400);
    const own = await decodePixels(await encodeRaster(await style.apply(raster, { seed: seedFor(request, 0), scale: sizeScale(raster) })));
    const output = await decodePixels(result.images[0]!.data);
    expect(meanDifference(output, own)).toBeLessThan(1);
    expect(meanDifference(output, await decodePixels(await encodeRaster(raster)))).toBeGreaterThan(8);
  });
});
