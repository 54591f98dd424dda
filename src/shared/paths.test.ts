import { describe, expect, it } from 'vitest';
import { isKnownPagePath, isStudioArea, paths } from './paths';

describe('the screen table', () => {
  it('knows every screen of spec section 2 and nothing else', () => {
    for (const path of ['/', '/login', '/signup', '/forgot-password', '/reset-password', '/complete-signup', '/studio', '/session/new', '/session/abc', '/generation', '/library', '/account', '/billing', '/success', '/about', '/terms', '/privacy', '/refund']) {
      expect(isKnownPagePath(path, { includeDevPages: false }), path).toBe(true);
    }
    for (const path of ['/nope', '/session', '/session/a/b', '/studio/x', '/dev/mailbox']) {
      expect(isKnownPagePath(path, { includeDevPages: false }), path).toBe(false);
    }
  });

  it('knows the dev pages only outside production', () => {
    expect(isKnownPagePath('/dev/mailbox', { includeDevPages: true })).toBe(true);
  });

  it('builds hrefs with escaped parameters', () => {
    expect(paths.session.getHref('a/b')).toBe('/session/a%2Fb');
    expect(paths.success.getHref('cs_1')).toBe('/success?session_id=cs_1');
  });

  it('treats any path starting with /session as the studio area', () => {
    expect(isStudioArea('/session/new')).toBe(true);
    expect(isStudioArea('/sessions')).toBe(true);
    expect(isStudioArea('/studio')).toBe(false);
  });
});
