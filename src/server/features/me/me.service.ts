import { displayNameOf, initialsOf, type Profile } from '@shared/profile';
import type { SignedInUser } from '../../context';
import type { Db } from '../../db/client';
import { isOperator } from '../admin/operators.service';
import { recordTermsAccepted } from '../auth/account-access.service';

export function currentUserProfile(user: SignedInUser, adminEmails: readonly string[]): Profile {
  const termsAcceptedAt = user.termsAcceptedAt ? new Date(user.termsAcceptedAt).toISOString() : null;
  return {
    id: user.id,
    email: user.email,
    name: user.name ?? '',
    avatarUrl: user.image ?? null,
    displayName: displayNameOf(user),
    initials: initialsOf(displayNameOf(user)),
    emailVerified: user.emailVerified,
    termsAcceptedAt,
    isOperator: isOperator(user, adminEmails),
  };
}

/** Accepting twice keeps the first acceptance time. */
export async function acceptTerms(db: Db, user: SignedInUser, adminEmails: readonly string[]): Promise<Profile> {
  const acceptedAt = await recordTermsAccepted(db, user.id);
  return currentUserProfile({ ...user, termsAcceptedAt: acceptedAt }, adminEmails);
}
