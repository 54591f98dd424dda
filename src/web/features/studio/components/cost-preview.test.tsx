// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EngineOffer } from '@shared/engines';
import type { DraftQuote } from '@shared/studio';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { i18nOptions, initI18n } from '@web/lib/i18n';
import { publicConfigQuery } from '@web/lib/public-config';
import { testConfig } from '@test/web/render-auth-screen';
import { studioKeys } from '../api/query-keys';
import type { GenerationChoice } from '../hooks/use-generation-choice';
import { CostPreview } from './cost-preview';

beforeAll(() => {
  initI18n();
});
afterEach(cleanup);

type QuoteFigures = Pick<DraftQuote, 'imageCount' | 'priceCents' | 'freeImages' | 'freeGenerationsLeft'> &
  Partial<Pick<DraftQuote, 'pricePerImageCents' | 'engine' | 'refusal'>>;

const offers: EngineOffer[] = [
  testConfig.engines[0]!,
  {
    kind: 'comfyui',
    label: 'Studio GPU',
    pricePerImageCents: 5,
    capabilities: { textToImage: { maxImages: 4, model: 'FLUX.1 [schnell]' }, edit: null, aspectRatios: null },
  },
];

/** The server's answer for this draft, already in the cache (as after the first request). */
function renderWithQuote(
  text: string,
  attachments: number,
  figures: QuoteFigures | null,
  choice: GenerationChoice = { engine: 'local', aspectRatio: null, imageCount: null },
  i18n?: I18n,
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(publicConfigQuery.queryKey, { ...testConfig, engines: offers });
  const quote: DraftQuote | null = figures && {
    paidImages: figures.imageCount - figures.freeImages,
    pricePerImageCents: 8,
    availableCents: 0,
    free: figures.priceCents === 0,
    engine: 'local',
    refusal: null,
    ...figures,
  };
  queryClient.setQueryData(studioKeys.quote(text, attachments, false, choice), quote);
  const onChooseEngine = vi.fn();
  const preview = (
    <QueryClientProvider client={queryClient}>
      <CostPreview text={text} attachments={attachments} hasPreviousOutput={false} choice={choice} onChooseEngine={onChooseEngine} />
    </QueryClientProvider>
  );
  render(i18n ? <I18nextProvider i18n={i18n}>{preview}</I18nextProvider> : preview);
  return { onChooseEngine };
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

  it('says why a draft asking for more images than one message can make would be refused, instead of a price', async () => {
    const refusal = { reason: 'TOO_MANY_IMAGES' as const, requested_images: 10, max_images: 5 };
    renderWithQuote('make 10 versions', 0, { imageCount: 10, priceCents: 0, freeImages: 0, freeGenerationsLeft: 3, refusal });
    const line = screen.getByTestId('cost-preview');
    expect(line).toHaveTextContent(
      'This request asks for 10 images, but one message can make at most 5. Ask for fewer versions or send fewer photos.',
    );
    expect(line).not.toHaveTextContent(/free|cost/i);
    cleanup();

    const russian = i18next.createInstance();
    await russian.init({ ...i18nOptions(), lng: 'ru' });
    renderWithQuote(
      'сделай 8 вариантов',
      0,
      { imageCount: 8, priceCents: 0, freeImages: 0, freeGenerationsLeft: 3, refusal: { ...refusal, requested_images: 8 } },
      undefined,
      russian,
    );
    expect(screen.getByTestId('cost-preview')).toHaveTextContent(
      'Вы просите 8 изображений, а одно сообщение может дать не больше 5. Попросите меньше вариантов или отправьте меньше фото.',
    );
  });

  it('prices the draft for the engine picked, and names a free engine as free', () => {
    const choice: GenerationChoice = { engine: 'comfyui', aspectRatio: '16:9', imageCount: 2 };
    renderWithQuote(
      'two foxes',
      0,
      { imageCount: 2, priceCents: 10, freeImages: 0, freeGenerationsLeft: 0, pricePerImageCents: 5, engine: 'comfyui' },
      choice,
    );
    expect(screen.getByTestId('cost-preview')).toHaveTextContent('This will cost $0.10 for 2 images');
    cleanup();
    renderWithQuote('a fox', 0, {
      imageCount: 1,
      priceCents: 0,
      freeImages: 0,
      freeGenerationsLeft: 3,
      pricePerImageCents: 0,
      engine: 'local',
    });
    expect(screen.getByTestId('cost-preview')).toHaveTextContent('Free with Built-in engine');
  });

  it('says what the engine picked cannot do, and offers the engines that can', async () => {
    const choice: GenerationChoice = { engine: 'comfyui', aspectRatio: null, imageCount: null };
    const { onChooseEngine } = renderWithQuote(
      'make it red',
      1,
      {
        imageCount: 1,
        priceCents: 5,
        freeImages: 0,
        freeGenerationsLeft: 0,
        engine: 'comfyui',
        refusal: { reason: 'no-edit', engine: 'comfyui', capableEngines: ['local'] },
      },
      choice,
    );
    expect(screen.getByTestId('cost-preview')).toHaveTextContent('Studio GPU cannot edit photos.');
    await userEvent.click(screen.getByRole('button', { name: 'Use Built-in engine' }));
    expect(onChooseEngine).toHaveBeenCalledWith('local');
  });

  it('shows nothing where the server has no quote (404), or for an empty draft', () => {
    renderWithQuote('a cat', 0, null);
    expect(screen.queryByTestId('cost-preview')).toBeNull();
    cleanup();
    renderWithQuote('', 0, { imageCount: 1, priceCents: 8, freeImages: 0, freeGenerationsLeft: 0 });
    expect(screen.queryByTestId('cost-preview')).toBeNull();
  });
});
