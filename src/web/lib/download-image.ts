/**
 * Saving an image to the device: fetch it and save the bytes under a
 * good file name; if that fails, a plain download link; if that cannot work either, open the
 * image in a new tab so the user can save it from there; and say so when even that fails.
 */

export const DEFAULT_DOWNLOAD_NAME = 'downloaded-image';

/** The two alerts, passed in by the caller from its locale. */
export interface DownloadAlertTexts {
  openedInNewTab: string;
  failed: string;
}

export type DownloadOutcome = 'saved' | 'link' | 'opened-in-new-tab' | 'failed';

/** Browsers may drop a blob URL still being read if it is revoked at once (FileSaver.js waits 40 s). */
const OBJECT_URL_LIFETIME_MS = 40_000;

export function fileNameFromContentDisposition(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)?'[^']*'([^;]+)/i.exec(header);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim().replace(/^"|"$/g, '')) || null;
    } catch {
      // A malformed encoded name: the plain filename parameter may still be usable.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || null;
}

export function fileNameFromUrl(url: string): string | null {
  if (url.startsWith('data:') || url.startsWith('blob:')) return null;
  try {
    const segment = new URL(url, window.location.href).pathname.split('/').pop() ?? '';
    return decodeURIComponent(segment).trim() || null;
  } catch {
    return null;
  }
}

function clickLink(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
  }
}

async function saveFetchedImage(url: string, filenameOverride: string | undefined): Promise<void> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`Failed to fetch image: ${response.status} ${response.statusText}`);
  const blob = await response.blob();
  const fileName =
    filenameOverride ??
    fileNameFromContentDisposition(response.headers.get('content-disposition')) ??
    fileNameFromUrl(url) ??
    DEFAULT_DOWNLOAD_NAME;
  const objectUrl = URL.createObjectURL(blob);
  try {
    clickLink(objectUrl, fileName);
  } finally {
    setTimeout(() => URL.revokeObjectURL(objectUrl), OBJECT_URL_LIFETIME_MS);
  }
}

/**
 * Browsers ignore the download attribute on links to other origins and navigate instead, which
 * would take the user away from the app: such a link cannot save the file, so it is not tried.
 */
function downloadThroughLink(url: string, fileName: string): void {
  const isLocal =
    url.startsWith('data:') || url.startsWith('blob:') || new URL(url, window.location.href).origin === window.location.origin;
  if (!isLocal) throw new Error('A download link cannot save a file from another origin');
  clickLink(url, fileName);
}

function openInNewTab(url: string): void {
  const tab = window.open(url, '_blank');
  // A blocked pop-up answers null.
  if (!tab) throw new Error('The new tab was blocked');
  tab.opener = null;
}

export async function downloadImage(
  url: string,
  options: { filename?: string | null; alerts: DownloadAlertTexts },
): Promise<DownloadOutcome> {
  const filenameOverride = options.filename?.trim() || undefined;
  try {
    await saveFetchedImage(url, filenameOverride);
    return 'saved';
  } catch {
    // Falls through to the spec's fallbacks, in order.
  }
  try {
    downloadThroughLink(url, filenameOverride ?? fileNameFromUrl(url) ?? DEFAULT_DOWNLOAD_NAME);
    return 'link';
  } catch {
    // Next fallback: a new tab.
  }
  try {
    openInNewTab(url);
    window.alert(options.alerts.openedInNewTab);
    return 'opened-in-new-tab';
  } catch {
    window.alert(options.alerts.failed);
    return 'failed';
  }
}
