import Router from '@koa/router';
import {
  ApiRoutes,
  AVATAR_JPEG_QUALITY,
  AVATAR_MAX_BYTES,
  AVATAR_SIZE_PX,
  Messages,
  ProfilePatchRequest,
  ProfileResponse,
  Username,
  UsernameAvailabilityQuery,
  UsernameAvailabilityResponse,
} from '@studio/contracts';
import type { AppDeps } from '../../deps.ts';
import { AppError, conflict, invalidRequest } from '../../errors.ts';
import { currentUser } from '../../middlewares/auth.ts';
import { rateLimit, RATE_LIMITS } from '../../middlewares/rate-limit.ts';
import { route } from '../route.ts';
import { readProfileWithReset } from '../../services/credits/tiers.ts';
import { getOrCreateProfileRow, isUsernameTaken, toProfile, updateProfileRow } from '../../services/profiles.ts';
import { createUploadGate, uploadOf, type UploadSpec } from '../../services/uploads/gate.ts';
import { acceptImage } from '../../services/uploads/images.ts';
import { AVATAR_KINDS } from '../../services/uploads/kinds.ts';
import { avatarFileFromUrl, avatarOwner, avatarUrl, createAvatarStore } from '../../services/storage/avatars.ts';

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

/** The 96×96 JPEG of an accepted upload (turned upright, transparency on white). */
async function toAvatarJpeg(filepath: string): Promise<Buffer> {
  const avatar = await acceptImage(filepath, Messages.avatarProcessFailed, (upright) =>
    upright
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: Math.round(AVATAR_JPEG_QUALITY * 100) }),
  );
  return avatar.data;
}

export function profileRoutes({ db, config, objects, rateLimitStore }: AppDeps): Router {
  const router = new Router();
  const avatars = createAvatarStore(objects);
  const uploads = createUploadGate(config.dataDir);

  /** Old avatar files go once the profile no longer points at them. */
  const removeReplacedAvatar = async (userId: string, before: string | null, after: string | null) => {
    if (!before || before === after) return;
    const file = avatarFileFromUrl(before);
    if (file && avatarOwner(file) === userId) await avatars.remove(file);
  };

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
      ctx.body = { profile: toProfile(await readProfileWithReset(db, currentUser(ctx.state))) } satisfies ProfileResponse;
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
      const user = currentUser(ctx.state);
      const before = await getOrCreateProfileRow(db, user);
      if (changes.avatar_url !== undefined && changes.avatar_url !== null && changes.avatar_url !== before.avatar_url) {
        // Users may not point their avatar at arbitrary URLs: only at a file they uploaded.
        const file = avatarFileFromUrl(changes.avatar_url);
        if (!file || avatarOwner(file) !== user.id || !(await avatars.exists(file))) {
          throw invalidRequest(Messages.avatarNotUploaded, { field: 'avatar_url' });
        }
      }
      if (changes.username !== undefined && (await isUsernameTaken(db, changes.username, user.id))) {
        throw conflict(Messages.usernameTaken);
      }
      // A racing writer that passes the check above still trips the unique index: the same 409.
      const after = await updateProfileRow(db, user.id, changes);
      await removeReplacedAvatar(user.id, before.avatar_url, after.avatar_url);
      ctx.body = { profile: toProfile(after) } satisfies ProfileResponse;
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
      const user = currentUser(ctx.state);
      const parsed = Username.safeParse(username);
      let answer: UsernameAvailabilityResponse;
      if (!parsed.success) answer = { available: false, message: parsed.error.issues[0]!.message };
      else if (await isUsernameTaken(db, parsed.data, user.id)) answer = { available: false, message: Messages.usernameTaken };
      else answer = { available: true, message: null };
      ctx.body = answer;
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
      const user = currentUser(ctx.state);
      const file = uploadOf(ctx).files.avatar!;
      const jpeg = await toAvatarJpeg(file.path);
      const before = await getOrCreateProfileRow(db, user);
      const fileName = await avatars.save(user.id, jpeg);
      let after;
      try {
        after = await updateProfileRow(db, user.id, { avatar_url: avatarUrl(fileName) });
      } catch (error) {
        await avatars.remove(fileName);
        if (error instanceof AppError) throw error;
        ctx.state.log.error({ err: error }, 'avatar: profile update failed');
        throw new AppError(500, 'internal', Messages.avatarSaveFailed);
      }
      await removeReplacedAvatar(user.id, before.avatar_url, after.avatar_url);
      ctx.body = { profile: toProfile(after) } satisfies ProfileResponse;
    },
  );

  return router;
}
