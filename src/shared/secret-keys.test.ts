import { describe, expect, it } from 'vitest';
import { assertNoSecretKeys, findSecretLikeKeys } from './secret-keys';

describe('the client refuses configuration keys named like secrets', () => {
  it('finds keys containing "secret" in any case, at any depth', () => {
    expect(findSecretLikeKeys({ PUBLIC_STRIPE_SECRET: 'x', payments: { clientSecretKey: 'y' }, appName: 'z' })).toEqual([
      'PUBLIC_STRIPE_SECRET',
      'payments.clientSecretKey',
    ]);
  });

  it('throws naming every offending key', () => {
    expect(() => assertNoSecretKeys({ PUBLIC_API_SECRET: '1', PUBLIC_OK: '2' }, 'the client build')).toThrow(
      'Refusing to start: the client build exposes configuration keys that look secret: PUBLIC_API_SECRET',
    );
  });

  it('accepts a configuration without such keys', () => {
    expect(() => assertNoSecretKeys({ PUBLIC_APP_NAME: 'PhotoMuse', publishableKey: 'pk_test' }, 'x')).not.toThrow();
  });
});
