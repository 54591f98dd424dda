import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * Structured JSON logs on stdout; one line per event, secrets redacted.
 *
 * Written asynchronously: lines that come while a write is under way go out together in the next
 * one, so a busy server makes one write call for many request lines instead of one each (a
 * synchronous write per request cost about 5% of a hot read). pino flushes what is left when the
 * process exits, crashes included; only a SIGKILL can lose the last lines.
 */
export function createLogger(level: string): Logger {
  return pino(
    {
      level,
      base: { service: 'photomuse' },
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token', '*.secret'],
        censor: '[redacted]',
      },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    pino.destination({ dest: 1, sync: false }),
  );
}
