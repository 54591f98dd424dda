import { describeScene, tokenize } from '@photomuse/request-language';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { LocalImageEngine } from '../local-engine';
import { decodePixels, meanBrightness, meanColour, meanDifference } from '../../test/pictures';
import { noteLine, reasonLine } from '../../test/note-text';

const engine = new LocalImageEngine({ sceneLongSide: 384 });

async function draw(prompt: string, aspectRatio: '1:1' | '16:9' | '9:16' | 'unchanged' = '16:9') {
  const result = await engine.generate(prompt, { count: 1, aspectRatio });
  return { pixels: await decodePixels(result.images[0]!.data), note: result.note };
}

const SKY = { top: 0, bottom: 0.5 };
const BELOW_HORIZON = { top: 0.7, bottom: 1 };

describe('text to image', () => {
  it('draws a night city dark and a sunset over the sea bright and warm', async () => {
    const night = await draw('a night city');
    const sunset = await draw('sunset over the sea');
    expect(meanBrightness(night.pixels)).toBeLessThan(60);
    expect(meanBrightness(sunset.pixels)).toBeGreaterThan(meanBrightness(night.pixels) + 40);
    const [red, , blue] = meanColour(sunset.pixels, { top: 0.3, bottom: 0.58 });
    expect(red).toBeGreaterThan(blue + 40);
    expect(meanDifference(night.pixels, sunset.pixels)).toBeGreaterThan(30);
  });

  it('draws the sea blue under a day sky and sand for a desert', async () => {
    const sea = await draw('the sea at noon');
    const [seaRed, , seaBlue] = meanColour(sea.pixels, BELOW_HORIZON);
    expect(seaBlue).toBeGreaterThan(seaRed + 40);
    const desert = await draw('desert dunes at noon');
    const [sandRed, , sandBlue] = meanColour(desert.pixels, BELOW_HORIZON);
    expect(sandRed).toBeGreaterThan(sandBlue + 40);
    const [skyRed, , skyBlue] = meanColour(desert.pixels, SKY);
    expect(skyBlue).toBeGreaterThan(skyRed + 40);
  });

  it('understands Russian prompts the same way', async () => {
    const english = await draw('a night city');
    const russian = await draw('ночной город');
    expect(meanBrightness(russian.pixels)).toBeLessThan(60);
    expect(Math.abs(meanBrightness(russian.pixels) - meanBrightness(english.pixels))).toBeLessThan(15);
    expect(noteLine(russian.note)).toMatch(/^local\.done \| local\.drewScene words=/);
  });

  it('paints named colours', async () => {
    const plain = await draw('mountains at noon');
    const red = await draw('red mountains at noon');
    const [plainRed] = meanColour(plain.pixels, { top: 0.4, bottom: 0.64 });
    const [redRed] = meanColour(red.pixels, { top: 0.4, bottom: 0.64 });
    expect(redRed).toBeGreaterThan(plainRed + 15);
  });

  it('makes each requested shape', async () => {
    for (const [aspectRatio, ratio] of [
      ['16:9', 16 / 9],
      ['9:16', 9 / 16],
      ['1:1', 1],
      ['unchanged', 1],
    ] as const) {
      const result = await engine.generate('hills', { count: 1, aspectRatio });
      const { width = 0, height = 0 } = await sharp(result.images[0]!.data).metadata();
      expect(Math.abs(width - height * ratio)).toBeLessThanOrEqual(1);
    }
  });

  it('gives different pictures for each of several images asked for', async () => {
    const result = await engine.generate('mountains and a forest', { count: 3, aspectRatio: '1:1' });
    expect(result.images).toHaveLength(3);
    const pictures = await Promise.all(result.images.map((image) => decodePixels(image.data)));
    expect(meanDifference(pictures[0]!, pictures[1]!)).toBeGreaterThan(3);
    expect(meanDifference(pictures[1]!, pictures[2]!)).toBeGreaterThan(3);
  });

  it('applies a named style to the scene and says what it drew and that it is the local engine', async () => {
    const result = await engine.generate('a sunset over the sea in black and white', { count: 1, aspectRatio: '1:1' });
    const pixels = await decodePixels(result.images[0]!.data);
    const [red, green, blue] = meanColour(pixels);
    expect(Math.abs(red - blue)).toBeLessThan(3);
    expect(Math.abs(red - green)).toBeLessThan(3);
    expect(noteLine(result.note)).toContain('local.drewScene words=sunset,sea');
    expect(noteLine(result.note)).toContain('local.style styles=style:black-and-white');
  });

  it('draws a default landscape for a prompt with nothing to draw, and says so', async () => {
    const result = await engine.generate('something beautiful please', { count: 1, aspectRatio: '1:1' });
    expect(result.images).toHaveLength(1);
    expect(noteLine(result.note)).toContain('local.defaultLandscape');
  });

  it('refuses, and draws nothing, when the main subject is something it cannot draw: the reply says what it can draw', async () => {
    for (const prompt of [
      'a giraffe playing the violin',
      'a portrait of a woman in a red dress',
      'a dragon over the mountains',
      'жираф на пляже',
    ]) {
      const attempt = engine.generate(prompt, { count: 1, aspectRatio: '1:1' });
      await expect(attempt, prompt).rejects.toMatchObject({ kind: 'invalid' });
      // Why it drew nothing, then what it can draw.
      expect(await attempt.catch(reasonLine), prompt).toMatch(/^local\.cannotDraw subject=.+ \| local\.canDraw$/);
    }
  });

  it('names in a few words what it drew and what it left out, without the list of everything it can draw', async () => {
    const result = await engine.generate('a cat astronaut on the moon', { count: 1, aspectRatio: '1:1' });
    expect(noteLine(result.note)).toContain('local.leftOut words=astronaut');
    expect(result.note.map((part) => part.code)).not.toContain('local.canDraw');
    // One sentence: what it drew, then what it left out; nothing more.
    expect(noteLine(result.note).replace(/ words=[^|]*?(?= \||$)/g, '')).toBe('local.done | local.drewScene | local.leftOut');
  });

  it('draws a subject it knows and names the extras it left out', async () => {
    const result = await engine.generate('a beach at sunset with a dragon', { count: 1, aspectRatio: '1:1' });
    expect(result.images).toHaveLength(1);
    expect(noteLine(result.note)).toContain('local.leftOut words=dragon');
  });

  it.each([
    ['a lighthouse on a cliff at sunset', ['lighthouse', 'cliff']],
    ['a house with a tree', ['house', 'tree']],
    ['a red car in the city at night', ['car', 'city']],
    ['a bridge over the river', ['bridge', 'sea']],
    ['the Eiffel Tower in Paris', ['eiffel-tower']],
    ['a horse in a field', ['horse', 'field']],
    ['a cat and a dog', ['cat', 'dog']],
    ['a deer in a snowy forest', ['deer', 'snow', 'forest']],
    ['маяк на скале на закате', ['lighthouse', 'cliff']],
  ])('draws the subjects people ask for most: %s', async (prompt, elements) => {
    expect([...describeScene(tokenize(prompt)).elements].sort()).toEqual([...elements].sort());
    const plain = await draw('a field at sunset', '1:1');
    const drawn = await draw(prompt, '1:1');
    expect(noteLine(drawn.note)).not.toContain('local.leftOut');
    // The subject is in the picture: it differs from the same kind of scene without it.
    expect(meanDifference(plain.pixels, drawn.pixels)).toBeGreaterThan(5);
  });
});
