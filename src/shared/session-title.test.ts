import { describe, expect, it } from 'vitest';
import { cleanTitle, SESSION_TITLE_MAX_LENGTH, titleFromRequest } from './session-title';

describe('a session title from the first request', () => {
  it('takes the first six words, capitalised, without trailing punctuation', () => {
    expect(titleFromRequest('a lighthouse at sunset over a calm sea, please')).toBe('A lighthouse at sunset over a');
    expect(titleFromRequest('make the jacket red!')).toBe('Make the jacket red');
    expect(titleFromRequest('  put me\non a   beach  ')).toBe('Put me on a beach');
  });

  it('keeps other alphabets as they are written', () => {
    expect(titleFromRequest('сделай куртку красной')).toBe('Сделай куртку красной');
  });

  it('stops before a word that would make the title too long for one line', () => {
    expect(titleFromRequest('supercalifragilisticexpialidocious extraordinarily magnificent watercolour')).toBe(
      'Supercalifragilisticexpialidocious',
    );
  });

  it('has no title for a request without words (photos only)', () => {
    expect(titleFromRequest('')).toBeNull();
    expect(titleFromRequest('  …  ')).toBeNull();
  });

  it('cuts a suggested title to the longest session name', () => {
    expect(cleanTitle('x'.repeat(150))).toHaveLength(SESSION_TITLE_MAX_LENGTH);
    expect(cleanTitle('Beach portrait.')).toBe('Beach portrait');
  });
});
