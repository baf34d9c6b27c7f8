import fs from 'node:fs/promises';
import path from 'node:path';
import { AccountDeleteRequest, ApiRoutes } from '@studio/contracts';
import Router from '@koa/router';
import type { AppDeps } from '../../deps.ts';
import { currentSession, currentUser } from '../../middlewares/auth.ts';
import { confirmAccountOwner } from '../../services/reauthentication.ts';
import { route } from '../route.ts';
import { endSession } from '../../services/sessions.ts';

/** Removes the user's avatar files (`avatars/<userId>*` under DATA_DIR). */
async function removeAvatars(dataDir: string, userId: string): Promise<void> {
  const folder = path.join(dataDir, 'avatars');
  let names: string[];
  try {
    names = await fs.readdir(folder);
  } catch {
    return;
  }
  await Promise.all(
    names.filter((name) => name.startsWith(userId)).map((name) => fs.rm(path.join(folder, name), { recursive: true, force: true })),
  );
}

export function accountRoutes({ db, config }: AppDeps): Router {
  const router = new Router();

  route(
    router,
    {
      method: 'delete',
      path: ApiRoutes.account,
      summary: 'Delete the account and everything of it (profile, credits, sessions, identities, files); asks for the password',
      auth: 'user',
      body: AccountDeleteRequest,
      responses: { 204: 'Deleted', 400: 'Password missing or wrong', 401: 'Not signed in', 403: 'No password: sign in again first' },
    },
    async (ctx, { body: { password } }) => {
      const { id } = currentUser(ctx.state);
      // A stolen session alone must not be able to destroy the account.
      await confirmAccountOwner(db, id, currentSession(ctx.state), password, 'password');
      // Every table holding a user's rows references users with ON DELETE CASCADE.
      await db('users').where({ id }).delete();
      await removeAvatars(config.dataDir, id);
      await endSession(ctx, db, config);
      ctx.status = 204;
    },
  );

  return router;
}
