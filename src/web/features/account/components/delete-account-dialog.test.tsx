// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { WRONG_PASSWORD_MESSAGE } from '@shared/account';
import { setAuthProvider } from '@web/lib/api-client';
import { initI18n } from '@web/lib/i18n';
import { renderAuthScreen } from '@test/web/render-auth-screen';
import { DeleteAccountDialog } from './delete-account-dialog';

beforeAll(() => {
  initI18n();
});
beforeEach(() => {
  setAuthProvider(() => ({ kind: 'cookie' }));
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const { pathname } = new URL(String(input instanceof Request ? input.url : input));
    const method = (input instanceof Request ? input.method : init?.method) ?? 'GET';
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    if (method === 'GET' && pathname === '/api/account') return json({ email: 'ada@example.test', hasPassword: true, availableCents: 0 });
    // The server's answer to a wrong password (account.service.ts): English for API clients, and its code.
    if (method === 'POST' && pathname === '/api/account/delete')
      return json({ code: 'BAD_REQUEST', message: WRONG_PASSWORD_MESSAGE, text_code: { code: 'error.wrongPassword' } }, 400);
    return new Response('{}', { status: 404 });
  });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  setAuthProvider(() => null);
  await i18n.changeLanguage('en');
});

describe('deleting the account with a wrong password', { timeout: 30_000 }, () => {
  it('tells a Russian reader in Russian', async () => {
    await i18n.changeLanguage('ru');
    renderAuthScreen(<DeleteAccountDialog open onOpenChange={() => undefined} onDeleted={() => undefined} />);
    await userEvent.type(await screen.findByLabelText(/пароль/i), 'Not-the-password1');
    await userEvent.click(screen.getByRole('button', { name: 'Удалить аккаунт' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Пароль неверный.');
  });
});
