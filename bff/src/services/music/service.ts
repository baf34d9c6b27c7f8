import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  Messages,
  TASK_CREDITS,
  type ComposeMusicRequest,
  type MusicChoice,
  type MusicComposeInfo,
  type MusicTrack,
  type UploadAudioResponse,
} from '@studio/contracts';
import {
  ensureMusicLibrary,
  MUSIC_LIBRARY_DIR,
  MUSIC_TRACKS,
  musicFileName,
  musicTrackOf,
  type MixMusicInput,
  type VoiceProvider,
} from '@studio/media';
import type { Db } from '../../db/index.ts';
import { invalidRequest, notFound } from '../../errors.ts';
import { runChargedTask } from '../credits/charged-task.ts';
import { callEngine } from '../images/engine-call.ts';
import { answerOnce, fingerprintOf } from '../images/requests.ts';
import { saveAudioAsset } from '../assets/files.ts';
import { ownFileAt } from '../assets/own-media.ts';
import { assertStorageAvailable } from '../assets/quota.ts';
import { toAudioUpload } from '../assets/views.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { MEDIA_URL_PREFIX } from '../storage/avatars.ts';
import type { UploadedFile } from '../uploads/gate.ts';

/** Where the library's beds are served: their names carry the library's version, so they never change. */
export const MUSIC_URL_PREFIX = `${MEDIA_URL_PREFIX}/music`;

/** A bed as the music picker lists it. */
export const toMusicTrack = (track: (typeof MUSIC_TRACKS)[number]): MusicTrack => ({
  id: track.id,
  name: track.name,
  mood: track.mood,
  durationS: track.durationS,
  previewUrl: `${MUSIC_URL_PREFIX}/${musicFileName(track)}`,
});

/** The library's file names: nothing else is ever read from its folder. */
const FILES = new Set(MUSIC_TRACKS.map(musicFileName));

/** A library bed's file by its track id (the library made first if this checkout has not built it), or null for an unknown id. */
export async function libraryBed(trackId: string, libraryDir = MUSIC_LIBRARY_DIR): Promise<string | null> {
  const track = musicTrackOf(trackId);
  if (!track) return null;
  await ensureMusicLibrary(libraryDir);
  return path.join(libraryDir, musicFileName(track));
}

/**
 * Music for ads: the library of beds the media engine composes (rendered by
 * `npm run build`, or on first use in a checkout never built), and the user's music uploads.
 */
export function createMusicService({
  db,
  objects,
  appUrl,
  speech,
  libraryDir = MUSIC_LIBRARY_DIR,
}: {
  db: Db;
  objects: ObjectStore;
  appUrl: string;
  /** The speech provider: ElevenLabs (with its key) also composes music from a prompt. */
  speech: Pick<VoiceProvider, 'composeMusic'>;
  libraryDir?: string;
}) {
  return {
    /** Whether music can be composed from a prompt here (the hosted music model), and its price. */
    composeInfo(): MusicComposeInfo {
      return { available: Boolean(speech.composeMusic), credits: TASK_CREDITS.music };
    },

    /**
     * An instrumental track composed from `prompt` by the hosted music model, kept as the user's
     * music (as an upload with `purpose: 'music'` is): refunded if it fails; a repeated request id
     * answers the first answer, composed and charged once.
     */
    async compose(user: { id: string }, body: ComposeMusicRequest): Promise<UploadAudioResponse> {
      const composeMusic = speech.composeMusic?.bind(speech);
      if (!composeMusic) throw notFound(Messages.musicComposeUnavailable);
      await assertStorageAvailable(db, user.id);
      const { requestId, ...asked } = body;
      const claim = { userId: user.id, requestId: requestId && `music:${requestId}`, fingerprint: fingerprintOf('music', asked) };
      return answerOnce(db, claim, async (attemptTag) => {
        const task = {
          userId: user.id,
          taskType: 'music',
          description: `Music: ${body.prompt.slice(0, 60)}`,
          idempotencyKey: `music:${attemptTag}`,
          taskMetadata: { seconds: body.durationS },
        };
        const asset = await runChargedTask(db, task, async () => {
          const made = await callEngine(Messages.failedToComposeMusic, () =>
            composeMusic({ prompt: body.prompt, durationS: body.durationS }),
          );
          return saveAudioAsset(db, objects, {
            userId: user.id,
            audio: made.audio,
            mime: made.mime,
            durationS: made.durationS,
            metadata: { prompt: body.prompt, model: made.model, provider: made.provider },
            purpose: 'music',
          });
        });
        return toAudioUpload(asset);
      });
    },

    tracks(): MusicTrack[] {
      return MUSIC_TRACKS.map(toMusicTrack);
    },

    /** A bed's file to stream, or null for a name that is not one of the library's. */
    async openBed(fileName: string): Promise<{ stream: Readable; size: number; modified: Date } | null> {
      if (!FILES.has(fileName)) return null;
      await ensureMusicLibrary(libraryDir);
      const file = path.join(libraryDir, fileName);
      const stat = await fs.stat(file);
      return { stream: createReadStream(file), size: stat.size, modified: stat.mtime };
    },

    /** Keeps an upload the gate accepted under the music rules as the user's audio asset, marked as music. */
    async upload(user: { id: string }, file: UploadedFile): Promise<UploadAudioResponse> {
      await assertStorageAvailable(db, user.id);
      const asset = await saveAudioAsset(db, objects, {
        userId: user.id,
        audio: await fs.readFile(file.path),
        mime: file.mime,
        durationS: Math.round((file.durationS ?? 0) * 100) / 100,
        metadata: { prompt: '', model: null, provider: 'upload' },
        purpose: 'music',
      });
      return toAudioUpload(asset);
    },

    /**
     * What a video job mixes under its voice for `choice` (a library bed, or one of the user's own
     * audio uploads): `mixMusic({ speech, durationS, ...music })`. An unknown bed or someone else's
     * file is the caller's bad input (400), checked before anything is charged.
     */
    async musicFor(userId: string, choice: MusicChoice): Promise<Pick<MixMusicInput, 'music' | 'volume' | 'seamlessLoop'>> {
      if (choice.trackId !== undefined) {
        const bed = await libraryBed(choice.trackId, libraryDir);
        if (!bed) throw invalidRequest(Messages.musicTrackNotFound, { field: 'music.trackId' });
        // The beds end on a bar line with their tails folded in: they loop without a crossfade.
        return { music: bed, volume: choice.volume, seamlessLoop: true };
      }
      const upload = await ownFileAt({ db, objects, appUrl }, userId, choice.audioUrl ?? '', 'audio');
      if (!upload) throw invalidRequest(Messages.musicUploadNotFound, { field: 'music.audioUrl' });
      return { music: upload, volume: choice.volume, seamlessLoop: false };
    },
  };
}
export type MusicService = ReturnType<typeof createMusicService>;
