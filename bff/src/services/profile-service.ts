import {
  AVATAR_JPEG_QUALITY,
  AVATAR_SIZE_PX,
  Messages,
  Username,
  type Profile,
  type UsernameAvailabilityResponse,
} from '@studio/contracts';
import type { Db } from '../db/index.ts';
import { AppError, conflict, invalidRequest } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { readProfileWithReset } from './credits/tiers.ts';
import { getOrCreateProfileRow, isUsernameTaken, toProfile, updateProfileRow, type ProfileChanges } from './profiles.ts';
import { avatarFileFromUrl, avatarOwner, avatarUrl, type AvatarStore } from './storage/avatars.ts';
import type { UploadedFile } from './uploads/gate.ts';
import { acceptImage } from './uploads/images.ts';

type Caller = { id: string; email: string };

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

/** The caller's profile (spec 1 §3): reading it (with a due monthly reset), editing it, the username check and the avatar. */
export function createProfileService({ db, avatars }: { db: Db; avatars: AvatarStore }) {
  /** Old avatar files go once the profile no longer points at them. */
  const removeReplacedAvatar = async (userId: string, before: string | null, after: string | null) => {
    if (!before || before === after) return;
    const file = avatarFileFromUrl(before);
    if (file && avatarOwner(file) === userId) await avatars.remove(file);
  };

  return {
    read: async (user: Caller): Promise<Profile> => toProfile(await readProfileWithReset(db, user)),

    async update(user: Caller, changes: ProfileChanges): Promise<Profile> {
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
      return toProfile(after);
    },

    /** Whether a username may be used: the first broken rule's message, then taken or not. */
    async usernameAvailability(userId: string, username: string): Promise<UsernameAvailabilityResponse> {
      const parsed = Username.safeParse(username);
      if (!parsed.success) return { available: false, message: parsed.error.issues[0]!.message };
      if (await isUsernameTaken(db, parsed.data, userId)) return { available: false, message: Messages.usernameTaken };
      return { available: true, message: null };
    },

    /** A new avatar from an accepted upload; the file goes again if the profile cannot point at it. */
    async setAvatar(user: Caller, file: UploadedFile, log: Logger): Promise<Profile> {
      const jpeg = await toAvatarJpeg(file.path);
      const before = await getOrCreateProfileRow(db, user);
      const fileName = await avatars.save(user.id, jpeg);
      let after;
      try {
        after = await updateProfileRow(db, user.id, { avatar_url: avatarUrl(fileName) });
      } catch (error) {
        await avatars.remove(fileName);
        if (error instanceof AppError) throw error;
        log.error({ err: error }, 'avatar: profile update failed');
        throw new AppError(500, 'internal', Messages.avatarSaveFailed);
      }
      await removeReplacedAvatar(user.id, before.avatar_url, after.avatar_url);
      return toProfile(after);
    },
  };
}
