import { type Tokens } from './text-match';

/**
 * What a text-to-image prompt asks for that the renderer cannot draw. The main subject is the
 * first noun the engine did not understand, unless a word it understood came first ("a beach with
 * a dragon": the beach is the subject, the dragon an extra). A word just before one it understood
 * is taken for an adjective ("a majestic lighthouse"). Words that only shape the request (articles,
 * verbs of asking, counts, "beautiful", "picture") are ignored.
 */

const IGNORED = new Set([
  // English: articles, prepositions, conjunctions, pronouns.
  'a', 'an', 'the', 'of', 'on', 'in', 'at', 'with', 'and', 'or', 'over', 'under', 'by', 'near', 'behind', 'above', 'below', 'beside', 'next', 'from', 'to', 'into', 'onto', 'for', 'some', 'very', 'its', 'it', 'this', 'that', 'me', 'my', 'us', 'our', 'is', 'are', 'there', 'few', 'lots', 'lot', 'many', 'full', 'during', 'across', 'along', 'around', 'through', 'against', 'far', 'up', 'down', 'out', 'off', 'top', 'front', 'middle', 'foreground', 'distance', 'just', 'also', 'as', 'like', 'so',
  // Asking and picture words.
  'draw', 'paint', 'generate', 'create', 'make', 'render', 'show', 'give', 'imagine', 'design', 'please', 'picture', 'image', 'photo', 'photograph', 'pic', 'scene', 'view', 'wallpaper', 'background', 'illustration', 'art', 'artwork', 'style', 'version', 'versions', 'variation', 'variations', 'option', 'options', 'images', 'pictures', 'photos', 'shot',
  // Qualities.
  'beautiful', 'pretty', 'nice', 'lovely', 'gorgeous', 'stunning', 'amazing', 'epic', 'majestic', 'big', 'small', 'large', 'little', 'tiny', 'huge', 'old', 'new', 'calm', 'quiet', 'peaceful', 'serene', 'dark', 'bright', 'light', 'high', 'low', 'tall', 'wide', 'deep', 'distant', 'realistic', 'photorealistic', 'detailed', 'hd', '4k', '8k', 'high', 'quality', 'simple', 'minimal', 'minimalist', 'cozy', 'cosy', 'warm', 'cold', 'cool', 'soft', 'vibrant', 'colorful', 'colourful', 'moody', 'dramatic', 'lonely', 'lone', 'single', 'one', 'two', 'three', 'four', 'five', 'several', 'couple', 'pair', 'vertical', 'horizontal', 'square', 'wide', 'widescreen', 'portrait', 'landscape', 'format',
  // Russian.
  'и', 'в', 'во', 'на', 'с', 'со', 'над', 'под', 'у', 'за', 'перед', 'по', 'из', 'к', 'о', 'об', 'при', 'возле', 'около', 'рядом', 'среди', 'сквозь', 'или', 'мне', 'это', 'эту', 'этот', 'очень',
  'нарисуй', 'нарисовать', 'сгенерируй', 'создай', 'сделай', 'покажи', 'пожалуйста', 'картинку', 'картинка', 'картину', 'изображение', 'фото', 'фотографию', 'вид', 'сцену', 'обои', 'фон', 'стиле', 'стиль', 'вариант', 'варианта', 'варианты', 'вариантов',
  'один', 'одна', 'одно', 'два', 'две', 'три', 'четыре', 'пять', 'несколько', 'пару',
]);

const RUSSIAN_ADJECTIVE = /(ый|ий|ой|ая|яя|ое|ее|ые|ие|ого|его|ому|ему|ую|юю|ым|им|ыми|ими|ых|их)$/;
const ENGLISH_ADJECTIVE = /(ful|ous|ive|ic|al|ish|less|ing|ed|ly)$/;

function isContentWord(token: string): boolean {
  if (IGNORED.has(token) || /^\d/.test(token) || token.length < 3) return false;
  return !(RUSSIAN_ADJECTIVE.test(token) && /[а-я]/.test(token)) && !ENGLISH_ADJECTIVE.test(token);
}

export interface Undrawable {
  /** The main subject, when the renderer cannot draw it: the request should not be drawn at all. */
  subject: string | null;
  /** Other words it will leave out of the picture. */
  extras: string[];
}

/** `understood`: every word the engine read; `drawable`: those that name something it draws (a subject, unlike a time of day or a colour). */
export function findUndrawable(tokens: Tokens, understood: ReadonlySet<number>, drawable: ReadonlySet<number>): Undrawable {
  let subject: string | null = null;
  let subjectKnown = false;
  const extras: string[] = [];
  for (let index = 0; index < tokens.length; index += 1) {
    if (understood.has(index)) {
      // The first thing named is one the renderer draws: it is the subject.
      if (subject === null && drawable.has(index)) subjectKnown = true;
      continue;
    }
    const token = tokens[index]!;
    if (!isContentWord(token)) continue;
    if (understood.has(index + 1)) continue;
    if (!subjectKnown && subject === null) subject = token;
    else extras.push(token);
  }
  return { subject, extras };
}
