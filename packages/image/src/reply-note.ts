import { type AdjustmentMention, type AspectFit, type AspectRatio, type BackgroundChange, type Caption, type Garment, type Style } from '@photomuse/request-language';
import { type NamedColour } from './colours';
import { type RecolourResult } from './recolour';

/**
 * The reply under the local engine's pictures, in the language of the request. It always says
 * plainly that the built-in offline engine made them, never a hosted model.
 */

export type NoteLanguage = 'en' | 'ru';

const ENGINE_LINE: Record<NoteLanguage, string> = {
  en: 'Made with the built-in local engine (offline image filters, not a hosted AI model).',
  ru: 'Сделано встроенным локальным движком (офлайн-фильтры изображений, а не облачная ИИ-модель).',
};

const CAN_DRAW: Record<NoteLanguage, string> = {
  en: 'It can draw skies at any time of day, the sun, moon and stars, sea, mountains, hills, cliffs, cities (Paris with the Eiffel Tower), forests, deserts, fields, snow, rain, clouds, rainbows, islands and space, and in them a lighthouse, a house, a tree, a car, a bridge, boats, birds, and a cat, dog, horse or deer, in named colours; it does not draw anything else.',
  ru: 'Он умеет рисовать небо в любое время суток, солнце, луну и звёзды, море, горы, холмы, скалы, города (Париж с Эйфелевой башней), леса, пустыни, поля, снег, дождь, облака, радугу, острова и космос, а в них маяк, дом, дерево, машину, мост, лодки, птиц, кошку, собаку, лошадь или оленя, в названных цветах; другого он не рисует.',
};

export function cannotDrawMessage(language: NoteLanguage, subject: string): string {
  return language === 'ru'
    ? `Встроенный локальный движок (офлайн, а не облачная ИИ-модель) не умеет рисовать «${subject}», поэтому ничего не нарисовано. ${CAN_DRAW.ru}`
    : `The built-in local engine (offline, not a hosted AI model) cannot draw “${subject}”, so it drew nothing. ${CAN_DRAW.en}`;
}

const NOTHING_TO_DO: Record<NoteLanguage, string> = {
  en: "The built-in local engine (offline image filters, not a hosted AI model) found nothing in this request that it can do. It understands styles such as 'sepia', 'pencil sketch' or 'pop art', colour changes such as 'make the shirt blue', backgrounds such as 'put me on a beach', 'white background' or 'blur the background', adjustments such as 'darker' or 'sharper', shapes such as 'square' or '16:9', and captions such as 'add the caption “Iceland”'.",
  ru: 'Встроенный локальный движок (офлайн-фильтры изображений, а не облачная ИИ-модель) не нашёл в запросе ничего, что умеет делать. Он понимает стили («сепия», «карандашный набросок», «поп-арт»), замену цвета («сделай рубашку синей»), фон («помести меня на пляж», «белый фон», «размой фон»), настройки («темнее», «резче»), форму кадра («квадрат», «16:9») и надписи («добавь надпись „Исландия“»).',
};

export function noPersonMessage(language: NoteLanguage): string {
  return language === 'ru'
    ? 'Встроенный локальный движок не нашёл на фото человека, поэтому фон не изменён. Замена фона работает на фотографиях людей.'
    : 'The built-in local engine found no person in this photo, so the background was not changed. Background changes work on photos of people.';
}

export function garmentNotVisibleMessage(language: NoteLanguage, garment: Garment): string {
  return language === 'ru' ? `На фото не видно, где ${garment.russian}, поэтому ничего не изменено.` : `The ${garment.english} is not in the picture, so nothing was changed.`;
}

export function alreadyColourMessage(language: NoteLanguage, garment: Garment, colour: NamedColour): string {
  return language === 'ru'
    ? `${capitalise(garment.russian)} на фото уже ${colour.russian}, поэтому ничего не изменено.`
    : `The ${garment.english} in the photo is already ${colour.english}, so nothing was changed.`;
}

export function nothingToDoMessage(language: NoteLanguage): string {
  return NOTHING_TO_DO[language];
}

function variationsLine(language: NoteLanguage, count: number): string {
  if (count < 2) return '';
  return language === 'ru' ? `Вариантов: ${count}.` : `${count} variations.`;
}

function shapeLine(language: NoteLanguage, aspectRatio: AspectRatio, fit: AspectFit): string {
  if (aspectRatio === 'unchanged') return '';
  if (language === 'ru') return fit === 'pad' ? `дополнено до ${aspectRatio} без обрезки` : `кадрировано до ${aspectRatio}`;
  return fit === 'pad' ? `padded to ${aspectRatio} without cropping` : `cropped to ${aspectRatio}`;
}

export interface EditSummary {
  styles: readonly Style[];
  adjustments: readonly AdjustmentMention[];
  recolour: Pick<RecolourResult, 'from' | 'to'> | null;
  /** Set when only the person's clothes were recoloured. */
  garment: Garment | null;
  background: BackgroundChange | null;
  aspectRatio: AspectRatio;
  fit: AspectFit;
  count: number;
  /** How many photos the request came with. */
  photos: number;
  combined: boolean;
  enhancedByDefault: boolean;
  caption: Pick<Caption, 'text' | 'position'> | null;
  /** Text found in the photo and written over: what was there, and what is there now. */
  textReplaced: { from: string; to: string } | null;
  upscaled: boolean;
}

function captionLine(language: NoteLanguage, caption: Pick<Caption, 'text' | 'position'>): string {
  if (language === 'ru') return `добавлена надпись «${caption.text}» ${caption.position === 'top' ? 'сверху' : 'снизу'}`;
  return `added the caption “${caption.text}” at the ${caption.position}`;
}


function backgroundLine(language: NoteLanguage, change: BackgroundChange): string {
  switch (change.kind) {
    case 'remove':
      return language === 'ru' ? 'фон удалён (PNG с прозрачностью)' : 'removed the background (a PNG with transparency)';
    case 'blur':
      return language === 'ru' ? 'фон размыт, как в портретном режиме' : 'blurred the background, as in portrait mode';
    case 'colour':
      return language === 'ru' ? `фон заменён на ${change.colour.russian}` : `made the background ${change.colour.english}`;
    case 'scene':
      return language === 'ru' ? `фон заменён нарисованной сценой: ${change.scene.understood.join(', ')}` : `put the person in a drawn scene: ${change.scene.understood.join(', ')}`;
  }
}

export function editNote(language: NoteLanguage, summary: EditSummary): string {
  const done: string[] = [];
  if (summary.recolour && summary.garment) {
    done.push(
      language === 'ru'
        ? `${summary.garment.russian}: ${summary.recolour.from.russian} заменён на ${summary.recolour.to.russian}, лицо, волосы и фон не тронуты`
        : `changed the ${summary.garment.english} from ${summary.recolour.from.english} to ${summary.recolour.to.english}, leaving skin, hair and background as they were`,
    );
  } else if (summary.recolour) {
    done.push(language === 'ru' ? `${summary.recolour.from.russian} заменён на ${summary.recolour.to.russian}` : `changed ${summary.recolour.from.english} to ${summary.recolour.to.english}`);
  }
  if (summary.background) done.push(backgroundLine(language, summary.background));
  const looks = [...summary.styles.map((style) => (language === 'ru' ? style.russian : style.english)), ...summary.adjustments.map(({ adjustment }) => (language === 'ru' ? adjustment.russian : adjustment.english))];
  if (looks.length > 0) done.push(`${language === 'ru' ? 'применено' : 'applied'}: ${looks.join(', ')}`);
  if (summary.upscaled) done.push(language === 'ru' ? 'разрешение увеличено вдвое (ESRGAN, офлайн)' : 'upscaled to twice the width and height (ESRGAN, offline)');
  const shape = shapeLine(language, summary.aspectRatio, summary.fit);
  if (shape) done.push(shape);
  if (summary.caption) done.push(captionLine(language, summary.caption));
  if (summary.textReplaced) done.push(language === 'ru' ? `надпись «${summary.textReplaced.from}» заменена на «${summary.textReplaced.to}»` : `replaced the text “${summary.textReplaced.from}” with “${summary.textReplaced.to}”`);
  const parts = [ENGINE_LINE[language]];
  if (summary.enhancedByDefault) parts.push(language === 'ru' ? 'Запрос без текста: фото автоматически улучшено.' : 'No instruction was given, so the photo was auto-enhanced.');
  if (done.length > 0) parts.push(`${capitalise(done.join('; '))}.`);
  if (summary.combined) parts.push(language === 'ru' ? 'Фотографии объединены в одну картинку.' : 'The photos were combined into one picture.');
  else if (summary.photos > 1) parts.push(language === 'ru' ? 'Каждая фотография отредактирована отдельно.' : 'Each photo was edited on its own.');
  const variations = variationsLine(language, summary.combined ? summary.count : Math.ceil(summary.count / summary.photos));
  if (variations) parts.push(language === 'ru' ? `${variations} Варианты отличаются цветовым тоном.` : `${variations} They differ in colour grade.`);
  return parts.join(' ');
}

export interface GenerateSummary {
  understood: readonly string[];
  /** Words of the prompt it could not draw, beside a subject it could. */
  leftOut: readonly string[];
  styles: readonly Style[];
  aspectRatio: AspectRatio;
  count: number;
}

export function generateNote(language: NoteLanguage, summary: GenerateSummary): string {
  const parts = [ENGINE_LINE[language]];
  if (summary.understood.length > 0) {
    parts.push(language === 'ru' ? `Нарисована процедурная сцена по словам: ${summary.understood.join(', ')}.` : `It drew a procedural scene from the words: ${summary.understood.join(', ')}.`);
  } else {
    parts.push(language === 'ru' ? 'В запросе не нашлось слов, которые он умеет рисовать, поэтому нарисован пейзаж по умолчанию.' : 'The prompt had no words it can draw, so it drew a default landscape.');
  }
  if (summary.leftOut.length > 0) parts.push(language === 'ru' ? `Не нарисовано: ${summary.leftOut.join(', ')}.` : `Left out (it cannot draw them): ${summary.leftOut.join(', ')}.`);
  if (summary.styles.length > 0) {
    const names = summary.styles.map((style) => (language === 'ru' ? style.russian : style.english)).join(', ');
    parts.push(language === 'ru' ? `Стиль: ${names}.` : `Style: ${names}.`);
  }
  parts.push(language === 'ru' ? `Формат ${summary.aspectRatio}.` : `Shape ${summary.aspectRatio}.`);
  const variations = variationsLine(language, summary.count);
  if (variations) parts.push(variations);
  // What it can draw is said when a request fails for it (cannotDrawMessage), not under every picture.
  return parts.join(' ');
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function textNotFoundMessage(language: NoteLanguage, wanted: string | undefined, found: readonly string[]): string {
  const list = found.slice(0, 8).map((word) => (language === 'ru' ? `«${word}»` : `“${word}”`)).join(', ');
  if (language === 'ru') {
    const what = wanted ? `Надписи «${wanted}» на фото нет` : 'На фото не найдено текста';
    return `${what}, поэтому ничего не изменено.${found.length > 0 ? ` Найденный текст: ${list}.` : ''}`;
  }
  const what = wanted ? `There is no “${wanted}” in the photo` : 'No text was found in the photo';
  return `${what}, so nothing was changed.${found.length > 0 ? ` The text it found: ${list}.` : ''}`;
}

export function alreadyLargeMessage(language: NoteLanguage, width: number, height: number): string {
  return language === 'ru'
    ? `Фото уже ${width}×${height} пикселей: увеличение разрешения работает для фото до 2 мегапикселей, поэтому ничего не изменено.`
    : `The photo is already ${width}×${height} pixels: upscaling works on photos up to 2 megapixels, so nothing was changed.`;
}
