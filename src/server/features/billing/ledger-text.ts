import type { CodedText } from '@shared/coded-text';
import { englishOf } from '../../lib/english-text';

/**
 * A ledger line as a code (worded by the client in the reader's language) or, from callers that
 * have none, as plain English (shown as written). The entry keeps the English either way, for API
 * clients, exports and the operator console.
 */
export type LedgerText = CodedText | string;

export const englishOfLine = (line: LedgerText): string => (typeof line === 'string' ? line : englishOf(line));

/** The jsonb to store: the code, or null for a line written in plain English. */
export const codeOfLine = (line: LedgerText): string | null => (typeof line === 'string' ? null : JSON.stringify(line));
