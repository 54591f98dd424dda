import { describe, expect, it } from 'vitest';
import { isReportable, reportingEnvironmentOf } from './error-reporting';

describe('which server errors are reported', () => {
  it('reports answers of 500 and above, not time-outs, not requests the client gave up, not 4xx', () => {
    expect(isReportable(500, false)).toBe(true);
    expect(isReportable(502, false)).toBe(true);
    expect(isReportable(503, false)).toBe(true);
    expect(isReportable(504, false)).toBe(false);
    expect(isReportable(500, true)).toBe(false);
    expect(isReportable(404, false)).toBe(false);
    expect(isReportable(429, false)).toBe(false);
  });

  it('names the environment "production" in production', () => {
    expect(reportingEnvironmentOf({ nodeEnv: 'production' })).toBe('production');
    expect(reportingEnvironmentOf({ nodeEnv: 'development' })).toBe('development');
  });
});
