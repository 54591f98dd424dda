import { Readable } from 'node:stream';
import { createRoute, z } from '@hono/zod-openapi';
import { deleteCookie } from 'hono/cookie';
import { accountDeletionInfoSchema, deleteAccountSchema, exportFilename } from '@shared/account';
import type { AppDeps } from '../../context';
import { rateLimitStore } from '../../db/rate-limits';
import { clientAddressResolver } from '../../lib/client-address';
import { createRouter, jsonContent } from '../../lib/openapi';
import { passwordCheckLimit } from '../../lib/password-check-limit';
import { requireUser } from '../../lib/require-user';
import { serviceError } from '../../lib/service-error';
import { exportArchive } from './account.export';
import { accountDeletionInfo, deleteAccount } from './account.service';

export function accountRoutes(deps: AppDeps) {
  // Deleting an account and taking one's data are rights that do not wait for the terms.
  const signedIn = requireUser(deps, { termsAccepted: false });
  const infoRoute = createRoute({
    method: 'get',
    path: '/',
    summary: 'What deleting the account needs: password or typed e-mail, and the balance that would be lost',
    middleware: [signedIn],
    responses: { 200: jsonContent(accountDeletionInfoSchema, 'Account') },
  });
  const deleteRoute = createRoute({
    method: 'post',
    path: '/delete',
    summary: 'Delete the account: sessions, messages, files and sign-in data; the ledger is kept without personal data',
    middleware: [
      signedIn,
      // Each confirmation is a password guess: limited as sign-in is.
      passwordCheckLimit(rateLimitStore(deps.db), clientAddressResolver(deps.config.trustProxy), async (c) => c.get('user').id),
      serviceError('Failed to delete the account'),
    ],
    request: { body: { required: true, content: { 'application/json': { schema: deleteAccountSchema } } } },
    responses: {
      204: { description: 'Deleted; every session of the account has ended' },
      429: { description: 'RATE_LIMIT_EXCEEDED: too many confirmations tried' },
    },
  });

  const exportRoute = createRoute({
    method: 'get',
    path: '/export',
    summary: "Download my data: a zip of the user's kept images, sessions and messages (JSON) and ledger (CSV), streamed as it is built",
    middleware: [signedIn],
    responses: { 200: { description: 'The zip', content: { 'application/zip': { schema: z.string().openapi({ format: 'binary' }) } } } },
  });

  return createRouter()
    .openapi(exportRoute, (c) => {
      const archive = exportArchive(deps, c.get('user').id);
      c.header('Content-Type', 'application/zip');
      c.header('Content-Disposition', `attachment; filename="${exportFilename(deps.config.appName, new Date())}"`);
      c.header('Cache-Control', 'no-store');
      return c.body(Readable.toWeb(archive) as ReadableStream<Uint8Array>, 200);
    })
    .openapi(infoRoute, async (c) => c.json(await accountDeletionInfo(deps, c.get('user')), 200))
    .openapi(deleteRoute, async (c) => {
      await deleteAccount(deps, c.get('user'), c.req.valid('json'));
      // The session no longer exists; the browser forgets its cookies too.
      const { authCookies } = await deps.auth.$context;
      for (const cookie of [authCookies.sessionToken, authCookies.sessionData, authCookies.dontRememberToken]) {
        deleteCookie(c, cookie.name, { path: '/', secure: cookie.attributes.secure });
      }
      return c.body(null, 204);
    });
}
