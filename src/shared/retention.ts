/**
 * How long files are kept (UPLOAD_RETENTION, GENERATED_RETENTION): durations written like `90s`,
 * `15m`, `24h` or `30d`. The server parses them once at start; the client receives the seconds
 * through GET /api/config and words them in the reader's language.
 */

const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86_400 } as const;

/** The seconds a duration like `24h` stands for, or null when it is not one. */
export function parseRetention(text: string): number | null {
  const match = /^(\d{1,7})([smhd])$/.exec(text.trim());
  if (!match) return null;
  const seconds = Number(match[1]) * UNIT_SECONDS[match[2] as keyof typeof UNIT_SECONDS];
  return seconds > 0 ? seconds : null;
}

/** The defaults keep the legal pages' promises (decision 015). */
export const DEFAULT_UPLOAD_RETENTION = '24h';
export const DEFAULT_GENERATED_RETENTION = '30d';

/**
 * The configured figures in seconds. No zod here: the landing page words these figures, and zod
 * stays out of its bundle (decision 009); the schema lives with the config answer's.
 */
export interface Retention {
  uploadSeconds: number;
  generatedSeconds: number;
}

/**
 * A duration in its largest whole unit, for texts: 2592000 → 30 days, 5400 → 90 minutes. One day
 * reads as 24 hours, the way people say it.
 */
export function largestWholeUnit(seconds: number): { count: number; unit: 'day' | 'hour' | 'minute' | 'second' } {
  if (seconds % 86_400 === 0 && seconds > 86_400) return { count: seconds / 86_400, unit: 'day' };
  if (seconds % 3600 === 0) return { count: seconds / 3600, unit: 'hour' };
  if (seconds % 60 === 0) return { count: seconds / 60, unit: 'minute' };
  return { count: seconds, unit: 'second' };
}

/** What is left until `expiresAt`, rounded up to the unit a card shows: "Expires in 3 days". */
export function timeLeft(expiresAt: Date, now: Date): { count: number; unit: 'day' | 'hour' | 'minute' } | null {
  const seconds = (expiresAt.getTime() - now.getTime()) / 1000;
  if (seconds <= 0) return null;
  if (seconds >= 86_400) return { count: Math.floor(seconds / 86_400), unit: 'day' };
  if (seconds >= 3600) return { count: Math.floor(seconds / 3600), unit: 'hour' };
  return { count: Math.max(1, Math.ceil(seconds / 60)), unit: 'minute' };
}
