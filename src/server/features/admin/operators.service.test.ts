import { describe, expect, it } from 'vitest';
import { isOperator } from './operators.service';

const confirmed = { email: 'Ops@Example.test', emailVerified: true, operatorGrantedAt: null, disabledAt: null };

describe('who is an operator', () => {
  it('is a confirmed address that ADMIN_EMAILS lists (in any case), or one granted by the command', () => {
    expect(isOperator(confirmed, ['ops@example.test'])).toBe(true);
    expect(isOperator(confirmed, ['someone@example.test'])).toBe(false);
    expect(isOperator({ ...confirmed, operatorGrantedAt: new Date() }, [])).toBe(true);
  });

  it('is never an unconfirmed address or a disabled account', () => {
    expect(isOperator({ ...confirmed, emailVerified: false }, ['ops@example.test'])).toBe(false);
    expect(isOperator({ ...confirmed, emailVerified: false, operatorGrantedAt: new Date() }, [])).toBe(false);
    expect(isOperator({ ...confirmed, disabledAt: new Date() }, ['ops@example.test'])).toBe(false);
  });
});
