import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { coded, SERVER_TEXT_CODES, type InnerCodedText } from './coded-text';
import { codedTextSchema } from './coded-text-schema';
import { wordCodedTexts, type Translate } from './coded-text-wording';
import english from './locales/en/server.json';
import russian from './locales/ru/server.json';

type Texts = Record<string, unknown>;

/** The text of a code in one language's file: the key itself, or its plural forms. */
function textsOf(file: Texts, code: string): string[] {
  const parts = code.split('.');
  const last = parts.pop()!;
  let node: unknown = file;
  for (const part of parts) node = (node as Texts | undefined)?.[part];
  const holder = (node ?? {}) as Texts;
  return Object.entries(holder)
    .filter(([key, value]) => typeof value === 'string' && (key === last || key.startsWith(`${last}_`)))
    .map(([, value]) => value as string);
}

function translatorIn(lng: 'en' | 'ru'): Translate {
  const instance = createInstance();
  void instance.init({
    lng,
    fallbackLng: false,
    resources: { [lng]: { server: lng === 'en' ? english : russian } },
    ns: ['server'],
    defaultNS: 'server',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance.t.bind(instance) as unknown as Translate;
}

describe('the codes the server sends', () => {
  it.each(SERVER_TEXT_CODES)('%s has an English and a Russian text', (code) => {
    expect(textsOf(english, code).length, `English text of ${code}`).toBeGreaterThan(0);
    expect(textsOf(russian, code).length, `Russian text of ${code}`).toBeGreaterThan(0);
  });

  it('word a failure reply in the reader’s language, with the cause inside it and the refund in their money format', () => {
    const failure = [
      coded('failure.notMade', { reason: { coded: { code: 'local.noPerson' } } }),
      coded('failure.refundedBoth', { amount: { cents: 1234 }, count: 2 }),
    ];
    expect(wordCodedTexts(translatorIn('en'), failure)).toBe(
      'Sorry, the image could not be made: No person was found in this photo, so the background was not changed. The charge was refunded ($12.34 was refunded to your balance, 2 free images returned).',
    );
    const inRussian = wordCodedTexts(translatorIn('ru'), failure);
    expect(inRussian).toContain('К сожалению, изображение не удалось сделать: На фото не найден человек, поэтому фон не изменён.');
    expect(inRussian).toContain('$12.34');
    expect(inRussian).toContain('2 бесплатных изображения');
  });

  it('word a note as one sentence of its parts, names from the fixed lists in the reader’s language, capitalised where a name starts it', () => {
    const parts: InnerCodedText[] = [
      {
        code: 'local.garmentRecoloured',
        params: {
          garment: { name: 'garment', id: 'shirt' },
          from: { name: 'colour', id: 'red' },
          to: { name: 'colour', id: 'blue' },
        },
      },
      {
        code: 'local.applied',
        params: {
          looks: {
            refs: [
              { name: 'style', id: 'sepia' },
              { name: 'adjustment', id: 'darker' },
            ],
          },
        },
      },
      { code: 'local.leftOut', params: { words: ['astronaut'] } },
    ];
    const note = [coded('local.done', { done: { clauses: parts } })];
    expect(wordCodedTexts(translatorIn('en'), note)).toBe(
      "Changed the shirt from red to blue; applied sepia, darker; I couldn't draw astronaut.",
    );
    expect(wordCodedTexts(translatorIn('ru'), note)).toBe(
      'Рубашка: цвет «красный» заменён на «синий»; применено: сепия, темнее; не удалось нарисовать: astronaut.',
    );
    // A reply stored when each part was a sentence of its own still reads as sentences.
    expect(wordCodedTexts(translatorIn('en'), parts.slice(0, 2))).toBe('Changed the shirt from red to blue. Applied sepia, darker.');
  });

  it('refuse a code that is not on the list', () => {
    expect(codedTextSchema.safeParse({ code: 'reply.unknown' }).success).toBe(false);
    expect(codedTextSchema.safeParse({ code: 'reply.madeWith', params: { model: 'gpt-image-1' } }).success).toBe(true);
  });
});
