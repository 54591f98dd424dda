import { describe, expect, it } from 'vitest';
import { findTextReplacement } from './text-replacement';

describe('reading a text replacement request', () => {
  it.each([
    ['replace the text with SALE', { newText: 'SALE' }],
    ['change "OPEN" to "CLOSED"', { oldText: 'OPEN', newText: 'CLOSED' }],
    ['replace "top" with SALE', { oldText: 'top', newText: 'SALE' }],
    ['replace the word top with SALE', { oldText: 'top', newText: 'SALE' }],
    ['change the text to "Open daily"', { newText: 'Open daily' }],
    ['замени текст на SALE', { newText: 'SALE' }],
    ['замени «OPEN» на «CLOSED»', { oldText: 'OPEN', newText: 'CLOSED' }],
  ])('%s', (request, expected) => {
    expect(findTextReplacement(request)).toMatchObject(expected);
    if (!('oldText' in expected)) expect(findTextReplacement(request)?.oldText).toBeUndefined();
  });

  it.each(['make the red jacket blue', 'add the caption "Iceland"', 'change the background to white'])(
    'is not a replacement: %s',
    (request) => {
      expect(findTextReplacement(request)).toBeNull();
    },
  );
});
