import Router from '@koa/router';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import { route } from '../route.ts';
import { MEDIA_URL_PREFIX } from '../../services/storage/avatars.ts';

const AVATAR_PATH = `${MEDIA_URL_PREFIX}/avatars/:file`;
/** Avatar names are random and never rewritten, so a cached copy never goes stale. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Media the bff stores under DATA_DIR; only names it generated itself are served. */
export function mediaRoutes({ services: { avatars } }: AppDeps): Router {
  const router = new Router();

  route(
    router,
    {
      method: 'get',
      path: AVATAR_PATH,
      summary: 'An avatar image (96×96 JPEG), as linked from profiles',
      auth: 'none',
      responses: { 200: 'image/jpeg', 404: 'No such avatar' },
    },
    async (ctx) => {
      const opened = await avatars.open(ctx.params.file ?? '');
      if (!opened) throw notFound();
      ctx.type = 'image/jpeg';
      ctx.length = opened.size;
      ctx.lastModified = opened.modified;
      ctx.set('Cache-Control', IMMUTABLE);
      ctx.body = opened.stream;
    },
  );

  return router;
}
