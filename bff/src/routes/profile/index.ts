import Router from '@koa/router';
import {
  ApiRoutes,
  AVATAR_MAX_BYTES,
  Messages,
  ProfilePatchRequest,
  ProfileResponse,
  UsernameAvailabilityQuery,
  UsernameAvailabilityResponse,
} from '@studio/contracts';
import type { AppDeps } from '../../deps.ts';
import { currentUser } from '../../middlewares/auth.ts';
import { rateLimit, RATE_LIMITS } from '../../middlewares/rate-limit.ts';
import { route } from '../route.ts';
import { uploadOf, type UploadSpec } from '../../services/uploads/gate.ts';
import { AVATAR_KINDS } from '../../services/uploads/kinds.ts';

/** spec 2 §5: the avatar is any image under 5 MB (GIF too); never SVG. */
const AVATAR_UPLOAD: UploadSpec = {
  files: {
    avatar: {
      kinds: AVATAR_KINDS,
      maxBytes: AVATAR_MAX_BYTES,
      required: true,
      messages: { type: Messages.avatarNotImage, tooLarge: Messages.avatarTooLarge },
    },
  },
};

export function profileRoutes({ services: { profiles, uploads }, rateLimitStore }: AppDeps): Router {
  const router = new Router();

  route(
    router,
    {
      method: 'get',
      path: ApiRoutes.profile,
      summary: 'The signed-in user’s profile; created on first read with the trial credits',
      auth: 'user',
      responses: { 200: ProfileResponse },
    },
    async (ctx) => {
      ctx.body = { profile: await profiles.read(currentUser(ctx.state)) } satisfies ProfileResponse;
    },
  );

  route(
    router,
    {
      method: 'patch',
      path: ApiRoutes.profile,
      summary: 'Change username, full name or avatar (only to one of the user’s own uploads, or null)',
      auth: 'user',
      body: ProfilePatchRequest,
      responses: { 200: ProfileResponse, 400: 'A username rule is broken', 409: 'Username is already taken' },
    },
    async (ctx, { body: changes }) => {
      ctx.body = { profile: await profiles.update(currentUser(ctx.state), changes) } satisfies ProfileResponse;
    },
  );

  route(
    router,
    {
      method: 'get',
      path: ApiRoutes.usernameAvailable,
      summary: 'Whether a username may be used: the first broken rule’s message, then taken or not',
      auth: 'user',
      query: UsernameAvailabilityQuery,
      responses: { 200: UsernameAvailabilityResponse },
    },
    async (ctx, { query: { username } }) => {
      ctx.body = (await profiles.usernameAvailability(currentUser(ctx.state).id, username)) satisfies UsernameAvailabilityResponse;
    },
  );

  route(
    router,
    {
      method: 'post',
      path: ApiRoutes.avatar,
      summary: 'Upload an avatar: any image under 5 MB, stored as a 96×96 JPEG',
      auth: 'user',
      multipart: { avatar: 'The image file' },
      responses: { 200: ProfileResponse, 400: Messages.avatarNotImage, 413: Messages.avatarTooLarge },
    },
    rateLimit({ name: 'uploads', store: rateLimitStore, rules: RATE_LIMITS.uploads }),
    uploads.accept(AVATAR_UPLOAD),
    async (ctx) => {
      const profile = await profiles.setAvatar(currentUser(ctx.state), uploadOf(ctx).files.avatar!, ctx.state.log);
      ctx.body = { profile } satisfies ProfileResponse;
    },
  );

  return router;
}
