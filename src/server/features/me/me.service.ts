import { displayNameOf, initialsOf } from '@shared/profile';
import type { Db } from '../../db/client';
import type { SessionUser } from '../auth/auth';
import { recordTermsAcceptance } from './me.repository';

export function currentUserProfile(user: SessionUser) {
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
  };
}

/** Accepting twice keeps the first acceptance time. */
export async function acceptTerms(db: Db, user: SessionUser) {
  const acceptedAt = await recordTermsAcceptance(db, user.id);
  return currentUserProfile({ ...user, termsAcceptedAt: acceptedAt });
}
