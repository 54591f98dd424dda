import { betterAuth } from 'better-auth';
import { eq } from 'drizzle-orm';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { bearer, genericOAuth } from 'better-auth/plugins';
import { ACCOUNT_DISABLED_CODE, ACCOUNT_DISABLED_MESSAGE } from '@shared/admin';
import { MIN_PASSWORD_LENGTH } from '@shared/constants';
import { paths } from '@shared/paths';
import type { Db } from '../../db/client';
import { account, session, user, verification } from '../../db/schema';
import type { AppConfig } from '../../lib/env';
import type { Logger } from '../../lib/logger';
import { confirmationMail, existingAccountMail, newAddressMail, passwordResetMail } from './auth-mails';
import type { Mailer } from '../../mail/mailer';

/** Header our server sets from the socket address; better-auth reads the client address from it. */
export const CLIENT_ADDRESS_HEADER = 'x-photomuse-client-address';
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;

export interface AuthHooks {
  /** Runs once for every new user (e-mail or social), e.g. to open their balance account. */
  onUserCreated?: (userId: string) => Promise<void>;
}

export interface CreateAuthOptions {
  config: AppConfig;
  db: Db;
  logger: Logger;
  mailer: Mailer;
  secret: string;
  hooks?: AuthHooks;
}

/** The reset link opens our page, which checks the token and type=recovery. */
export function passwordResetUrl(appUrl: string, token: string): string {
  return `${appUrl}${paths.resetPassword.getHref()}?token=${encodeURIComponent(token)}&type=recovery`;
}

const SIGN_UP_EMAIL_PATH = '/sign-up/email';

/** The sign-up body's `acceptTerms: true`: the form sends it only with the terms box ticked. */
export function signUpAcceptsTerms(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as Record<string, unknown>).acceptTerms === true;
}

export function createAuth({ config, db, logger, mailer, secret, hooks = {} }: CreateAuthOptions) {
  const { google, github, apple } = config.social;
  return betterAuth({
    appName: config.appName,
    baseURL: config.appUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [config.appUrl],
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification } }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      // A new password signs the user out everywhere else.
      revokeSessionsOnPasswordReset: true,
      // Signing up with a taken address answers like a new sign-up (no account enumeration) and
      // mails the owner instead, who can sign in or reset the password from there.
      onExistingUserSignUp: async ({ user: existing }) => {
        await mailer.send(
          existingAccountMail(
            config.appName,
            existing.email,
            `${config.appUrl}${paths.login.getHref()}`,
            `${config.appUrl}${paths.forgotPassword.getHref()}`,
          ),
        );
      },
      sendResetPassword: async ({ user: target, token }) => {
        await mailer.send(passwordResetMail(config.appName, target.email, passwordResetUrl(config.appUrl, token)));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      // A confirmed user who is sent a link is changing their address: better-auth mails it to the
      // new address (target.email is the new one) and changes the address when it is opened.
      sendVerificationEmail: async ({ user: target, url }) => {
        await mailer.send(
          target.emailVerified ? newAddressMail(config.appName, target.email, url) : confirmationMail(config.appName, target.email, url),
        );
      },
    },
    socialProviders: {
      ...(github ? { github: { clientId: github.clientId, clientSecret: github.clientSecret } } : {}),
      ...(apple ? { apple: { clientId: apple.clientId, clientSecret: apple.clientSecret } } : {}),
    },
    account: { accountLinking: { enabled: true, trustedProviders: ['google', 'github', 'apple'] } },
    plugins: [
      // Only the signed token that POST /api/auth/sign-in/bearer hands out is a Bearer token; the
      // raw session token (the database's) is not, should it ever leak.
      bearer({ requireSignature: true }),
      // Google through OpenID Connect discovery: the same code signs in with Google in production
      // and with a local OIDC server in the tests.
      genericOAuth({
        config: google
          ? [
              {
                providerId: 'google',
                name: 'Google',
                discoveryUrl: google.discoveryUrl,
                clientId: google.clientId,
                clientSecret: google.clientSecret,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
                mapProfileToUser: (profile) => ({
                  name: typeof profile.name === 'string' ? profile.name : '',
                  image: typeof profile.picture === 'string' ? profile.picture : undefined,
                }),
              },
            ]
          : [],
      }),
    ],
    user: {
      // POST /api/auth/change-email: the address changes only once the link mailed to the new
      // address is opened (an address another account holds answers alike and mails nothing).
      changeEmail: { enabled: true },
      additionalFields: {
        termsAcceptedAt: { type: 'date', required: false, input: false },
        // Written by the operator console and its command, never by the user (input: false).
        disabledAt: { type: 'date', required: false, input: false },
        operatorGrantedAt: { type: 'date', required: false, input: false },
        lastSeenAt: { type: 'date', required: false, input: false, returned: false },
      },
    },
    hooks: {
      // A password change signs the user out everywhere else, whatever the client asked for
      // (a reset does too: revokeSessionsOnPasswordReset). This browser gets a new session.
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/change-password') return;
        return { context: { body: { ...(ctx.body as Record<string, unknown>), revokeOtherSessions: true } } };
      }),
    },
    databaseHooks: {
      user: {
        create: {
          // One terms acceptance: the sign-up form's ticked box is the
          // acceptance, recorded with the account. Accounts made without it (social sign-ups, or a
          // client that did not send it) accept on the complete-signup screen instead.
          before: async (created, context) => {
            if (context?.path !== SIGN_UP_EMAIL_PATH || !signUpAcceptsTerms(context.body)) return;
            return { data: { ...created, termsAcceptedAt: new Date() } };
          },
          after: async (created) => {
            await hooks.onUserCreated?.(created.id);
          },
        },
      },
      session: {
        create: {
          // A disabled account gets no session, however it signs in (password, link, provider).
          before: async (created) => {
            const [owner] = await db.select({ disabledAt: user.disabledAt }).from(user).where(eq(user.id, created.userId));
            if (owner?.disabledAt) throw new APIError('FORBIDDEN', { code: ACCOUNT_DISABLED_CODE, message: ACCOUNT_DISABLED_MESSAGE });
          },
        },
      },
    },
    // Our own limiter (rate-limit.middleware.ts) counts per address and per account in Postgres.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'photomuse',
      // better-auth skips these checks when NODE_ENV=test; we want them on everywhere.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      useSecureCookies: config.isProduction,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
      // A session and its user in one query: every signed-in request starts with this lookup.
      database: { joins: true },
    },
    logger: {
      level: 'warn',
      log: (level, message, ...args) => logger[level]({ auth: args }, message),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
export type SessionUser = Auth['$Infer']['Session']['user'];
