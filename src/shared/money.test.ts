import { describe, expect, it } from 'vitest';
import {
  canSubmitCustomAmount,
  checkCustomAmount,
  formatBalance,
  formatCents,
  imagesForCents,
  isLowBalance,
  parseDollarsToCents,
  sanitizeAmountInput,
  topUpSubmissionIssue,
} from './money';

describe('formatting money', () => {
  it('shows cents as dollars with two decimals and a dollar sign', () => {
    expect(formatCents(1234)).toBe('$12.34');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(100_000)).toBe('$1,000.00');
    expect(formatCents(-100)).toBe('-$1.00');
  });

  it('shows the balance negated (a negative raw balance is credit), and $0.00 when absent', () => {
    expect(formatBalance(-1234)).toBe('$12.34');
    expect(formatBalance(0)).toBe('$0.00');
    expect(formatBalance(undefined)).toBe('$0.00');
    expect(formatBalance(null)).toBe('$0.00');
  });

  it('treats only a negative raw balance as credit; anything else is low', () => {
    expect(isLowBalance(-1)).toBe(false);
    expect(isLowBalance(0)).toBe(true);
    expect(isLowBalance(250)).toBe(true);
    expect(isLowBalance(undefined)).toBe(true);
  });

  it('counts the images an amount buys as floor(cents / price)', () => {
    expect(imagesForCents(1000, 8)).toBe(125);
    expect(imagesForCents(500, 8)).toBe(62);
    expect(imagesForCents(160, 8)).toBe(20);
  });
});

describe('the custom top-up amount', () => {
  // The texts behind these issues are checked where they are shown: custom-amount-card.test.tsx.
  it('rejects 0.99 (below the minimum), 1000.01 (above the maximum), "abc" and "1.234" (not a number of cents)', () => {
    expect(checkCustomAmount('0.99').issue).toBe('belowMinimum');
    expect(checkCustomAmount('1000.01').issue).toBe('aboveMaximum');
    expect(checkCustomAmount('abc').issue).toBe('invalidNumber');
    expect(checkCustomAmount('1.234').issue).toBe('invalidNumber');
    for (const text of ['0.99', '1000.01', 'abc', '1.234']) expect(canSubmitCustomAmount(checkCustomAmount(text))).toBe(false);
  });

  it('accepts $1.00 to $1,000.00 in exact cents', () => {
    expect(checkCustomAmount('1')).toEqual({ cents: 100, issue: null });
    expect(checkCustomAmount('1000')).toEqual({ cents: 100_000, issue: null });
    expect(checkCustomAmount('10.5')).toEqual({ cents: 1050, issue: null });
    expect(checkCustomAmount('19.99')).toEqual({ cents: 1999, issue: null });
    expect(checkCustomAmount('.5').issue).toBe('belowMinimum');
    expect(canSubmitCustomAmount(checkCustomAmount('25'))).toBe(true);
  });

  it('has no message for an empty field, but keeps the button off', () => {
    expect(checkCustomAmount('')).toEqual({ cents: null, issue: null });
    expect(canSubmitCustomAmount(checkCustomAmount(''))).toBe(false);
  });

  it('keeps only digits and one dot while typing, with at most two decimals', () => {
    expect(sanitizeAmountInput('abc')).toBe('');
    expect(sanitizeAmountInput('12a.3.45')).toBe('12.34');
    expect(sanitizeAmountInput('$1,000.999')).toBe('1000.99');
    expect(sanitizeAmountInput('-5')).toBe('5');
  });

  it('refuses to submit nothing, zero or less', () => {
    for (const cents of [null, 0, -100, Number.NaN]) expect(topUpSubmissionIssue(cents)).toBe('invalidTopUp');
    expect(topUpSubmissionIssue(100)).toBeNull();
  });

  it('parses dollars without floating-point error', () => {
    expect(parseDollarsToCents('0.29')).toBe(29);
    expect(parseDollarsToCents('1.1')).toBe(110);
    expect(parseDollarsToCents('1.')).toBe(100);
    expect(parseDollarsToCents('.')).toBeNull();
    expect(parseDollarsToCents('1e3')).toBeNull();
  });
});
