import Router from '@koa/router';
import {
  CreateProjectRequest,
  Messages,
  ProjectListQuery,
  ProjectListResponse,
  ProjectMessages,
  ProjectParams,
  ProjectResponse,
  ProjectRoutes,
  SuccessResponse,
  UpdateProjectRequest,
} from '@studio/contracts';
import type { AppDeps } from '../../deps.ts';
import { currentUser } from '../../middlewares/auth.ts';
import { route } from '../route.ts';

/** Projects: the editors' drafts, saved as the user works so Reload or Exit never loses them. */
export function projectRoutes({ services: { projects } }: AppDeps): Router {
  const router = new Router();

  route(
    router,
    {
      method: 'post',
      path: ProjectRoutes.projects,
      summary: "Save a new editor draft as a project (its images and audio must be the caller's own)",
      auth: 'user',
      body: CreateProjectRequest,
      responses: { 200: ProjectResponse, 400: ProjectMessages.mediaNotYours, 413: ProjectMessages.draftTooLarge },
    },
    async (ctx, { body }) => {
      ctx.body = { success: true, project: await projects.create(currentUser(ctx.state).id, body) } satisfies ProjectResponse;
    },
  );

  route(
    router,
    {
      method: 'get',
      path: ProjectRoutes.projects,
      summary: "The caller's projects, the latest changed first (a page at a time, without their drafts)",
      auth: 'user',
      query: ProjectListQuery,
      responses: { 200: ProjectListResponse, 400: Messages.invalidCursor },
    },
    async (ctx, { query }) => {
      ctx.body = { success: true, ...(await projects.list(currentUser(ctx.state).id, query)) } satisfies ProjectListResponse;
    },
  );

  route(
    router,
    {
      method: 'get',
      path: ProjectRoutes.project,
      summary: 'One of your projects with its draft',
      auth: 'user',
      params: ProjectParams,
      responses: { 200: ProjectResponse, 400: Messages.invalidId, 404: ProjectMessages.notFound },
    },
    async (ctx, { params }) => {
      ctx.body = { success: true, project: await projects.get(currentUser(ctx.state).id, params.id) } satisfies ProjectResponse;
    },
  );

  route(
    router,
    {
      method: 'put',
      path: ProjectRoutes.project,
      summary: "Save one of your projects' draft (its images and audio must be your own)",
      auth: 'user',
      params: ProjectParams,
      body: UpdateProjectRequest,
      responses: {
        200: ProjectResponse,
        400: ProjectMessages.mediaNotYours,
        404: ProjectMessages.notFound,
        413: ProjectMessages.draftTooLarge,
      },
    },
    async (ctx, { params, body }) => {
      ctx.body = { success: true, project: await projects.update(currentUser(ctx.state).id, params.id, body) } satisfies ProjectResponse;
    },
  );

  route(
    router,
    {
      method: 'delete',
      path: ProjectRoutes.project,
      summary: 'Delete one of your projects (the files it used stay in your gallery)',
      auth: 'user',
      params: ProjectParams,
      responses: { 200: SuccessResponse, 400: Messages.invalidId, 404: ProjectMessages.notFound },
    },
    async (ctx, { params }) => {
      await projects.remove(currentUser(ctx.state).id, params.id);
      ctx.body = { success: true };
    },
  );

  return router;
}
