import { russianAdjective } from '../text-match';
import { type Style } from './style-words';

/** The words that ask for painted looks. */

export const paintingStyles: Style[] = [
  {
    id: 'watercolour',
    english: 'watercolour',
    russian: 'акварель',
    patterns: ['watercolo*', 'water colo*', 'aquarelle', 'акварел*'],
  },
  {
    id: 'oil-painting',
    english: 'oil painting',
    russian: 'масляная живопись',
    patterns: ['oil*', 'oil painting', 'painting', 'painted', 'impasto', 'масл*', 'живопис*'],
  },
  {
    id: 'impressionist',
    english: 'impressionist',
    russian: 'импрессионизм',
    patterns: ['impressionis*', 'monet', 'van gogh', 'brush strokes', 'импрессион*', 'моне', 'ван гог*', 'мазк*'],
  },
  {
    id: 'pastel',
    english: 'pastel',
    russian: 'пастель',
    patterns: ['pastel*', 'пастел*'],
  },
  {
    id: 'posterize',
    english: 'poster',
    russian: 'постер',
    patterns: ['posteri*', 'poster', 'постериз*', 'постер*', 'плакат*', ...russianAdjective('плакатн')],
  },
];
