import type { BrowserContext } from 'playwright-core';
import { originHeader, signUpInto, TEST_PASSWORD } from './accounts';

/** The browser tests' operator of the console: the server under test lists it in ADMIN_EMAILS (global-setup.ts). */
export const E2E_OPERATOR_EMAIL = 'operator@console.e2e.example.test';

/**
 * The console's operator, signed into `context`: signed up first if no earlier test of this run did
 * it. (A second sign-up of the same address mails nothing, so every file that needs the operator
 * comes through here.)
 */
export async function signInOperator(context: BrowserContext): Promise<void> {
  const signIn = await context.request.post('/api/auth/sign-in/email', {
    data: { email: E2E_OPERATOR_EMAIL, password: TEST_PASSWORD },
    headers: originHeader(),
  });
  if (signIn.status() !== 200) await signUpInto(context, 'operator', { email: E2E_OPERATOR_EMAIL });
}
