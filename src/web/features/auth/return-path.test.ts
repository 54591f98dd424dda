import { describe, expect, it } from 'vitest';
import { returnPathAfterSignIn } from './return-path';

describe('the page after sign-in', () => {
  it('is the page the user was sent away from', () => {
    expect(returnPathAfterSignIn({ from: '/library?tab=generated' })).toBe('/library?tab=generated');
  });

  it('is the sessions list otherwise', () => {
    expect(returnPathAfterSignIn(null)).toBe('/studio');
    expect(returnPathAfterSignIn({})).toBe('/studio');
    expect(returnPathAfterSignIn({ from: 42 })).toBe('/studio');
  });

  it('never leaves the site', () => {
    for (const from of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
      expect(returnPathAfterSignIn({ from }), from).toBe('/studio');
    }
  });
});
