// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAuthScreen } from '@test/web/render-auth-screen';
import { AboutRoute } from '@web/app/routes/about';
import { LegalPage } from './legal-page';
import { ResponsibleAiNotice } from './responsible-ai-notice';

afterEach(cleanup);

/** The pages state the retention the server is configured with (GET /api/config), not fixed words. */
const retention = { uploadSeconds: 90, generatedSeconds: 2 * 86_400 };
const body = () => document.body.textContent ?? '';

describe('the retention figures on the public pages', () => {
  it('Terms and Privacy say how long uploads and generated images are kept', async () => {
    for (const document of ['terms', 'privacy'] as const) {
      renderAuthScreen(<LegalPage document={document} />, { config: { retention } });
      await screen.findAllByRole('heading', { level: 1 });
      expect(body()).toContain('at the latest 90 seconds after upload');
      expect(body()).toContain('they are deleted 2 days after they are made');
      cleanup();
    }
  });

  it('About and the landing notice say the same', async () => {
    renderAuthScreen(<AboutRoute />, { config: { retention: { uploadSeconds: 86_400, generatedSeconds: 30 * 86_400 } } });
    await screen.findAllByRole('heading', { level: 1 });
    expect(body()).toContain('at the latest 24 hours after upload');
    expect(body()).toContain('deleted 30 days after they are made');
    cleanup();
    renderAuthScreen(<ResponsibleAiNotice />, { config: { retention } });
    expect(body()).toContain('at the latest 90 seconds after upload');
    expect(body()).toContain('deleted 2 days after they are made');
  });
});
