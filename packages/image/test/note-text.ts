import { type NoteParam, type NoteText } from '../src/reply-note';

/**
 * A note's codes and parameters as one line for assertions — `local.applied looks=style:sepia,adjustment:sharper`
 * — since the engine writes codes and the app words them.
 */
export function noteLine(note: readonly NoteText[]): string {
  return note
    .map((part) => [part.code, ...Object.entries(part.params ?? {}).map(([key, value]) => `${key}=${paramText(value)}`)].join(' '))
    .join(' | ');
}

function paramText(value: NoteParam): string {
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.join(',');
  if ('refs' in value) return value.refs.map((ref) => `${ref.name}:${ref.id}`).join(',');
  return `${value.name}:${value.id}`;
}

/** The codes of an engine error's reason, for `rejects.toMatchObject`. */
export const reasonLine = (error: unknown) => noteLine((error as { reason: NoteText[] }).reason);
