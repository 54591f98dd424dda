import { coded } from '@shared/coded-text';
import { WRONG_EMAIL_MESSAGE, WRONG_PASSWORD_MESSAGE, type AccountDeletionInfo, type DeleteAccountRequest } from '@shared/account';
import { AppError } from '@shared/errors';
import type { AppDeps, SignedInUser } from '../../context';
import { userFolderKey } from '../../storage/storage-keys';
import { deleteAccountUser, lockAccountAccess } from '../auth/account-access.service';
import { retainLedgerOnErasure } from '../billing/account-erasure.service';
import { deleteStoredFiles } from '../retention/retention.service';
import { deleteAccountFiles } from '../uploads/account-files.service';
import { availableCentsOf, deleteDevMailsTo, passwordHashOf } from './account.repository';

/** What the Delete account dialog shows before the user confirms. */
export async function accountDeletionInfo(deps: Pick<AppDeps, 'db'>, user: SignedInUser): Promise<AccountDeletionInfo> {
  const [hash, availableCents] = await Promise.all([passwordHashOf(deps.db, user.id), availableCentsOf(deps.db, user.id)]);
  return { email: user.email, hasPassword: hash !== null, availableCents };
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Deletes the signed-in user's account (decision 016), confirmed by the password — or, for an
 * account without one, by the e-mail address typed out. Sessions, messages, files (rows and bytes)
 * and sign-in data go, and so does the customer at Stripe; the ledger is kept without the user's id. Every session of the account ends
 * with it, so every other browser is signed out at its next request.
 */
export async function deleteAccount(
  deps: Pick<AppDeps, 'db' | 'storage' | 'auth' | 'logger' | 'jobs'>,
  user: SignedInUser,
  confirmation: DeleteAccountRequest,
): Promise<void> {
  const hash = await passwordHashOf(deps.db, user.id);
  if (hash !== null) {
    const context = await deps.auth.$context;
    const correct = confirmation.password ? await context.password.verify({ hash, password: confirmation.password }) : false;
    if (!correct) throw new AppError('BAD_REQUEST', WRONG_PASSWORD_MESSAGE, { text: coded('error.wrongPassword') });
  } else if (!confirmation.email || !sameAddress(confirmation.email, user.email)) {
    throw new AppError('BAD_REQUEST', WRONG_EMAIL_MESSAGE, { text: coded('error.wrongEmail') });
  }

  // One transaction (decision 016), each feature's rows through its own service (decision 042):
  // the user row is locked first, so nothing can add a file, a message or a payment meanwhile;
  // the ledger is kept without the user's id; the file rows go (their bytes after the commit);
  // then the mails to the address, and the user row with everything that cascades from it.
  const deleted = await deps.db.transaction(async (tx) => {
    const locked = await lockAccountAccess(tx, user.id);
    if (!locked) return undefined;
    const { stripeCustomerId } = await retainLedgerOnErasure(tx, user.id);
    const storageKeys = await deleteAccountFiles(tx, user.id);
    await deleteDevMailsTo(tx, locked.email);
    await deleteAccountUser(tx, user.id);
    // Queued with the deletion, so the Stripe customer (and its saved cards) goes however the
    // process fares after the commit: the job is tried again while Stripe is unreachable.
    if (stripeCustomerId) await deps.jobs.enqueue(tx, 'delete-stripe-customer', { customerId: stripeCustomerId });
    return { storageKeys };
  });
  if (!deleted) throw new AppError('NOT_FOUND', 'Account not found', { text: coded('error.accountNotFound') });
  // The rows are gone, so every URL of these files already answers 404; the bytes follow, then
  // the account's folder with whatever else it held (thumbnails, empty folders).
  try {
    await deleteStoredFiles(deps.storage, deleted.storageKeys);
    await deps.storage.deleteFolder(userFolderKey(user.id));
  } catch (error) {
    deps.logger.error({ err: error, files: deleted.storageKeys.length }, 'could not delete every stored file of a deleted account');
  }
  deps.logger.info({ files: deleted.storageKeys.length }, 'account deleted');
}
