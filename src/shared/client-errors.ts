import { z } from 'zod';

/**
 * POST /api/client-errors: an error the web client could not handle (500 and above, never
 * aborted requests or time-outs), for the server's log — our stand-in for an error-reporting service.
 */
export const clientErrorReportSchema = z.object({
  code: z.string().max(64),
  message: z.string().max(2000),
  status: z.number().int().min(100).max(599).optional(),
  path: z.string().max(2000),
  release: z.string().max(32),
});
export type ClientErrorReport = z.infer<typeof clientErrorReportSchema>;
