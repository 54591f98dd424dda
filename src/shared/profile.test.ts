import { describe, expect, it } from 'vitest';
import { displayNameOf, initialsOf } from './profile';

describe('display name and initials', () => {
  it('uses the name when there is one', () => {
    expect(displayNameOf({ name: '  Ada Lovelace ', email: 'ada@example.com' })).toBe('Ada Lovelace');
  });
  it('falls back to the part of the e-mail before the at-sign, then to User', () => {
    expect(displayNameOf({ name: '', email: 'grace.hopper@example.com' })).toBe('grace.hopper');
    expect(displayNameOf({ name: null, email: null })).toBe('User');
  });
  it('takes initials from the first and last word', () => {
    expect(initialsOf('Ada King Lovelace')).toBe('AL');
    expect(initialsOf('grace.hopper')).toBe('GH');
    expect(initialsOf('zoe')).toBe('ZO');
    expect(initialsOf('User')).toBe('US');
  });
});
