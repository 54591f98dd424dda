import { z } from 'zod';
import { DEFAULT_GENERATED_RETENTION, DEFAULT_UPLOAD_RETENTION, parseRetention, type Retention } from '@shared/retention';
import { ENGINE_KINDS, type EngineKind } from '@shared/engines';
import { exposureProblems, SHARED_TEST_SERVER_VARIABLE } from './exposure';
import {
  DEFAULT_A1111_UPSCALER,
  enabledEngineKinds,
  engineVariablePrefix,
  imageEnginesOf,
  missingEngineSettings,
  type ImageEngineConfig,
  type ImageEngineSettings,
} from './image-engines-config';

/**
 * The configuration contract of architecture.md: every environment variable, validated once at
 * start by one schema. `loadConfig` either returns a complete config or throws a ConfigError that
 * lists every problem at once.
 */

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** A whole number, or undefined when unset or empty. */
const wholeNumberFromEnv = () =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      if (!/^\d+$/.test(v)) {
        ctx.addIssue({ code: 'custom', message: `must be a whole number, got "${v}"` });
        return z.NEVER;
      }
      return Number(v);
    });

const intFromEnv = (fallback: number, min: number, max: number) =>
  wholeNumberFromEnv()
    .transform((v) => v ?? fallback)
    .pipe(z.number().int().min(min).max(max));

const optionalIntFromEnv = (min: number, max: number) => wholeNumberFromEnv().pipe(z.number().int().min(min).max(max).optional());

/** A retention duration like `90s`, `24h` or `30d`, as seconds. */
const retentionFromEnv = (fallback: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      const seconds = parseRetention(v === undefined || v === '' ? fallback : v);
      if (seconds === null) {
        ctx.addIssue({ code: 'custom', message: `must be a duration like 90s, 15m, 24h or 30d, got "${v}"` });
        return z.NEVER;
      }
      return seconds;
    });

const urlString = z.url({ protocol: /^https?$/ });

/** Per engine: PRICE_PER_IMAGE_CENTS_<KIND> (0 allowed: a free engine) and <KIND>_LABEL. */
const perEngineVariables = Object.fromEntries(
  ENGINE_KINDS.flatMap((kind) => [
    [`PRICE_PER_IMAGE_CENTS_${engineVariablePrefix(kind)}`, optionalIntFromEnv(0, 100_000)],
    [`${engineVariablePrefix(kind)}_LABEL`, optionalString.pipe(z.string().max(40, 'must be at most 40 characters').optional())],
  ]),
) as Record<`PRICE_PER_IMAGE_CENTS_${Uppercase<EngineKind>}`, ReturnType<typeof optionalIntFromEnv>> &
  Record<`${Uppercase<EngineKind>}_LABEL`, z.ZodType<string | undefined, string | undefined>>;
/** Daily at 03:00 UTC: a quiet hour for most services, and one dump a day for BACKUP_RETENTION to count. */
export const DEFAULT_BACKUP_SCHEDULE = '0 3 * * *';

/** Five cron fields (minute hour day-of-month month day-of-week, in UTC), or `off`. */
const backupSchedule = z
  .string()
  .trim()
  .default(DEFAULT_BACKUP_SCHEDULE)
  .transform((v) => (v === '' ? DEFAULT_BACKUP_SCHEDULE : v))
  .refine(
    (v) => v === 'off' || /^[\d*/,A-Za-z?-]+(\s+[\d*/,A-Za-z?-]+){4}$/.test(v),
    'must be a cron expression of five fields in UTC (like "0 3 * * *", daily at 03:00) or "off"',
  )
  .transform((v) => (v === 'off' ? null : v.split(/\s+/).join(' ')));

/** Shorter tokens are refused at start: the metrics name routes and volumes of the business. */
export const METRICS_TOKEN_MIN_LENGTH = 16;

/**
 * A Sentry DSN, `https://<public key>@<host>[:port]/<project id>` (the form the Sentry SDKs parse);
 * any host may receive the events (self-hosted Sentry, GlitchTip, a test's local receiver).
 */
const sentryDsn = z.string().refine(isSentryDsn, 'is not a Sentry DSN (expected https://<public key>@<host>/<project id>)');

export function isSentryDsn(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.username !== '' && /^\/(?:[^?#]*\/)?\d+$/.test(url.pathname);
}

/** Outside production a stop is immediate (Ctrl-C); behind a load balancer it needs time to notice. */
const DEFAULT_SHUTDOWN_DRAIN_SECONDS = { production: 5, other: 0 };

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: intFromEnv(3000, 0, 65535),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  APP_URL: optionalString.pipe(urlString.optional()),
  APP_NAME: z.string().trim().min(1).default('PhotoMuse'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  AUTH_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  /** Google sign-in is OpenID Connect; tests point this at a local OIDC server. */
  GOOGLE_DISCOVERY_URL: z.string().trim().default('https://accounts.google.com/.well-known/openid-configuration').pipe(urlString),
  GITHUB_CLIENT_ID: optionalString,
  GITHUB_CLIENT_SECRET: optionalString,
  APPLE_CLIENT_ID: optionalString,
  APPLE_CLIENT_SECRET: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_PRODUCT_ID: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_URL: optionalString.pipe(urlString.optional()),
  IMAGE_ENGINE: z.enum(ENGINE_KINDS).default('local'),
  /** Several engines at once, the first the default (checked in image-engines-config.ts). */
  IMAGE_ENGINES: optionalString,
  ...perEngineVariables,
  COMFYUI_URL: optionalString.pipe(urlString.optional()),
  COMFYUI_API_KEY: optionalString,
  COMFYUI_WORKFLOWS_DIR: optionalString,
  COMFYUI_WORKFLOWS: optionalString,
  A1111_URL: optionalString.pipe(urlString.optional()),
  /** --api-auth's user:password. */
  A1111_AUTH: optionalString.pipe(
    z
      .string()
      .regex(/^[^:]+:.+$/, 'must be user:password (as given to --api-auth)')
      .optional(),
  ),
  A1111_MODEL: optionalString,
  A1111_UPSCALER: z.string().trim().min(1).default(DEFAULT_A1111_UPSCALER),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalString.pipe(urlString.optional()),
  // Hosted model defaults are ones the providers serve today, checked at start (decision 008).
  OPENAI_IMAGE_MODEL: z.string().trim().min(1).default('gpt-image-2.5-flare'),
  GEMINI_API_KEY: optionalString,
  GEMINI_IMAGE_MODEL: z.string().trim().min(1).default('gemini-3.1-flash-image'),
  /** Gemini's planning/vision model (text out). */
  GEMINI_TEXT_MODEL: z.string().trim().min(1).default('gemini-3.8-flash'),
  /** Lets tests point @google/genai at a local server. */
  GEMINI_BASE_URL: optionalString.pipe(urlString.optional()),
  /** OpenAI's planning/vision model (structured output). */
  OPENAI_TEXT_MODEL: z.string().trim().min(1).default('gpt-5.4-mini'),
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalString.pipe(urlString.optional()),
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Path-style addressing (`host/bucket/key`), which MinIO and most self-hosted S3 servers need. */
  S3_FORCE_PATH_STYLE: optionalString.pipe(z.enum(['true', 'false']).optional()),
  PRICE_PER_IMAGE_CENTS: intFromEnv(8, 1, 100_000),
  FREE_GENERATIONS: intFromEnv(3, 0, 1000),
  /** A monthly spending limit every new account starts with (the user may change it); unset = none. */
  DEFAULT_MONTHLY_LIMIT_CENTS: optionalIntFromEnv(1, 100_000_000),
  /** Who e-mails the receipt of a top-up: we do ('ours'), or Stripe does ('stripe', its "Successful payments" e-mails). */
  PAYMENT_RECEIPTS: z.enum(['ours', 'stripe']).default('ours'),
  /** Years after the end of an entry's calendar year that deleted accounts' ledger rows are kept. */
  RETAINED_LEDGER_YEARS: intFromEnv(5, 1, 100),
  /** The landing page's marketing figures ("500+ creators, 1000+ transformations"); 0 leaves a figure out. */
  LANDING_CREATORS_FIGURE: intFromEnv(500, 0, 1_000_000_000),
  LANDING_TRANSFORMATIONS_FIGURE: intFromEnv(1000, 0, 1_000_000_000),
  WORKER: z.enum(['inline', 'off']).default('inline'),
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (for rate limits). */
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  /** How long one generation may run before it counts as lost (worker died) and is retried. */
  GENERATION_TIMEOUT_SECONDS: intFromEnv(300, 2, 3600),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Fair use: what one user may ask of the server per minute (counted in the database). */
  RATE_LIMIT_UPLOADS_PER_MINUTE: intFromEnv(30, 1, 100_000),
  RATE_LIMIT_GENERATIONS_PER_MINUTE: intFromEnv(10, 1, 100_000),
  /** Requests one operator may make of the console's API per minute. */
  RATE_LIMIT_ADMIN_REQUESTS_PER_MINUTE: intFromEnv(120, 1, 100_000),
  /** Operators: a listed user who has confirmed the address (features/admin). */
  ADMIN_EMAILS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email('must be a comma-separated list of e-mail addresses'))),
  RATE_LIMIT_MESSAGES_PER_MINUTE: intFromEnv(60, 1, 100_000),
  /** Event streams one user may hold open in one API process; one more closes their oldest. */
  EVENT_STREAMS_PER_USER: intFromEnv(20, 1, 10_000),
  /** Bearer token for GET /metrics; unset means: only from this machine (metrics-access.ts). */
  METRICS_TOKEN: optionalString.pipe(
    z
      .string()
      .min(METRICS_TOKEN_MIN_LENGTH, `must be at least ${METRICS_TOKEN_MIN_LENGTH} characters (a guessable token exposes the metrics)`)
      .optional(),
  ),
  /** Error reporting to Sentry (or any server speaking its protocol): the server's DSN, and the web client's. */
  SENTRY_DSN: optionalString.pipe(sentryDsn.optional()),
  PUBLIC_SENTRY_DSN: optionalString.pipe(sentryDsn.optional()),
  /** `npm run worker` serves its own GET /metrics on this port (on HOST); unset: none. */
  WORKER_METRICS_PORT: optionalString.pipe(
    z.string().regex(/^\d+$/, 'must be a port number').transform(Number).pipe(z.number().min(1).max(65535)).optional(),
  ),
  /** After SIGTERM, how long /api/health/ready answers 503 while requests are still served, before the server closes. */
  SHUTDOWN_DRAIN_SECONDS: optionalString.pipe(
    z.string().regex(/^\d+$/, 'must be a whole number of seconds').transform(Number).pipe(z.number().max(300)).optional(),
  ),
  /** How long uploaded and generated files are kept (decision 015). */
  UPLOAD_RETENTION: retentionFromEnv(DEFAULT_UPLOAD_RETENTION),
  GENERATED_RETENTION: retentionFromEnv(DEFAULT_GENERATED_RETENTION),
  /** Database dumps to the storage: when (cron, UTC, or off) and how many are kept. */
  BACKUP_SCHEDULE: backupSchedule,
  BACKUP_RETENTION: intFromEnv(14, 1, 10_000),
  /** Development conveniences on a non-loopback address, for a deliberately shared test server (exposure.ts). */
  [SHARED_TEST_SERVER_VARIABLE]: z.enum(['true', 'false']).default('false'),
});

type RawEnv = z.infer<typeof envSchema>;

export interface SocialProviderConfig {
  clientId: string;
  clientSecret: string;
}

export interface AppConfig {
  nodeEnv: RawEnv['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  appUrl: string;
  appName: string;
  dataDir: string;
  /** Unset means: start the embedded Postgres in `${dataDir}/pg`. */
  databaseUrl: string | undefined;
  /** Unset means: generate one into DATA_DIR (never in production). */
  authSecret: string | undefined;
  mail: { smtpUrl: string | undefined; from: string };
  social: {
    google: (SocialProviderConfig & { discoveryUrl: string }) | undefined;
    github: SocialProviderConfig | undefined;
    apple: SocialProviderConfig | undefined;
  };
  stripe:
    | { mode: 'test' }
    | {
        mode: 'stripe';
        secretKey: string;
        publishableKey: string;
        productId: string;
        webhookSecret: string | undefined;
        apiUrl: string | undefined;
      };
  /** The default engine's settings (the first of imageEngines). */
  imageEngine: ImageEngineSettings;
  /** Every engine offered, the default first, each with its price and label. */
  imageEngines: ImageEngineConfig[];
  storage:
    | { kind: 'local' }
    | {
        kind: 's3';
        bucket: string;
        endpoint: string | undefined;
        region: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
      };
  pricePerImageCents: number;
  freeGenerations: number;
  /** The monthly spending limit a new account starts with; null = none. */
  defaultMonthlyLimitCents: number | null;
  /** Who sends top-up receipts; with test-mode payments ours are always sent (there is no Stripe to send them). */
  paymentReceipts: RawEnv['PAYMENT_RECEIPTS'];
  /** Deleted accounts' ledger rows are purged this many years after the end of their calendar year. */
  retainedLedgerYears: number;
  /** The landing page's marketing figures, set by the operator. */
  landingFigures: { creators: number; transformations: number };
  worker: RawEnv['WORKER'];
  trustProxy: boolean;
  generationTimeoutSeconds: number;
  logLevel: RawEnv['LOG_LEVEL'];
  /** Per-user limits of photo uploads, of generation requests (POST /api/chat) and of messages stored (with or without a reply), per minute. */
  fairUse: { uploadsPerMinute: number; generationsPerMinute: number; messagesPerMinute: number };
  /** Open event streams per user in one API process (the oldest is closed beyond it). */
  eventStreamsPerUser: number;
  /** Operators by address (lower case); `npm run admin -- grant` makes others. */
  adminEmails: string[];
  /** Requests one operator may make of /api/admin per minute. */
  adminRequestsPerMinute: number;
  /** Files older than this are deleted by the retention job (seconds). */
  retention: Retention;
  /** ALLOW_UNSAFE_SHARED_TEST_SERVER=true outside production: warned about at every start. */
  sharedTestServer: boolean;
  /** GET /metrics: with a token, only with it as a Bearer token; without, only from loopback. */
  metricsToken: string | undefined;
  /** Where errors are reported (server and web client); each unset means nothing is loaded or sent. */
  sentry: { serverDsn: string | undefined; clientDsn: string | undefined };
  /** Where `npm run worker` serves GET /metrics, if anywhere. */
  workerMetricsPort: number | undefined;
  /** SIGTERM: readiness answers 503 this long before the server stops taking requests. */
  shutdownDrainSeconds: number;
  /** Database dumps: the cron schedule (UTC; null: none scheduled) and how many dumps are kept. */
  backup: { schedule: string | null; retention: number };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Checks that span variables; they read only presence, so they run even when a value is malformed. */
function crossFieldProblems(source: Record<string, string | undefined>): string[] {
  const has = (name: string) => (source[name] ?? '').trim() !== '';
  const problems: string[] = [];
  for (const provider of ['GOOGLE', 'GITHUB', 'APPLE']) {
    if (has(`${provider}_CLIENT_ID`) !== has(`${provider}_CLIENT_SECRET`)) {
      problems.push(`${provider}_CLIENT_ID and ${provider}_CLIENT_SECRET must be set together`);
    }
  }
  if (has('STRIPE_SECRET_KEY') && (!has('STRIPE_PUBLISHABLE_KEY') || !has('STRIPE_PRODUCT_ID'))) {
    problems.push('STRIPE_PUBLISHABLE_KEY or STRIPE_PRODUCT_ID is not set');
  }
  // S3 settings without a bucket are refused rather than ignored: files must never land on local
  // disk while S3 is believed in use.
  const s3Settings = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'].filter(has);
  if (!has('S3_BUCKET') && s3Settings.length > 0)
    problems.push(
      `S3_BUCKET is required when ${s3Settings.join(', ')} ${s3Settings.length === 1 ? 'is' : 'are'} set (without it files are stored on local disk)`,
    );
  if (has('S3_ACCESS_KEY_ID') !== has('S3_SECRET_ACCESS_KEY'))
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  const engines = enabledEngineKinds(source);
  problems.push(...engines.problems, ...missingEngineSettings(engines.kinds, has));
  if (source.NODE_ENV?.trim() === 'production') {
    // Production refuses every default that is only safe on a developer's machine.
    if (!has('AUTH_SECRET')) problems.push('AUTH_SECRET is required in production (the generated secret is for development only)');
    if (!has('SMTP_URL')) problems.push('SMTP_URL is required in production (the dev mailbox is for development only)');
    if (!has('STRIPE_SECRET_KEY'))
      problems.push('STRIPE_SECRET_KEY is required in production (test-mode payments are for development only)');
    if (has('STRIPE_SECRET_KEY') && !has('STRIPE_WEBHOOK_SECRET')) problems.push('STRIPE_WEBHOOK_SECRET is required in production');
    if (!has('APP_URL')) problems.push('APP_URL is required in production');
  }
  problems.push(...exposureProblems(source));
  return problems;
}

const socialPair = (id: string | undefined, secret: string | undefined): SocialProviderConfig | undefined =>
  id && secret ? { clientId: id, clientSecret: secret } : undefined;

const withDiscovery = (pair: SocialProviderConfig | undefined, discoveryUrl: string) => (pair ? { ...pair, discoveryUrl } : undefined);

export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`)),
    ...crossFieldProblems(source),
  ];
  if (problems.length > 0 || !parsed.success) throw new ConfigError(problems);
  const env = parsed.data;

  const stripe: AppConfig['stripe'] =
    env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_PRODUCT_ID
      ? {
          mode: 'stripe',
          secretKey: env.STRIPE_SECRET_KEY,
          publishableKey: env.STRIPE_PUBLISHABLE_KEY,
          productId: env.STRIPE_PRODUCT_ID,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET,
          apiUrl: env.STRIPE_API_URL,
        }
      : { mode: 'test' };

  const imageEngines = imageEnginesOf(enabledEngineKinds(source).kinds, {
    ...env,
    prices: Object.fromEntries(ENGINE_KINDS.map((kind) => [kind, env[`PRICE_PER_IMAGE_CENTS_${engineVariablePrefix(kind)}`]])),
    labels: Object.fromEntries(ENGINE_KINDS.map((kind) => [kind, env[`${engineVariablePrefix(kind)}_LABEL`]])),
  });

  const storage: AppConfig['storage'] = env.S3_BUCKET
    ? {
        kind: 's3',
        bucket: env.S3_BUCKET,
        endpoint: env.S3_ENDPOINT,
        region: env.S3_REGION ?? 'us-east-1',
        accessKeyId: env.S3_ACCESS_KEY_ID,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
      }
    : { kind: 'local' };

  return {
    nodeEnv: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    appName: env.APP_NAME,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    authSecret: env.AUTH_SECRET,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM ?? `${env.APP_NAME} <no-reply@localhost>` },
    social: {
      google: withDiscovery(socialPair(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET), env.GOOGLE_DISCOVERY_URL),
      github: socialPair(env.GITHUB_CLIENT_ID, env.GITHUB_CLIENT_SECRET),
      apple: socialPair(env.APPLE_CLIENT_ID, env.APPLE_CLIENT_SECRET),
    },
    stripe,
    imageEngine: imageEngines[0]!.settings,
    imageEngines,
    storage,
    pricePerImageCents: env.PRICE_PER_IMAGE_CENTS,
    freeGenerations: env.FREE_GENERATIONS,
    defaultMonthlyLimitCents: env.DEFAULT_MONTHLY_LIMIT_CENTS ?? null,
    paymentReceipts: env.PAYMENT_RECEIPTS,
    retainedLedgerYears: env.RETAINED_LEDGER_YEARS,
    landingFigures: { creators: env.LANDING_CREATORS_FIGURE, transformations: env.LANDING_TRANSFORMATIONS_FIGURE },
    worker: env.WORKER,
    trustProxy: env.TRUST_PROXY === 'true',
    generationTimeoutSeconds: env.GENERATION_TIMEOUT_SECONDS,
    logLevel: env.LOG_LEVEL,
    fairUse: {
      uploadsPerMinute: env.RATE_LIMIT_UPLOADS_PER_MINUTE,
      generationsPerMinute: env.RATE_LIMIT_GENERATIONS_PER_MINUTE,
      messagesPerMinute: env.RATE_LIMIT_MESSAGES_PER_MINUTE,
    },
    eventStreamsPerUser: env.EVENT_STREAMS_PER_USER,
    adminEmails: env.ADMIN_EMAILS,
    adminRequestsPerMinute: env.RATE_LIMIT_ADMIN_REQUESTS_PER_MINUTE,
    retention: { uploadSeconds: env.UPLOAD_RETENTION, generatedSeconds: env.GENERATED_RETENTION },
    sharedTestServer: env.NODE_ENV !== 'production' && env[SHARED_TEST_SERVER_VARIABLE] === 'true',
    metricsToken: env.METRICS_TOKEN,
    workerMetricsPort: env.WORKER_METRICS_PORT,
    sentry: { serverDsn: env.SENTRY_DSN, clientDsn: env.PUBLIC_SENTRY_DSN },
    shutdownDrainSeconds:
      env.SHUTDOWN_DRAIN_SECONDS ??
      (env.NODE_ENV === 'production' ? DEFAULT_SHUTDOWN_DRAIN_SECONDS.production : DEFAULT_SHUTDOWN_DRAIN_SECONDS.other),
    backup: { schedule: env.BACKUP_SCHEDULE, retention: env.BACKUP_RETENTION },
  };
}

/** For the process entry points: the config, or one message listing every problem and exit 1. */
export function loadConfigOrExit(source: Record<string, string | undefined> = process.env): AppConfig {
  try {
    return loadConfig(source);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
