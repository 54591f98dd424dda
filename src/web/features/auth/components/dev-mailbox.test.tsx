// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LinkifiedText } from './dev-mailbox';

afterEach(cleanup);

describe('mail text in the dev mailbox', () => {
  it('makes web addresses clickable and keeps the rest as text', () => {
    render(
      <p data-testid="mail">
        <LinkifiedText
          text={
            'Confirm your e-mail: http://localhost:3000/api/auth/verify-email?token=a.b&callbackURL=%2Fstudio\n\nThanks (see https://example.test/help).'
          }
        />
      </p>,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'http://localhost:3000/api/auth/verify-email?token=a.b&callbackURL=%2Fstudio',
      'https://example.test/help',
    ]);
    expect(screen.getByTestId('mail')).toHaveTextContent(
      'Confirm your e-mail: http://localhost:3000/api/auth/verify-email?token=a.b&callbackURL=%2Fstudio Thanks (see https://example.test/help).',
    );
  });

  it('never turns markup or other schemes into anything but text', () => {
    render(
      <p data-testid="mail">
        <LinkifiedText text={'<img src=x onerror=alert(1)> javascript:alert(1) data:text/html,hi'} />
      </p>,
    );
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByTestId('mail')).toHaveTextContent('<img src=x onerror=alert(1)> javascript:alert(1) data:text/html,hi');
  });
});
