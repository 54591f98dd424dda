import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { hotRead } from '../../db/prepared';
import { session, user } from '../../db/schema';

/**
 * The sign-in session of a token and its user, read on every signed-in request: one prepared
 * statement (decision 019); the user's columns as better-auth returns them, with our own fields.
 */
export const SESSION_USER = hotRead((db) =>
  db
    .select({
      sessionId: session.id,
      expiresAt: session.expiresAt,
      user: {
        id: user.id,
        name: user.name,
        email: user.email,
        emailVerified: user.emailVerified,
        image: user.image,
        termsAcceptedAt: user.termsAcceptedAt,
        disabledAt: user.disabledAt,
        operatorGrantedAt: user.operatorGrantedAt,
        createdAt: user.createdAt,
        updatedAt: user.updatedAt,
      },
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, sql.placeholder('token')))
    .prepare('photomuse-session-user'),
);

export async function findSessionUser(db: DbOrTx, token: string) {
  const [row] = await SESSION_USER(db).execute({ token });
  return row;
}
