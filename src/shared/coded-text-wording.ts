import type { CodedParam, CodedText, InnerCodedText, NameRef } from './coded-text';
import { formatCents } from './money';

/**
 * Words coded texts with an i18next `t` whose `server` namespace holds the texts (the web's in the
 * reader's language; the server's in English, for API clients and logs).
 */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/** A name from one of the server's fixed lists; one the locale files lack reads as its id. */
function nameOf(t: Translate, ref: NameRef): string {
  return t(`server:names.${ref.name}.${ref.id}`, { defaultValue: ref.id });
}

function wordParam(t: Translate, value: CodedParam): string | number {
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (Array.isArray(value)) return value.join(', ');
  if ('coded' in value) return wordCodedText(t, value.coded);
  if ('clauses' in value) return value.clauses.map((clause) => wordClause(t, clause)).join('; ');
  if ('cents' in value) return formatCents(value.cents);
  if ('refs' in value) return value.refs.map((ref) => nameOf(t, ref)).join(', ');
  return nameOf(t, value);
}

/** A part of a sentence, as its text says it (in lower case, unless it starts with a name). */
function wordClause(t: Translate, text: CodedText | InnerCodedText): string {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(text.params ?? {})) params[key] = wordParam(t, value);
  return t(`server:${text.code}`, params);
}

/** One coded sentence (a name filled in may start it, so it is capitalised). */
export function wordCodedText(t: Translate, text: CodedText | InnerCodedText): string {
  return capitalise(wordClause(t, text));
}

/**
 * Several coded sentences, worded and joined as one paragraph. A part of a sentence standing alone
 * (a built-in engine's reply stored before its notes became one sentence of parts) ends as a sentence.
 */
export function wordCodedTexts(t: Translate, texts: readonly CodedText[]): string {
  return texts
    .map((text) => wordCodedText(t, text))
    .map((sentence) => (/[.!?…:)]$/.test(sentence) || sentence.length === 0 ? sentence : `${sentence}.`))
    .join(' ');
}
