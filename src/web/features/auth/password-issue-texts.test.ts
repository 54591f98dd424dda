import { describe, expect, it } from 'vitest';
import { PASSWORD_ISSUE_TEXTS } from '@shared/auth-validation';
import auth from '@web/locales/en/auth.json';

describe('the password rules in words', () => {
  it('are the same on the server as in the English sign-up and reset forms', () => {
    for (const [issue, text] of Object.entries(PASSWORD_ISSUE_TEXTS)) {
      expect(auth.validation[issue as keyof typeof auth.validation], issue).toBe(text);
    }
  });
});
