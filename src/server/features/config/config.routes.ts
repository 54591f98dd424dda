import { createRoute } from '@hono/zod-openapi';
import { APP_VERSION } from '@shared/constants';
import { publicConfigSchema, type PublicConfig } from '@shared/client-config';
import type { EngineOffer } from '@shared/engines';
import { assertNoSecretKeys } from '@shared/secret-keys';
import type { AppConfig } from '../../lib/env';
import { reportingEnvironmentOf, TRACES_SAMPLE_RATE } from '../../lib/error-reporting';
import type { AppDeps } from '../../context';
import { createRouter } from '../../lib/openapi';

export function publicConfigOf(config: AppConfig, engines: EngineOffer[]): PublicConfig {
  const publicConfig: PublicConfig = {
    appName: config.appName,
    appUrl: config.appUrl,
    version: APP_VERSION,
    environment: config.nodeEnv,
    pricePerImageCents: config.pricePerImageCents,
    freeGenerations: config.freeGenerations,
    landingFigures: config.landingFigures,
    imageEngine: config.imageEngine.kind,
    engines,
    payments:
      config.stripe.mode === 'stripe'
        ? { mode: 'stripe', publishableKey: config.stripe.publishableKey }
        : { mode: 'test', publishableKey: null },
    socialProviders: { google: !!config.social.google, github: !!config.social.github, apple: !!config.social.apple },
    devMailbox: !config.isProduction && !config.mail.smtpUrl,
    errorReporting: config.sentry.clientDsn
      ? {
          dsn: config.sentry.clientDsn,
          environment: reportingEnvironmentOf(config),
          release: APP_VERSION,
          tracesSampleRate: TRACES_SAMPLE_RATE,
        }
      : null,
    retention: config.retention,
  };
  assertNoSecretKeys(publicConfig, 'GET /api/config');
  return publicConfig;
}

const getConfig = createRoute({
  method: 'get',
  path: '/',
  summary: 'What the web client needs to know about this server (nothing secret)',
  responses: {
    200: { description: 'Public configuration', content: { 'application/json': { schema: publicConfigSchema.openapi('PublicConfig') } } },
  },
});

export function configRoutes({ config, generation }: AppDeps) {
  const body = publicConfigOf(config, generation.offers);
  return createRouter().openapi(getConfig, (c) => c.json(body, 200));
}
