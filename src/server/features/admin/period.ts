import type { OverviewQuery } from '@shared/admin';

const DAY_MS = 86_400_000;
const PRESET_DAYS = { today: 1, '7d': 7, '30d': 30 } as const;

/** A UTC day as YYYY-MM-DD. */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The overview's period as whole UTC days: a preset ends today (today itself, or the last 7 or
 * 30 days including it); a custom one runs from its first day to the end of its last. `to` is
 * exclusive.
 */
export function periodOf(query: OverviewQuery, now = new Date()): { from: Date; to: Date; firstDay: string; lastDay: string } {
  if (query.period === 'custom' && query.from && query.to) {
    const from = new Date(`${query.from}T00:00:00.000Z`);
    const to = new Date(Date.parse(`${query.to}T00:00:00.000Z`) + DAY_MS);
    return { from, to, firstDay: query.from, lastDay: query.to };
  }
  const days = PRESET_DAYS[query.period === 'custom' ? '7d' : query.period];
  const startOfToday = Date.parse(`${dayOf(now)}T00:00:00.000Z`);
  const from = new Date(startOfToday - (days - 1) * DAY_MS);
  const to = new Date(startOfToday + DAY_MS);
  return { from, to, firstDay: dayOf(from), lastDay: dayOf(now) };
}
