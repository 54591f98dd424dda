import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * The queue in front of Sentry's SDK: errors reported before the SDK arrived are sent once it has
 * (at most 20), and without a DSN nothing is queued and nothing of Sentry is imported. The SDK's
 * start (sentry-start.ts: after the first paint, in Chromium in e2e/error-reporting.e2e.ts) is
 * replaced here by one the test releases.
 */
const started = vi.hoisted(() => ({ calls: 0, release: (_capture: (error: unknown) => void) => {}, fail: (_error: unknown) => {} }));
vi.mock('./sentry-start', () => ({
  startSentryAfterFirstPaint: () => {
    started.calls += 1;
    return new Promise<(error: unknown) => void>((resolve, reject) => {
      started.release = resolve;
      started.fail = reject;
    });
  },
}));

const settings = { dsn: 'http://public@127.0.0.1:9/1', environment: 'development', release: '1.0.0', tracesSampleRate: 0.1 };
const reportAll = () => true;

async function freshModule() {
  vi.resetModules();
  started.calls = 0;
  return import('./sentry-reporting');
}

/** Lets the dynamic import and the promise chain behind it run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => vi.resetModules());

describe('sentry reporting', () => {
  it('without a DSN starts nothing and keeps no errors', async () => {
    const { startSentryReporting, sendToSentry } = await freshModule();
    startSentryReporting(null, reportAll);
    sendToSentry(new Error('dropped'));
    await settle();
    expect(started.calls).toBe(0);

    // Reporting that starts later does not send what came before it.
    startSentryReporting(settings, reportAll);
    await settle();
    const captured: unknown[] = [];
    started.release((error) => captured.push(error));
    await settle();
    expect(captured).toEqual([]);
  });

  it('sends the errors seen before the SDK arrived once it has, then sends at once', async () => {
    const { startSentryReporting, sendToSentry } = await freshModule();
    startSentryReporting(settings, reportAll);
    startSentryReporting(settings, reportAll);
    const early = [new Error('first'), new Error('second')];
    early.forEach(sendToSentry);
    await settle();
    expect(started.calls).toBe(1);

    const captured: unknown[] = [];
    started.release((error) => captured.push(error));
    await settle();
    expect(captured).toEqual(early);

    const late = new Error('late');
    sendToSentry(late);
    expect(captured).toEqual([...early, late]);
  });

  it('keeps at most 20 errors while waiting', async () => {
    const { startSentryReporting, sendToSentry } = await freshModule();
    startSentryReporting(settings, reportAll);
    for (let i = 0; i < 25; i += 1) sendToSentry(new Error(`error ${i}`));
    await settle();
    const captured: unknown[] = [];
    started.release((error) => captured.push(error));
    await settle();
    expect(captured).toHaveLength(20);
    expect((captured[19] as Error).message).toBe('error 19');
  });

  it('stops keeping errors when Sentry could not load (offline, blocked), and may start again later', async () => {
    const { startSentryReporting, sendToSentry } = await freshModule();
    startSentryReporting(settings, reportAll);
    sendToSentry(new Error('before the failure'));
    await settle();
    started.fail(new TypeError('Failed to fetch dynamically imported module'));
    await settle();
    sendToSentry(new Error('while off'));

    startSentryReporting(settings, reportAll);
    await settle();
    expect(started.calls).toBe(2);
    const captured: unknown[] = [];
    started.release((error) => captured.push(error));
    await settle();
    expect(captured).toEqual([]);
  });
});
