import { MAX_IMAGES_PER_REQUEST, parseAspectRatio, type AspectRatio, type GenerationPlan } from '@shared/generation';
import { asksToCombine, defineVocabulary, describeScene, findCaption, findMentions, findTextReplacement, readEditTokens, readGenerationPrompt, russianAdjective, tokenize, type Caption, type Tokens } from '@photomuse/image';
import type { PlanRequest, ReplyPlanner } from '../planning';

/**
 * Plans a reply from the words of a request, in English and Russian, for the local engine (and for
 * instant price quotes with any engine). It reads the same vocabulary as the local engine, so an
 * edit it plans is one the engine can do.
 */

/** Ratios further from square than this are not pictures anyone asks for by accident. */
const MAX_RATIO = 4;

const NUMERIC_RATIO = /(?<![\d.])(\d{1,2})\s*(?::|x|х|×|\/|\s+by\s+|\s+на\s+)\s*(\d{1,2})(?![\d.])/giu;

const SHAPE_WORDS = defineVocabulary<AspectRatio>([
  { value: '1:1', patterns: ['square', 'squared', 'квадрат*', 'avatar', 'profile picture', 'аватар*', 'аватарк*'] },
  {
    value: '16:9',
    patterns: ['widescreen', 'wide screen', 'wide', 'wider', 'horizontal', 'horizontally', 'youtube', 'desktop wallpaper', 'широкоформатн*', 'широкоэкранн*', 'широк* формат*', 'шире', 'горизонтальн*', 'альбомн*'],
  },
  { value: '21:9', patterns: ['ultrawide', 'ultra wide', 'panorama*', 'panoramic', 'cinemascope', 'панорам*'] },
  { value: '9:16', patterns: ['vertical', 'vertically', 'story', 'stories', 'reels', 'reel', 'tiktok', 'phone wallpaper', 'вертикальн*', 'сторис', 'сториз', 'рилс', 'тикток*'] },
  // Not 'portrait mode': that is the background blur of phone cameras.
  { value: '3:4', patterns: ['portrait', 'portrait format', 'portrait orientation', 'in portrait', ...russianAdjective('портретн')] },
  { value: '4:3', patterns: ['landscape format', 'landscape orientation', 'landscape mode', 'in landscape'] },
  { value: '4:5', patterns: ['instagram', 'instagram post', 'инстаграм*', 'инстаграмм*'] },
  { value: 'unchanged', patterns: ['original size', 'original shape', 'original ratio', 'original aspect', 'same size', 'same shape', 'keep the size', 'keep the shape', 'исходн* размер*', 'исходн* формат*', 'исходн* пропорц*', 'оригинальн* размер*', 'оригинальн* формат*'] },
]);

const NUMBER_WORDS = new Map<string, number>([
  ['one', 1], ['single', 1], ['two', 2], ['three', 3], ['four', 4], ['five', 5], ['six', 6], ['seven', 7], ['eight', 8], ['nine', 9], ['ten', 10],
  ['couple', 2], ['pair', 2], ['few', 3], ['several', 3],
  ['один', 1], ['одну', 1], ['одно', 1], ['одна', 1], ['одного', 1], ['два', 2], ['две', 2], ['двух', 2], ['три', 3], ['трех', 3], ['четыре', 4], ['четырех', 4],
  ['пять', 5], ['пяти', 5], ['шесть', 6], ['десять', 10], ['пару', 2], ['пара', 2], ['парочку', 2], ['несколько', 3], ['нескольких', 3],
]);

const COUNT_NOUNS = ['image', 'images', 'picture', 'pictures', 'pic', 'pics', 'version', 'versions', 'variant', 'variants', 'variation', 'variations', 'option', 'options', 'photo', 'photos', 'shot', 'shots', 'take', 'takes', 'alternative', 'alternatives', 'copy', 'copies', 'result', 'results', 'render', 'renders', 'wallpaper', 'wallpapers', 'изображени', 'картин', 'верси', 'вариант', 'фото', 'фотограф', 'снимк', 'снимок', 'штук', 'копи', 'результат'];
const VARIATION_NOUNS = new Set(['versions', 'variants', 'variations', 'options', 'alternatives', 'takes', 'варианты', 'вариантов', 'варианта', 'версии', 'версий']);
const ADJECTIVE_GAP = new Set(['more', 'different', 'other', 'new', 'extra', 'separate', 'distinct', 'ещё', 'еще', 'разных', 'разные', 'других', 'другие', 'новых', 'новые', 'разных', 'отдельных', 'of']);

const NEW_PICTURE_WORDS = defineVocabulary([
  {
    value: 'new' as const,
    patterns: ['draw*', 'generate*', 'create*', 'render*', 'imagine', 'design', 'picture of', 'image of', 'photo of', 'scene of', 'new image', 'new picture', 'нарису*', 'нарисов*', 'сгенериру*', 'генериру*', 'созда*', 'изобрази*', 'картин* с', 'картинк* с', 'изображени* с', 'нов* картин*', 'нов* изображени*'],
  },
]);

/** Words that point back at the picture on screen. */
const BACK_REFERENCES = new Set(['it', 'this', 'that', 'them', 'these', 'those', 'same', 'previous', 'last', 'его', 'ее', 'это', 'эту', 'этот', 'эти', 'их', 'предыдущ', 'последн', 'результат', 'тот', 'ту', 'же']);
/** Words that continue a conversation without naming a picture ("now darker", "а теперь светлее"). */
const CONTINUATIONS = new Set(['now', 'again', 'also', 'instead', 'теперь', 'снова', 'опять', 'еще', 'тоже', 'также']);
/** A colour on its own ("a red car") describes; with one of these verbs it asks for a change. */
const CHANGE_VERBS = ['make', 'change', 'turn', 'recolo', 'paint', 'replace', 'swap', 'switch', 'color', 'colour', 'dye', 'сдела', 'поменя', 'замени', 'замен', 'перекрас', 'покрас', 'измени', 'окрас', 'преврат'];

function findAspectRatio(text: string, tokens: Tokens): { ratio: AspectRatio | null; textWithoutRatios: string } {
  let ratio: AspectRatio | null = null;
  const textWithoutRatios = text.replace(NUMERIC_RATIO, (match, width: string, height: string) => {
    const parsed = parseAspectRatio(`${width}:${height}`);
    const value = Number(width) / Number(height);
    if (parsed && value <= MAX_RATIO && value >= 1 / MAX_RATIO) {
      ratio ??= parsed;
      return ' ';
    }
    return match;
  });
  if (ratio) return { ratio, textWithoutRatios };
  const mentions = findMentions(tokens, SHAPE_WORDS).filter((mention) => !(mention.value === '3:4' && isPortraitThePicture(tokens, mention)));
  return { ratio: mentions[0]?.value ?? null, textWithoutRatios };
}

/** Words before a noun: "this portrait" is the photo, not a shape. */
const DETERMINERS = new Set(['this', 'that', 'the', 'a', 'an', 'my', 'his', 'her', 'our', 'your', 'their', 'these', 'those', 'этот', 'этом', 'мой', 'моем']);

/** "A portrait of…", "this portrait", "portrait mode" (background blur): the word names the picture or a camera mode, not its shape. */
function isPortraitThePicture(tokens: Tokens, mention: { start: number; end: number }): boolean {
  const next = tokens[mention.end];
  const previous = tokens[mention.start - 1];
  return next === 'of' || next === 'mode' || next === 'режим' || next === 'режиме' || (mention.end - mention.start === 1 && previous !== undefined && DETERMINERS.has(previous));
}

function numberAt(token: string): number | null {
  if (/^\d{1,3}$/.test(token)) return Number(token);
  return NUMBER_WORDS.get(token) ?? null;
}

function isCountNoun(token: string): boolean {
  return COUNT_NOUNS.some((noun) => (/[а-я]/.test(noun) ? token.startsWith(noun) : token === noun));
}

/** "two versions", "3 images", "три варианта", "a couple of options", "пару вариантов". */
function findImageCount(tokens: Tokens): number | null {
  for (let index = 0; index < tokens.length; index += 1) {
    const number = numberAt(tokens[index]!);
    if (number === null) continue;
    for (let next = index + 1; next < Math.min(tokens.length, index + 4); next += 1) {
      if (isCountNoun(tokens[next]!)) return number;
      if (!ADJECTIVE_GAP.has(tokens[next]!)) break;
    }
  }
  if (tokens.some((token) => VARIATION_NOUNS.has(token))) return 2;
  return null;
}

function clampCount(count: number): number {
  return Math.max(1, Math.min(MAX_IMAGES_PER_REQUEST, Math.round(count)));
}

function mentionsAny(tokens: Tokens, words: ReadonlySet<string>): boolean {
  return tokens.some((token) => words.has(token) || [...words].some((word) => /[а-я]/.test(word) && word.length > 4 && token.startsWith(word)));
}

/** What the request asks to do to a picture, as the local engine reads it. */
function editOperationsIn(tokens: Tokens, aspectRatio: AspectRatio | null, caption: Caption | null) {
  const instructions = readEditTokens(tokens, caption);
  const changeVerb = tokens.some((token) => CHANGE_VERBS.some((verb) => token.startsWith(verb)));
  const colourChange = instructions.colourChange && (changeVerb || instructions.colourChange.from !== undefined) ? instructions.colourChange : null;
  return {
    styles: instructions.styles,
    any: instructions.styles.length > 0 || instructions.adjustments.length > 0 || colourChange !== null || instructions.background !== null || instructions.upscale || aspectRatio !== null || caption !== null,
  };
}

export function planByRules(request: PlanRequest): GenerationPlan {
  const text = request.text.trim();
  // Words to write (a caption, or text to replace what is in the photo) are not instructions ("Add the caption "3 wide shots"").
  const replacement = findTextReplacement(text);
  const caption = replacement ? null : findCaption(text);
  const textOutsideCaption = replacement?.remainingText ?? caption?.remainingText ?? text;
  const { ratio, textWithoutRatios } = findAspectRatio(textOutsideCaption, tokenize(textOutsideCaption));
  const tokens = tokenize(textWithoutRatios);
  const explicitCount = findImageCount(tokens);
  const operations = editOperationsIn(tokens, ratio, caption);
  if (replacement) operations.any = true;

  let sourceImages: GenerationPlan['sourceImages'];
  if (request.attachmentCount > 0) {
    sourceImages = 'attachments';
  } else if (request.hasPreviousOutput && isFollowUp(tokens, operations.any)) {
    sourceImages = 'previous-output';
  } else {
    sourceImages = 'none';
  }
  const intent = sourceImages === 'none' ? 'generate' : 'edit';

  // Several photos: one result for each (each one charged, so the quote shows it), unless they are to become one picture.
  let imageCount = explicitCount ?? 1;
  if (request.attachmentCount > 1 && !asksToCombine(tokens)) imageCount = request.attachmentCount * (explicitCount ?? 1);

  const style = intent === 'edit' ? operations.styles[0] : readGenerationPrompt(tokens).styles[0];
  const instruction = text || (intent === 'edit' ? 'Enhance the photo' : 'A landscape');
  return {
    intent,
    instruction,
    imageCount: clampCount(imageCount),
    aspectRatio: ratio ?? 'unchanged',
    sourceImages,
    ...(style ? { style: style.id } : {}),
  };
}

/**
 * Without photos attached, does the message continue work on the last picture? Yes when it points
 * back at it, asks for versions of it, or names an edit; no when it asks for a new picture or only
 * describes a scene.
 */
function isFollowUp(tokens: Tokens, namesAnEdit: boolean): boolean {
  const pointsBack = mentionsAny(tokens, BACK_REFERENCES) || tokens.some((token) => VARIATION_NOUNS.has(token));
  const asksForNew = findMentions(tokens, NEW_PICTURE_WORDS).length > 0;
  if (asksForNew && !pointsBack) return false;
  if (pointsBack || namesAnEdit) return true;
  const continues = mentionsAny(tokens, CONTINUATIONS);
  const describesScene = describeScene(tokens).elements.size > 0;
  return continues && !describesScene;
}

export const ruleBasedPlanner: ReplyPlanner = {
  plan: (request) => Promise.resolve(planByRules(request)),
};
