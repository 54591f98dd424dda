import { defineVocabulary, findMentions, type Tokens, type VocabularyMatch } from './text-match';

/** Clothes people name in colour requests ("make the shirt blue", "перекрась куртку в красный") and the part of the body each covers. */

/** The band of the body a garment covers. */
export type GarmentPart = 'upper' | 'lower' | 'head' | 'whole' | 'neck';

export interface Garment {
  id: string;
  english: string;
  russian: string;
  part: GarmentPart;
}

export const GARMENTS: readonly (Garment & { patterns: readonly string[] })[] = [
  {
    id: 'shirt',
    english: 'shirt',
    russian: 'рубашка',
    part: 'upper',
    patterns: [
      'shirt*',
      't shirt*',
      'tshirt*',
      'tee',
      'polo*',
      'blouse*',
      'рубашк*',
      'рубах*',
      'футболк*',
      'майк*',
      'блузк*',
      'блуз*',
      'поло',
    ],
  },
  { id: 'top', english: 'top', russian: 'топ', part: 'upper', patterns: ['top', 'tops', 'tank top', 'vest', 'топ', 'топик*'] },
  {
    id: 'jacket',
    english: 'jacket',
    russian: 'куртка',
    part: 'upper',
    patterns: ['jacket*', 'blazer*', 'parka*', 'куртк*', 'пиджак*', 'жакет*', 'ветровк*', 'пуховик*'],
  },
  {
    id: 'coat',
    english: 'coat',
    russian: 'пальто',
    part: 'upper',
    patterns: ['coat*', 'overcoat*', 'raincoat*', 'пальто', 'плащ*', 'шуб*'],
  },
  {
    id: 'sweater',
    english: 'sweater',
    russian: 'свитер',
    part: 'upper',
    patterns: [
      'sweater*',
      'jumper*',
      'pullover*',
      'hoodie*',
      'cardigan*',
      'sweatshirt*',
      'свитер*',
      'кофт*',
      'худи',
      'толстовк*',
      'кардиган*',
      'джемпер*',
    ],
  },
  { id: 'dress', english: 'dress', russian: 'платье', part: 'whole', patterns: ['dress', 'dresses', 'gown*', 'плать*', 'сарафан*'] },
  {
    id: 'clothes',
    english: 'clothes',
    russian: 'одежда',
    part: 'whole',
    patterns: ['clothes', 'clothing', 'outfit*', 'suit', 'suits', 'uniform*', 'одежд*', 'наряд*', 'костюм*', 'униформ*'],
  },
  {
    id: 'trousers',
    english: 'trousers',
    russian: 'брюки',
    part: 'lower',
    patterns: ['trousers', 'pants', 'jeans', 'shorts', 'leggings', 'брюк*', 'штан*', 'джинс*', 'шорт*'],
  },
  { id: 'skirt', english: 'skirt', russian: 'юбка', part: 'lower', patterns: ['skirt*', 'юбк*'] },
  {
    id: 'scarf',
    english: 'scarf',
    russian: 'шарф',
    part: 'neck',
    patterns: ['scarf', 'scarfs', 'scarves', 'shawl*', 'muffler*', 'neckerchief*', 'bandana*', 'шарф*', 'платок', 'платк*', 'палантин*'],
  },
  {
    id: 'hat',
    english: 'hat',
    russian: 'шляпа',
    part: 'head',
    patterns: ['hat', 'hats', 'cap', 'caps', 'beanie*', 'helmet*', 'hood', 'шляп*', 'шапк*', 'кепк*', 'панам*', 'берет*'],
  },
];

const GARMENT_WORDS = defineVocabulary(GARMENTS.map(({ patterns, ...garment }) => ({ value: garment as Garment, patterns })));

export function findGarment(tokens: Tokens, taken: ReadonlySet<number> = new Set()): VocabularyMatch<Garment> | null {
  return findMentions(tokens, GARMENT_WORDS, taken)[0] ?? null;
}
