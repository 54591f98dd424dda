import { describe, expect, it } from 'vitest';
import { describeScene } from './scene-words';
import { tokenize } from './text-match';

describe('reading a scene from the prompt', () => {
  it.each([
    ['a night city', 'night', ['city']],
    ['sunset over the sea', 'sunset', ['sea']],
    ['mountains at sunrise', 'sunrise', ['mountains']],
    ['ночной город у моря', 'night', ['city', 'sea']],
    ['закат над морем', 'sunset', ['sea']],
    ['горы и лес утром', 'sunrise', ['mountains', 'forest']],
    ['a starry sky over the desert', 'night', ['sky', 'desert']],
    ['outer space with a planet', 'night', ['space']],
  ])('%s', (prompt, time, elements) => {
    const scene = describeScene(tokenize(prompt));
    expect(scene.time).toBe(time);
    expect([...scene.elements].sort()).toEqual([...elements].sort());
  });

  it('gives a named colour to the element it names, or to the sky', () => {
    expect(describeScene(tokenize('red mountains')).colours.get('mountains')).toBe('red');
    expect(describeScene(tokenize('a purple evening over the sea')).colours.get('sky')).toBeDefined();
    expect(describeScene(tokenize('зелёное море')).colours.get('sea')).toBeDefined();
  });
});
