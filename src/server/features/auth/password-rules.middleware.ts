import { coded } from '@shared/coded-text';
import type { MiddlewareHandler } from 'hono';
import { PASSWORD_ISSUE_TEXTS, validateResetPassword, validateSignupPassword, type PasswordIssue } from '@shared/auth-validation';
import { AppError } from '@shared/errors';
import type { AppEnv } from '../../context';
import { errorResponse } from '../../lib/http-errors';

/**
 * The password rules hold on the server, not only in the forms: sign-up needs
 * 8+ characters; a reset or a change needs 8+ with a lowercase letter, an uppercase letter and a
 * digit. A weak password is refused with the spec's message before better-auth sees it.
 */
const RULES: Record<string, { field: string; check: (password: string) => PasswordIssue | undefined }> = {
  '/api/auth/sign-up/email': { field: 'password', check: validateSignupPassword },
  '/api/auth/reset-password': { field: 'newPassword', check: validateResetPassword },
  '/api/auth/change-password': { field: 'newPassword', check: validateResetPassword },
};

export function passwordRules(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const rule = c.req.method === 'POST' ? RULES[c.req.path] : undefined;
    if (!rule) return next();
    const body: unknown = await c.req.raw
      .clone()
      .json()
      .catch(() => undefined);
    const password = body && typeof body === 'object' ? (body as Record<string, unknown>)[rule.field] : undefined;
    // Anything but a string is malformed, which better-auth's own validation answers.
    const issue = typeof password === 'string' ? rule.check(password) : undefined;
    if (!issue) return next();
    const message = PASSWORD_ISSUE_TEXTS[issue];
    return errorResponse(
      c,
      new AppError('VALIDATION_ERROR', message, { text: coded(`error.${issue}`), details: { fields: [{ field: rule.field, message }] } }),
    );
  };
}
