import { z } from 'zod';

/** GET /api/me: the signed-in user, also before the terms are accepted. */
export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  displayName: z.string(),
  initials: z.string(),
  emailVerified: z.boolean(),
  termsAcceptedAt: z.string().nullable(),
  /** May use the operator console (/admin): its link shows in the user menu only then. */
  isOperator: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

/**
 * Display name and initials: the name, else the part of the e-mail before the
 * at-sign, else 'User'; initials from the display name.
 */
export function displayNameOf(user: { name?: string | null; email?: string | null }): string {
  const name = user.name?.trim();
  if (name) return name;
  const local = user.email?.split('@')[0]?.trim();
  return local || 'User';
}

export function initialsOf(displayName: string): string {
  const words = displayName.split(/[\s._-]+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words[words.length - 1]![0]] : [...(words[0] ?? 'U')].slice(0, 2);
  return letters.join('').toUpperCase() || 'U';
}
