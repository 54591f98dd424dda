import { tokenize } from './text-match';

/**
 * "What can you draw?", "what can you do?", "что ты умеешь рисовать?": a question about the
 * engine, answered with words, not a picture to draw. Read from the whole message, so a request
 * that merely contains "draw" ("draw a cat you can") is not taken for one: the message must be a
 * short question whose words are all the question's own.
 */

/** The verbs of making; "what can you …" followed by one of these is the question. */
const MAKING_VERBS = new Set([
  'draw',
  'paint',
  'make',
  'do',
  'create',
  'generate',
  'edit',
  'рисовать',
  'нарисовать',
  'рисуешь',
  'делать',
  'сделать',
  'делаешь',
  'создать',
  'создавать',
  'умеешь',
  'можешь',
]);

/** Words a short question about the engine may hold besides its verb. */
const QUESTION_WORDS = new Set([
  // English
  'what',
  'which',
  'things',
  'kind',
  'kinds',
  'sort',
  'of',
  'can',
  'could',
  'do',
  'does',
  'are',
  'you',
  'it',
  'this',
  'the',
  'engine',
  'able',
  'to',
  'know',
  'how',
  'pictures',
  'images',
  'subjects',
  'scenes',
  'else',
  'exactly',
  'actually',
  'please',
  'tell',
  'me',
  'us',
  'list',
  'show',
  'hi',
  'hello',
  'so',
  'and',
  // Russian
  'что',
  'чего',
  'какие',
  'какую',
  'ты',
  'вы',
  'он',
  'умеешь',
  'умеете',
  'можешь',
  'можете',
  'вообще',
  'еще',
  'ещё',
  'а',
  'и',
  'скажи',
  'скажите',
  'расскажи',
  'мне',
  'картинки',
  'движок',
  'этот',
  'привет',
  'пожалуйста',
  'ли',
]);

/** English: "what", then "can/could/do … you/it", then a verb of making ("what can you draw"). */
function isEnglishQuestion(tokens: readonly string[]): boolean {
  const what = tokens.indexOf('what');
  if (what < 0) return false;
  const asks = tokens.slice(what + 1).findIndex((token) => token === 'can' || token === 'could' || token === 'do' || token === 'does');
  if (asks < 0) return false;
  return tokens.slice(what + 1 + asks + 1).some((token) => MAKING_VERBS.has(token));
}

/** Russian: "что" and "умеешь/можешь" ("что ты умеешь рисовать", "что можешь нарисовать"). */
function isRussianQuestion(tokens: readonly string[]): boolean {
  const what = tokens.findIndex((token) => token === 'что' || token === 'чего' || token === 'какие');
  if (what < 0) return false;
  return tokens
    .slice(what + 1)
    .some((token) => token === 'умеешь' || token === 'умеете' || token === 'можешь' || token === 'можете' || token === 'рисуешь');
}

/** True when the message asks what the engine can draw or do, and nothing else. */
export function asksWhatItCanDo(text: string): boolean {
  const tokens = tokenize(text);
  if (tokens.length === 0 || tokens.length > 12) return false;
  if (!tokens.every((token) => QUESTION_WORDS.has(token) || MAKING_VERBS.has(token))) return false;
  return isEnglishQuestion(tokens) || isRussianQuestion(tokens);
}
