import { APP_VERSION } from '@shared/constants';
import type { AppConfig } from './env';
import { withoutQueryData } from './error-report-scrubbing';
import type { Logger } from './logger';

/**
 * Where unexpected server errors go besides the log (answers of 500 and above are
 * reported; aborted requests and time-outs are not — the caller decides, see app.ts).
 */
export interface ErrorReporter {
  report(error: unknown, context: { method: string; route: string; status: number; requestId: string }): void;
  /**
   * A job that failed its last try and was given up (a generation refunded). Only what the operator
   * needs to find it: the job kind, its id, the try and `tags` (engine, failure kind); the reason's
   * stack frames, never its message (a provider's or the database's text may quote the request).
   */
  reportJobGivenUp(reason: unknown, context: GivenUpJob): void;
  /** Sends what is still queued, waiting at most `timeoutMs`; before the process exits. */
  flush(timeoutMs: number): Promise<void>;
}

/**
 * Spec 7: an answer of 500 and above is reported, except a time-out (504) and a request the
 * client gave up (aborted: the error is the disconnect, not ours).
 */
export function isReportable(status: number, requestAborted: boolean): boolean {
  return status >= 500 && status !== 504 && !requestAborted;
}

export interface GivenUpJob {
  job: string;
  jobId: string;
  attempt: number;
  /** Low-cardinality labels to group and search by (engine, failure kind). */
  tags: Record<string, string>;
}

export const NOTHING_REPORTED: ErrorReporter = {
  report: () => undefined,
  reportJobGivenUp: () => undefined,
  flush: () => Promise.resolve(),
};

/**
 * The error sent for a given-up job: a sentence of ours, with the frames of the reason's stack (code
 * locations only) so that an error of our own still points at the line that threw.
 */
export function givenUpJobError(reason: unknown, context: Pick<GivenUpJob, 'job' | 'attempt' | 'tags'>): Error {
  const failure = context.tags.failure ? ` (${context.tags.failure})` : '';
  const error = new Error(`${context.job} job given up after try ${context.attempt}${failure}`);
  error.name = 'JobGivenUp';
  const frames = reason instanceof Error && reason.stack ? reason.stack.split('\n').filter((line) => /^\s+at /.test(line)) : [];
  error.stack = [`${error.name}: ${error.message}`, ...frames].join('\n');
  return error;
}

/** The share of requests traced for Sentry's performance view. */
export const TRACES_SAMPLE_RATE = 0.1;

/** Sentry's `environment`: "production" in production, else the NODE_ENV it runs under. */
export const reportingEnvironmentOf = (config: Pick<AppConfig, 'nodeEnv'>) => config.nodeEnv;

/**
 * Sentry's official Node SDK when SENTRY_DSN is set. Without it the SDK is not even loaded (it is
 * imported here, on demand), so nothing is sent anywhere.
 */
export async function startErrorReporting(config: Pick<AppConfig, 'sentry' | 'nodeEnv'>, logger: Logger): Promise<ErrorReporter> {
  const dsn = config.sentry.serverDsn;
  if (!dsn) return NOTHING_REPORTED;
  const Sentry = await import('@sentry/node');
  Sentry.init({
    dsn,
    environment: reportingEnvironmentOf(config),
    release: APP_VERSION,
    tracesSampleRate: TRACES_SAMPLE_RATE,
    // Nothing of the user's: no cookies or headers (session tokens), bodies (photos, passwords),
    // query strings, database parameters, job payloads or local variables. The request id ties an
    // event to our log, which has the rest.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
      databaseQueryData: false,
      queues: false,
      genAI: { inputs: false, outputs: false },
      stackFrameVariables: false,
    },
    // The data options above do not reach an error's own message: a failed query's holds its
    // statement and parameters, and a Postgres data exception quotes the value.
    beforeSend: withoutQueryData,
  });
  logger.info({ environment: reportingEnvironmentOf(config), release: APP_VERSION }, 'reporting errors to Sentry');
  return {
    report(error, context) {
      Sentry.captureException(error, {
        tags: { route: context.route, method: context.method, status: String(context.status) },
        extra: { requestId: context.requestId },
      });
    },
    reportJobGivenUp(reason, context) {
      // Fresh scopes: a job woken inside a request (WORKER=inline) would otherwise carry that
      // request's data and breadcrumbs into the event.
      const scope = new Sentry.Scope();
      scope.setClient(Sentry.getClient());
      Sentry.withIsolationScope(new Sentry.Scope(), () =>
        Sentry.withScope(scope, () =>
          Sentry.captureException(givenUpJobError(reason, context), {
            level: 'error',
            tags: { job: context.job, attempt: String(context.attempt), ...context.tags },
            extra: { jobId: context.jobId },
            fingerprint: ['job-given-up', context.job, ...Object.values(context.tags)],
          }),
        ),
      );
    },
    async flush(timeoutMs) {
      await Sentry.flush(timeoutMs);
    },
  };
}
