import { colourName, COLOUR_WORDS, type ColourName } from './colour-words';
import { describeScene, type SceneDescription } from './scene-words';
import { coveredTokens, defineVocabulary, findMentions, type Tokens } from './text-match';

/**
 * Reading a background request: "put me on a beach", "in Paris", "remove the background", "white
 * background", "blur the background" / "portrait mode", in English and Russian. The person stays;
 * only what is behind them changes.
 */

/** What goes behind the person: a drawn scene, a studio colour, their own background blurred, or nothing (a cut-out). */
export type BackgroundChange =
  { kind: 'scene'; scene: SceneDescription } | { kind: 'colour'; colour: ColourName } | { kind: 'blur' } | { kind: 'remove' };

const BACKGROUND_WORDS = defineVocabulary([
  {
    value: 'background' as const,
    patterns: [
      'background*',
      'backdrop*',
      'bg',
      'behind me',
      'behind him',
      'behind her',
      'behind them',
      'scenery',
      'setting',
      'location',
      'фон',
      'фона',
      'фону',
      'фоне',
      'фоном',
      'фоны',
      'задн* план*',
      'задник*',
      'локаци*',
      'обстановк*',
    ],
  },
]);

/** Asking to be somewhere: "put me", "take us", "помести меня", "перенеси нас". */
const PLACEMENT_WORDS = defineVocabulary([
  {
    value: 'place' as const,
    patterns: [
      'put me',
      'put us',
      'put him',
      'put her',
      'put them',
      'place me',
      'place us',
      'place him',
      'place her',
      'place them',
      'move me',
      'move us',
      'move him',
      'move her',
      'move them',
      'take me',
      'take us',
      'send me',
      'send us',
      'teleport*',
      'transport*',
      'relocate*',
      'me in',
      'me on',
      'me at',
      'us in',
      'us on',
      'us at',
      'standing in',
      'standing on',
      'помести*',
      'помест*',
      'перенеси*',
      'перенес*',
      'отправ*',
      'посади*',
      'постав* меня',
      'меня в',
      'меня на',
      'нас в',
      'нас на',
      'на фоне',
    ],
  },
]);

const REMOVE_WORDS = defineVocabulary([
  {
    value: 'remove' as const,
    patterns: ['remove*', 'delete*', 'erase*', 'get rid of', 'drop', 'strip', 'убер*', 'убрать', 'удал*', 'сотр*', 'стер*'],
  },
]);

const CUT_OUT_WORDS = defineVocabulary([
  {
    value: 'cut-out' as const,
    patterns: [
      'transparent*',
      'cut out',
      'cut me out',
      'cutout',
      'cut-out',
      'no background',
      'without background',
      'without a background',
      'without the background',
      'прозрачн*',
      'без фона',
      'вырез*',
      'вырежи',
    ],
  },
]);

const BLUR_WORDS = defineVocabulary([
  { value: 'blur' as const, patterns: ['blur*', 'defocus*', 'out of focus', 'soft focus', 'размо*', 'размыт*', 'размыв*', 'размой'] },
]);

const PORTRAIT_MODE_WORDS = defineVocabulary([
  {
    value: 'portrait-mode' as const,
    patterns: ['portrait mode', 'bokeh', 'shallow depth of field', 'depth of field', 'боке', 'портретн* режим*'],
  },
]);

export interface BackgroundMention {
  change: BackgroundChange;
  /** Token positions the request's background words used, kept from the other readers. */
  taken: Set<number>;
}

function near(first: { start: number; end: number }, second: { start: number; end: number }, distance: number): boolean {
  return Math.max(first.start - second.end, second.start - first.end) <= distance;
}

/** The background change a request asks for, or null. */
export function findBackgroundChange(tokens: Tokens, taken: ReadonlySet<number> = new Set()): BackgroundMention | null {
  const backgrounds = findMentions(tokens, BACKGROUND_WORDS, taken);
  const used = coveredTokens(backgrounds);

  const cutOut = findMentions(tokens, CUT_OUT_WORDS, taken);
  const removes = findMentions(tokens, REMOVE_WORDS, taken).filter((verb) => backgrounds.some((word) => near(verb, word, 3)));
  if (cutOut.length > 0 || removes.length > 0) return { change: { kind: 'remove' }, taken: coveredTokens([...cutOut, ...removes], used) };

  const portraitMode = findMentions(tokens, PORTRAIT_MODE_WORDS, taken);
  const blurs = findMentions(tokens, BLUR_WORDS, taken).filter((verb) => backgrounds.some((word) => near(verb, word, 3)));
  if (portraitMode.length > 0 || blurs.length > 0)
    return { change: { kind: 'blur' }, taken: coveredTokens([...portraitMode, ...blurs], used) };

  const placements = findMentions(tokens, PLACEMENT_WORDS, taken);
  if (backgrounds.length === 0 && placements.length === 0) return null;
  coveredTokens(placements, used);
  const free = new Set([...taken, ...used]);
  const scene = describeScene(tokens.map((token, index) => (free.has(index) ? '' : token)));
  if (scene.elements.size > 0 || scene.timeNamed) return { change: { kind: 'scene', scene }, taken: new Set([...used, ...scene.taken]) };
  // A colour and nothing else to draw: a studio backdrop of that colour ("white background", "фон синий").
  if (backgrounds.length > 0) {
    const colours = findMentions(tokens, COLOUR_WORDS, free);
    if (colours.length === 1)
      return { change: { kind: 'colour', colour: colourName(colours[0]!.value) }, taken: coveredTokens(colours, used) };
  }
  return null;
}

/** True when the words name the background ("the blue background", "фон"). */
export function mentionsBackground(tokens: Tokens): boolean {
  return findMentions(tokens, BACKGROUND_WORDS).length > 0;
}
