import type { ErrorEvent } from '@sentry/node';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { WITHHELD_QUERY, withoutQueryData } from './error-report-scrubbing';

const USER_ID = 'u-7f3c9d2e1b';

/** A Postgres error as the pg driver throws it. */
function postgresError(message: string, code: string): Error {
  return Object.assign(new Error(message), { code, severity: 'ERROR' });
}

/** An event as Sentry builds it from an error and its causes (each its own exception value). */
function eventOf(error: Error): ErrorEvent {
  const values = [];
  for (let current: unknown = error; current instanceof Error; current = current.cause)
    values.push({ type: current.name, value: current.message });
  return { type: undefined, exception: { values }, breadcrumbs: [{ message: error.message }], extra: { requestId: 'req-1' } };
}

describe('withoutQueryData', () => {
  it('withholds the statement and the parameters of a failed query, wherever the event holds them', () => {
    const cause = postgresError('relation "user_files" does not exist', '42P01');
    const error = new DrizzleQueryError(`select * from user_files where user_id = $1 limit $2`, [USER_ID, 20], cause);
    const scrubbed = withoutQueryData(eventOf(error), { originalException: error });
    const text = JSON.stringify(scrubbed);
    expect(text).not.toContain(USER_ID);
    expect(text).not.toContain('params:');
    expect(text).not.toContain('where user_id');
    expect(scrubbed.exception!.values!.map((value) => value.value)).toEqual([WITHHELD_QUERY, 'relation "user_files" does not exist']);
    expect(scrubbed.extra).toEqual({ requestId: 'req-1' });
  });

  it("rewrites a Postgres data exception, whose message quotes the user's value, even cut short by Sentry", () => {
    const typed = 'my secret session name';
    const cause = postgresError(`invalid input syntax for type integer: "${typed}"`, '22P02');
    const error = new DrizzleQueryError('update chat_sessions set session_name = $1', [typed], cause);
    const event = eventOf(error);
    event.exception!.values![1]!.value = `${cause.message.slice(0, 40)}...`;
    const text = JSON.stringify(withoutQueryData(event, { originalException: error }));
    expect(text).not.toContain('secret');
    expect(text).toContain('Postgres error 22P02');
  });

  it('leaves an event without database errors as it was', () => {
    const error = new Error('the engine refused the request');
    expect(withoutQueryData(eventOf(error), { originalException: error })).toEqual(eventOf(error));
  });
});
