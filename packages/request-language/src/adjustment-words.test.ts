import { describe, expect, it } from 'vitest';
import { findAdjustments } from './adjustment-words';
import { tokenize } from './text-match';

function read(request: string) {
  return findAdjustments(tokenize(request)).map(({ adjustment, strength, turnDegrees, mirrorAxis }) => ({
    id: adjustment.id,
    strength,
    turnDegrees,
    mirrorAxis,
  }));
}

describe('reading plain adjustments', () => {
  it.each([
    ['now make it darker', 'darker', 1],
    ['a bit brighter', 'brighter', 0.5],
    ['намного светлее', 'brighter', 1.7],
    ['more contrast', 'more-contrast', 1],
    ['чуть резче', 'sharpen', 0.5],
  ])('%s → %s at strength %s', (request, id, strength) => {
    expect(read(request)).toEqual([{ id, strength, turnDegrees: undefined, mirrorAxis: undefined }]);
  });

  it.each([
    ['rotate it', 90],
    ['rotate it left', 270],
    ['поверни влево', 270],
    ['turn it upside down', 180],
    ['переверни вверх ногами', 180],
  ])('reads which way "%s" turns: %s°', (request, degrees) => {
    expect(read(request)).toMatchObject([{ id: 'rotate', turnDegrees: degrees }]);
  });

  it.each([
    ['mirror it', 'horizontal'],
    ['flip it vertically', 'vertical'],
    ['отрази вертикально', 'vertical'],
  ])('reads which way "%s" mirrors: %s', (request, axis) => {
    expect(read(request)).toMatchObject([{ id: 'flip', mirrorAxis: axis }]);
  });
});
