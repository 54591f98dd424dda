import { describe, expect, it } from 'vitest';
import { AppError } from '@shared/errors';
import { createDb } from '../db/client';
import { isDatabaseUnavailable } from './connection-failures';

describe('telling a database outage from other failures', () => {
  it("knows our pool's refused connection, however deeply it is wrapped", async () => {
    const db = createDb('postgres://nobody@127.0.0.1:1/none', { max: 1 });
    const failure = await db.$client.query('select 1').then(
      () => undefined,
      (error: unknown) => error,
    );
    await db.$client.end();
    expect(isDatabaseUnavailable(failure)).toBe(true);
    const wrapped = new AppError('UPLOAD_FAILED', 'Failed to create file record', {
      status: 500,
      cause: new Error('Failed query', { cause: failure }),
    });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });

  it('does not take the same failure from elsewhere (an engine, a mail relay) for one', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:443'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(new Error('fetch failed', { cause: refused }))).toBe(false);
    expect(isDatabaseUnavailable(new AppError('NOT_FOUND', 'Not found'))).toBe(false);
  });
});
