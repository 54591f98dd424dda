// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAuthScreen } from '@test/web/render-auth-screen';
import { DevMailboxRoute } from './dev-mailbox';

afterEach(cleanup);

describe('the dev mailbox page', () => {
  it('does not exist where mails are really sent (production, or SMTP configured)', () => {
    renderAuthScreen(<DevMailboxRoute />, { path: '/dev/mailbox', config: { devMailbox: false } });
    expect(screen.getByRole('heading', { name: 'Oops! Page Not Found.' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Dev mailbox' })).toBeNull();
  });
});
