// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fc from 'fast-check';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { canSubmitCustomAmount, checkCustomAmount, formatCents, sanitizeAmountInput } from '@shared/money';
import { initI18n } from '@web/lib/i18n';
import en from '@web/locales/en/billing.json';
import { CustomAmountCard } from './custom-amount-card';

/**
 * Whatever is typed, the custom amount field's text, its error and its button
 * agree — the error is the one the text shown deserves, the button is on exactly when that text
 * is a payable amount, and paying pays that amount.
 */

beforeAll(() => {
  initI18n();
});

/** Keys a person (or a paste-happy phone keyboard) may press in the field. */
const CHARACTER_KEYS = ['0', '1', '2', '5', '9', '.', '.', ',', '-', '+', 'e', 'a', ' ', '$'];
const EDITING_KEYS = ['{Backspace}', '{Delete}', '{ArrowLeft}', '{ArrowRight}', '{Home}', '{End}'];
const keystroke = fc.constantFrom(...CHARACTER_KEYS, ...EDITING_KEYS);

const ERROR_TEXTS: Record<string, string> = en.customAmount.errors;

/** The field's text as the spec's rule builds it from keys pressed at the end of the text. */
function typedAtEnd(text: string, key: string): string {
  if (key === '{Backspace}') return text.slice(0, -1);
  if (key === '{Delete}' || key === '{End}' || key === '{ArrowRight}') return text;
  return sanitizeAmountInput(text + key);
}

function expectFieldAndControlsAgree(field: HTMLInputElement) {
  const shown = field.value;
  // Only what the spec allows is ever shown: digits, one dot, at most two decimals.
  expect(sanitizeAmountInput(shown)).toBe(shown);
  const check = checkCustomAmount(shown);
  const alert = screen.queryByRole('alert');
  if (check.issue) expect(alert).toHaveTextContent(ERROR_TEXTS[check.issue]!);
  else expect(alert).toBeNull();
  const button = screen.getByRole('button', { name: /^Top up/ });
  if (canSubmitCustomAmount(check)) {
    expect(button).toBeEnabled();
    expect(button).toHaveTextContent(`Top up ${formatCents(check.cents!)}`);
  } else {
    expect(button).toBeDisabled();
  }
}

describe('the custom amount field under random keystrokes', () => {
  it('always shows, validates and pays the same amount', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(keystroke, { minLength: 1, maxLength: 12 }), async (keys) => {
        const onSubmit = vi.fn();
        const user = userEvent.setup({ delay: null });
        try {
          render(<CustomAmountCard onSubmit={onSubmit} busy={false} />);
          const field = screen.getByLabelText('Amount in US dollars') as HTMLInputElement;
          await user.clear(field);
          expectFieldAndControlsAgree(field);
          // While the caret stays at the end, the text is exactly what the rule makes of the keys.
          let expected: string | null = '';
          for (const key of keys) {
            await user.type(field, key, { skipClick: true });
            expected = expected === null || ['{ArrowLeft}', '{Home}'].includes(key) ? null : typedAtEnd(expected, key);
            if (expected !== null) expect(field.value).toBe(expected);
            expectFieldAndControlsAgree(field);
          }
          const check = checkCustomAmount(field.value);
          await user.click(screen.getByRole('button', { name: /^Top up/ }));
          if (canSubmitCustomAmount(check)) expect(onSubmit).toHaveBeenCalledExactlyOnceWith(check.cents);
          else expect(onSubmit).not.toHaveBeenCalled();
        } finally {
          cleanup();
        }
      }),
      { numRuns: 60 },
    );
  });
});
