import { type Caption } from './caption';
import { asksForVersions } from './count-words';
import { readEditTokens } from './edit-instructions';
import { describeScene } from './scene-words';
import { type AspectRatio } from './shape-words';
import { defineVocabulary, findMentions, type Tokens } from './text-match';

/** Whether a message without photos edits the last picture or asks for a new one, and what edit it names. */

const NEW_PICTURE_WORDS = defineVocabulary([
  {
    value: 'new' as const,
    patterns: [
      'draw*',
      'generate*',
      'create*',
      'render*',
      'imagine',
      'design',
      'picture of',
      'image of',
      'photo of',
      'scene of',
      'new image',
      'new picture',
      'нарису*',
      'нарисов*',
      'сгенериру*',
      'генериру*',
      'созда*',
      'изобрази*',
      'картин* с',
      'картинк* с',
      'изображени* с',
      'нов* картин*',
      'нов* изображени*',
    ],
  },
]);

/** Words that point back at the picture on screen. */
const BACK_REFERENCES = new Set([
  'it',
  'this',
  'that',
  'them',
  'these',
  'those',
  'same',
  'previous',
  'last',
  'его',
  'ее',
  'это',
  'эту',
  'этот',
  'эти',
  'их',
  'предыдущ',
  'последн',
  'результат',
  'тот',
  'ту',
  'же',
]);
/** Words that continue a conversation without naming a picture ("now darker", "а теперь светлее"). */
const CONTINUATIONS = new Set(['now', 'again', 'also', 'instead', 'теперь', 'снова', 'опять', 'еще', 'тоже', 'также']);
/** A colour on its own ("a red car") describes; with one of these verbs it asks for a change. */
const CHANGE_VERBS = [
  'make',
  'change',
  'turn',
  'recolo',
  'paint',
  'replace',
  'swap',
  'switch',
  'color',
  'colour',
  'dye',
  'сдела',
  'поменя',
  'замени',
  'замен',
  'перекрас',
  'покрас',
  'измени',
  'окрас',
  'преврат',
];

function mentionsAny(tokens: Tokens, words: ReadonlySet<string>): boolean {
  return tokens.some(
    (token) => words.has(token) || [...words].some((word) => /[а-я]/.test(word) && word.length > 4 && token.startsWith(word)),
  );
}

/** What the request asks to do to a picture, as the local engine reads it. */
export function editOperationsIn(tokens: Tokens, aspectRatio: AspectRatio | null, caption: Caption | null) {
  const instructions = readEditTokens(tokens, caption);
  const changeVerb = tokens.some((token) => CHANGE_VERBS.some((verb) => token.startsWith(verb)));
  const colourChange =
    instructions.colourChange && (changeVerb || instructions.colourChange.from !== undefined) ? instructions.colourChange : null;
  const otherThanUpscale =
    instructions.styles.length > 0 ||
    instructions.adjustments.length > 0 ||
    colourChange !== null ||
    instructions.background !== null ||
    aspectRatio !== null ||
    caption !== null;
  return {
    styles: instructions.styles,
    any: otherThanUpscale || instructions.upscale,
    /** Only more resolution is asked: engines with an upscaler use it instead of an edit. */
    upscaleOnly: instructions.upscale && !otherThanUpscale,
  };
}

/**
 * Without photos attached, does the message continue work on the last picture? Yes when it points
 * back at it, asks for versions of it, or names an edit; no when it asks for a new picture or only
 * describes a scene.
 */
export function isFollowUp(tokens: Tokens, namesAnEdit: boolean): boolean {
  const pointsBack = mentionsAny(tokens, BACK_REFERENCES) || asksForVersions(tokens);
  const asksForNew = findMentions(tokens, NEW_PICTURE_WORDS).length > 0;
  if (asksForNew && !pointsBack) return false;
  if (pointsBack || namesAnEdit) return true;
  const continues = mentionsAny(tokens, CONTINUATIONS);
  const describesScene = describeScene(tokens).elements.size > 0;
  return continues && !describesScene;
}
