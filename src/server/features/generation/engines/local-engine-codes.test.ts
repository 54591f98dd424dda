import { LOCAL_NOTE_CODES } from '@photomuse/image';
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

describe('the built-in engine’s codes and names', () => {
  it('are all codes the app words', () => {
    expect(LOCAL_NOTE_CODES.filter((code) => !(SERVER_TEXT_CODES as readonly string[]).includes(code))).toEqual([]);
  });

  it.each(Object.keys(lists) as (keyof typeof lists)[])('every %s it names has an English and a Russian name', (kind) => {
    for (const { id } of lists[kind]) {
      expect((english.names[kind] as Record<string, string>)[id], `English ${kind} ${id}`).toBeTruthy();
      expect((russian.names[kind] as Record<string, string>)[id], `Russian ${kind} ${id}`).toBeTruthy();
    }
  });
});
