import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ffprobe from '@ffprobe-installer/ffprobe';
import { ApiRoutes } from '@studio/contracts';
import { FFMPEG_PATH } from '@studio/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member, startTestStudio, type TestClient, type TestStudio } from '../../../test/harness.ts';
import { probeAudioBytes } from './audio.ts';

const run = promisify(execFile);
let studio: TestStudio;
let dir: string;
beforeAll(async () => {
  studio = await startTestStudio();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-tagged-'));
});
afterAll(async () => {
  await studio?.stop();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

/** Two seconds of tone in `format`, tagged the way a phone or an editor tags what it records. */
async function taggedAudio(name: string, codec: string[]): Promise<Buffer> {
  const file = path.join(dir, name);
  await run(FFMPEG_PATH, [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2'],
    ...['-metadata', 'comment=secret', '-metadata', 'title=Private memo', '-metadata', 'artist=Jane Doe', ...codec, file],
  ]);
  return fs.readFile(file);
}

/** Every tag ffprobe reads in `audio`, of its container and of its streams. */
async function tagsOf(audio: Buffer): Promise<Record<string, string>> {
  const file = path.join(dir, `probe-${Math.random().toString(36).slice(2)}`);
  await fs.writeFile(file, audio);
  const { stdout } = await run(ffprobe.path, ['-v', 'error', '-show_entries', 'format_tags:stream_tags', '-of', 'json', file]);
  const probe = JSON.parse(stdout) as { format?: { tags?: Record<string, string> }; streams?: { tags?: Record<string, string> }[] };
  return Object.assign({}, probe.format?.tags, ...(probe.streams ?? []).map((s) => s.tags ?? {}));
}

/** The stored file as the app serves it. */
async function stored(client: TestClient, url: string): Promise<Buffer> {
  const res = await fetch(new URL(url, client.baseUrl), { headers: { cookie: client.cookieHeader } });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

function audioForm(bytes: Buffer, type: string, name: string): FormData {
  const form = new FormData();
  form.set('audio', new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}

describe('uploaded audio is kept without its tags', () => {
  for (const [label, name, type, codec] of [
    ['an MP3 with an ID3 comment', 'memo.mp3', 'audio/mpeg', ['-c:a', 'libmp3lame', '-b:a', '64k']],
    ['a WAV with an INFO comment', 'memo.wav', 'audio/wav', ['-c:a', 'pcm_s16le']],
  ] as const) {
    it(`${label}: the stored file carries none, and plays as long as the upload`, async () => {
      const upload = await taggedAudio(name, [...codec]);
      expect(await tagsOf(upload)).toMatchObject({ comment: 'secret' });
      const uploadedS = (await probeAudioBytes(upload))!;

      const { client } = await member(studio);
      const res = await client.post(ApiRoutes.uploadAudio, audioForm(upload, type, name));
      expect(res.status).toBe(200);
      const kept = await stored(client, res.body.audioUrl);

      expect(await tagsOf(kept)).toEqual({});
      for (const text of ['secret', 'Private memo', 'Jane Doe']) expect(kept.includes(text)).toBe(false);
      // Still the same audio: it decodes, as long as the upload.
      expect(Math.abs((await probeAudioBytes(kept))! - uploadedS)).toBeLessThan(0.05);
      expect(res.body.duration).toBeCloseTo(uploadedS, 1);
      const decoded = path.join(dir, `decoded-${name}`);
      await fs.writeFile(decoded, kept);
      await expect(run(FFMPEG_PATH, ['-v', 'error', '-xerror', '-i', decoded, '-f', 'null', '-'])).resolves.toBeDefined();
    });
  }
});
