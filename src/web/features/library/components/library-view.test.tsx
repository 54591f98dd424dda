// @vitest-environment jsdom
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UserFile, UserFilesPage } from '@shared/studio';
import { i18nOptions } from '@web/lib/i18n';

/**
 * The library screen's delete flow against a real HTTP server on loopback standing in for the
 * API: the optimistic removal, the confirmation dialog's busy state, the refresh and the toasts.
 */

const USER = 'user-1';
let generated: UserFile[];
let deleteAnswer: { status: number; body?: unknown };
let releaseDelete: () => void;
let deleteHeld: Promise<void>;
const listRequests: string[] = [];

function image(id: string, prompt: string): UserFile {
  return {
    id,
    user_id: USER,
    file_type: 'image',
    original_filename: `${id}.png`,
    stored_filename: `${id}.png`,
    file_url: `/api/files/${id}`,
    thumbnailUrl: `/api/files/${id}/thumbnail`,
    mime_type: 'image/png',
    file_size_bytes: 1000,
    is_generated: true,
    verified_enum: 'approved',
    upload_timestamp: '2025-08-01T10:00:00.000Z',
    contentDescription: prompt,
    metadata: null,
    width: 512,
    height: 512,
    expires_at: '2099-01-01T00:00:00.000Z',
    expired: false,
  };
}

let server: http.Server;
let origin: string;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const json = (status: number, body?: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(body === undefined ? '' : JSON.stringify(body));
    };
    if (req.method === 'GET' && url.pathname === '/api/user-files') {
      listRequests.push(`${url.searchParams.get('kind')} ${url.searchParams.get('limit')}`);
      const page: UserFilesPage =
        url.searchParams.get('kind') === 'generated'
          ? { images: generated, total: generated.length, hasMore: false }
          : { images: [], total: 0, hasMore: false };
      json(200, page);
      return;
    }
    const deleting = /^\/api\/user-files\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'DELETE' && deleting) {
      void deleteHeld.then(() => {
        if (deleteAnswer.status === 204) generated = generated.filter((file) => file.id !== deleting[1]);
        json(deleteAnswer.status, deleteAnswer.body);
      });
      return;
    }
    json(404, { code: 'NOT_FOUND', message: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The API client addresses the origin the page was served from.
  (globalThis as unknown as { jsdom: { reconfigure: (options: { url: string }) => void } }).jsdom.reconfigure({ url: `${origin}/library` });
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  generated = [image('g1', 'A red jacket'), image('g2', 'A cartoon cat')];
  deleteAnswer = { status: 204 };
  deleteHeld = new Promise((resolve) => (releaseDelete = resolve));
  listRequests.length = 0;
  // jsdom has no media queries; the toaster asks for the colour scheme.
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
});
afterEach(cleanup);

async function renderLibrary(): Promise<void> {
  const { setAuthProvider } = await import('@web/lib/api-client');
  setAuthProvider(() => ({ kind: 'cookie' }));
  const { LibraryView } = await import('./library-view');
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ ...i18nOptions(), lng: 'en' });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrap = (children: ReactNode) => (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>{children}</MemoryRouter>
        <Toaster />
      </QueryClientProvider>
    </I18nextProvider>
  );
  render(wrap(<LibraryView userId={USER} />));
  const generatedSection = await screen.findByRole('region', { name: 'My Generated Images' });
  await within(generatedSection).findByText('2 images');
  for (const img of generatedSection.querySelectorAll('img')) fireEvent.load(img);
}

// While the confirmation is open the page behind it is hidden from assistive technology.
const generatedSection = () => screen.getByRole('region', { name: 'My Generated Images', hidden: true });
const cardIds = () =>
  [...generatedSection().querySelectorAll('figure[data-image-id]')].map((figure) => figure.getAttribute('data-image-id'));

async function askToDelete(prompt: string): Promise<HTMLElement> {
  const card = within(generatedSection())
    .getByRole('button', { name: `Open preview of ${prompt}`, hidden: true })
    .closest('figure')!;
  fireEvent.click(within(card as HTMLElement).getByRole('button', { name: 'Delete image' }));
  return screen.findByRole('alertdialog', { name: 'Delete Image' });
}

describe('deleting a generated image from the library', () => {
  it('asks first, removes the image at once, shows Deleting... with both buttons off, then confirms', async () => {
    await renderLibrary();
    const dialog = await askToDelete('A red jacket');
    expect(
      within(dialog).getByText('Are you sure you want to delete this generated image? This action cannot be undone.'),
    ).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await within(dialog).findByRole('button', { name: 'Deleting...' });
    expect(within(dialog).getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    // Optimistic: gone before the server answered, and counted one fewer.
    expect(cardIds()).toEqual(['g2']);
    expect(within(generatedSection()).getByText('1 image')).toBeInTheDocument();

    listRequests.length = 0;
    await act(async () => releaseDelete());
    await screen.findByText('Image deleted');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // Both lists are fetched again afterwards.
    await waitFor(() => expect([...listRequests].sort()).toEqual(['generated 12', 'uploaded 12']));
    expect(cardIds()).toEqual(['g2']);
  });

  it('brings the image back and says why when the server refuses', async () => {
    deleteAnswer = { status: 500, body: { code: 'UNKNOWN_ERROR', message: 'Failed to delete file' } };
    await renderLibrary();
    const dialog = await askToDelete('A cartoon cat');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(cardIds()).toEqual(['g1']));
    await act(async () => releaseDelete());
    await screen.findByText('Delete failed');
    expect(screen.getByText('Failed to delete file')).toBeInTheDocument();
    await waitFor(() => expect(cardIds()).toEqual(['g1', 'g2']));
    expect(within(generatedSection()).getByText('2 images')).toBeInTheDocument();
  });

  it('keeps the image when the user cancels', async () => {
    await renderLibrary();
    const dialog = await askToDelete('A red jacket');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(cardIds()).toEqual(['g1', 'g2']);
  });
});
