import { type Tokens } from './text-match';

/** How many pictures a request asks for: "two versions", "3 images", "три варианта", "пару вариантов". */

const NUMBER_WORDS = new Map<string, number>([
  ['one', 1],
  ['single', 1],
  ['two', 2],
  ['three', 3],
  ['four', 4],
  ['five', 5],
  ['six', 6],
  ['seven', 7],
  ['eight', 8],
  ['nine', 9],
  ['ten', 10],
  ['couple', 2],
  ['pair', 2],
  ['few', 3],
  ['several', 3],
  ['один', 1],
  ['одну', 1],
  ['одно', 1],
  ['одна', 1],
  ['одного', 1],
  ['два', 2],
  ['две', 2],
  ['двух', 2],
  ['три', 3],
  ['трех', 3],
  ['четыре', 4],
  ['четырех', 4],
  ['пять', 5],
  ['пяти', 5],
  ['шесть', 6],
  ['семь', 7],
  ['восемь', 8],
  ['девять', 9],
  ['десять', 10],
  ['пару', 2],
  ['пара', 2],
  ['парочку', 2],
  ['несколько', 3],
  ['нескольких', 3],
]);

const COUNT_NOUNS = [
  'image',
  'images',
  'picture',
  'pictures',
  'pic',
  'pics',
  'version',
  'versions',
  'variant',
  'variants',
  'variation',
  'variations',
  'option',
  'options',
  'photo',
  'photos',
  'shot',
  'shots',
  'take',
  'takes',
  'alternative',
  'alternatives',
  'copy',
  'copies',
  'result',
  'results',
  'render',
  'renders',
  'wallpaper',
  'wallpapers',
  'изображени',
  'картин',
  'верси',
  'вариант',
  'фото',
  'фотограф',
  'снимк',
  'снимок',
  'штук',
  'копи',
  'результат',
];
const VARIATION_NOUNS = new Set([
  'versions',
  'variants',
  'variations',
  'options',
  'alternatives',
  'takes',
  'варианты',
  'вариантов',
  'варианта',
  'версии',
  'версий',
]);
const ADJECTIVE_GAP = new Set([
  'more',
  'different',
  'other',
  'new',
  'extra',
  'separate',
  'distinct',
  'ещё',
  'еще',
  'разных',
  'разные',
  'других',
  'другие',
  'новых',
  'новые',
  'разных',
  'отдельных',
  'of',
]);

function numberAt(token: string): number | null {
  if (/^\d{1,3}$/.test(token)) return Number(token);
  return NUMBER_WORDS.get(token) ?? null;
}

function isCountNoun(token: string): boolean {
  return COUNT_NOUNS.some((noun) => (/[а-я]/.test(noun) ? token.startsWith(noun) : token === noun));
}

/** "two versions", "3 images", "три варианта", "a couple of options", "пару вариантов". */
export function findImageCount(tokens: Tokens): number | null {
  for (let index = 0; index < tokens.length; index += 1) {
    const number = numberAt(tokens[index]!);
    if (number === null) continue;
    for (let next = index + 1; next < Math.min(tokens.length, index + 4); next += 1) {
      if (isCountNoun(tokens[next]!)) return number;
      if (!ADJECTIVE_GAP.has(tokens[next]!)) break;
    }
  }
  if (asksForVersions(tokens)) return 2;
  return null;
}

/** "versions", "варианты": more than one picture, and of the one on screen. */
export function asksForVersions(tokens: Tokens): boolean {
  return tokens.some((token) => VARIATION_NOUNS.has(token));
}
