import { defineVocabulary, findMentions, type Tokens } from './text-match';

/**
 * Plain photo adjustments, the follow-ups people type after a first result: "now make it darker",
 * "а теперь светлее", "more contrast", "rotate it left", "mirror it".
 */

export interface Adjustment {
  id: string;
  english: string;
  russian: string;
  patterns: readonly string[];
}

export const ADJUSTMENTS: readonly Adjustment[] = [
  {
    id: 'darker',
    english: 'darker',
    russian: 'темнее',
    patterns: [
      'darker',
      'darken*',
      'dimmer',
      'dim it',
      'less bright',
      'reduce brightness',
      'lower brightness',
      'lower the brightness',
      'reduce the brightness',
      'underexpose*',
      'темнее',
      'темней',
      'затемн*',
      'потемн*',
      'меньше яркост*',
      'убав* яркост*',
      'уменьш* яркост*',
    ],
  },
  {
    id: 'brighter',
    english: 'brighter',
    russian: 'светлее',
    patterns: [
      'brighter',
      'brighten*',
      'lighter',
      'lighten*',
      'more light',
      'increase brightness',
      'raise brightness',
      'boost brightness',
      'increase the brightness',
      'overexpose*',
      'светлее',
      'светлей',
      'ярче',
      'осветл*',
      'посветл*',
      'больше света',
      'прибав* яркост*',
      'увелич* яркост*',
      'добав* яркост*',
    ],
  },
  {
    id: 'more-contrast',
    english: 'more contrast',
    russian: 'больше контраста',
    patterns: [
      'more contrast',
      'increase contrast',
      'increase the contrast',
      'boost contrast',
      'boost the contrast',
      'add contrast',
      'больше контраст*',
      'увелич* контраст*',
      'добав* контраст*',
      'контрастнее',
    ],
  },
  {
    id: 'less-contrast',
    english: 'less contrast',
    russian: 'меньше контраста',
    patterns: [
      'less contrast',
      'lower contrast',
      'lower the contrast',
      'reduce contrast',
      'reduce the contrast',
      'decrease contrast',
      'softer contrast',
      'меньше контраст*',
      'уменьш* контраст*',
      'сниз* контраст*',
      'убав* контраст*',
      'менее контрастн*',
    ],
  },
  {
    id: 'more-saturation',
    english: 'more saturated',
    russian: 'насыщеннее',
    patterns: [
      'more saturat*',
      'increase saturation',
      'increase the saturation',
      'boost saturation',
      'boost the colo*',
      'more colo*',
      'richer colo*',
      'more vivid',
      'насыщеннее',
      'больше насыщенност*',
      'увелич* насыщенност*',
      'больше цвет*',
      'сочнее',
    ],
  },
  {
    id: 'less-saturation',
    english: 'less saturated',
    russian: 'менее насыщенно',
    patterns: [
      'less saturat*',
      'desaturat*',
      'reduce saturation',
      'reduce the saturation',
      'less colo*',
      'fewer colo*',
      'tone down',
      'tone it down',
      'меньше насыщенност*',
      'уменьш* насыщенност*',
      'менее насыщенн*',
      'меньше цвет*',
      'бледнее',
    ],
  },
  {
    id: 'sharpen',
    english: 'sharper',
    russian: 'резче',
    patterns: ['sharpen*', 'sharper', 'crisper', 'crisp', 'more detail*', 'резче', 'резкост*', 'четче', 'четкост*'],
  },
  {
    id: 'enhance',
    english: 'enhanced',
    russian: 'улучшено',
    patterns: [
      'enhance*',
      'improve*',
      'auto enhance',
      'make it better',
      'make it look better',
      'polish*',
      'retouch*',
      'улучш*',
      'сделай лучше',
      'отретушир*',
      'ретушь',
    ],
  },
  {
    id: 'rotate',
    english: 'rotated',
    russian: 'повёрнуто',
    patterns: ['rotate*', 'upside down', 'поверн*', 'повороти*', 'переверн*', 'вверх ногами'],
  },
  {
    id: 'flip',
    english: 'mirrored',
    russian: 'отражено',
    patterns: ['flip*', 'mirror*', 'отраз*', 'отзеркаль*', 'зеркальн*'],
  },
];

const LEFT_WORDS = new Set(['left', 'counterclockwise', 'anticlockwise', 'counter', 'влево', 'налево', 'против', 'левую']);
const HALF_TURN_WORDS = new Set(['180', 'upside', 'вверх', 'переверни', 'перевернуть', 'переверните']);
const VERTICAL_WORDS = new Set(['vertical', 'vertically', 'upside', 'вертикально', 'вертикальн', 'вверх']);

const ADJUSTMENT_WORDS = defineVocabulary(ADJUSTMENTS.map((adjustment) => ({ value: adjustment, patterns: adjustment.patterns })));

const STRONGER = new Set([
  'much',
  'lot',
  'way',
  'far',
  'significantly',
  'very',
  'really',
  'even',
  'намного',
  'гораздо',
  'сильно',
  'сильнее',
  'очень',
  'значительно',
  'еще',
]);
const GENTLER = new Set([
  'slightly',
  'bit',
  'little',
  'touch',
  'somewhat',
  'tad',
  'немного',
  'чуть',
  'слегка',
  'немножко',
  'капельку',
  'чуточку',
]);

export interface AdjustmentMention {
  adjustment: Adjustment;
  strength: number;
  /** A rotation's angle, clockwise, read from the whole request: 180 for "upside down", 270 for "left", otherwise 90. */
  turnDegrees?: 90 | 180 | 270;
  /** A mirror's axis, read from the whole request: top to bottom for "vertically" or "upside down", otherwise left to right. */
  mirrorAxis?: 'vertical' | 'horizontal';
  start: number;
  end: number;
}

/** Which way a rotation or a mirror goes; nothing for the other adjustments. */
function directionOf(adjustment: Adjustment, tokens: Tokens): Pick<AdjustmentMention, 'turnDegrees' | 'mirrorAxis'> {
  if (adjustment.id === 'rotate')
    return {
      turnDegrees: tokens.some((token) => HALF_TURN_WORDS.has(token)) ? 180 : tokens.some((token) => LEFT_WORDS.has(token)) ? 270 : 90,
    };
  if (adjustment.id === 'flip') return { mirrorAxis: tokens.some((token) => VERTICAL_WORDS.has(token)) ? 'vertical' : 'horizontal' };
  return {};
}

/** Adjustments a request names, each with a strength read from the two words before it ("a bit darker", "намного светлее"). */
export function findAdjustments(tokens: Tokens, taken: ReadonlySet<number> = new Set()): AdjustmentMention[] {
  const seen = new Set<string>();
  return findMentions(tokens, ADJUSTMENT_WORDS, taken)
    .filter((mention) => !seen.has(mention.value.id) && seen.add(mention.value.id))
    .map((mention) => {
      const before = tokens.slice(Math.max(0, mention.start - 2), mention.start);
      const strength = before.some((word) => STRONGER.has(word)) ? 1.7 : before.some((word) => GENTLER.has(word)) ? 0.5 : 1;
      return { adjustment: mention.value, strength, ...directionOf(mention.value, tokens), start: mention.start, end: mention.end };
    });
}
