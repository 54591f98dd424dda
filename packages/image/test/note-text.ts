import { type NoteParam, type NoteText } from '../src/reply-note';

/**
 * A note's codes and parameters as one line for assertions — `local.done | local.applied looks=style:sepia,adjustment:sharper`
 * — since the engine writes codes and the app words them. The clauses of a sentence follow its code.
 */
export function noteLine(note: readonly NoteText[]): string {
  return note.flatMap(partLines).join(' | ');
}

function partLines(part: NoteText): string[] {
  const clauses: string[] = [];
  const params: string[] = [];
  for (const [key, value] of Object.entries(part.params ?? {})) {
    if (typeof value === 'object' && 'clauses' in value) clauses.push(...value.clauses.flatMap(partLines));
    else params.push(`${key}=${paramText(value)}`);
  }
  return [[part.code, ...params].join(' '), ...clauses];
}

function paramText(value: Exclude<NoteParam, { clauses: unknown }>): string {
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.join(',');
  if ('refs' in value) return value.refs.map((ref) => `${ref.name}:${ref.id}`).join(',');
  return `${value.name}:${value.id}`;
}

/** The codes of an engine error's reason, for `rejects.toMatchObject`. */
export const reasonLine = (error: unknown) => noteLine((error as { reason: NoteText[] }).reason);
