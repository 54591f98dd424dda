import { coded } from '@shared/coded-text';
import type { HistoryKind, Transaction } from '@shared/billing';
import { AppError } from '@shared/errors';
import type { Db } from '../../db/client';
import { listLedgerEntriesInPeriod } from './billing.repository';
import { periodBounds } from './spending.repository';
import { HISTORY_KINDS, transactionOf } from './billing.service';

/**
 * The Top-ups and Usage tabs as CSV for a chosen period: the same rows and fields the history API
 * gives, oldest last, one row per entry. Days are the user's calendar days (their stored time zone).
 */

/** A period longer than this many rows is refused, never cut short. */
export const HISTORY_EXPORT_MAX_ROWS = 50_000;

export const HISTORY_CSV_COLUMNS = [
  'id',
  'type',
  'created',
  'description',
  'amount_formatted',
  'ending_balance_formatted',
  'credit',
  'engine',
  'engine_model',
] as const;

/**
 * A cell as RFC 4180 writes it, and never a formula: a spreadsheet would run a cell that starts
 * with = + - @ (or a tab or carriage return), so such a cell is prefixed with a quote mark.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvRowOf(row: Transaction): string {
  const cells = [
    row.id,
    row.type,
    new Date(row.created * 1000).toISOString(),
    row.description,
    row.amount_formatted,
    row.ending_balance_formatted,
    String(row.credit),
    row.engine?.kind ?? '',
    row.engine?.model ?? '',
  ];
  return cells.map(csvCell).join(',');
}

export async function historyCsv(db: Db, userId: string, kind: HistoryKind, period: { from: string; to: string }): Promise<string> {
  if (period.to < period.from) {
    const message = 'The period ends before it starts';
    throw new AppError('VALIDATION_ERROR', message, {
      text: coded('error.periodEndsBeforeStart'),
      details: { fields: [{ field: 'to', message }] },
    });
  }
  const bounds = await periodBounds(db, userId, period.from, period.to);
  const rows = await listLedgerEntriesInPeriod(db, userId, [...HISTORY_KINDS[kind]], { ...bounds, max: HISTORY_EXPORT_MAX_ROWS });
  if (rows.length > HISTORY_EXPORT_MAX_ROWS) {
    throw new AppError('VALIDATION_ERROR', `More than ${HISTORY_EXPORT_MAX_ROWS} entries in this period: choose a shorter one`, {
      text: coded('error.historyTooLong', { max: HISTORY_EXPORT_MAX_ROWS }),
    });
  }
  return [HISTORY_CSV_COLUMNS.join(','), ...rows.map((row) => csvRowOf(transactionOf(row)))].join('\r\n') + '\r\n';
}
