import { russianAdjective } from '../text-match';
import { type Style } from './style-words';

/** The words that ask for tone and classic photographic looks: monochrome, film, light and shade. */

export const toneStyles: Style[] = [
  {
    id: 'black-and-white',
    english: 'black and white',
    russian: 'чёрно-белый',
    patterns: ['black and white', 'black white', 'b w', 'bw', 'monochrome', 'grayscale', 'greyscale', 'mono', 'черно бел*', 'черно белый', 'ч б', 'чб', 'монохром*', 'оттенк* сер*', ...russianAdjective('бесцветн')],
  },
  {
    id: 'sepia',
    english: 'sepia',
    russian: 'сепия',
    patterns: ['sepia', 'сепи*'],
  },
  {
    id: 'vintage-film',
    english: 'vintage film',
    russian: 'винтажная плёнка',
    patterns: ['vintage*', 'vintage film', 'film look', 'analog*', 'analogue*', 'retro', 'винтаж*', 'ретро', 'пленк*', 'пленочн*', ...russianAdjective('аналогов')],
  },
  {
    id: 'faded',
    english: 'faded',
    russian: 'выцветший',
    patterns: ['faded', 'fade', 'washed out', 'matte', 'выцвет*', ...russianAdjective('блекл'), ...russianAdjective('матов')],
  },
  {
    id: 'high-contrast',
    english: 'high contrast',
    russian: 'высокий контраст',
    patterns: ['high contrast', 'contrasty', 'punchy', 'высок* контраст*', 'контрастн*'],
  },
  {
    id: 'dramatic',
    english: 'dramatic',
    russian: 'драматичный',
    patterns: ['dramatic', 'moody', 'low key', 'dark and moody', 'драматичн*', 'драматическ*', ...russianAdjective('мрачн')],
  },
  {
    id: 'high-key',
    english: 'high key',
    russian: 'высокий ключ',
    patterns: ['high key', 'airy', 'light and airy', 'bright and airy', 'воздушн*', 'высок* ключ*', 'хай ки'],
  },
  {
    id: 'warm',
    english: 'warm',
    russian: 'тёплый',
    patterns: ['warm', 'warmer', 'warm tones', 'warmth', 'тепл*', 'потепле*'],
  },
  {
    id: 'cool',
    english: 'cool',
    russian: 'холодный',
    patterns: ['cool', 'cooler', 'cold', 'cold tones', 'холодн*', 'охлад*'],
  },
  {
    id: 'vignette',
    english: 'vignette',
    russian: 'виньетка',
    patterns: ['vignette*', 'виньет*'],
  },
  {
    id: 'dreamy',
    english: 'dreamy glow',
    russian: 'мечтательное свечение',
    patterns: ['dreamy', 'dream*', 'soft focus', 'soft glow', 'ethereal', 'glow*', 'мечтательн*', 'сказочн*', 'мягк* фокус*', 'свечени*', ...russianAdjective('нежн')],
  },
  {
    id: 'blur',
    english: 'blur',
    russian: 'размытие',
    patterns: ['blur*', 'out of focus', 'defocus*', 'bokeh', 'размыт*', 'размой', 'размыть', 'расфокус*', 'боке'],
  },
  {
    id: 'emboss',
    english: 'emboss',
    russian: 'тиснение',
    patterns: ['emboss*', 'relief', 'тиснен*', 'рельеф*'],
  },
  {
    id: 'invert',
    english: 'negative',
    russian: 'негатив',
    patterns: ['invert*', 'negative', 'inverse', 'негатив*', 'инверс*', 'инверт*'],
  },
  {
    id: 'solarize',
    english: 'solarize',
    russian: 'соляризация',
    patterns: ['solari*', 'соляриз*'],
  },
  {
    id: 'noir',
    english: 'film noir',
    russian: 'нуар',
    patterns: ['noir', 'film noir', 'нуар*'],
  },
];
