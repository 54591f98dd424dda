import { describe, expect, it } from 'vitest';
import { showsLowBalanceDot } from './low-balance-dot';

describe('the low-balance dot on the bottom nav', () => {
  it('shows for a reported balance without credit', () => {
    expect(showsLowBalanceDot(0)).toBe(true);
    expect(showsLowBalanceDot(120)).toBe(true);
  });

  it('does not show while there is credit', () => {
    expect(showsLowBalanceDot(-1)).toBe(false);
    expect(showsLowBalanceDot(-1000)).toBe(false);
  });

  it('does not show before the balance is known', () => {
    expect(showsLowBalanceDot(undefined)).toBe(false);
    expect(showsLowBalanceDot(null)).toBe(false);
    expect(showsLowBalanceDot(Number.NaN)).toBe(false);
  });
});
