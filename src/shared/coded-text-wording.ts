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
  if ('cents' in value) return formatCents(value.cents);
  if ('refs' in value) return value.refs.map((ref) => nameOf(t, ref)).join(', ');
  return nameOf(t, value);
}

/** One coded sentence (a name filled in may start it, so it is capitalised). */
export function wordCodedText(t: Translate, text: CodedText | InnerCodedText): string {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(text.params ?? {})) params[key] = wordParam(t, value);
  return capitalise(t(`server:${text.code}`, params));
}

/** Several coded sentences, worded and joined as one paragraph. */
export function wordCodedTexts(t: Translate, texts: readonly CodedText[]): string {
  return texts.map((text) => wordCodedText(t, text)).join(' ');
}
