// @vitest-environment jsdom
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import library from '@web/locales/en/library.json';
import { downloadImage, fileNameFromContentDisposition } from './download-image';

/**
 * The download path against a real image server on loopback. Only what
 * jsdom cannot do is stubbed, at the browser's edge: saving a clicked link, blob URLs, new tabs
 * and alerts.
 */

const IMAGE_BYTES = Buffer.from('89504e470d0a1a0a-fake-png-bytes');
const alerts = library.download;

let server: http.Server;
let origin: string;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/broken.png') {
      res.writeHead(500, 'Internal Server Error').end('boom');
      return;
    }
    const headers: Record<string, string> = { 'Content-Type': 'image/png' };
    if (url.pathname === '/api/files/with-name') headers['Content-Disposition'] = 'attachment; filename="sunset-beach.png"';
    if (url.pathname === '/api/files/encoded-name') headers['Content-Disposition'] = "attachment; filename*=UTF-8''caf%C3%A9%20photo.png";
    res.writeHead(200, headers).end(IMAGE_BYTES);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface SavedLink {
  href: string;
  download: string;
}
let clickedLinks: SavedLink[];
let savedBlobs: Blob[];
let alerted: string[];
let openedTabs: string[];

function appIsServedFrom(url: string): void {
  (globalThis as unknown as { jsdom: { reconfigure: (options: { url: string }) => void } }).jsdom.reconfigure({ url });
}

beforeEach(() => {
  appIsServedFrom(`${origin}/library`);
  clickedLinks = [];
  savedBlobs = [];
  alerted = [];
  openedTabs = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clickedLinks.push({ href: this.href, download: this.download });
  });
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob: Blob | MediaSource) => {
    savedBlobs.push(blob as Blob);
    return `blob:${origin}/saved-${savedBlobs.length}`;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(window, 'alert').mockImplementation((message?: unknown) => {
    alerted.push(String(message));
  });
  vi.spyOn(window, 'open').mockImplementation((url?: string | URL) => {
    openedTabs.push(String(url));
    return {} as Window;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('downloading an image', () => {
  it('saves the fetched bytes under the name from the content-disposition header', async () => {
    const outcome = await downloadImage(`${origin}/api/files/with-name`, { alerts });
    expect(outcome).toBe('saved');
    expect(clickedLinks).toEqual([{ href: `blob:${origin}/saved-1`, download: 'sunset-beach.png' }]);
    expect(Buffer.from(await savedBlobs[0]!.arrayBuffer())).toEqual(IMAGE_BYTES);
    expect(alerted).toEqual([]);
  });

  it('prefers the filename the caller passes over the header', async () => {
    await downloadImage(`${origin}/api/files/with-name`, { filename: 'my-portrait.jpg', alerts });
    expect(clickedLinks.map((link) => link.download)).toEqual(['my-portrait.jpg']);
  });

  it("decodes an RFC 5987 encoded name (filename*=UTF-8'')", async () => {
    await downloadImage(`${origin}/api/files/encoded-name`, { alerts });
    expect(clickedLinks.map((link) => link.download)).toEqual(['café photo.png']);
  });

  it('falls back to the last part of the URL, then to downloaded-image', async () => {
    await downloadImage(`${origin}/images/portrait%20one.jpg?size=large`, { alerts });
    await downloadImage(`${origin}/images/`, { alerts });
    expect(clickedLinks.map((link) => link.download)).toEqual(['portrait one.jpg', 'downloaded-image']);
  });

  it('saves a data URL image as downloaded-image', async () => {
    const outcome = await downloadImage(`data:image/png;base64,${IMAGE_BYTES.toString('base64')}`, { alerts });
    expect(outcome).toBe('saved');
    expect(clickedLinks.map((link) => link.download)).toEqual(['downloaded-image']);
    expect(Buffer.from(await savedBlobs[0]!.arrayBuffer())).toEqual(IMAGE_BYTES);
  });

  it('uses a plain download link when fetching the image fails', async () => {
    const outcome = await downloadImage(`${origin}/broken.png`, { alerts });
    expect(outcome).toBe('link');
    expect(clickedLinks).toEqual([{ href: `${origin}/broken.png`, download: 'broken.png' }]);
    expect(openedTabs).toEqual([]);
    expect(alerted).toEqual([]);
  });

  it('opens an image of another origin in a new tab and says so when it cannot be fetched', async () => {
    appIsServedFrom('http://app.example.test/library');
    const outcome = await downloadImage(`${origin}/broken.png`, { alerts });
    expect(outcome).toBe('opened-in-new-tab');
    expect(clickedLinks).toEqual([]);
    expect(openedTabs).toEqual([`${origin}/broken.png`]);
    expect(alerted).toEqual(['Download failed. The image was opened in a new tab. You can save it from there.']);
  });

  it('tells the user to open the image by hand when the new tab is blocked too', async () => {
    appIsServedFrom('http://app.example.test/library');
    vi.mocked(window.open).mockReturnValue(null);
    const outcome = await downloadImage(`${origin}/broken.png`, { alerts });
    expect(outcome).toBe('failed');
    expect(alerted).toEqual(['Failed to download or open image. Please try copying the image address and opening it manually.']);
  });

  it('goes on to the new tab when the download link itself throws', async () => {
    vi.mocked(HTMLAnchorElement.prototype.click).mockImplementation(() => {
      throw new Error('blocked');
    });
    const outcome = await downloadImage(`${origin}/broken.png`, { alerts });
    expect(outcome).toBe('opened-in-new-tab');
    expect(openedTabs).toEqual([`${origin}/broken.png`]);
  });
});

describe('the content-disposition file name', () => {
  it.each([
    ['attachment; filename="a b.png"', 'a b.png'],
    ['attachment; filename=plain.webp', 'plain.webp'],
    ['attachment; filename="fallback.png"; filename*=UTF-8\'\'%E2%9C%93.png', '✓.png'],
    ['inline', null],
    [null, null],
  ])('reads %s as %s', (header, expected) => {
    expect(fileNameFromContentDisposition(header)).toBe(expected);
  });
});
