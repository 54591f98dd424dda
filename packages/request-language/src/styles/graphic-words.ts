import { russianAdjective } from '../text-match';
import { type Style } from './style-words';

/** The words that ask for graphic and digital looks: print, pixels, screens, false colour. */

export const graphicStyles: Style[] = [
  {
    id: 'pop-art',
    english: 'pop art',
    russian: 'поп-арт',
    patterns: ['pop art', 'popart', 'warhol', 'поп арт*', 'попарт*', 'уорхол*'],
  },
  {
    id: 'halftone',
    english: 'halftone',
    russian: 'полутона',
    patterns: ['halftone*', 'half tone', 'newsprint', 'ben day', 'полутон*', 'растр*'],
  },
  {
    id: 'pixel-art',
    english: 'pixel art',
    russian: 'пиксель-арт',
    patterns: ['pixel*', 'pixel art', '8 bit', '8bit', 'retro game*', 'video game', 'пиксел*', 'пиксель*', '8 бит*', 'восьмибит*'],
  },
  {
    id: 'mosaic',
    english: 'mosaic',
    russian: 'мозаика',
    patterns: ['mosaic*', 'tiles', 'tiled', 'мозаик*', 'плитк*'],
  },
  {
    id: 'game-boy',
    english: 'Game Boy',
    russian: 'геймбой',
    patterns: ['game boy', 'gameboy', 'геймбой*', 'гейм бой*'],
  },
  {
    id: 'stencil',
    english: 'stencil',
    russian: 'трафарет',
    patterns: ['stencil*', 'threshold', 'street art', 'banksy', 'graffiti', 'трафарет*', 'стрит арт*', 'граффити', 'бэнкси'],
  },
  {
    id: 'dither',
    english: '1-bit dither',
    russian: 'дизеринг',
    patterns: ['dither*', '1 bit', '1bit', 'one bit', 'дизер*', 'дитер*', 'однобит*'],
  },
  {
    id: 'neon',
    english: 'neon',
    russian: 'неон',
    patterns: ['neon*', 'glowing edges', 'glowing lines', 'неон*', 'светящ* контур*', 'светящ* лини*'],
  },
  {
    id: 'glitch',
    english: 'glitch',
    russian: 'глитч',
    patterns: ['glitch*', 'datamosh*', 'corrupted', 'глитч*', 'глюк*', 'сбой*'],
  },
  {
    id: 'vhs',
    english: 'VHS tape',
    russian: 'VHS-кассета',
    patterns: ['vhs', 'vcr', 'videotape', 'camcorder', 'вхс', 'видеокассет*', 'кассет*'],
  },
  {
    id: 'kaleidoscope',
    english: 'kaleidoscope',
    russian: 'калейдоскоп',
    patterns: ['kaleidoscop*', 'symmetr*', 'калейдоскоп*', 'симметр*'],
  },
  {
    id: 'infrared',
    english: 'infrared',
    russian: 'инфракрасный',
    patterns: ['infrared', 'infra red', 'aerochrome', ...russianAdjective('инфракрасн'), 'ик'],
  },
  {
    id: 'thermal',
    english: 'thermal camera',
    russian: 'тепловизор',
    patterns: ['thermal', 'heat map', 'heatmap', 'thermograph*', 'predator', 'тепловиз*', 'тепловая карта', 'термограф*'],
  },
  {
    id: 'x-ray',
    english: 'X-ray',
    russian: 'рентген',
    patterns: ['x ray', 'xray', 'рентген*'],
  },
  {
    id: 'night-vision',
    english: 'night vision',
    russian: 'ночное видение',
    patterns: ['night vision', 'nightvision', 'ночн* видени*', 'прибор* ночн* видени*'],
  },
];
