// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Balance } from '@shared/billing';
import { balanceQuery } from '@web/features/billing';
import { initI18n } from '@web/lib/i18n';
import { studioKeys } from '../api/query-keys';
import { useCreditRefusal } from '../hooks/use-credit-refusal';
import { CreditNeededCard } from './credit-needed-card';

beforeAll(() => {
  initI18n();
});
afterEach(cleanup);

/** The balance as GET /api/stripe/balance answers it; the raw balance is negative for credit. */
const balanceOf = (rawBalance: number): Balance => ({
  balance: rawBalance,
  formatted: '',
  freeGenerationsLeft: 0,
  availableCents: -rawBalance,
  frozenCents: 0,
});

/** What the session screen does with the refusal state: the card, and the composer switched off. */
function Screen() {
  const credit = useCreditRefusal();
  return (
    <>
      {credit.exhausted && <CreditNeededCard rawBalance={credit.rawBalance} />}
      <textarea aria-label="Message" disabled={credit.exhausted} />
    </>
  );
}

function renderScreen(queryClient: QueryClient) {
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <Screen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the credit-needed card', () => {
  it('is absent until the server refuses a request for lack of credit', () => {
    renderScreen(new QueryClient());
    expect(screen.queryByRole('link', { name: 'Add Credits' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeEnabled();
  });

  it("shows the balance and 'Add Credits' to billing after a 402, with input disabled", () => {
    const queryClient = new QueryClient();
    // Spec sign convention: -5 is five cents of credit.
    queryClient.setQueryData(balanceQuery.queryKey, balanceOf(-5));
    queryClient.setQueryData(studioKeys.creditRefusal, { rawBalance: -5 });
    renderScreen(queryClient);
    expect(screen.getByText('Balance: $0.05')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Credits' })).toHaveAttribute('href', '/billing');
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeDisabled();
  });

  it('goes away once the balance shows a top-up', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(balanceQuery.queryKey, balanceOf(-5));
    queryClient.setQueryData(studioKeys.creditRefusal, { rawBalance: -5 });
    renderScreen(queryClient);
    expect(screen.getByRole('link', { name: 'Add Credits' })).toBeInTheDocument();
    act(() => {
      queryClient.setQueryData(balanceQuery.queryKey, balanceOf(-1005));
    });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Add Credits' })).toBeNull());
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeEnabled();
  });
});
