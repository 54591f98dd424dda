import { describe, expect, it } from 'vitest';
import { largestWholeUnit, parseRetention, timeLeft } from './retention';

describe('retention durations', () => {
  it('reads seconds, minutes, hours and days', () => {
    expect(parseRetention('90s')).toBe(90);
    expect(parseRetention('15m')).toBe(900);
    expect(parseRetention('24h')).toBe(86_400);
    expect(parseRetention(' 30d ')).toBe(2_592_000);
  });

  it('refuses anything else, zero included', () => {
    for (const text of ['', '24', 'h', '1w', '-1d', '1.5h', '0s', '24 h']) expect(parseRetention(text)).toBeNull();
  });

  it('words a duration in its largest whole unit', () => {
    expect(largestWholeUnit(2_592_000)).toEqual({ count: 30, unit: 'day' });
    expect(largestWholeUnit(86_400)).toEqual({ count: 24, unit: 'hour' });
    expect(largestWholeUnit(172_800)).toEqual({ count: 2, unit: 'day' });
    expect(largestWholeUnit(5400)).toEqual({ count: 90, unit: 'minute' });
    expect(largestWholeUnit(90)).toEqual({ count: 90, unit: 'second' });
  });

  it('says how long a file has left in whole days, hours or minutes, and nothing once it is due', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);
    expect(timeLeft(at(3 * 86_400 + 100), now)).toEqual({ count: 3, unit: 'day' });
    expect(timeLeft(at(86_399), now)).toEqual({ count: 23, unit: 'hour' });
    expect(timeLeft(at(61), now)).toEqual({ count: 2, unit: 'minute' });
    expect(timeLeft(at(1), now)).toEqual({ count: 1, unit: 'minute' });
    expect(timeLeft(at(0), now)).toBeNull();
  });
});
