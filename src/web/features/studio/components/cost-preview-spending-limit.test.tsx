// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import type { DraftQuote } from '@shared/studio';
import { i18nOptions, initI18n } from '@web/lib/i18n';
import { publicConfigQuery } from '@web/lib/public-config';
import { testConfig } from '@test/web/render-auth-screen';
import { studioKeys } from '../api/query-keys';
import { CostPreview } from './cost-preview';

beforeAll(() => {
  initI18n();
});
afterEach(cleanup);

const choice = { engine: 'local' as const, aspectRatio: null, imageCount: null };
const baseQuote: DraftQuote = {
  imageCount: 1,
  freeImages: 0,
  paidImages: 1,
  priceCents: 8,
  pricePerImageCents: 8,
  freeGenerationsLeft: 0,
  availableCents: 500,
  free: false,
  engine: 'local',
  refusal: null,
};

async function renderQuote(quote: DraftQuote, language = 'en') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(publicConfigQuery.queryKey, testConfig);
  queryClient.setQueryData(studioKeys.quote('a lighthouse', 0, false, choice), quote);
  const i18n = i18next.createInstance();
  await i18n.init({ ...i18nOptions(), lng: language });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <CostPreview text="a lighthouse" attachments={0} hasPreviousOutput={false} choice={choice} onChooseEngine={() => undefined} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('the cost line and spending limits', () => {
  it('warns when the next request would pass the daily limit, with what is spent and a link to change it', async () => {
    await renderQuote({
      ...baseQuote,
      spendingLimit: { period: 'daily', limit_cents: 20, spent_cents: 16, price_cents: 8, resets_at: '2026-11-27T00:00:00.000Z' },
    });
    const line = screen.getByTestId('cost-preview');
    expect(line.textContent).toContain('This request ($0.08) would pass your daily limit of $0.20: $0.16 spent today');
    expect(screen.getByRole('link', { name: 'Change limits' }).getAttribute('href')).toBe('/billing#spending-limits');
  });

  it('says it in Russian too', async () => {
    await renderQuote(
      {
        ...baseQuote,
        spendingLimit: { period: 'monthly', limit_cents: 1000, spent_cents: 995, price_cents: 8, resets_at: '2026-12-01T00:00:00.000Z' },
      },
      'ru',
    );
    expect(screen.getByTestId('cost-preview').textContent).toContain('превысит ваш месячный лимит $10.00');
    expect(screen.getByRole('link', { name: 'Изменить лимиты' })).toBeTruthy();
  });

  it('shows the plain price when no limit would be passed', async () => {
    await renderQuote({ ...baseQuote, spendingLimit: null });
    expect(screen.getByTestId('cost-preview').textContent).not.toContain('limit');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
