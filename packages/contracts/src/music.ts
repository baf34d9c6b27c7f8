import { z } from 'zod';
import { Messages } from './errors.ts';

/**
 * Music under a finished ad: the studio's library of simple beds, one per mood, and
 * the user's own uploads (`POST /api/upload-audio` with `purpose: 'music'`).
 */
export const MUSIC_MOODS = ['upbeat', 'calm', 'lo-fi', 'cinematic', 'playful', 'corporate'] as const;
export const MusicMood = z.enum(MUSIC_MOODS);
export type MusicMood = z.infer<typeof MusicMood>;

/** A bed of the library, as the music picker lists it; `previewUrl` plays it (cacheable). */
export const MusicTrack = z.object({
  id: z.string(),
  name: z.string(),
  mood: MusicMood,
  /** One pass of the loop, in seconds (a bed loops to the video's length). */
  durationS: z.number(),
  previewUrl: z.string(),
});
export type MusicTrack = z.infer<typeof MusicTrack>;

/** `GET /api/music/tracks`. */
export const MusicTracksResponse = z.array(MusicTrack);
export type MusicTracksResponse = z.infer<typeof MusicTracksResponse>;

/**
 * The `purpose` field of `POST /api/upload-audio` that keeps the audio as music for an ad; any other
 * (or none: the editors send `lipsync`) keeps it as a section's voice.
 */
export const MUSIC_UPLOAD_PURPOSE = 'music';

/** uploaded music is MP3, WAV, OGG or M4A, at most 20 MB and 10 minutes. */
export const MUSIC_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
export const MUSIC_UPLOAD_MAX_DURATION_S = 10 * 60;

/** Music composed from a prompt (with the hosted music model): its length in seconds. */
export const MUSIC_COMPOSE_SECONDS = { min: 10, max: 120, default: 30 } as const;

/** `POST /api/music/compose`: an instrumental track from a description, kept as the user's music. */
export const ComposeMusicRequest = z.object({
  prompt: z
    .string({ error: Messages.musicPromptInvalid })
    .trim()
    .min(3, { error: Messages.musicPromptInvalid })
    .max(300, { error: Messages.musicPromptInvalid }),
  durationS: z.coerce
    .number({ error: Messages.musicLengthInvalid })
    .int({ error: Messages.musicLengthInvalid })
    .min(MUSIC_COMPOSE_SECONDS.min, { error: Messages.musicLengthInvalid })
    .max(MUSIC_COMPOSE_SECONDS.max, { error: Messages.musicLengthInvalid })
    .default(MUSIC_COMPOSE_SECONDS.default),
  /** The same id sent again answers the first answer, charged once. */
  requestId: z.string().trim().min(1).max(100).optional(),
});
export type ComposeMusicRequest = z.infer<typeof ComposeMusicRequest>;

/** `GET /api/music/compose`: whether music can be composed from a prompt here, and its price. */
export const MusicComposeInfo = z.object({ available: z.boolean(), credits: z.number() });
export type MusicComposeInfo = z.infer<typeof MusicComposeInfo>;

/** The music of a video job: a library bed or one of the user's music uploads, at a volume from 0 to 1. */
export const MusicChoice = z
  .object({
    trackId: z.string().min(1).max(100).optional(),
    audioUrl: z.string().min(1).max(2048).optional(),
    volume: z
      .number({ error: Messages.musicChoiceInvalid })
      .min(0, { error: Messages.musicChoiceInvalid })
      .max(1, { error: Messages.musicChoiceInvalid }),
  })
  .refine((music) => (music.trackId === undefined) !== (music.audioUrl === undefined), {
    message: Messages.musicChoiceInvalid,
  });
export type MusicChoice = z.infer<typeof MusicChoice>;
