import { describe, expect, it } from 'vitest';
import { pgDateTimeSchema } from './column-bounds';

describe('pgDateTimeSchema', () => {
  it('takes the date-times Postgres reads, microseconds and offsets up to ±15:59 included', () => {
    for (const value of [
      '2026-11-26T10:00:00.123456Z',
      '0001-01-01T00:00:00Z',
      '2026-11-26T10:00:00+15:59',
      '2026-11-26T10:00:00-15:59',
      '9999-12-31T23:59:59Z',
    ]) {
      expect(pgDateTimeSchema.safeParse(value).success, value).toBe(true);
    }
  });

  it('refuses the year 0000 and offsets past ±15:59, which ISO allows and Postgres does not', () => {
    for (const value of ['0000-01-01T00:00:00Z', '2026-11-26T10:00:00+16:00', '2026-11-26T10:00:00-23:59', '2026-02-30T00:00:00Z']) {
      expect(pgDateTimeSchema.safeParse(value).success, value).toBe(false);
    }
  });
});
