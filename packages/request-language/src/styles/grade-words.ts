import { russianAdjective } from '../text-match';
import { type Style } from './style-words';

/** The words that ask for colour grades: cinema, seasons, film processes, camera quirks, and duotones. */

/** Russian "<adjective> дуотон" in every case of the adjective. */
function russianDuotone(stem: string): string[] {
  return russianAdjective(stem).map((word) => `${word} дуотон*`);
}

export const gradeStyles: Style[] = [
  {
    id: 'teal-orange',
    english: 'cinematic teal and orange',
    russian: 'кинематографичный',
    patterns: [
      'teal and orange',
      'teal orange',
      'orange and teal',
      'cinematic',
      'movie',
      'blockbuster',
      'hollywood',
      'кинематограф*',
      'кино',
      'голливуд*',
      ...russianAdjective('кинематографичн'),
    ],
  },
  {
    id: 'cross-process',
    english: 'cross-processed',
    russian: 'кросс-процесс',
    patterns: ['cross process*', 'crossprocess*', 'xpro', 'кросс процесс*'],
  },
  {
    id: 'lomo',
    english: 'lomo',
    russian: 'ломо',
    patterns: ['lomo*', 'toy camera', 'holga', 'ломо*'],
  },
  {
    id: 'polaroid',
    english: 'instant photo',
    russian: 'полароид',
    patterns: ['polaroid*', 'instant photo', 'instant film', 'instax', 'полароид*'],
  },
  {
    id: 'golden-hour',
    english: 'golden hour',
    russian: 'золотой час',
    patterns: [
      'golden hour',
      'golden light',
      'sunlit',
      'golden glow',
      ...russianAdjective('золот').map((word) => `${word} час*`),
      ...russianAdjective('золот').map((word) => `${word} свет*`),
    ],
  },
  {
    id: 'autumn',
    english: 'autumn colours',
    russian: 'осень',
    patterns: ['autumn*', 'fall colo*', 'fall', 'осен*'],
  },
  {
    id: 'winter',
    english: 'winter frost',
    russian: 'зима',
    patterns: ['winter*', 'frost*', 'icy', 'frozen', 'зим*', 'мороз*', 'ледян*', 'иней', 'инеем'],
  },
  {
    id: 'vivid',
    english: 'vivid colours',
    russian: 'яркие цвета',
    patterns: ['vivid', 'vibrant', 'saturated', 'colo*ful', 'more colo*ful', 'насыщенн*', 'сочн*', 'красочн*', 'ярк* цвет*', 'ярч* цвет*'],
  },
  {
    id: 'muted',
    english: 'muted',
    russian: 'приглушённые цвета',
    patterns: ['muted', 'desaturated', 'subdued', 'приглушенн*', 'приглуш*'],
  },
  {
    id: 'cyberpunk',
    english: 'cyberpunk',
    russian: 'киберпанк',
    patterns: ['cyberpunk', 'cyber', 'blade runner', 'киберпанк*'],
  },
  {
    id: 'vaporwave',
    english: 'vaporwave',
    russian: 'вейпорвейв',
    patterns: ['vaporwave', 'synthwave', 'retrowave', 'outrun', 'вейпорвейв*', 'синтвейв*', 'ретровейв*'],
  },
  {
    id: 'hdr',
    english: 'HDR',
    russian: 'HDR',
    patterns: ['hdr', 'high dynamic range', 'tone mapped', 'хдр'],
  },
  {
    id: 'tilt-shift',
    english: 'tilt-shift miniature',
    russian: 'тилт-шифт',
    patterns: ['tilt shift', 'tiltshift', 'miniature', 'toy town', 'тилт шифт*', 'миниатюр*'],
  },
  {
    id: 'film-grain',
    english: 'film grain',
    russian: 'плёночное зерно',
    patterns: ['grain*', 'film grain', 'noise', 'noisy', 'зерн*', 'шум*'],
  },
  {
    id: 'old-photo',
    english: 'old photograph',
    russian: 'старое фото',
    patterns: [
      'old photo*',
      'old',
      'antique',
      'aged',
      'daguerreotype',
      'victorian',
      '19th century',
      ...russianAdjective('стар'),
      ...russianAdjective('старинн'),
      'дагеротип*',
    ],
  },
  {
    id: 'cyanotype',
    english: 'cyanotype',
    russian: 'цианотипия',
    patterns: ['cyanotype', 'цианотип*'],
  },
  {
    id: 'duotone-blue',
    english: 'blue duotone',
    russian: 'синий дуотон',
    patterns: ['duotone', 'blue duotone', 'duotone blue', 'дуотон*', ...russianDuotone('син')],
  },
  {
    id: 'duotone-pink',
    english: 'pink duotone',
    russian: 'розовый дуотон',
    patterns: ['pink duotone', 'duotone pink', 'magenta duotone', ...russianDuotone('розов')],
  },
  {
    id: 'duotone-red',
    english: 'red duotone',
    russian: 'красный дуотон',
    patterns: ['red duotone', 'duotone red', ...russianDuotone('красн')],
  },
  {
    id: 'duotone-green',
    english: 'green duotone',
    russian: 'зелёный дуотон',
    patterns: ['green duotone', 'duotone green', ...russianDuotone('зелен')],
  },
  {
    id: 'duotone-purple-yellow',
    english: 'purple and yellow duotone',
    russian: 'фиолетово-жёлтый дуотон',
    patterns: [
      'purple yellow duotone',
      'purple and yellow duotone',
      'purple duotone',
      'yellow duotone',
      'фиолетово желт* дуотон*',
      ...russianDuotone('фиолетов'),
      ...russianDuotone('желт'),
    ],
  },
  {
    id: 'duotone-sunset',
    english: 'sunset duotone',
    russian: 'закатный дуотон',
    patterns: ['sunset duotone', 'orange duotone', 'duotone orange', ...russianDuotone('закатн'), ...russianDuotone('оранжев')],
  },
];
