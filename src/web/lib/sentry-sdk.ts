/**
 * The parts of Sentry's official React SDK the client uses, as a module of their own: imported
 * only dynamically (sentry-start.ts), so they build into a chunk that a page loads only when
 * the server gives it a DSN, and only after it has painted.
 */
export { browserTracingIntegration, captureException, init } from '@sentry/react';
