import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

/** A complete production configuration. */
const PRODUCTION = {
  NODE_ENV: 'production',
  APP_URL: 'https://photos.example.com',
  AUTH_SECRET: 'x'.repeat(40),
  SMTP_URL: 'smtp://relay.example.com:587',
  STRIPE_SECRET_KEY: 'sk_live_1',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_1',
  STRIPE_PRODUCT_ID: 'prod_1',
  STRIPE_WEBHOOK_SECRET: 'whsec_1',
};

describe('configuration', () => {
  it('runs with no variables at all on the embedded defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      host: '127.0.0.1',
      appUrl: 'http://localhost:3000',
      appName: 'PhotoMuse',
      dataDir: './data',
      databaseUrl: undefined,
      stripe: { mode: 'test' },
      imageEngine: { kind: 'local' },
      storage: { kind: 'local' },
      pricePerImageCents: 8,
      freeGenerations: 3,
      worker: 'inline',
      mail: { smtpUrl: undefined },
    });
  });

  it('reads ADMIN_EMAILS as a list of addresses in lower case, and refuses one that is not an address', () => {
    expect(loadConfig({}).adminEmails).toEqual([]);
    expect(loadConfig({ ADMIN_EMAILS: ' Ops@Example.com, ,second@example.com ' }).adminEmails).toEqual([
      'ops@example.com',
      'second@example.com',
    ]);
    expect(problemsOf({ ADMIN_EMAILS: 'ops@example.com, not an address' })).toEqual([expect.stringMatching(/^ADMIN_EMAILS\.1: /)]);
    expect(loadConfig({}).adminRequestsPerMinute).toBe(120);
  });

  it('keeps uploads 24 hours and generated images 30 days unless told otherwise, in seconds', () => {
    expect(loadConfig({}).retention).toEqual({ uploadSeconds: 86_400, generatedSeconds: 2_592_000 });
    expect(loadConfig({ UPLOAD_RETENTION: '90s', GENERATED_RETENTION: '2h' }).retention).toEqual({
      uploadSeconds: 90,
      generatedSeconds: 7200,
    });
  });

  it('refuses a retention that is not a duration like 90s, 24h or 30d', () => {
    const problems = problemsOf({ UPLOAD_RETENTION: '24', GENERATED_RETENTION: '0d' });
    expect(problems).toEqual([
      'UPLOAD_RETENTION: must be a duration like 90s, 15m, 24h or 30d, got "24"',
      'GENERATED_RETENTION: must be a duration like 90s, 15m, 24h or 30d, got "0d"',
    ]);
  });

  it('derives APP_URL from PORT and treats empty values as unset', () => {
    expect(loadConfig({ PORT: '4000', DATABASE_URL: '' }).appUrl).toBe('http://localhost:4000');
    expect(loadConfig({ PORT: '4000', DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('lists every problem at once', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      IMAGE_ENGINE: 'dalle',
      PRICE_PER_IMAGE_CENTS: '-1',
      WORKER: 'sometimes',
    });
    expect(problems).toHaveLength(5);
    expect(problems.join('\n')).toMatch(/PORT/);
    expect(problems.join('\n')).toMatch(/DATABASE_URL/);
    expect(problems.join('\n')).toMatch(/IMAGE_ENGINE/);
    expect(problems.join('\n')).toMatch(/PRICE_PER_IMAGE_CENTS/);
    expect(problems.join('\n')).toMatch(/WORKER/);
  });

  it('lists malformed values and production refusals together', () => {
    const problems = problemsOf({ NODE_ENV: 'production', PORT: 'x' });
    expect(problems[0]).toMatch(/^PORT:/);
    expect(problems).toContain('APP_URL is required in production');
  });

  it('refuses every unsafe default in production', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^AUTH_SECRET is required in production/),
        expect.stringMatching(/^SMTP_URL is required in production/),
        expect.stringMatching(/^STRIPE_SECRET_KEY is required in production/),
        expect.stringMatching(/^APP_URL is required in production/),
      ]),
    );
  });

  it('accepts a complete production configuration', () => {
    const config = loadConfig({ ...PRODUCTION, APP_URL: 'https://photos.example.com/' });
    expect(config.appUrl).toBe('https://photos.example.com');
    expect(config.stripe).toMatchObject({ mode: 'stripe', productId: 'prod_1' });
  });

  it("says the spec's message when the Stripe key comes without publishable key or product", () => {
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_test_1' })).toEqual(['STRIPE_PUBLISHABLE_KEY or STRIPE_PRODUCT_ID is not set']);
  });

  it('needs both halves of a social provider', () => {
    expect(problemsOf({ GOOGLE_CLIENT_ID: 'id' })).toEqual(['GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together']);
    expect(loadConfig({ GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 's' }).social.github).toEqual({ clientId: 'id', clientSecret: 's' });
  });

  it('needs the key of the chosen hosted engine', () => {
    expect(problemsOf({ IMAGE_ENGINE: 'gemini' })).toEqual(['GEMINI_API_KEY is required when IMAGE_ENGINE=gemini']);
    expect(loadConfig({ IMAGE_ENGINE: 'openai', OPENAI_BASE_URL: 'http://127.0.0.1:9000/v1' }).imageEngine).toMatchObject({
      kind: 'openai',
      model: 'gpt-image-2.5-flare',
      textModel: 'gpt-5.4-mini',
    });
  });

  it('offers IMAGE_ENGINE alone when IMAGE_ENGINES is unset, at PRICE_PER_IMAGE_CENTS', () => {
    expect(loadConfig({ PRICE_PER_IMAGE_CENTS: '12' }).imageEngines).toEqual([
      { settings: { kind: 'local' }, label: undefined, pricePerImageCents: 12 },
    ]);
  });

  it('offers every engine IMAGE_ENGINES lists, the first the default, each at its own price (0 allowed) and with its label', () => {
    const config = loadConfig({
      IMAGE_ENGINES: 'comfyui, a1111 ,local',
      COMFYUI_URL: 'http://gpu-box:8188/',
      COMFYUI_API_KEY: 'proxy-token',
      A1111_URL: 'http://gpu-box:7860',
      A1111_AUTH: 'photomuse:pa:ss',
      A1111_MODEL: 'juggernautXL_v9',
      PRICE_PER_IMAGE_CENTS: '8',
      PRICE_PER_IMAGE_CENTS_COMFYUI: '5',
      PRICE_PER_IMAGE_CENTS_LOCAL: '0',
      COMFYUI_LABEL: 'Studio GPU',
    });
    expect(config.imageEngine.kind).toBe('comfyui');
    expect(config.imageEngines).toEqual([
      {
        settings: {
          kind: 'comfyui',
          url: 'http://gpu-box:8188',
          apiKey: 'proxy-token',
          workflowsDir: undefined,
          workflows: ['flux1-schnell', 'qwen-image-edit', 'qwen-image-edit-inpaint'],
        },
        label: 'Studio GPU',
        pricePerImageCents: 5,
      },
      {
        settings: {
          kind: 'a1111',
          url: 'http://gpu-box:7860',
          auth: { username: 'photomuse', password: 'pa:ss' },
          model: 'juggernautXL_v9',
          upscaler: 'R-ESRGAN 4x+',
        },
        label: undefined,
        pricePerImageCents: 8,
      },
      { settings: { kind: 'local' }, label: undefined, pricePerImageCents: 0 },
    ]);
  });

  it('refuses unknown or repeated engines, the server each enabled engine needs, and a default named twice differently', () => {
    expect(problemsOf({ IMAGE_ENGINES: 'local,dalle,local' })).toEqual([
      'IMAGE_ENGINES: each must be one of local, openai, gemini, comfyui, a1111, got "local,dalle,local"',
      'IMAGE_ENGINES: local listed more than once',
    ]);
    expect(problemsOf({ IMAGE_ENGINES: 'comfyui,a1111,gemini' })).toEqual([
      'COMFYUI_URL is required when IMAGE_ENGINES includes comfyui',
      'A1111_URL is required when IMAGE_ENGINES includes a1111',
      'GEMINI_API_KEY is required when IMAGE_ENGINES includes gemini',
    ]);
    expect(problemsOf({ IMAGE_ENGINE: 'openai', OPENAI_API_KEY: 'sk', IMAGE_ENGINES: 'local,openai' })).toEqual([
      'IMAGE_ENGINE=openai but IMAGE_ENGINES starts with local: the first of IMAGE_ENGINES is the default engine; remove IMAGE_ENGINE or list openai first',
    ]);
    expect(
      problemsOf({ IMAGE_ENGINE: 'a1111', A1111_URL: 'http://x:7860', A1111_AUTH: 'no-colon', PRICE_PER_IMAGE_CENTS_A1111: 'free' }),
    ).toEqual([
      'PRICE_PER_IMAGE_CENTS_A1111: must be a whole number, got "free"',
      'A1111_AUTH: must be user:password (as given to --api-auth)',
    ]);
  });

  it('chooses S3 storage by S3_BUCKET, with the region defaulting to us-east-1 and virtual-hosted addressing', () => {
    expect(loadConfig({ S3_BUCKET: 'photos' }).storage).toEqual({
      kind: 's3',
      bucket: 'photos',
      endpoint: undefined,
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
    });
    expect(
      loadConfig({
        S3_BUCKET: 'photos',
        S3_ENDPOINT: 'http://minio.internal:9000',
        S3_REGION: 'eu-west-1',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'photos',
      endpoint: 'http://minio.internal:9000',
      region: 'eu-west-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    // An empty line in an environment file (`S3_FORCE_PATH_STYLE=`) is unset, as for every other variable.
    expect(loadConfig({ S3_BUCKET: 'photos', S3_FORCE_PATH_STYLE: '' }).storage).toMatchObject({ forcePathStyle: false });
  });

  it('refuses incomplete S3 settings instead of silently storing files on local disk', () => {
    expect(problemsOf({ S3_ENDPOINT: 'http://minio.internal:9000', S3_FORCE_PATH_STYLE: 'true' })).toEqual([
      'S3_BUCKET is required when S3_ENDPOINT, S3_FORCE_PATH_STYLE are set (without it files are stored on local disk)',
    ]);
    expect(problemsOf({ S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'id' })).toEqual([
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    ]);
    expect(problemsOf({ S3_BUCKET: 'photos', S3_ENDPOINT: 'minio:9000', S3_FORCE_PATH_STYLE: 'yes' })).toEqual([
      'S3_ENDPOINT: Invalid URL',
      'S3_FORCE_PATH_STYLE: Invalid option: expected one of "true"|"false"',
    ]);
  });

  it('backs the database up daily at 03:00 UTC and keeps 14 dumps unless told otherwise; off turns the schedule off', () => {
    expect(loadConfig({}).backup).toEqual({ schedule: '0 3 * * *', retention: 14 });
    expect(loadConfig({ BACKUP_SCHEDULE: ' 15  */6 * * * ', BACKUP_RETENTION: '30' }).backup).toEqual({
      schedule: '15 */6 * * *',
      retention: 30,
    });
    expect(loadConfig({ BACKUP_SCHEDULE: 'off' }).backup.schedule).toBeNull();
  });

  it('refuses a BACKUP_SCHEDULE that is not five cron fields, and a retention below one dump', () => {
    expect(problemsOf({ BACKUP_SCHEDULE: 'daily', BACKUP_RETENTION: '0' })).toEqual([
      'BACKUP_SCHEDULE: must be a cron expression of five fields in UTC (like "0 3 * * *", daily at 03:00) or "off"',
      expect.stringMatching(/^BACKUP_RETENTION: /),
    ]);
    expect(problemsOf({ BACKUP_SCHEDULE: '0 3 * *' })).toHaveLength(1);
  });

  it('refuses a short AUTH_SECRET', () => {
    expect(problemsOf({ AUTH_SECRET: 'short' })).toEqual(['AUTH_SECRET: must be at least 32 characters']);
  });
});

describe('development conveniences only on loopback', () => {
  it('refuses a development start on a non-loopback HOST with one message saying why and what to set', () => {
    for (const nodeEnv of ['development', 'test']) {
      const problems = problemsOf({ NODE_ENV: nodeEnv, HOST: '0.0.0.0' });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^HOST=0\.0\.0\.0 makes this server reachable from other machines, but NODE_ENV is not production/);
      expect(problems[0]).toContain('dev mailbox');
      expect(problems[0]).toContain('Set NODE_ENV=production');
      expect(problems[0]).toContain('HOST=127.0.0.1');
      expect(problems[0]).toContain('ALLOW_UNSAFE_SHARED_TEST_SERVER=true');
    }
  });

  it('refuses a development start whose APP_URL is a public host (a reverse proxy in front of loopback)', () => {
    expect(problemsOf({ APP_URL: 'https://photos.example.com' })).toEqual([
      expect.stringMatching(/^APP_URL=https:\/\/photos\.example\.com makes this server reachable/),
    ]);
    expect(problemsOf({ APP_URL: 'http://127.0.0.1:4000', HOST: '::1' })).toEqual([]);
  });

  it('lets a deliberately shared test server opt in, and says so in the config', () => {
    const config = loadConfig({ HOST: '0.0.0.0', ALLOW_UNSAFE_SHARED_TEST_SERVER: 'true' });
    expect(config).toMatchObject({ host: '0.0.0.0', sharedTestServer: true, stripe: { mode: 'test' } });
    expect(loadConfig({}).sharedTestServer).toBe(false);
  });

  it('lets production listen anywhere, where the opt-in changes nothing', () => {
    expect(loadConfig({ ...PRODUCTION, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ ...PRODUCTION, HOST: '0.0.0.0', ALLOW_UNSAFE_SHARED_TEST_SERVER: 'true' }).sharedTestServer).toBe(false);
  });

  it('refuses a METRICS_TOKEN shorter than 16 characters, saying why', () => {
    expect(problemsOf({ METRICS_TOKEN: 'short-token' })).toEqual([
      'METRICS_TOKEN: must be at least 16 characters (a guessable token exposes the metrics)',
    ]);
    expect(loadConfig({ METRICS_TOKEN: 'sixteen-chars-ok' }).metricsToken).toBe('sixteen-chars-ok');
    expect(loadConfig({}).metricsToken).toBeUndefined();
  });

  it('refuses a malformed Sentry DSN for the server or the client, and takes one on any host', () => {
    const message = 'is not a Sentry DSN (expected https://<public key>@<host>/<project id>)';
    expect(problemsOf({ SENTRY_DSN: 'https://sentry.example.com/42', PUBLIC_SENTRY_DSN: 'not a url' })).toEqual([
      `SENTRY_DSN: ${message}`,
      `PUBLIC_SENTRY_DSN: ${message}`,
    ]);
    expect(problemsOf({ SENTRY_DSN: 'https://key@sentry.example.com/project' })).toEqual([`SENTRY_DSN: ${message}`]);
    expect(problemsOf({ SENTRY_DSN: 'ftp://key@sentry.example.com/42' })).toEqual([`SENTRY_DSN: ${message}`]);
    const config = loadConfig({
      SENTRY_DSN: 'http://abc123@127.0.0.1:9000/7',
      PUBLIC_SENTRY_DSN: 'https://def456@o1.ingest.sentry.io/sub/8',
    });
    expect(config.sentry).toEqual({ serverDsn: 'http://abc123@127.0.0.1:9000/7', clientDsn: 'https://def456@o1.ingest.sentry.io/sub/8' });
    expect(loadConfig({}).sentry).toEqual({ serverDsn: undefined, clientDsn: undefined });
  });

  it('drains for 5 s before stopping in production and not at all elsewhere, unless told', () => {
    expect(loadConfig(PRODUCTION).shutdownDrainSeconds).toBe(5);
    expect(loadConfig({}).shutdownDrainSeconds).toBe(0);
    expect(loadConfig({ SHUTDOWN_DRAIN_SECONDS: '12' }).shutdownDrainSeconds).toBe(12);
    expect(problemsOf({ SHUTDOWN_DRAIN_SECONDS: 'soon' })).toEqual(['SHUTDOWN_DRAIN_SECONDS: must be a whole number of seconds']);
  });
});
