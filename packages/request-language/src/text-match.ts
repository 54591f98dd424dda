/**
 * Finding named things (styles, colours, scene words) in English and Russian requests. Words are
 * compared token by token: a pattern token ending in '*' matches any word that starts with it, which
 * covers plurals and Russian case endings ('акварел*' finds 'акварель', 'акварельным'); other
 * pattern tokens must match a word exactly, so 'red' does not fire on 'reduce'.
 */

export type Tokens = readonly string[];

/** Lower case, 'ё' read as 'е', split on anything that is not a letter or digit. */
export function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((token) => token.length > 0);
}

export function hasCyrillic(text: string): boolean {
  return /[\u0400-\u04FF]/.test(text);
}

interface CompiledPattern {
  parts: { stem: string; prefix: boolean }[];
  /** Longer and more exact patterns win when two match the same words. */
  specificity: number;
}

function compilePattern(pattern: string): CompiledPattern {
  const parts = tokenizePattern(pattern).map((part) =>
    part.endsWith('*') ? { stem: part.slice(0, -1), prefix: true } : { stem: part, prefix: false },
  );
  const specificity = parts.reduce((sum, part) => sum + part.stem.length + (part.prefix ? 0 : 1), 0);
  return { parts, specificity };
}

function tokenizePattern(pattern: string): string[] {
  return pattern
    .toLowerCase()
    .replace(/ё/g, 'е')
    .split(/[^\p{L}\p{N}*]+/u)
    .filter((token) => token.length > 0);
}

function partMatches(part: { stem: string; prefix: boolean }, token: string): boolean {
  return part.prefix ? token.startsWith(part.stem) : token === part.stem;
}

export interface Vocabulary<T> {
  entries: { value: T; patterns: CompiledPattern[] }[];
}

export function defineVocabulary<T>(entries: readonly { value: T; patterns: readonly string[] }[]): Vocabulary<T> {
  return { entries: entries.map((entry) => ({ value: entry.value, patterns: entry.patterns.map(compilePattern) })) };
}

export interface VocabularyMatch<T> {
  value: T;
  /** Index of the first token matched. */
  start: number;
  /** Index after the last token matched. */
  end: number;
}

/**
 * Every non-overlapping mention, in the order they appear. Where mentions overlap, the one with more
 * words wins, then the more specific one ('тепловизор' over 'тепл*').
 */
export function findMentions<T>(tokens: Tokens, vocabulary: Vocabulary<T>, taken: ReadonlySet<number> = new Set()): VocabularyMatch<T>[] {
  const candidates: (VocabularyMatch<T> & { specificity: number })[] = [];
  for (const entry of vocabulary.entries) {
    for (const pattern of entry.patterns) {
      const length = pattern.parts.length;
      for (let start = 0; start + length <= tokens.length; start += 1) {
        let matches = true;
        for (let offset = 0; offset < length && matches; offset += 1) {
          matches = !taken.has(start + offset) && partMatches(pattern.parts[offset]!, tokens[start + offset]!);
        }
        if (matches) candidates.push({ value: entry.value, start, end: start + length, specificity: pattern.specificity });
      }
    }
  }
  candidates.sort((a, b) => b.end - b.start - (a.end - a.start) || b.specificity - a.specificity || a.start - b.start);
  const used = new Set<number>();
  const chosen: VocabularyMatch<T>[] = [];
  for (const candidate of candidates) {
    let free = true;
    for (let index = candidate.start; index < candidate.end && free; index += 1) free = !used.has(index);
    if (!free) continue;
    for (let index = candidate.start; index < candidate.end; index += 1) used.add(index);
    chosen.push({ value: candidate.value, start: candidate.start, end: candidate.end });
  }
  return chosen.sort((a, b) => a.start - b.start);
}

/** The token positions a list of mentions covers, to keep later searches off them. */
export function coveredTokens(mentions: readonly { start: number; end: number }[], into: Set<number> = new Set()): Set<number> {
  for (const mention of mentions) for (let index = mention.start; index < mention.end; index += 1) into.add(index);
  return into;
}

const RUSSIAN_ADJECTIVE_ENDINGS = [
  'ый',
  'ий',
  'ой',
  'ая',
  'яя',
  'ое',
  'ее',
  'ые',
  'ие',
  'ого',
  'его',
  'ому',
  'ему',
  'ую',
  'юю',
  'ым',
  'им',
  'ом',
  'ем',
  'ыми',
  'ими',
  'ых',
  'их',
  'ей',
];

/** Every case and gender of a Russian adjective from its stem: 'красн' → 'красный', 'красную'... */
export function russianAdjective(stem: string): string[] {
  return RUSSIAN_ADJECTIVE_ENDINGS.map((ending) => stem + ending);
}
