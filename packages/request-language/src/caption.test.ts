import { describe, expect, it } from 'vitest';
import { findCaption } from './caption';
import { readEditRequest } from './edit-instructions';

describe('reading a caption request', () => {
  it.each([
    ['Add the caption "Iceland"', 'Iceland', 'bottom'],
    ['write "Happy birthday" on it', 'Happy birthday', 'bottom'],
    ["add text 'Sale' at the top", 'Sale', 'top'],
    ['Add the caption “Iceland” at the bottom', 'Iceland', 'bottom'],
    ['добавь надпись «Исландия»', 'Исландия', 'bottom'],
    ['напиши "Привет"', 'Привет', 'bottom'],
    ['напиши сверху «С днём рождения»', 'С днём рождения', 'top'],
  ])('%s → %s, %s', (request, text, position) => {
    expect(findCaption(request)).toMatchObject({ text, position });
  });

  it('leaves text replacements to the text replacer: the new words are written over the old, not added as a caption', () => {
    for (const request of ['replace the text with "Open"', 'замени текст на «Открыто»']) {
      const { instructions } = readEditRequest(request);
      expect(instructions.caption).toBeNull();
      expect(instructions.textReplacement).toMatchObject({ newText: expect.stringMatching(/Open|Открыто/) });
    }
  });

  it('needs both quoted words and a word about text', () => {
    expect(findCaption('make it sepia')).toBeNull();
    expect(findCaption('add a caption')).toBeNull();
    expect(findCaption('give it a "vintage" look')).toBeNull();
    expect(findCaption("don't crop it, write nothing")).toBeNull();
  });

  it('does not read the caption’s own words as instructions', () => {
    const { instructions } = readEditRequest('Add the caption "Black and white"');
    expect(instructions.caption?.text).toBe('Black and white');
    expect(instructions.styles).toHaveLength(0);
    const both = readEditRequest('make it sepia and add the caption "Paris"');
    expect(both.instructions.styles.map((style) => style.id)).toContain('sepia');
    expect(both.instructions.caption?.text).toBe('Paris');
  });
});
