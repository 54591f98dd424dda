import { adjustColour, applyCurves, stretchContrast } from './pixel-ops';
import { withSharp, type Raster } from './raster';
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
  /** Rotations and flips change the frame, so they run before the aspect ratio is applied. */
  geometric: boolean;
  apply(raster: Raster, strength: number, tokens: Tokens): Promise<Raster> | Raster;
}

function gammaCurve(gamma: number): Uint8Array {
  const lut = new Uint8Array(256);
  for (let value = 0; value < 256; value += 1) lut[value] = Math.round(255 * (value / 255) ** gamma);
  return lut;
}

const LEFT_WORDS = new Set(['left', 'counterclockwise', 'anticlockwise', 'counter', 'влево', 'налево', 'против', 'левую']);
const HALF_TURN_WORDS = new Set(['180', 'upside', 'вверх', 'переверни', 'перевернуть', 'переверните']);
const VERTICAL_WORDS = new Set(['vertical', 'vertically', 'upside', 'вертикально', 'вертикальн', 'вверх']);

export const ADJUSTMENTS: readonly Adjustment[] = [
  {
    id: 'darker',
    english: 'darker',
    russian: 'темнее',
    patterns: ['darker', 'darken*', 'dimmer', 'dim it', 'less bright', 'reduce brightness', 'lower brightness', 'lower the brightness', 'reduce the brightness', 'underexpose*', 'темнее', 'темней', 'затемн*', 'потемн*', 'меньше яркост*', 'убав* яркост*', 'уменьш* яркост*'],
    geometric: false,
    apply: (raster, strength) => applyCurves(raster, gammaCurve(1 + 0.45 * strength)),
  },
  {
    id: 'brighter',
    english: 'brighter',
    russian: 'светлее',
    patterns: ['brighter', 'brighten*', 'lighter', 'lighten*', 'more light', 'increase brightness', 'raise brightness', 'boost brightness', 'increase the brightness', 'overexpose*', 'светлее', 'светлей', 'ярче', 'осветл*', 'посветл*', 'больше света', 'прибав* яркост*', 'увелич* яркост*', 'добав* яркост*'],
    geometric: false,
    apply: (raster, strength) => applyCurves(raster, gammaCurve(1 / (1 + 0.45 * strength))),
  },
  {
    id: 'more-contrast',
    english: 'more contrast',
    russian: 'больше контраста',
    patterns: ['more contrast', 'increase contrast', 'increase the contrast', 'boost contrast', 'boost the contrast', 'add contrast', 'больше контраст*', 'увелич* контраст*', 'добав* контраст*', 'контрастнее'],
    geometric: false,
    apply: (raster, strength) => adjustColour(raster, { contrast: 1 + 0.3 * strength }),
  },
  {
    id: 'less-contrast',
    english: 'less contrast',
    russian: 'меньше контраста',
    patterns: ['less contrast', 'lower contrast', 'lower the contrast', 'reduce contrast', 'reduce the contrast', 'decrease contrast', 'softer contrast', 'меньше контраст*', 'уменьш* контраст*', 'сниз* контраст*', 'убав* контраст*', 'менее контрастн*'],
    geometric: false,
    apply: (raster, strength) => adjustColour(raster, { contrast: 1 / (1 + 0.3 * strength) }),
  },
  {
    id: 'more-saturation',
    english: 'more saturated',
    russian: 'насыщеннее',
    patterns: ['more saturat*', 'increase saturation', 'increase the saturation', 'boost saturation', 'boost the colo*', 'more colo*', 'richer colo*', 'more vivid', 'насыщеннее', 'больше насыщенност*', 'увелич* насыщенност*', 'больше цвет*', 'сочнее'],
    geometric: false,
    apply: (raster, strength) => adjustColour(raster, { saturation: 1 + 0.4 * strength }),
  },
  {
    id: 'less-saturation',
    english: 'less saturated',
    russian: 'менее насыщенно',
    patterns: ['less saturat*', 'desaturat*', 'reduce saturation', 'reduce the saturation', 'less colo*', 'fewer colo*', 'tone down', 'tone it down', 'меньше насыщенност*', 'уменьш* насыщенност*', 'менее насыщенн*', 'меньше цвет*', 'бледнее'],
    geometric: false,
    apply: (raster, strength) => adjustColour(raster, { saturation: 1 / (1 + 0.6 * strength) }),
  },
  {
    id: 'sharpen',
    english: 'sharper',
    russian: 'резче',
    patterns: ['sharpen*', 'sharper', 'crisper', 'crisp', 'more detail*', 'резче', 'резкост*', 'четче', 'четкост*'],
    geometric: false,
    apply: (raster, strength) => withSharp(raster, (pipeline) => pipeline.sharpen({ sigma: 0.8 + 0.6 * strength, m1: 1, m2: 2 + strength })),
  },
  {
    id: 'enhance',
    english: 'enhanced',
    russian: 'улучшено',
    patterns: ['enhance*', 'improve*', 'auto enhance', 'make it better', 'make it look better', 'polish*', 'retouch*', 'улучш*', 'сделай лучше', 'отретушир*', 'ретушь'],
    geometric: false,
    apply: async (raster, strength) => withSharp(adjustColour(stretchContrast(raster), { saturation: 1 + 0.15 * strength }), (pipeline) => pipeline.sharpen({ sigma: 0.8 })),
  },
  {
    id: 'rotate',
    english: 'rotated',
    russian: 'повёрнуто',
    patterns: ['rotate*', 'upside down', 'поверн*', 'повороти*', 'переверн*', 'вверх ногами'],
    geometric: true,
    apply: (raster, _strength, tokens) => {
      const angle = tokens.some((token) => HALF_TURN_WORDS.has(token)) ? 180 : tokens.some((token) => LEFT_WORDS.has(token)) ? 270 : 90;
      return withSharp(raster, (pipeline) => pipeline.rotate(angle));
    },
  },
  {
    id: 'flip',
    english: 'mirrored',
    russian: 'отражено',
    patterns: ['flip*', 'mirror*', 'отраз*', 'отзеркаль*', 'зеркальн*'],
    geometric: true,
    apply: (raster, _strength, tokens) => withSharp(raster, (pipeline) => (tokens.some((token) => VERTICAL_WORDS.has(token)) ? pipeline.flip() : pipeline.flop())),
  },
];

const ADJUSTMENT_WORDS = defineVocabulary(ADJUSTMENTS.map((adjustment) => ({ value: adjustment, patterns: adjustment.patterns })));

const STRONGER = new Set(['much', 'lot', 'way', 'far', 'significantly', 'very', 'really', 'even', 'намного', 'гораздо', 'сильно', 'сильнее', 'очень', 'значительно', 'еще']);
const GENTLER = new Set(['slightly', 'bit', 'little', 'touch', 'somewhat', 'tad', 'немного', 'чуть', 'слегка', 'немножко', 'капельку', 'чуточку']);

export interface AdjustmentMention {
  adjustment: Adjustment;
  strength: number;
  start: number;
  end: number;
}

/** Adjustments a request names, each with a strength read from the two words before it ("a bit darker", "намного светлее"). */
export function findAdjustments(tokens: Tokens, taken: ReadonlySet<number> = new Set()): AdjustmentMention[] {
  const seen = new Set<string>();
  return findMentions(tokens, ADJUSTMENT_WORDS, taken)
    .filter((mention) => !seen.has(mention.value.id) && seen.add(mention.value.id))
    .map((mention) => {
      const before = tokens.slice(Math.max(0, mention.start - 2), mention.start);
      const strength = before.some((word) => STRONGER.has(word)) ? 1.7 : before.some((word) => GENTLER.has(word)) ? 0.5 : 1;
      return { adjustment: mention.value, strength, start: mention.start, end: mention.end };
    });
}
