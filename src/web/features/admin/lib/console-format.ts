/** How the console writes times and durations, in the operator's language. */

export function formatDateTime(iso: string | null, language: string): string | null {
  if (!iso) return null;
  return new Date(iso).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatDay(day: string, language: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(language, { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** Seconds to one decimal below a minute, then minutes and seconds: '4.2 s', '3 min 5 s'. */
export function formatSeconds(seconds: number | null): string | null {
  if (seconds === null) return null;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${Math.round(seconds % 60)} s`;
}

export function formatPercent(share: number | null, language: string): string | null {
  if (share === null) return null;
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(share);
}
