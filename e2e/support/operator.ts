/** The browser tests' operator of the console: the server under test lists it in ADMIN_EMAILS (global-setup.ts). */
export const E2E_OPERATOR_EMAIL = 'operator@console.e2e.example.test';
