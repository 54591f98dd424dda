// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@web/lib/i18n';
import { CustomAmountCard } from './custom-amount-card';

beforeAll(() => {
  initI18n();
});
afterEach(cleanup);

function renderCard() {
  const onSubmit = vi.fn();
  render(<CustomAmountCard onSubmit={onSubmit} busy={false} />);
  const field = screen.getByLabelText('Amount in US dollars') as HTMLInputElement;
  return { onSubmit, field, user: userEvent.setup() };
}

const submitButton = () => screen.getByRole('button', { name: /^Top up/ });

describe('the custom amount card', () => {
  it('starts at $10 and tops up that amount', async () => {
    const { onSubmit, field, user } = renderCard();
    expect(field.value).toBe('10');
    await user.click(screen.getByRole('button', { name: 'Top up $10.00' }));
    expect(onSubmit).toHaveBeenCalledWith(1000);
  });

  it.each([
    ['0.99', '0.99', 'Minimum amount is $1.00'],
    ['1000.01', '1000.01', 'Maximum amount is $1,000.00'],
    ['.', '.', 'Please enter a valid number'],
  ])('rejects %s (the field keeps "%s") with "%s"', async (typed, kept, message) => {
    const { onSubmit, field, user } = renderCard();
    await user.clear(field);
    await user.type(field, typed);
    expect(field.value).toBe(kept);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(submitButton()).toBeDisabled();
    await user.type(field, '{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it.each([
    ['12.345', '12.34', 'Top up $12.34'],
    ['abc5', '5', 'Top up $5.00'],
    ['1.2.3', '1.23', 'Top up $1.23'],
  ])('keeps of %s what the field allows (%s) and accepts it without an error', async (typed, kept, button) => {
    const { onSubmit, field, user } = renderCard();
    await user.clear(field);
    await user.type(field, typed);
    expect(field.value).toBe(kept);
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: button }));
    expect(onSubmit).toHaveBeenCalledWith(Math.round(Number(kept) * 100));
  });

  it('offers the quick amounts 10, 25, 50 and 100', async () => {
    const { onSubmit, field, user } = renderCard();
    const quick = screen.getByRole('group', { name: 'Quick amounts' });
    expect([...quick.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['$10', '$25', '$50', '$100']);
    await user.click(screen.getByRole('button', { name: '$25' }));
    expect(field.value).toBe('25');
    await user.click(screen.getByRole('button', { name: 'Top up $25.00' }));
    expect(onSubmit).toHaveBeenCalledWith(2500);
  });

  it('keeps the button off for an empty field', async () => {
    const { field, user } = renderCard();
    await user.clear(field);
    expect(submitButton()).toBeDisabled();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
