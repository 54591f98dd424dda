import { LOCAL_NOTE_CODES, NOTE_CLAUSE_CODES } from '@photomuse/image';
import { ADJUSTMENTS, COLOUR_NAMES, GARMENTS, STYLES } from '@photomuse/request-language';
import { describe, expect, it } from 'vitest';
import { SERVER_TEXT_CODES } from '@shared/coded-text';
import english from '@shared/locales/en/server.json';
import russian from '@shared/locales/ru/server.json';

/**
 * The built-in engine writes its notes as codes and names things from its lists by id: the app
 * must have words for every one of them, in every language, or a reader sees a bare id.
 */
const lists = { style: STYLES, colour: COLOUR_NAMES, garment: GARMENTS, adjustment: ADJUSTMENTS } as const;

/** Every text of a code in one language: its plural forms too (`local.variations_one`, `_other`…). */
function textsOf(texts: Record<string, string>, code: string): string[] {
  const key = code.replace(/^local\./, '');
  return Object.entries(texts)
    .filter(([name]) => name === key || name.startsWith(`${key}_`))
    .map(([, text]) => text);
}

/** The text without what it quotes (the user's words, examples) or its parameters, where full stops are no sentence's end. */
const unquoted = (text: string) => text.replace(/“[^”]*”|«[^»]*»|‘[^’]*’|„[^“]*“|\{\{[^}]*\}\}|\([^)]*\)/g, 'x');
/** A sentence's end followed by more words: two sentences. */
const SECOND_SENTENCE = /[.!?]\s+\S/u;

describe('the built-in engine’s codes and names', () => {
  it('are all codes the app words', () => {
    expect(LOCAL_NOTE_CODES.filter((code) => !(SERVER_TEXT_CODES as readonly string[]).includes(code))).toEqual([]);
  });

  it.each([
    ['English', english.local],
    ['Russian', russian.local],
  ] as const)('in %s, each note and reason is one sentence, and each part of a note is part of one', (_language, texts) => {
    const clauses = new Set<string>(NOTE_CLAUSE_CODES);
    for (const code of LOCAL_NOTE_CODES.filter((code) => code.startsWith('local.'))) {
      const worded = textsOf(texts as Record<string, string>, code);
      expect(worded.length, code).toBeGreaterThan(0);
      for (const text of worded) {
        expect(unquoted(text), `${code}: ${text}`).not.toMatch(SECOND_SENTENCE);
        // A part goes between others ("changed the jacket from blue to red; cropped to 16:9"): no full stop of its own.
        if (clauses.has(code)) expect(text, `${code}: ${text}`).not.toMatch(/[.!?]$/);
        else expect(text, `${code}: ${text}`).toMatch(/[.!?]$/);
      }
    }
  });

  it.each(Object.keys(lists) as (keyof typeof lists)[])('every %s it names has an English and a Russian name', (kind) => {
    for (const { id } of lists[kind]) {
      expect((english.names[kind] as Record<string, string>)[id], `English ${kind} ${id}`).toBeTruthy();
      expect((russian.names[kind] as Record<string, string>)[id], `Russian ${kind} ${id}`).toBeTruthy();
    }
  });
});
