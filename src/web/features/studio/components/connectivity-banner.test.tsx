// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '@web/lib/i18n';
import { ConnectivityBanner } from './connectivity-banner';

/** The browser's own network state: navigator.onLine and the Network Information API. */
class FakeConnection extends EventTarget {
  effectiveType = '4g';
}
const connection = new FakeConnection();

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

beforeAll(() => {
  initI18n();
  Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });
});
afterEach(() => {
  cleanup();
  connection.effectiveType = '4g';
  setOnline(true);
});

describe('the connectivity banner', () => {
  it('says nothing on a good connection', () => {
    render(<ConnectivityBanner />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('appears when the browser goes offline and leaves when it is back', () => {
    render(<ConnectivityBanner />);
    act(() => setOnline(false));
    expect(screen.getByRole('status')).toHaveTextContent("You're currently offline. Some features may not work properly.");
    act(() => setOnline(true));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('promises the automatic reconnect inside a session', () => {
    render(<ConnectivityBanner variant="session" />);
    act(() => setOnline(false));
    expect(screen.getByRole('status')).toHaveTextContent("No internet connection. We'll reconnect automatically.");
  });

  it('warns about a 2g or slow-2g connection', () => {
    render(<ConnectivityBanner />);
    for (const type of ['2g', 'slow-2g']) {
      act(() => {
        connection.effectiveType = type;
        connection.dispatchEvent(new Event('change'));
      });
      expect(screen.getByRole('status')).toHaveTextContent('Slow connection detected. Image generation may take longer than usual.');
    }
    act(() => {
      connection.effectiveType = '3g';
      connection.dispatchEvent(new Event('change'));
    });
    expect(screen.queryByRole('status')).toBeNull();
  });
});
