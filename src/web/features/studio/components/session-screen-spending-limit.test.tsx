// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AWAITING_CREDIT_STATUS, type Message, type SessionDetail } from '@shared/studio';
import type { SpendingLimitRefusal } from '@shared/spending';
import { setAuthProvider } from '@web/lib/api-client';
import { initI18n } from '@web/lib/i18n';
import { renderAuthScreen } from '@test/web/render-auth-screen';
import { SessionScreen } from './session-screen';

class QuietEventSource {
  addEventListener() {}
  close() {}
  onerror: (() => void) | null = null;
}

const SESSION_ID = '0f3a9c1e-77aa-4b0e-9d5e-0123456789ab';
const session: SessionDetail = {
  id: SESSION_ID,
  session_name: 'Beach edits',
  conversation_theme: null,
  total_messages: 2,
  created_at: '2025-01-01T10:00:00.000Z',
  updated_at: '2025-01-01T10:00:00.000Z',
  thumbnails: [],
  status: 'completed',
  engine: null,
};
const message = (overrides: Partial<Message>): Message => ({
  id: 'm1',
  session_id: SESSION_ID,
  contentText: 'a lighthouse at sunset',
  timestamp_created: '2025-01-01T10:00:00.000Z',
  updated_at: '2025-01-01T10:00:00.000Z',
  parent_message_id: null,
  role: 'user',
  user_id: 'u1',
  processing_status: null,
  intent_data: null,
  context_references: null,
  files: [],
  chosen_version: null,
  engine: null,
  ...overrides,
});
const reply = message({
  id: 'r1',
  role: 'system',
  contentText: 'Made by the local engine',
  processing_status: 'completed',
  files: [
    {
      id: 'f1',
      fileUrl: '/api/files/f1',
      thumbnailUrl: '/api/files/f1',
      originalFilename: 'f1.png',
      isGenerated: true,
      expired: false,
      contentDescription: '',
      version: 1,
      engine: null,
    },
  ],
});

const refusal: SpendingLimitRefusal = {
  period: 'daily',
  limit_cents: 500,
  spent_cents: 496,
  price_cents: 8,
  resets_at: '2025-01-02T00:00:00.000Z',
};
// What the server answers a paid request its spending limit refuses (spending.service.ts).
const refusedBody = {
  code: 'FORBIDDEN',
  message: 'This request would pass your daily spending limit of $5.00: $4.96 spent, it resets at 2025-01-02T00:00:00.000Z.',
  details: { spending_limit: refusal },
  text_code: { code: 'error.spendingLimitDaily', params: { limit: { cents: 500 }, spent: { cents: 496 } } },
};

let messages: Message[];
beforeAll(() => {
  initI18n();
});
beforeEach(() => {
  setAuthProvider(() => ({ kind: 'cookie' }));
  vi.stubGlobal('EventSource', QuietEventSource);
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const { pathname } = new URL(String(input instanceof Request ? input.url : input));
    const method = (input instanceof Request ? input.method : init?.method) ?? 'GET';
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    if (pathname === `/api/sessions/${SESSION_ID}`) return json(session);
    if (pathname === `/api/sessions/${SESSION_ID}/messages`) return json({ messages });
    if (method === 'POST' && (pathname === '/api/chat/variations' || pathname === '/api/chat')) return json(refusedBody, 403);
    return new Response('{}', { status: 404 });
  });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  setAuthProvider(() => null);
  await i18n.changeLanguage('en');
});

const composerAlert = async () => (await screen.findByTestId('spending-limit-text')).textContent;

// The first render of the whole session screen (its lazy parts included) is slow on a busy machine.
describe('a paid request of a reply refused by the spending limit', { timeout: 30_000 }, () => {
  it('Variations: the composer says so with the figures and the Change limits link, as a refused send does', async () => {
    messages = [message({}), reply];
    renderAuthScreen(<SessionScreen sessionId={SESSION_ID} />, { path: `/session/${SESSION_ID}` });
    await userEvent.click(await screen.findByRole('button', { name: 'Variations' }, { timeout: 10_000 }));

    const said = await screen.findByTestId('spending-limit-text');
    expect(said.textContent).toMatch(/^Not sent: this request \(\$0\.08\) would pass your daily limit of \$5\.00/);
    expect(within(said).getByRole('link', { name: 'Change limits' }).getAttribute('href')).toBe('/billing#spending-limits');
  });

  it('Retry, in Russian: the same refusal and link in the reader’s language', async () => {
    await i18n.changeLanguage('ru');
    messages = [message({ processing_status: AWAITING_CREDIT_STATUS })];
    renderAuthScreen(<SessionScreen sessionId={SESSION_ID} />, { path: `/session/${SESSION_ID}` });
    await userEvent.click(await screen.findByRole('button', { name: 'Повторить' }, { timeout: 10_000 }));

    expect(await composerAlert()).toMatch(/^Не отправлено: этот запрос/);
    expect(screen.getByRole('link', { name: 'Изменить лимиты' }).getAttribute('href')).toBe('/billing#spending-limits');
  });
});
