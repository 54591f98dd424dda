import { describe, expect, it } from 'vitest';
import { imageNameStem, slugOf } from './download-names';

describe('download names of generated images', () => {
  const day = new Date('2026-11-24T13:05:00Z');

  it('names the images of a session by its title and the date', () => {
    expect(imageNameStem('Lighthouse at dusk', day)).toBe('lighthouse-at-dusk-2026-11-24');
  });

  it('keeps letters of any alphabet, drops accents and punctuation', () => {
    expect(slugOf('Café: "crème brûlée"!')).toBe('cafe-creme-brulee');
    expect(slugOf('Сделай куртку красной')).toBe('сделай-куртку-красной');
  });

  it('stays short, and falls back to the product name for an untitled session or a title without words', () => {
    expect(slugOf('a '.repeat(10) + 'very long title that goes on and on and on').length).toBeLessThanOrEqual(40);
    expect(imageNameStem(null, day)).toBe('photomuse-2026-11-24');
    expect(imageNameStem('!!!', day)).toBe('photomuse-2026-11-24');
  });
});
