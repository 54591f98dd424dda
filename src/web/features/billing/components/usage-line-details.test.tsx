// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '@shared/billing';
import { initI18n } from '@web/lib/i18n';
import { UsageLineDetails, useAmountText } from './usage-line-details';

beforeAll(() => {
  initI18n();
});
afterEach(cleanup);

const line = (amount: string, usage: Transaction['usage']): Transaction => ({
  id: 'l1',
  type: 'usage',
  created: 1_795_000_000,
  description: 'Generated 1 image',
  description_code: { code: 'ledger.generated', params: { count: 1, free: 0 } },
  amount_formatted: amount,
  ending_balance_formatted: '$1.00',
  credit: false,
  engine: { kind: 'local', model: null },
  usage,
});

function Amount({ transaction }: { transaction: Transaction }) {
  return <span data-testid="amount">{useAmountText(transaction, false)}</span>;
}

describe('a usage line', () => {
  it('reads "Free image" for an image paid with a free image, never "-$0.00"', () => {
    render(<Amount transaction={line('$0.00', { prompt: 'a deer', thumbnail_url: null, session_id: null, free_images: 1 })} />);
    expect(screen.getByTestId('amount')).toHaveTextContent(/^Free image$/);
  });

  it('shows money and free images together, and plain money without free images', () => {
    const { rerender } = render(
      <Amount transaction={line('$0.08', { prompt: 'a deer', thumbnail_url: null, session_id: null, free_images: 3 })} />,
    );
    expect(screen.getByTestId('amount')).toHaveTextContent('-$0.08 + 3 free images');
    rerender(<Amount transaction={line('$0.08', null)} />);
    expect(screen.getByTestId('amount')).toHaveTextContent(/^-\$0\.08$/);
  });

  it('carries the prompt, the thumbnail and a link to the session', () => {
    const sessionId = '00000000-0000-4000-8000-000000000001';
    const { container } = render(
      <MemoryRouter>
        <UsageLineDetails
          usage={{ prompt: 'a lighthouse at dusk', thumbnail_url: '/api/files/t.webp', session_id: sessionId, free_images: 0 }}
        />
      </MemoryRouter>,
    );
    expect(screen.getByText('“a lighthouse at dusk”')).toBeInTheDocument();
    expect(container.querySelector('img')).toHaveAttribute('src', '/api/files/t.webp');
    expect(screen.getByRole('link', { name: 'Open session' })).toHaveAttribute('href', `/session/${sessionId}`);
  });
});
