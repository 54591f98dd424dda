// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EngineOffer } from '@shared/engines';
import { initI18n } from '@web/lib/i18n';
import { publicConfigQuery } from '@web/lib/public-config';
import { testConfig } from '@test/web/render-auth-screen';
import { useGenerationChoice } from '../hooks/use-generation-choice';
import { GenerationOptions } from './generation-options';

beforeAll(() => {
  initI18n();
});
afterEach(cleanup);

const offers: EngineOffer[] = [
  {
    kind: 'local',
    label: null,
    pricePerImageCents: 0,
    capabilities: {
      textToImage: { maxImages: 5, model: null },
      edit: { maxImages: 5, maxInputImages: 5, model: null },
      aspectRatios: null,
    },
  },
  {
    kind: 'comfyui',
    label: 'Studio GPU',
    pricePerImageCents: 5,
    capabilities: { textToImage: { maxImages: 2, model: 'FLUX.1 [schnell]' }, edit: null, aspectRatios: ['unchanged', '1:1', '16:9'] },
  },
];

/** The picker as the session screen holds it, reporting each choice. */
function renderPicker(onChoice = vi.fn(), available = offers) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(publicConfigQuery.queryKey, { ...testConfig, engines: available });
  function Harness() {
    const generation = useGenerationChoice(available, 's1', null);
    onChoice(generation.choice);
    return (
      <GenerationOptions
        offers={available}
        choice={generation.choice}
        onEngineChange={generation.setEngine}
        onAspectRatioChange={generation.setAspectRatio}
        onImageCountChange={generation.setImageCount}
      />
    );
  }
  render(
    <QueryClientProvider client={queryClient}>
      <Harness />
    </QueryClientProvider>,
  );
  return onChoice;
}

const lastChoice = (spy: ReturnType<typeof vi.fn>) => spy.mock.calls.at(-1)![0] as unknown;

describe('the composer’s image options', () => {
  it('starts at the default engine, with shape and count as the words say', () => {
    const spy = renderPicker();
    expect(lastChoice(spy)).toEqual({ engine: 'local', aspectRatio: null, imageCount: null });
    expect(screen.getByTestId('engine-picker')).toHaveTextContent('Engine: Built-in engine');
    expect(
      within(screen.getByTestId('count-picker'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Images: as described', '1 image', '2 images', '3 images', '4 images']);
  });

  it('lists each engine with its label, price per image and what it can do', async () => {
    renderPicker();
    await userEvent.click(screen.getByTestId('engine-picker'));
    const items = screen.getAllByRole('menuitemradio');
    expect(items.map((item) => item.textContent)).toEqual([
      'Built-in engineFreeNew pictures, photo edits · up to 4 images at a time',
      'Studio GPU$0.05 per imageNew pictures · up to 2 images at a time, some shapes only · FLUX.1 [schnell]',
    ]);
  });

  it('offers only the shapes and counts the chosen engine makes, and drops a pick it cannot make', async () => {
    const spy = renderPicker();
    await userEvent.selectOptions(screen.getByTestId('shape-picker'), '4:3');
    await userEvent.selectOptions(screen.getByTestId('count-picker'), '4');
    expect(lastChoice(spy)).toEqual({ engine: 'local', aspectRatio: '4:3', imageCount: 4 });
    await userEvent.click(screen.getByTestId('engine-picker'));
    await userEvent.click(screen.getByRole('menuitemradio', { name: /Studio GPU/ }));
    expect(lastChoice(spy)).toEqual({ engine: 'comfyui', aspectRatio: null, imageCount: null });
    expect(
      within(screen.getByTestId('shape-picker'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Shape: as described', 'Original', '1:1', '16:9']);
    expect(within(screen.getByTestId('count-picker')).getAllByRole('option')).toHaveLength(3);
  });

  it('shows no engine menu when the server offers one engine', () => {
    renderPicker(vi.fn(), [offers[0]!]);
    expect(screen.queryByTestId('engine-picker')).toBeNull();
    expect(screen.getByTestId('shape-picker')).toBeInTheDocument();
  });
});
