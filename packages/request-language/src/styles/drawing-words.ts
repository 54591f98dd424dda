import { russianAdjective } from '../text-match';
import { type Style } from './style-words';

/** The words that ask for drawn looks: pencil, charcoal, ink, comics, cartoons. */

export const drawingStyles: Style[] = [
  {
    id: 'pencil-sketch',
    english: 'pencil sketch',
    russian: 'карандашный набросок',
    patterns: [
      'pencil*',
      'pencil sketch',
      'sketch*',
      'drawing',
      'graphite',
      'карандаш*',
      'эскиз*',
      'набросок',
      'наброск*',
      'скетч*',
      'рисунок',
      'графит*',
    ],
  },
  {
    id: 'coloured-pencil',
    english: 'coloured pencils',
    russian: 'цветные карандаши',
    patterns: [
      'colo* pencil*',
      'crayon*',
      ...russianAdjective('цветн').map((word) => `${word} карандаш*`),
      'мелки',
      'мелками',
      'мелок',
      'мелков',
    ],
  },
  {
    id: 'charcoal',
    english: 'charcoal',
    russian: 'уголь',
    patterns: ['charcoal', 'уголь', 'углем', 'угля', 'угольн*'],
  },
  {
    id: 'ink',
    english: 'ink line art',
    russian: 'рисунок тушью',
    patterns: [
      'ink',
      'ink drawing',
      'pen and ink',
      'line art',
      'lineart',
      'outline*',
      'тушь',
      'тушью',
      'чернил*',
      'контур*',
      'линейн* рисун*',
    ],
  },
  {
    id: 'blueprint',
    english: 'blueprint',
    russian: 'чертёж',
    patterns: ['blueprint*', 'technical drawing', 'чертеж*', 'блюпринт*'],
  },
  {
    id: 'comic-book',
    english: 'comic book',
    russian: 'комикс',
    patterns: ['comic*', 'comic book', 'graphic novel', 'комикс*'],
  },
  {
    id: 'cartoon',
    english: 'cartoon',
    russian: 'мультфильм',
    patterns: ['cartoon*', 'toon', 'animated', 'мульт*'],
  },
];
