import { defineVocabulary, findMentions, russianAdjective, tokenize, type Tokens } from './text-match';

/** 'unchanged' (the source's own shape) or 'width:height'. */
export type AspectRatio = 'unchanged' | `${number}:${number}`;

/** Ratios further from square than this are not pictures anyone asks for by accident. */
const MAX_RATIO = 4;

const NUMERIC_RATIO = /(?<![\d.])(\d{1,2})\s*(?::|x|х|×|\/|\s+by\s+|\s+на\s+)\s*(\d{1,2})(?![\d.])/giu;

const SHAPE_WORDS = defineVocabulary<AspectRatio>([
  { value: '1:1', patterns: ['square', 'squared', 'квадрат*', 'avatar', 'profile picture', 'аватар*', 'аватарк*'] },
  {
    value: '16:9',
    patterns: [
      'widescreen',
      'wide screen',
      'wide',
      'wider',
      'horizontal',
      'horizontally',
      'youtube',
      'desktop wallpaper',
      'широкоформатн*',
      'широкоэкранн*',
      'широк* формат*',
      'шире',
      'горизонтальн*',
      'альбомн*',
    ],
  },
  { value: '21:9', patterns: ['ultrawide', 'ultra wide', 'panorama*', 'panoramic', 'cinemascope', 'панорам*'] },
  {
    value: '9:16',
    patterns: [
      'vertical',
      'vertically',
      'story',
      'stories',
      'reels',
      'reel',
      'tiktok',
      'phone wallpaper',
      'вертикальн*',
      'сторис',
      'сториз',
      'рилс',
      'тикток*',
    ],
  },
  // Not 'portrait mode': that is the background blur of phone cameras.
  { value: '3:4', patterns: ['portrait', 'portrait format', 'portrait orientation', 'in portrait', ...russianAdjective('портретн')] },
  { value: '4:3', patterns: ['landscape format', 'landscape orientation', 'landscape mode', 'in landscape'] },
  { value: '4:5', patterns: ['instagram', 'instagram post', 'инстаграм*', 'инстаграмм*'] },
  {
    value: 'unchanged',
    patterns: [
      'original size',
      'original shape',
      'original ratio',
      'original aspect',
      'same size',
      'same shape',
      'keep the size',
      'keep the shape',
      'исходн* размер*',
      'исходн* формат*',
      'исходн* пропорц*',
      'оригинальн* размер*',
      'оригинальн* формат*',
    ],
  },
]);

/** '32:18' is '16:9'; a side of 0 is no ratio. */
function lowestTerms(width: number, height: number): AspectRatio | null {
  if (width < 1 || height < 1) return null;
  const divisor = greatestCommonDivisor(width, height);
  return `${width / divisor}:${height / divisor}`;
}

function greatestCommonDivisor(a: number, b: number): number {
  return b === 0 ? a : greatestCommonDivisor(b, a % b);
}

/**
 * The shape a request asks for — typed as a ratio ("16:9", "4x5", "3 на 4"; given in lowest terms)
 * or named ("square", "for stories", "панорама") — or null; and the request without the typed
 * ratios, so their numbers are not read as a count of pictures.
 */
export function readAspectRatio(text: string): { ratio: AspectRatio | null; textWithoutRatios: string } {
  const tokens = tokenize(text);
  let ratio: AspectRatio | null = null;
  const textWithoutRatios = text.replace(NUMERIC_RATIO, (match, width: string, height: string) => {
    const parsed = lowestTerms(Number(width), Number(height));
    const value = Number(width) / Number(height);
    if (parsed && value <= MAX_RATIO && value >= 1 / MAX_RATIO) {
      ratio ??= parsed;
      return ' ';
    }
    return match;
  });
  if (ratio) return { ratio, textWithoutRatios };
  const mentions = findMentions(tokens, SHAPE_WORDS).filter(
    (mention) => !(mention.value === '3:4' && isPortraitThePicture(tokens, mention)),
  );
  return { ratio: mentions[0]?.value ?? null, textWithoutRatios };
}

/** Words before a noun: "this portrait" is the photo, not a shape. */
const DETERMINERS = new Set([
  'this',
  'that',
  'the',
  'a',
  'an',
  'my',
  'his',
  'her',
  'our',
  'your',
  'their',
  'these',
  'those',
  'этот',
  'этом',
  'мой',
  'моем',
]);

/** "A portrait of…", "this portrait", "portrait mode" (background blur): the word names the picture or a camera mode, not its shape. */
function isPortraitThePicture(tokens: Tokens, mention: { start: number; end: number }): boolean {
  const next = tokens[mention.end];
  const previous = tokens[mention.start - 1];
  return (
    next === 'of' ||
    next === 'mode' ||
    next === 'режим' ||
    next === 'режиме' ||
    (mention.end - mention.start === 1 && previous !== undefined && DETERMINERS.has(previous))
  );
}
