import { describe, expect, it } from 'vitest';
import { overviewQuerySchema } from '@shared/admin';
import { periodOf } from './period';

const at = new Date('2026-11-26T15:30:00Z');

describe("the overview's period", () => {
  it('is whole UTC days ending today for the presets', () => {
    expect(periodOf({ period: 'today' }, at)).toEqual({
      from: new Date('2026-11-26T00:00:00Z'),
      to: new Date('2026-11-27T00:00:00Z'),
      firstDay: '2026-11-26',
      lastDay: '2026-11-26',
    });
    expect(periodOf({ period: '7d' }, at)).toMatchObject({
      from: new Date('2026-11-20T00:00:00Z'),
      to: new Date('2026-11-27T00:00:00Z'),
      firstDay: '2026-11-20',
    });
    expect(periodOf({ period: '30d' }, at)).toMatchObject({ firstDay: '2026-10-28', lastDay: '2026-11-26' });
  });

  it('runs from the first day to the end of the last for a custom one', () => {
    expect(periodOf({ period: 'custom', from: '2026-02-27', to: '2026-03-01' }, at)).toEqual({
      from: new Date('2026-02-27T00:00:00Z'),
      to: new Date('2026-03-02T00:00:00Z'),
      firstDay: '2026-02-27',
      lastDay: '2026-03-01',
    });
  });

  it('refuses a custom period without both days, backwards, or longer than a year and a day', () => {
    expect(overviewQuerySchema.safeParse({ period: 'custom', from: '2026-01-01' }).success).toBe(false);
    expect(overviewQuerySchema.safeParse({ period: 'custom', from: '2026-01-02', to: '2026-01-01' }).success).toBe(false);
    expect(overviewQuerySchema.safeParse({ period: 'custom', from: '2025-01-01', to: '2026-01-02' }).success).toBe(false);
    expect(overviewQuerySchema.safeParse({ period: 'custom', from: '2025-01-01', to: '2026-01-01' }).success).toBe(true);
    expect(overviewQuerySchema.safeParse({ period: 'custom', from: '2026-13-01', to: '2026-13-02' }).success).toBe(false);
    expect(overviewQuerySchema.parse({})).toEqual({ period: '7d' });
  });
});
