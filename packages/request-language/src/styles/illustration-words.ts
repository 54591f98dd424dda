import { russianAdjective } from '../text-match';
import { type Style } from './style-words';

/** The words that ask for the illustration looks the landing page and the spec name: anime, digital art, 3D render. */

export const illustrationStyles: Style[] = [
  {
    id: 'anime',
    english: 'anime',
    russian: 'аниме',
    patterns: ['anime', 'manga', 'ghibli', 'studio ghibli', 'cel shad*', 'аниме', 'манга', 'гибли'],
  },
  {
    id: 'digital-art',
    english: 'digital art',
    russian: 'цифровой арт',
    patterns: [
      'digital art',
      'digital painting',
      'digital illustration',
      'digital artwork',
      'concept art',
      'illustration',
      'illustrated',
      ...russianAdjective('цифров').flatMap((word) => [`${word} арт*`, `${word} живопис*`, `${word} искусств*`, `${word} иллюстраци*`]),
      'диджитал арт*',
      'иллюстраци*',
      'концепт арт*',
    ],
  },
  {
    id: '3d-render',
    english: '3D render',
    russian: '3D-рендер',
    patterns: [
      '3d',
      '3d render*',
      '3d model*',
      '3d animation',
      'cgi',
      'pixar',
      'claymation',
      'clay render',
      'plasticine',
      '3д',
      '3д рендер*',
      '3d рендер*',
      'трехмерн*',
      'пластилин*',
      'пиксар*',
    ],
  },
];
