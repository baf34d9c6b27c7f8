import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  ApiRoutes,
  Messages,
  MUSIC_MOODS,
  MUSIC_UPLOAD_MAX_BYTES,
  MUSIC_UPLOAD_MAX_DURATION_S,
  MusicTracksResponse,
} from '@studio/contracts';
import { FFMPEG_PATH, MUSIC_MOODS as ENGINE_MOODS } from '@studio/media';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tone } from '../../../../packages/media/test/audio-fixtures.ts';
import { member, startTestStudio, type TestClient, type TestStudio } from '../../../test/harness.ts';
import { UPLOADS_TMP_DIR } from '../../services/uploads/gate.ts';

let studio: TestStudio;
beforeAll(async () => {
  studio = await startTestStudio();
});
afterAll(() => studio?.stop());

const musicForm = (data: Buffer, type: string, name: string, purpose = 'music') => {
  const form = new FormData();
  form.set('purpose', purpose);
  form.set('audio', new Blob([new Uint8Array(data)], { type }), name);
  return form;
};

/**
 * A WAV file of `seconds` of silence at 1 kHz, 8-bit mono: ten minutes take 600 kB, so a file over
 * the music's length limit stays small. Its header says exactly how long it is.
 */
function lowRateWav(seconds: number, dataBytes = seconds * 1000): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(1000, 24); // samples per second
  header.writeUInt32LE(1000, 28); // bytes per second
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(dataBytes, 40);
  // 8-bit PCM is unsigned: 128 is silence.
  return Buffer.concat([header, Buffer.alloc(dataBytes, 128)]);
}

/** An M4A (AAC) of a tone, written by ffmpeg to a file: the MP4 muxer needs to seek. */
async function m4aTone(seconds: number): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'music-m4a-'));
  try {
    const file = path.join(dir, 'tone.m4a');
    const args = ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`];
    execFileSync(FFMPEG_PATH, [...args, '-c:a', 'aac', '-f', 'ipod', file]);
    return await fs.readFile(file);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

const audioAssets = async (client: TestClient, userId: string) =>
  (await client.get(`${ApiRoutes.userAssets}/${userId}?assetType=audio`)).body.assets as { id: string }[];
/** What the user's audio rows hold, from the database: the music mark is kept in the row's metadata. */
const audioRows = (userId: string) =>
  studio.deps.db('user_assets').where({ user_id: userId, asset_type: 'audio' }).select<{ metadata: { purpose?: string } }[]>('metadata');

describe('GET /api/music/tracks', () => {
  it('lists one simple bed per mood, 30–60 s each, with a preview that plays', async () => {
    const { client } = await member(studio);
    const res = await client.get(ApiRoutes.musicTracks);
    expect(res.status).toBe(200);
    const tracks = MusicTracksResponse.parse(res.body);
    expect(tracks.map((t) => t.mood).sort()).toEqual([...MUSIC_MOODS].sort());
    // The contract's moods are the engine's: a mood added to one is added to the other.
    expect([...ENGINE_MOODS]).toEqual([...MUSIC_MOODS]);
    for (const track of tracks) {
      expect(track.durationS).toBeGreaterThanOrEqual(30);
      expect(track.durationS).toBeLessThanOrEqual(60);
    }
    expect((await studio.client().get(ApiRoutes.musicTracks)).status).toBe(401);
  });

  it('serves each preview as cacheable AAC in M4A, and nothing else from the folder', async () => {
    const { client } = await member(studio);
    const tracks = MusicTracksResponse.parse((await client.get(ApiRoutes.musicTracks)).body);
    const preview = await fetch(new URL(tracks[0]!.previewUrl, studio.url));
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('audio/mp4');
    expect(preview.headers.get('cache-control')).toContain('immutable');
    const bytes = Buffer.from(await preview.arrayBuffer());
    // An MP4 file begins with its `ftyp` box; a 30 s bed at 160 kb/s is over half a megabyte.
    expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(bytes.length).toBeGreaterThan(500_000);
    for (const name of ['nope.m4a', '..%2F..%2Fpackage.json', encodeURIComponent(path.join('..', 'music-tracks.ts'))]) {
      const res = await client.get(`/media/music/${name}`);
      expect(res.status).toBe(404);
    }
    expect((await client.get('/media/music/nope.m4a')).body.error.message).toBe(Messages.musicTrackNotFound);
  });
});

describe('music from a prompt without the hosted music model', () => {
  it('says it is not available here, and composing answers 404 with the way out, charging nothing', async () => {
    const { client } = await member(studio, { credits: 5 });
    expect((await client.get(ApiRoutes.musicCompose)).body).toEqual({ available: false, credits: 2 });
    const res = await client.post(ApiRoutes.musicCompose, { prompt: 'calm piano', durationS: 20 });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(Messages.musicComposeUnavailable);
    expect((await client.get(ApiRoutes.credits)).body.credits).toBe(5);
  });
});

describe('POST /api/upload-audio with purpose music', () => {
  it('keeps an MP3, WAV, OGG or M4A as the user’s audio asset marked as music, with its duration', async () => {
    const { user, client } = await member(studio);
    const uploads = [
      musicForm(tone(2, 'wav'), 'audio/wav', 'bed.wav'),
      musicForm(tone(2, 'mp3'), 'audio/mpeg', 'bed.mp3'),
      musicForm(tone(2, 'ogg'), 'audio/ogg', 'bed.ogg'),
      musicForm(await m4aTone(2), 'audio/mp4', 'bed.m4a'),
    ];
    for (const form of uploads) {
      const res = await client.post(ApiRoutes.uploadAudio, form);
      expect(res.status).toBe(200);
      expect(res.body.duration).toBeCloseTo(2, 0);
      expect((await client.get(res.body.audioUrl)).status).toBe(200);
    }
    expect(await audioAssets(client, user.id)).toHaveLength(4);
    expect((await audioRows(user.id)).map((row) => row.metadata.purpose)).toEqual(['music', 'music', 'music', 'music']);
    // Without the purpose (the editors send `lipsync`) an upload is a voice, as before.
    const voice = await client.post(ApiRoutes.uploadAudio, musicForm(tone(1, 'wav'), 'audio/wav', 'line.wav', 'lipsync'));
    expect(voice.status).toBe(200);
    expect((await audioRows(user.id)).filter((row) => row.metadata.purpose === undefined)).toHaveLength(1);
  });

  it('refuses what is not audio, WebM, over 20 MB or over 10 minutes with a clear 4xx, and keeps nothing of it', async () => {
    const { user, client } = await member(studio);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const notAudio = await client.post(ApiRoutes.uploadAudio, musicForm(png, 'audio/mpeg', 'song.mp3'));
    expect(notAudio.status).toBe(400);
    expect(notAudio.body.error.message).toBe(Messages.musicTypeInvalid);

    // WebM is a voice format of the editors' recorder, not one of music's.
    const webm = await client.post(ApiRoutes.uploadAudio, musicForm(tone(1, 'webm'), 'audio/webm', 'song.webm'));
    expect(webm.status).toBe(400);
    expect(webm.body.error.message).toBe(Messages.musicTypeInvalid);

    // One byte over 20 MB: refused by its size before anything reads it (a voice may be 50 MB).
    const oversized = lowRateWav(0, MUSIC_UPLOAD_MAX_BYTES + 1 - 44);
    expect(oversized.length).toBe(MUSIC_UPLOAD_MAX_BYTES + 1);
    const tooLarge = await client.post(ApiRoutes.uploadAudio, musicForm(oversized, 'audio/wav', 'song.wav'));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.error.message).toBe(Messages.musicTooLarge);

    const tooLong = await client.post(
      ApiRoutes.uploadAudio,
      musicForm(lowRateWav(MUSIC_UPLOAD_MAX_DURATION_S + 1), 'audio/wav', 'long.wav'),
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.message).toBe(Messages.musicTooLong);
    // Ten minutes exactly is music the studio takes.
    const tenMinutes = await client.post(ApiRoutes.uploadAudio, musicForm(lowRateWav(MUSIC_UPLOAD_MAX_DURATION_S), 'audio/wav', 'ten.wav'));
    expect(tenMinutes.status).toBe(200);
    expect(tenMinutes.body.duration).toBe(MUSIC_UPLOAD_MAX_DURATION_S);

    // Nothing half-written: one asset (the ten minutes), one stored file, no upload left in the gate's folder.
    expect(await audioAssets(client, user.id)).toHaveLength(1);
    const stored = await fs.readdir(path.join(studio.deps.config.dataDir, 'objects', 'assets', user.id)).catch(() => []);
    expect(stored).toHaveLength(1);
    const left = await fs.readdir(path.join(studio.deps.config.dataDir, UPLOADS_TMP_DIR)).catch(() => []);
    expect(left).toEqual([]);
  });
});

describe('the music a video job mixes', () => {
  it('is a library bed looped as it is, or the user’s own upload crossfaded; an unknown bed or another’s file is a 400', async () => {
    const { user, client } = await member(studio);
    const other = await member(studio);
    const { music } = studio.deps.services;
    const bed = await music.musicFor(user.id, { trackId: 'calm-still-water', volume: 0.4 });
    expect(bed).toMatchObject({ volume: 0.4, seamlessLoop: true });
    expect((await fs.stat(bed.music as string)).size).toBeGreaterThan(500_000);
    await expect(music.musicFor(user.id, { trackId: 'no-such-bed', volume: 0.4 })).rejects.toMatchObject({
      status: 400,
      message: Messages.musicTrackNotFound,
    });

    const uploaded = await client.post(ApiRoutes.uploadAudio, musicForm(tone(2, 'wav'), 'audio/wav', 'mine.wav'));
    const own = await music.musicFor(user.id, { audioUrl: uploaded.body.audioUrl, volume: 1 });
    expect(own.seamlessLoop).toBe(false);
    expect(Buffer.isBuffer(own.music) && own.music.subarray(0, 4).toString('latin1')).toBe('RIFF');
    await expect(music.musicFor(other.user.id, { audioUrl: uploaded.body.audioUrl, volume: 1 })).rejects.toMatchObject({
      status: 400,
      message: Messages.musicUploadNotFound,
    });
  });
});
