import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../lib/console-format';

export interface ChartPoint {
  day: string;
  value: number;
}

const WIDTH = 320;
const HEIGHT = 120;
const BOTTOM = 18;

/**
 * One figure per day as bars, drawn as SVG in the page (no chart library: the console is loaded
 * only when opened, and a bar chart is a few rectangles). Screen readers get a summary and the
 * figures as a table.
 */
export function DailyChart({ title, points, format }: { title: string; points: ChartPoint[]; format: (value: number) => string }) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage ?? 'en';
  const titleId = useId();
  const max = Math.max(0, ...points.map((point) => point.value));
  const total = points.reduce((sum, point) => sum + point.value, 0);
  const slot = WIDTH / Math.max(points.length, 1);
  const bar = Math.max(1, slot * 0.7);
  const labelled = new Set([0, Math.floor((points.length - 1) / 2), points.length - 1]);
  return (
    <figure className="rounded-lg border p-3">
      <figcaption className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">{title}</span>
        <span className="text-muted-foreground tabular-nums">{t('overview.chartTotal', { total: format(total) })}</span>
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT + BOTTOM}`} role="img" aria-labelledby={titleId} className="mt-2 h-auto w-full">
        <title id={titleId}>{t('overview.chartSummary', { title, total: format(total), peak: format(max), days: points.length })}</title>
        <line x1={0} x2={WIDTH} y1={HEIGHT} y2={HEIGHT} className="stroke-border" strokeWidth={1} />
        {points.map((point, index) => {
          const height = max > 0 ? Math.max(point.value > 0 ? 2 : 0, (point.value / max) * (HEIGHT - 8)) : 0;
          const x = index * slot + (slot - bar) / 2;
          return (
            <g key={point.day}>
              <rect x={x} y={HEIGHT - height} width={bar} height={height} rx={1.5} className="fill-primary">
                <title>{`${formatDay(point.day, language)}: ${format(point.value)}`}</title>
              </rect>
              {labelled.has(index) && (
                <text x={index * slot + slot / 2} y={HEIGHT + 13} textAnchor="middle" className="fill-muted-foreground text-[9px]">
                  {formatDay(point.day, language)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{t('overview.day')}</th>
            <th scope="col">{title}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.day}>
              <td>{formatDay(point.day, language)}</td>
              <td>{format(point.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
