// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAuthScreen } from '@test/web/render-auth-screen';
import { CompleteSignupScreen } from './complete-signup-screen';
import { ForgotPasswordScreen } from './forgot-password-screen';
import { LoginScreen } from './login-screen';
import { ResetPasswordScreen } from './reset-password-screen';
import { SignupScreen } from './signup-screen';

afterEach(cleanup);

const me = {
  id: 'u1',
  email: 'ada@example.com',
  name: '',
  avatarUrl: null,
  displayName: 'ada',
  initials: 'AD',
  emailVerified: true,
  termsAcceptedAt: null,
  isOperator: false,
};

describe('signup form validation timing', () => {
  it('says nothing while the address is first typed, checks it on blur, then on every change', async () => {
    const user = userEvent.setup();
    renderAuthScreen(<SignupScreen />);
    const email = screen.getByLabelText('Email');
    await user.type(email, 'ada@');
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();

    await user.tab();
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Please enter a valid email address');

    await user.type(email, 'example.com');
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
    expect(email).not.toHaveAttribute('aria-invalid');
    await user.clear(email);
    expect(screen.getByText('Email is required')).toBeInTheDocument();
  });

  it("asks for the password, its confirmation and the terms after 'Next', and focuses the first problem", async () => {
    const user = userEvent.setup();
    renderAuthScreen(<SignupScreen />);
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    const password = await screen.findByLabelText('Password');
    expect(password).toHaveFocus();
    expect(screen.getByText('Signing up as')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();
    expect(screen.getByText('You must accept the terms and conditions')).toBeInTheDocument();
    expect(password).toHaveFocus();

    // A new password re-checks a confirmation that was already typed.
    await user.type(password, 'long-enough');
    await user.type(screen.getByLabelText('Confirm password'), 'long-enough');
    expect(screen.queryByText('Passwords do not match')).toBeNull();
    await user.type(password, '!');
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Change' }));
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });
});

describe('login form', () => {
  it('checks both fields on submit and moves focus to the first invalid one', async () => {
    const user = userEvent.setup();
    renderAuthScreen(<LoginScreen />, { path: '/login' });
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows 'Failed to sign in with Google' when the provider sent the user back with an error", () => {
    renderAuthScreen(<LoginScreen />, { path: '/login?provider=google&error=access_denied' });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to sign in with Google. Please try again.');
  });

  it('shows the generic text when the failed provider is unknown', () => {
    renderAuthScreen(<LoginScreen />, { path: '/login?error=state_mismatch' });
    expect(screen.getByRole('alert')).toHaveTextContent('An error occurred. Please try again.');
  });
});

describe('social sign-in buttons', () => {
  it('offers a configured provider and says an unconfigured one is unavailable', () => {
    renderAuthScreen(<LoginScreen />, { path: '/login', config: { socialProviders: { google: true, github: false, apple: false } } });
    const google = screen.getByRole('button', { name: 'Continue with Google' });
    expect(google).toBeEnabled();
    expect(google).not.toHaveAttribute('aria-disabled');
    for (const provider of ['Apple', 'GitHub']) {
      const button = screen.getByRole('button', { name: new RegExp(`^${provider} unavailable`) });
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).toHaveAttribute('title', `${provider} sign-in is not set up on this server`);
    }
  });
});

describe('forgot password form', () => {
  it('checks on submit and clears the error as soon as the address is edited', async () => {
    const user = userEvent.setup();
    renderAuthScreen(<ForgotPasswordScreen />);
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'x');
    expect(screen.queryByText('Email is required')).toBeNull();
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
    await user.tab();
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
  });
});

describe('reset password form', () => {
  it('enforces lowercase, uppercase and a number, and a matching confirmation', async () => {
    const user = userEvent.setup();
    renderAuthScreen(<ResetPasswordScreen />, { path: '/reset-password?token=t&type=recovery' });
    const password = screen.getByLabelText('New password');
    const submit = screen.getByRole('button', { name: 'Update password' });
    await user.click(submit);
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    await user.type(password, 'Abc1');
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'ABCDEFG1');
    expect(screen.getByText('Password must contain at least one lowercase letter')).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'abcdefg1');
    expect(screen.getByText('Password must contain at least one uppercase letter')).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'Abcdefgh');
    expect(screen.getByText('Password must contain at least one number')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Confirm new password'), 'Abcdefg1');
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
  });

  it('refuses a link without token or of another type before showing any form', () => {
    renderAuthScreen(<ResetPasswordScreen />, { path: '/reset-password?type=recovery' });
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid or missing reset token. Please request a new password reset.');
    expect(screen.queryByLabelText('New password')).toBeNull();
    cleanup();
    renderAuthScreen(<ResetPasswordScreen />, { path: '/reset-password?token_hash=t&type=magiclink' });
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid reset link. Please request a new password reset.');
  });
});

describe('complete signup', () => {
  it('needs the box ticked before it records anything, and links the terms and the privacy policy', async () => {
    const user = userEvent.setup();
    renderAuthScreen(<CompleteSignupScreen />, { me, path: '/complete-signup' });
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    await user.click(screen.getByRole('button', { name: 'Accept and continue' }));
    expect(await screen.findByText('You must accept the terms of service and privacy policy to continue')).toBeInTheDocument();
    const box = screen.getByRole('checkbox');
    expect(box).toHaveFocus();
    await user.click(box);
    expect(screen.queryByText('You must accept the terms of service and privacy policy to continue')).toBeNull();
  });

  it('moves on to the sessions list when the terms are already accepted', async () => {
    const { router } = renderAuthScreen(<CompleteSignupScreen />, {
      me: { ...me, termsAcceptedAt: '2025-05-02T00:00:00Z' },
      path: '/complete-signup',
    });
    await screen.findByText('elsewhere');
    expect(router.state.location.pathname).toBe('/studio');
  });
});
