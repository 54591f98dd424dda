import { parseCookies, serializeSignedCookie } from 'better-call';
import { describe, expect, it } from 'vitest';
import { cookieValue, verifiedToken } from './session-lookup';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';

describe('reading the session cookie as better-auth writes it', () => {
  it("accepts better-call's own signed value and gives back the token", async () => {
    for (const token of ['abc', 'k3Jx9-_zQ', 'token with spaces/and+plus=']) {
      // The Set-Cookie better-auth sends, as the browser sends it back.
      const setCookie = await serializeSignedCookie('photomuse.session_token', token, SECRET, { httpOnly: true, path: '/' });
      const header = `other=1; ${setCookie.split(';')[0]}; last=2`;
      const signed = cookieValue(header, 'photomuse.session_token');
      expect(signed).toBe(parseCookies(header).get('photomuse.session_token'));
      expect(verifiedToken(signed!, SECRET)).toBe(token);
    }
  });

  it('refuses another secret, a changed token, a missing or malformed signature', async () => {
    const signed = parseCookies((await serializeSignedCookie('c', 'the-token', SECRET)).split(';')[0]!).get('c')!;
    expect(verifiedToken(signed, `${SECRET}!`)).toBeNull();
    expect(verifiedToken(signed.replace('the-token', 'the-tokem'), SECRET)).toBeNull();
    expect(verifiedToken('the-token', SECRET)).toBeNull();
    expect(verifiedToken('the-token.', SECRET)).toBeNull();
    expect(verifiedToken(`the-token.${'A'.repeat(43)}=`, SECRET)).toBeNull();
  });

  it('finds a cookie by its exact name only', () => {
    expect(cookieValue('xphotomuse.session_token=1; photomuse.session_token=2', 'photomuse.session_token')).toBe('2');
    expect(cookieValue('photomuse.session_token_data=1', 'photomuse.session_token')).toBeUndefined();
    for (const header of [
      'a=1; photomuse.session_token="x.y"; b=2',
      'photomuse.session_token=first; photomuse.session_token=second',
      'photomuse.session_token=a%2Eb',
    ])
      expect(cookieValue(header, 'photomuse.session_token')).toBe(parseCookies(header).get('photomuse.session_token'));
    expect(cookieValue('photomuse.session_token=%E0%A4%A', 'photomuse.session_token')).toBeUndefined();
  });
});
