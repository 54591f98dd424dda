// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from '@web/lib/i18n';
import { BeforeAfterSlider, positionAtPointer } from './before-after-slider';

afterEach(cleanup);

function renderSlider() {
  render(
    <I18nextProvider i18n={initI18n()}>
      <BeforeAfterSlider
        before={{ src: '/samples/a-before.webp', alt: 'Jacket: the original photo' }}
        after={{ src: '/samples/a-after.webp', alt: 'Jacket: the result, Blue' }}
        afterLabel="Blue"
        label="Jacket"
        width={960}
        height={960}
      />
    </I18nextProvider>,
  );
  return screen.getByRole('slider', { name: 'Compare before and after: Jacket' });
}

const press = (slider: HTMLElement, key: string) => fireEvent.keyDown(slider, { key });
const beforeClip = () => screen.getByAltText('Jacket: the original photo').style.clipPath;

describe('the before/after slider', () => {
  it('starts in the middle, showing half of each picture', () => {
    const slider = renderSlider();
    expect(slider).toHaveAttribute('aria-valuenow', '50');
    expect(slider).toHaveAttribute('aria-valuemin', '0');
    expect(slider).toHaveAttribute('aria-valuemax', '100');
    expect(slider).toHaveAttribute('aria-valuetext', '50% of the original photo shown');
    expect(beforeClip()).toBe('inset(0 50% 0 0)');
  });

  it('moves with the arrow keys and jumps to the ends with Home and End', () => {
    const slider = renderSlider();
    press(slider, 'ArrowRight');
    expect(slider).toHaveAttribute('aria-valuenow', '55');
    press(slider, 'ArrowLeft');
    press(slider, 'ArrowDown');
    expect(slider).toHaveAttribute('aria-valuenow', '45');
    press(slider, 'ArrowUp');
    expect(slider).toHaveAttribute('aria-valuenow', '50');
    press(slider, 'End');
    expect(slider).toHaveAttribute('aria-valuenow', '100');
    expect(beforeClip()).toBe('inset(0 0% 0 0)');
    press(slider, 'Home');
    expect(slider).toHaveAttribute('aria-valuenow', '0');
    expect(beforeClip()).toBe('inset(0 100% 0 0)');
    press(slider, 'PageUp');
    expect(slider).toHaveAttribute('aria-valuenow', '20');
  });

  it('stays within 0-100 however often a key is pressed', () => {
    const slider = renderSlider();
    for (let i = 0; i < 15; i++) press(slider, 'ArrowRight');
    expect(slider).toHaveAttribute('aria-valuenow', '100');
    for (let i = 0; i < 30; i++) press(slider, 'ArrowLeft');
    expect(slider).toHaveAttribute('aria-valuenow', '0');
  });

  it('leaves other keys (Tab, letters) to the page', () => {
    const slider = renderSlider();
    const tab = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true });
    slider.dispatchEvent(tab);
    expect(tab.defaultPrevented).toBe(false);
    press(slider, 'a');
    expect(slider).toHaveAttribute('aria-valuenow', '50');
  });

  it('puts the divider where the pointer is, clamped to the picture', () => {
    const rect = { left: 100, width: 400 };
    expect(positionAtPointer(300, rect)).toBe(50);
    expect(positionAtPointer(200, rect)).toBe(25);
    expect(positionAtPointer(20, rect)).toBe(0);
    expect(positionAtPointer(900, rect)).toBe(100);
  });
});
