import type { ErrorEvent, EventHint } from '@sentry/node';

/**
 * What an error report may say of a failed query. Drizzle's wrapper of a failed query has the
 * statement and every bound parameter in its message (`Failed query: … params: <user id>,…`), and
 * Postgres' data exceptions (SQLSTATE class 22) quote the offending value (`invalid input syntax
 * for type integer: "<what the user typed>"`). Both are rewritten before an event leaves the
 * process; the database's other messages name only tables and constraints, and stay.
 */

const FAILED_QUERY = /Failed query: [\s\S]*/;
export const WITHHELD_QUERY = 'Failed query (its statement and parameters are not reported)';

/** SQLSTATE classes whose messages quote a value: data exceptions. */
const VALUE_QUOTING_CLASSES = new Set(['22']);

interface DatabaseError {
  message: string;
  code: string;
}

/** The errors in the chain (the error, its cause, its cause's cause…) that are Postgres data exceptions. */
function valueQuotingErrors(error: unknown): DatabaseError[] {
  const found: DatabaseError[] = [];
  const seen = new Set<unknown>();
  for (let current = error; current instanceof Error && !seen.has(current); current = current.cause) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && VALUE_QUOTING_CLASSES.has(code.slice(0, 2)))
      found.push({ message: current.message, code });
  }
  return found;
}

/** Whether `text` is `message`, or the start of it Sentry kept (it cuts long values and adds "..."). */
function shows(text: string, message: string): boolean {
  return text.includes(message) || (text.endsWith('...') && text.length > 3 && message.startsWith(text.slice(0, -3)));
}

function scrubbedValue(value: unknown, scrub: (text: string) => string): unknown {
  if (typeof value === 'string') return scrub(value);
  if (Array.isArray(value)) return value.map((item) => scrubbedValue(item, scrub));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrubbedValue(item, scrub)]));
  return value;
}

/** Sentry's `beforeSend`: the event with every trace of query text, parameters and quoted values rewritten. */
export function withoutQueryData(event: ErrorEvent, hint: EventHint): ErrorEvent {
  const quoting = valueQuotingErrors(hint.originalException);
  const scrub = (text: string): string => {
    const withoutQuery = text.replace(FAILED_QUERY, WITHHELD_QUERY);
    const quoted = quoting.find((error) => shows(withoutQuery, error.message));
    return quoted ? `Postgres error ${quoted.code} (its message quotes a value and is not reported)` : withoutQuery;
  };
  return scrubbedValue(event, scrub) as ErrorEvent;
}
