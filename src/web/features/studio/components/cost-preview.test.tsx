// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DraftQuote } from '@shared/studio';
import { initI18n } from '@web/lib/i18n';
import { studioKeys } from '../api/query-keys';
import { CostPreview } from './cost-preview';

beforeAll(() => {
  initI18n();
});
afterEach(cleanup);

type QuoteFigures = Pick<DraftQuote, 'imageCount' | 'priceCents' | 'freeImages' | 'freeGenerationsLeft'>;

/** The server's answer for this draft, already in the cache (as after the first request). */
function renderWithQuote(text: string, attachments: number, figures: QuoteFigures | null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const quote: DraftQuote | null = figures && {
    ...figures,
    paidImages: figures.imageCount - figures.freeImages,
    pricePerImageCents: 8,
    availableCents: 0,
    free: figures.priceCents === 0,
  };
  queryClient.setQueryData(studioKeys.quote(text, attachments, false), quote);
  render(
    <QueryClientProvider client={queryClient}>
      <CostPreview text={text} attachments={attachments} hasPreviousOutput={false} />
    </QueryClientProvider>,
  );
}

describe('the cost line under the composer', () => {
  it('says a request is free and how many free images are left', () => {
    renderWithQuote('a cat', 0, { imageCount: 1, priceCents: 0, freeImages: 1, freeGenerationsLeft: 3 });
    expect(screen.getByTestId('cost-preview')).toHaveTextContent('Free: you have 3 free images left');
  });

  it('gives the price of paid images', () => {
    renderWithQuote('four cats', 1, { imageCount: 4, priceCents: 32, freeImages: 0, freeGenerationsLeft: 0 });
    expect(screen.getByTestId('cost-preview')).toHaveTextContent('This will cost $0.32 for 4 images');
  });

  it('says how many of the images are free when only some are', () => {
    renderWithQuote('three dogs', 0, { imageCount: 3, priceCents: 16, freeImages: 1, freeGenerationsLeft: 1 });
    expect(screen.getByTestId('cost-preview')).toHaveTextContent('This will cost $0.16 for 3 images (1 free)');
  });

  it('shows nothing where the server has no quote (404), or for an empty draft', () => {
    renderWithQuote('a cat', 0, null);
    expect(screen.queryByTestId('cost-preview')).toBeNull();
    cleanup();
    renderWithQuote('', 0, { imageCount: 1, priceCents: 8, freeImages: 0, freeGenerationsLeft: 0 });
    expect(screen.queryByTestId('cost-preview')).toBeNull();
  });
});
