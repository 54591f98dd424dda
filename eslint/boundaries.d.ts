import type { Linter } from 'eslint';

/** The types of boundaries.js, for its test. */
export const SERVER_FEATURE_USES: Readonly<Record<string, readonly string[]>>;
export const WEB_FEATURE_USES: Readonly<Record<string, readonly string[]>>;
export const boundariesConfig: Linter.Config;
