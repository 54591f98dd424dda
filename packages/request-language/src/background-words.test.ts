import { describe, expect, it } from 'vitest';
import { findBackgroundChange } from './background-words';
import { readEditRequest } from './edit-instructions';
import { tokenize } from './text-match';

describe('reading a background request', () => {
  it.each([
    ['put me on a beach', 'scene'],
    ['put me in Paris', 'scene'],
    ['take us to space', 'scene'],
    ['put me in a snowy forest at sunset', 'scene'],
    ['change the background to mountains', 'scene'],
    ['помести меня на пляж', 'scene'],
    ['замени фон на горы', 'scene'],
    ['remove the background', 'remove'],
    ['make the background transparent', 'remove'],
    ['убери фон', 'remove'],
    ['blur the background', 'blur'],
    ['portrait mode please', 'blur'],
    ['размой фон', 'blur'],
    ['white background', 'colour'],
    ['make the background blue', 'colour'],
    ['фон синий', 'colour'],
  ])('%s → %s', (request, kind) => {
    expect(findBackgroundChange(tokenize(request))?.change.kind).toBe(kind);
  });

  it('names the colour of a colour backdrop and the scene of a new place', () => {
    expect(findBackgroundChange(tokenize('a pink background'))?.change).toMatchObject({ kind: 'colour', colour: { id: 'pink' } });
    const scene = findBackgroundChange(tokenize('put me on a beach at sunset'))?.change;
    expect(scene).toMatchObject({ kind: 'scene', scene: { time: 'sunset' } });
    expect(scene?.kind === 'scene' && [...scene.scene.elements]).toEqual(['beach']);
  });

  it.each(['make it sepia', 'make the shirt blue', 'change the blue background to pink', 'make it winter'])(
    'is no background change: %s',
    (request) => {
      expect(findBackgroundChange(tokenize(request))).toBeNull();
    },
  );

  it('keeps "blur the background" from the blur style, and recolours a named background colour within the background only', () => {
    const blurred = readEditRequest('blur the background').instructions;
    expect(blurred.background).toEqual({ kind: 'blur' });
    expect(blurred.styles).toEqual([]);
    const recoloured = readEditRequest('change the blue background to pink').instructions;
    expect(recoloured.colourChange).toEqual({ from: 'blue', to: 'pink' });
    expect(recoloured.colourTarget).toEqual({ kind: 'background' });
  });
});
