// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { forgetPaymentReturn, paymentReturnPath, rememberPaymentReturn } from './payment-return';

const chat = '/session/0b7c8a52-3f4e-4d1a-9c2b-5e6f7a8b9c0d';
afterEach(() => sessionStorage.clear());

describe('the chat a payment returns to', () => {
  it('is the session the billing page was opened from, until the user went back', () => {
    rememberPaymentReturn(`?return_to=${encodeURIComponent(chat)}`);
    expect(paymentReturnPath()).toBe(chat);
    forgetPaymentReturn();
    expect(paymentReturnPath()).toBeNull();
  });

  it('is forgotten when billing is opened without one, and never another site', () => {
    rememberPaymentReturn(`?return_to=${encodeURIComponent(chat)}`);
    rememberPaymentReturn('');
    expect(paymentReturnPath()).toBeNull();
    rememberPaymentReturn('?return_to=https%3A%2F%2Fevil.example%2F');
    expect(paymentReturnPath()).toBeNull();
    sessionStorage.setItem('photomuse.paymentReturnPath', '//evil.example');
    expect(paymentReturnPath()).toBeNull();
  });
});
