// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { act, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@web/lib/i18n';
import { LoadPicturesNearScreen, SamplePicture } from './sample-picture';

/** The browser's IntersectionObserver, which jsdom lacks: the test says when the block comes near. */
class ScreenObserver {
  static instances: ScreenObserver[] = [];
  readonly observed: Element[] = [];
  disconnected = false;
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    ScreenObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  report(isIntersecting: boolean) {
    const entries = this.observed.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    act(() => this.callback(entries, this as unknown as IntersectionObserver));
  }
}

beforeEach(() => {
  ScreenObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', ScreenObserver);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const picture = <SamplePicture src="/samples/a-before.webp" alt="The jacket before" width={960} height={960} />;
const renderWithI18n = (children: ReactNode) => render(<I18nextProvider i18n={initI18n()}>{children}</I18nextProvider>);

describe('LoadPicturesNearScreen', () => {
  it('fetches no picture until its block is within a screen of being seen', () => {
    renderWithI18n(<LoadPicturesNearScreen>{picture}</LoadPicturesNearScreen>);
    expect(screen.queryByRole('img')).toBeNull();
    const [observer] = ScreenObserver.instances;
    expect(observer!.options.rootMargin).toBe('100% 0px');

    observer!.report(false);
    expect(screen.queryByRole('img')).toBeNull();

    observer!.report(true);
    const image = screen.getByRole('img', { name: 'The jacket before' });
    expect(image).toHaveAttribute('src', '/samples/a-before.webp');
    expect(image).toHaveAttribute('srcset', '/samples/a-before-480w.webp 480w, /samples/a-before.webp 960w');
    expect(image).toHaveAttribute('loading', 'lazy');
    // Once loaded, scrolling away does not take the picture back.
    expect(observer!.disconnected).toBe(true);
  });

  it('shows pictures at once where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    renderWithI18n(<LoadPicturesNearScreen>{picture}</LoadPicturesNearScreen>);
    expect(screen.getByRole('img', { name: 'The jacket before' })).toBeInTheDocument();
  });

  it('leaves pictures outside such a block to the browser', () => {
    renderWithI18n(picture);
    expect(screen.getByRole('img', { name: 'The jacket before' })).toBeInTheDocument();
    expect(ScreenObserver.instances).toHaveLength(0);
  });
});
