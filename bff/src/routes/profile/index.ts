import fs from 'node:fs/promises';
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
import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';
import sharp from 'sharp';
import type { AppDeps } from '../../app.ts';
import { AppError, conflict, invalidRequest, payloadTooLarge } from '../../errors.ts';
import { currentUser } from '../../middlewares/auth.ts';
import { route } from '../route.ts';
import { readProfileWithReset } from '../../services/credits.ts';
import { getOrCreateProfileRow, isUsernameTaken, toProfile, updateProfileRow } from '../../services/profiles.ts';
import { avatarFileFromUrl, avatarOwner, avatarUrl, createAvatarStore } from '../../services/storage.ts';

/** formidable's codes for a file over `maxFileSize` / `maxTotalFileSize`. */
const FILE_TOO_LARGE_CODES = new Set([1009, 1016]);

/**
 * Multipart parsing for the avatar route only, with formidable's own limits; its errors become
 * the spec's avatar messages instead of a generic "could not read".
 */
function parseAvatarUpload(): Middleware {
  const parse = koaBody({
    multipart: true,
    json: false,
    urlencoded: false,
    text: false,
    formidable: {
      maxFileSize: AVATAR_MAX_BYTES,
      maxTotalFileSize: AVATAR_MAX_BYTES,
      maxFiles: 1,
      maxFields: 10,
      maxFieldsSize: 64 * 1024,
    },
  });
  return async (ctx, next) => {
    if (!ctx.is('multipart')) throw invalidRequest(Messages.avatarNotImage);
    try {
      await parse(ctx, async () => {});
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'number' && FILE_TOO_LARGE_CODES.has(code)) throw payloadTooLarge(Messages.avatarTooLarge);
      throw invalidRequest(Messages.avatarNotImage);
    }
    return next();
  };
}

/** Reads the upload's real content (never the declared type) and makes the 96×96 JPEG. */
async function toAvatarJpeg(filepath: string): Promise<Buffer> {
  const metadata = await sharp(filepath).metadata().catch(() => null);
  if (!metadata?.format || !metadata.width || !metadata.height) throw invalidRequest(Messages.avatarNotImage);
  try {
    return await sharp(filepath)
      .rotate()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: Math.round(AVATAR_JPEG_QUALITY * 100) })
      .toBuffer();
  } catch {
    throw invalidRequest(Messages.avatarProcessFailed);
  }
}

export function profileRoutes({ db, config }: AppDeps): Router {
  const router = new Router();
  const avatars = createAvatarStore(config.dataDir);

  /** Old avatar files go once the profile no longer points at them. */
  const removeReplacedAvatar = async (userId: string, before: string | null, after: string | null) => {
    if (!before || before === after) return;
    const file = avatarFileFromUrl(before);
    if (file && avatarOwner(file) === userId) await avatars.remove(file);
  };

  route(router, {
    method: 'get',
    path: ApiRoutes.profile,
    summary: 'The signed-in user’s profile; created on first read with the trial credits',
    auth: 'user',
    responses: { 200: ProfileResponse },
  }, async (ctx) => {
    ctx.body = { profile: toProfile(await readProfileWithReset(db, currentUser(ctx.state))) } satisfies ProfileResponse;
  });

  route(router, {
    method: 'patch',
    path: ApiRoutes.profile,
    summary: 'Change username, full name or avatar (only to one of the user’s own uploads, or null)',
    auth: 'user',
    body: ProfilePatchRequest,
    responses: { 200: ProfileResponse, 400: 'A username rule is broken', 409: 'Username is already taken' },
  }, async (ctx) => {
    const user = currentUser(ctx.state);
    const changes = ProfilePatchRequest.parse(ctx.request.body ?? {});
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
  });

  route(router, {
    method: 'get',
    path: ApiRoutes.usernameAvailable,
    summary: 'Whether a username may be used: the first broken rule’s message, then taken or not',
    auth: 'user',
    query: UsernameAvailabilityQuery,
    responses: { 200: UsernameAvailabilityResponse },
  }, async (ctx) => {
    const user = currentUser(ctx.state);
    const { username } = UsernameAvailabilityQuery.parse(ctx.query);
    const parsed = Username.safeParse(username);
    let answer: UsernameAvailabilityResponse;
    if (!parsed.success) answer = { available: false, message: parsed.error.issues[0]!.message };
    else if (await isUsernameTaken(db, parsed.data, user.id)) answer = { available: false, message: Messages.usernameTaken };
    else answer = { available: true, message: null };
    ctx.body = answer;
  });

  route(router, {
    method: 'post',
    path: ApiRoutes.avatar,
    summary: 'Upload an avatar: any image under 5 MB, stored as a 96×96 JPEG',
    auth: 'user',
    multipart: { avatar: 'The image file' },
    responses: { 200: ProfileResponse, 400: Messages.avatarNotImage, 413: Messages.avatarTooLarge },
  }, parseAvatarUpload(), async (ctx) => {
    const user = currentUser(ctx.state);
    const files = ctx.request.files ?? {};
    const uploaded = Object.values(files).flat();
    try {
      const field = files.avatar;
      const file = Array.isArray(field) ? field[0] : field;
      if (!file || uploaded.length !== 1) throw invalidRequest(Messages.avatarNotImage);
      // spec 2 §5: "under 5 MB"; formidable only refuses files strictly larger.
      if (file.size >= AVATAR_MAX_BYTES) throw payloadTooLarge(Messages.avatarTooLarge);
      const jpeg = await toAvatarJpeg(file.filepath);
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
    } finally {
      await Promise.all(uploaded.map((f) => fs.rm(f.filepath, { force: true })));
    }
  });

  return router;
}
