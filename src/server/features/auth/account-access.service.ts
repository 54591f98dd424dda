import type { AppDeps } from '../../context';
import type { DbOrTx } from '../../db/client';
import { paths } from '@shared/paths';
import {
  deleteUserRows,
  disableAndSignOut,
  enable,
  findAccessByEmail,
  lockAccess,
  recordTermsAcceptance,
  setOperatorGrant,
  type AccessRow,
} from './account-access.repository';

/**
 * What the operator console (features/admin) changes about an account's access: disabling it
 * (every session ends in the same transaction, and auth.ts refuses it a new one), enabling it
 * again, making it an operator, and mailing its confirmation link again. Each runs in the
 * caller's transaction where it writes, so the audit entry commits with it.
 */

export type { AccessRow } from './account-access.repository';

export function lockAccountAccess(tx: DbOrTx, userId: string): Promise<AccessRow | null> {
  return lockAccess(tx, userId);
}

export function accountAccessByEmail(db: DbOrTx, email: string): Promise<AccessRow | null> {
  return findAccessByEmail(db, email.trim().toLowerCase());
}

/** Disables the account and ends every session of it at once; answers how many sessions ended. */
export function disableAccount(tx: DbOrTx, userId: string): Promise<number> {
  return disableAndSignOut(tx, userId);
}

export function enableAccount(tx: DbOrTx, userId: string): Promise<void> {
  return enable(tx, userId);
}

export function grantOperator(tx: DbOrTx, userId: string, granted: boolean): Promise<void> {
  return setOperatorGrant(tx, userId, granted);
}

/** The user's first acceptance of the terms (the profile's "accept terms" step); later ones change nothing. */
export function recordTermsAccepted(db: DbOrTx, userId: string): Promise<Date> {
  return recordTermsAcceptance(db, userId);
}

/** The account's own rows, last of an account deletion, in its transaction (the user row locked first). */
export function deleteAccountUser(tx: DbOrTx, userId: string): Promise<void> {
  return deleteUserRows(tx, userId);
}

/** Mails a new confirmation link, as the sign-in screen's resend does (the link ends on complete-signup). */
export async function resendConfirmationMail(deps: Pick<AppDeps, 'auth'>, email: string): Promise<void> {
  await deps.auth.api.sendVerificationEmail({ body: { email, callbackURL: paths.completeSignup.getHref() } });
}
