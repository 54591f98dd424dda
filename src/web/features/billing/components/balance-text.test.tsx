// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Balance } from '@shared/billing';
import { formatBalance } from '@shared/money';
import { initI18n } from '@web/lib/i18n';
import { BalanceAmount } from './balance-text';

beforeAll(() => {
  initI18n();
});
afterEach(cleanup);

const balance = (raw: number, freeGenerationsLeft: number): Balance => ({
  balance: raw,
  formatted: formatBalance(raw),
  freeGenerationsLeft,
  availableCents: raw < 0 ? -raw : 0,
  frozenCents: 0,
});

describe('the balance beside the free images', () => {
  it("shows a new account's $0.00 red, as the spec's rule says, with its free images beside it", () => {
    render(<BalanceAmount balance={balance(0, 3)} label />);
    const amount = screen.getByText('$0.00');
    expect(amount).toHaveAttribute('data-balance-tone', 'low');
    expect(amount).toHaveClass('text-destructive');
    expect(screen.getByTestId('free-images-left')).toHaveTextContent('3 free images left');
    expect(screen.getByText('Balance:')).toBeInTheDocument();
  });

  it('shows credit (a negative raw balance) green', () => {
    render(<BalanceAmount balance={balance(-1250, 1)} />);
    const amount = screen.getByText('$12.50');
    expect(amount).toHaveAttribute('data-balance-tone', 'credit');
    expect(amount).toHaveClass('text-success');
    expect(screen.getByTestId('free-images-left')).toHaveTextContent('1 free image left');
  });

  it('shows a debt (a positive raw balance) red, and no free-image line once they are used', () => {
    render(<BalanceAmount balance={balance(300, 0)} />);
    const amount = screen.getByText('-$3.00');
    expect(amount).toHaveAttribute('data-balance-tone', 'low');
    expect(screen.queryByTestId('free-images-left')).toBeNull();
  });
});
