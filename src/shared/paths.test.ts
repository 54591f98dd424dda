import { describe, expect, it } from 'vitest';
import { isKnownPagePath, isStudioArea, paths, returnPathOf } from './paths';

describe('the screen table', () => {
  it('knows every screen and nothing else', () => {
    for (const path of [
      '/',
      '/login',
      '/signup',
      '/forgot-password',
      '/reset-password',
      '/complete-signup',
      '/studio',
      '/session/new',
      '/session/abc',
      '/generation',
      '/library',
      '/account',
      '/billing',
      '/success',
      '/about',
      '/terms',
      '/privacy',
      '/refund',
    ]) {
      expect(isKnownPagePath(path, { includeDevPages: false }), path).toBe(true);
    }
    for (const path of ['/nope', '/session', '/session/a/b', '/studio/x', '/dev/mailbox']) {
      expect(isKnownPagePath(path, { includeDevPages: false }), path).toBe(false);
    }
  });

  it('leaves the operator console out, so that its pages answer as unknown ones', () => {
    for (const path of ['/admin', '/admin/users', '/admin/users/abc', '/admin/jobs'])
      expect(isKnownPagePath(path, { includeDevPages: true }), path).toBe(false);
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

  it('lets a payment return only to a session of the studio', () => {
    const session = '/session/0b7c8a52-3f4e-4d1a-9c2b-5e6f7a8b9c0d';
    expect(paths.billing.getHref(session)).toBe('/billing?return_to=%2Fsession%2F0b7c8a52-3f4e-4d1a-9c2b-5e6f7a8b9c0d');
    expect(returnPathOf(session)).toBe(session);
    for (const unsafe of [
      'https://evil.example/session/0b7c8a52-3f4e-4d1a-9c2b-5e6f7a8b9c0d',
      '//evil.example',
      '/session/new',
      '/billing',
      `${session}/../../x`,
      '',
      null,
    ]) {
      expect(returnPathOf(unsafe), String(unsafe)).toBeNull();
    }
  });
});
