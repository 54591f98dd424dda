// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAROUSEL_LOCK_MS } from '@shared/constants';
import { initI18n } from '@web/lib/i18n';
import { SampleCarousel } from './sample-carousel';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderCarousel() {
  render(
    <I18nextProvider i18n={initI18n()}>
      <SampleCarousel
        label="Jacket"
        width={960}
        height={960}
        slides={[
          { src: '/samples/a-before.webp', alt: 'before', label: 'Before' },
          { src: '/samples/a-blue.webp', alt: 'blue', label: 'Blue' },
          { src: '/samples/a-green.webp', alt: 'green', label: 'Green' },
        ]}
      />
    </I18nextProvider>,
  );
}

const status = () => screen.getByTestId('carousel-status').textContent;
const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next image' }));
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

function swipe(fromX: number, toX: number) {
  const viewport = screen.getByTestId('carousel-viewport');
  const at = (x: number) => ({ clientX: x, clientY: 200, pointerId: 7, pointerType: 'touch', button: 0 });
  fireEvent.pointerDown(viewport, at(fromX));
  fireEvent.pointerMove(viewport, at((fromX + toX) / 2));
  fireEvent.pointerUp(viewport, at(toX));
}

describe('the sample carousel', () => {
  it("shows 'Before' first, then the outputs", () => {
    renderCarousel();
    expect(status()).toBe('1 of 3: Before');
    expect(screen.getByRole('button', { name: 'Previous image' })).toBeDisabled();
    next();
    expect(status()).toBe('2 of 3: Blue');
  });

  it('ignores a second move while the 300 ms transition runs', () => {
    renderCarousel();
    next();
    next();
    expect(status()).toBe('2 of 3: Blue');
    wait(CAROUSEL_LOCK_MS - 1);
    next();
    expect(status()).toBe('2 of 3: Blue');
    wait(1);
    next();
    expect(status()).toBe('3 of 3: Green');
    expect(screen.getByRole('button', { name: 'Next image' })).toBeDisabled();
  });

  it('moves by a swipe of 100 px or more, and not by a shorter one', () => {
    renderCarousel();
    swipe(300, 201);
    expect(status()).toBe('1 of 3: Before');
    swipe(300, 200);
    expect(status()).toBe('2 of 3: Blue');
    wait(CAROUSEL_LOCK_MS);
    swipe(100, 260);
    expect(status()).toBe('1 of 3: Before');
  });

  it('does not go back past the first picture', () => {
    renderCarousel();
    swipe(100, 300);
    expect(status()).toBe('1 of 3: Before');
  });

  it('jumps straight to a picture from its dot', () => {
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Show Green' }));
    expect(status()).toBe('3 of 3: Green');
  });
});
