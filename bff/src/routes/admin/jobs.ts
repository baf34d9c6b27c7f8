import Router from '@koa/router';
import {
  AdminJobDetail,
  AdminJobMessages,
  AdminJobRoutes,
  AdminJobsQuery,
  AdminJobsResponse,
  AdminRenderersResponse,
} from '@studio/contracts';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { currentUser } from '../../middlewares/auth.ts';
import { route } from '../route.ts';

const JobParams = z.object({ jobId: z.string().max(100) });
const SectionParams = JobParams.extend({ sectionId: z.string().max(100) });
const Done = z.object({ success: z.literal(true), message: z.string() });
const REFUSALS = { 403: 'Admin access denied', 404: AdminJobMessages.notFound, 409: 'The job is not in a state for this action' };

/** The jobs console's routes: admins only, decided on the server. */
export function adminJobRoutes({ services: { adminJobs: jobsConsole } }: AppDeps): Router {
  const router = new Router();

  route(
    router,
    {
      method: 'get',
      path: AdminJobRoutes.renderers,
      summary: 'Admin: the render queues’ depths and every rendering process (what it renders now, when it was last seen)',
      auth: 'admin',
      responses: { 200: AdminRenderersResponse, 403: 'Admin access denied' },
    },
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await jobsConsole.renderers();
    },
  );

  route(
    router,
    {
      method: 'get',
      path: AdminJobRoutes.list,
      summary: 'Admin: every job of every user, newest first, 25 a page; filtered by status, kind, e-mail or id',
      auth: 'admin',
      query: AdminJobsQuery,
      responses: { 200: AdminJobsResponse, 403: 'Admin access denied' },
    },
    async (ctx, { query }) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await jobsConsole.list(query);
    },
  );

  route(
    router,
    {
      method: 'get',
      path: AdminJobRoutes.one,
      summary: 'Admin: a job with its sections, the steps its engine recorded, its ledger entries and the admins’ actions',
      auth: 'admin',
      params: JobParams,
      responses: { 200: AdminJobDetail, 403: 'Admin access denied', 404: AdminJobMessages.notFound },
    },
    async (ctx, { params }) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await jobsConsole.detail(params.jobId);
    },
  );

  route(
    router,
    {
      method: 'post',
      path: AdminJobRoutes.cancel,
      summary: 'Admin: cancel a running job; its unfinished sections are refunded',
      auth: 'admin',
      params: JobParams,
      responses: { 200: Done, ...REFUSALS },
    },
    async (ctx, { params }) => {
      await jobsConsole.cancel(currentUser(ctx.state).id, params.jobId);
      ctx.body = { success: true, message: AdminJobMessages.cancelled } satisfies z.infer<typeof Done>;
    },
  );

  route(
    router,
    {
      method: 'post',
      path: AdminJobRoutes.retry,
      summary: 'Admin: run a job’s failed sections again, at no charge to the user',
      auth: 'admin',
      params: JobParams,
      responses: { 200: Done, ...REFUSALS },
    },
    async (ctx, { params }) => {
      await jobsConsole.retry(currentUser(ctx.state).id, params.jobId);
      ctx.body = { success: true, message: AdminJobMessages.retried } satisfies z.infer<typeof Done>;
    },
  );

  route(
    router,
    {
      method: 'post',
      path: AdminJobRoutes.refund,
      summary: 'Admin: refund a section that was not refunded (once, by the ledger’s key)',
      auth: 'admin',
      params: SectionParams,
      responses: { 200: Done, ...REFUSALS },
    },
    async (ctx, { params }) => {
      await jobsConsole.refund(currentUser(ctx.state).id, params.jobId, params.sectionId);
      ctx.body = { success: true, message: AdminJobMessages.refunded } satisfies z.infer<typeof Done>;
    },
  );

  return router;
}
