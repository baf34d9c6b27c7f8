import { ApiRoutes } from '@studio/contracts';
import Router from '@koa/router';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { route } from '../route.ts';

const OutboxQuery = z.object({ to: z.string().max(254).optional() });
const OutboxResponse = z.object({
  messages: z.array(
    z.object({ id: z.number(), to: z.string(), subject: z.string(), text: z.string(), html: z.string(), sentAt: z.string() }),
  ),
});

/**
 * The dev outbox (mail without SMTP_URL), so sign-up and reset links can be followed locally.
 * Not mounted in production or when real mail is configured: it shows anyone's links.
 */
export function devOutboxRoutes({ config, outbox }: AppDeps): Router {
  const router = new Router();
  if (!outbox || config.nodeEnv === 'production') return router;

  route(
    router,
    {
      method: 'get',
      path: ApiRoutes.devOutbox,
      summary: 'Development only: mail the studio would have sent, newest first',
      query: OutboxQuery,
      responses: { 200: OutboxResponse },
    },
    (ctx, { query: { to } }) => {
      ctx.body = { messages: outbox.list(to) } satisfies z.infer<typeof OutboxResponse>;
    },
  );

  return router;
}
