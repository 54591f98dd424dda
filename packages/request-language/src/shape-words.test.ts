import { describe, expect, it } from 'vitest';
import { readAspectRatio } from './shape-words';

describe('reading the shape a request asks for', () => {
  it.each([
    ['make it 16:9', '16:9'],
    ['crop to 4x5', '4:5'],
    ['сделай 3 на 4', '3:4'],
    ['32:18 please', '16:9'],
    ['make it square', '1:1'],
    ['for my stories', '9:16'],
    ['панорама', '21:9'],
    ['keep the original shape', 'unchanged'],
    ['make it darker', null],
  ])('%s → %s', (request, ratio) => {
    expect(readAspectRatio(request).ratio).toBe(ratio);
  });

  it('leaves out ratios no one asks for by accident, and keeps their numbers in the text', () => {
    expect(readAspectRatio('make it 20:1').ratio).toBeNull();
    expect(readAspectRatio('make it 20:1').textWithoutRatios).toContain('20:1');
  });

  it('takes the typed ratio out of the text, so its numbers are not read as a count', () => {
    expect(readAspectRatio('2 versions 16:9').textWithoutRatios.trim()).toBe('2 versions');
  });

  it('reads "portrait" as a shape, but not in "a portrait of" or "portrait mode"', () => {
    expect(readAspectRatio('make it portrait').ratio).toBe('3:4');
    expect(readAspectRatio('a portrait of my dog').ratio).toBeNull();
    expect(readAspectRatio('portrait mode').ratio).toBeNull();
  });
});
