import { defineVocabulary, russianAdjective } from './text-match';

/** A colour people name in requests, and its name in replies. */
export interface ColourName {
  id: string;
  english: string;
  russian: string;
}

/** Every colour the words below name; the image package gives each its hue range and paint. */
export const COLOUR_NAMES: readonly ColourName[] = [
  { id: 'red', english: 'red', russian: 'красный' },
  { id: 'orange', english: 'orange', russian: 'оранжевый' },
  { id: 'yellow', english: 'yellow', russian: 'жёлтый' },
  { id: 'gold', english: 'gold', russian: 'золотой' },
  { id: 'green', english: 'green', russian: 'зелёный' },
  { id: 'teal', english: 'teal', russian: 'бирюзовый' },
  { id: 'light-blue', english: 'light blue', russian: 'голубой' },
  { id: 'blue', english: 'blue', russian: 'синий' },
  { id: 'purple', english: 'purple', russian: 'фиолетовый' },
  { id: 'pink', english: 'pink', russian: 'розовый' },
  { id: 'brown', english: 'brown', russian: 'коричневый' },
  { id: 'white', english: 'white', russian: 'белый' },
  { id: 'black', english: 'black', russian: 'чёрный' },
  { id: 'grey', english: 'grey', russian: 'серый' },
];

export function colourName(id: string): ColourName {
  const colour = COLOUR_NAMES.find((candidate) => candidate.id === id);
  if (!colour) throw new Error(`Unknown colour ${id}`);
  return colour;
}

/** Colour words in English and Russian (every case of the Russian adjective). */
export const COLOUR_WORDS = defineVocabulary<string>([
  {
    value: 'red',
    patterns: ['red', 'reds', 'scarlet', 'crimson', ...russianAdjective('красн'), 'алый', 'алая', 'алую', 'алой', 'алым', 'алое'],
  },
  { value: 'orange', patterns: ['orange', 'oranges', ...russianAdjective('оранжев')] },
  { value: 'yellow', patterns: ['yellow', 'yellows', ...russianAdjective('желт')] },
  { value: 'gold', patterns: ['gold', 'golden', ...russianAdjective('золот'), ...russianAdjective('золотист')] },
  { value: 'green', patterns: ['green', 'greens', ...russianAdjective('зелен')] },
  { value: 'teal', patterns: ['teal', 'turquoise', 'cyan', 'aqua', ...russianAdjective('бирюзов')] },
  { value: 'light-blue', patterns: ['light blue', 'sky blue', 'baby blue', ...russianAdjective('голуб')] },
  { value: 'blue', patterns: ['blue', 'blues', 'navy', ...russianAdjective('син')] },
  {
    value: 'purple',
    patterns: [
      'purple',
      'violet',
      'lilac',
      'lavender',
      ...russianAdjective('фиолетов'),
      ...russianAdjective('пурпурн'),
      ...russianAdjective('лилов'),
      ...russianAdjective('сиренев'),
    ],
  },
  { value: 'pink', patterns: ['pink', 'magenta', 'fuchsia', ...russianAdjective('розов')] },
  { value: 'brown', patterns: ['brown', ...russianAdjective('коричнев')] },
  { value: 'white', patterns: ['white', ...russianAdjective('бел')] },
  { value: 'black', patterns: ['black', ...russianAdjective('черн')] },
  { value: 'grey', patterns: ['grey', 'gray', ...russianAdjective('сер')] },
]);
