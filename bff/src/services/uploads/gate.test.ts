import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { ApiRoutes, Messages } from '@studio/contracts';
import Koa from 'koa';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestStudio, type TestClient, type TestStudio } from '../../../test/harness.ts';
import { errorHandler } from '../../middlewares/errors.ts';
import { createUploadGate, uploadOf, UPLOADS_TMP_DIR, type UploadSpec } from './gate.ts';
import { AUDIO_KINDS, IMAGE_KINDS } from './kinds.ts';

let studio: TestStudio;
let tmpRoot: string;
beforeAll(async () => {
  studio = await startTestStudio();
  tmpRoot = path.join(studio.deps.config.dataDir, UPLOADS_TMP_DIR);
});
afterAll(() => studio?.stop());

const png = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

function form(parts: { field?: string; bytes: Buffer | Uint8Array; name?: string; type?: string }[]): FormData {
  const body = new FormData();
  for (const p of parts)
    body.append(p.field ?? 'avatar', new Blob([new Uint8Array(p.bytes)], { type: p.type ?? 'image/png' }), p.name ?? 'file.png');
  return body;
}

const upload = (client: TestClient, body: FormData) => client.post(ApiRoutes.avatar, body);

/** What is left in the gate's folder: nothing, once every request is answered. */
async function leftovers(): Promise<string[]> {
  const entries = await fs.readdir(tmpRoot, { recursive: true }).catch(() => [] as string[]);
  return entries.map(String);
}

/** A PNG header that claims width × height, with no pixel data worth decoding. */
function pngHeaderClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.alloc(64)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A mono 16-bit PCM WAV of `seconds` of silence. */
function wav(seconds: number, rate = 8000): Buffer {
  const data = rate * 2 * seconds;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data, 40);
  return Buffer.concat([header, Buffer.alloc(data)]);
}

const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="96" height="96"><image xlink:href="file:///etc/passwd" width="96" height="96"/></svg>',
);

describe('the upload gate on the avatar route', () => {
  it('streams uploads into its own folder under DATA_DIR and leaves nothing behind, accepted or refused', async () => {
    const { client } = await signedInUser(studio);
    const before = new Set(await fs.readdir(os.tmpdir()));
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 1);
    const cases: [FormData, number][] = [
      [form([{ bytes: await png() }]), 200],
      [form([{ bytes: Buffer.from('not an image at all') }]), 400],
      [form([{ bytes: await png() }, { bytes: await png() }]), 400],
      [form([{ bytes: big }]), 413],
      [form([{ bytes: await png(), field: 'other' }]), 400],
    ];
    for (const [body, status] of cases) {
      expect((await upload(client, body)).status).toBe(status);
      expect(await leftovers()).toEqual([]);
    }
    const stat = await fs.stat(tmpRoot);
    expect(stat.mode & 0o777).toBe(0o700);
    // Nothing went to the shared system temp folder.
    const added = (await fs.readdir(os.tmpdir())).filter((name) => !before.has(name));
    const sizes = await Promise.all(
      added.map((name) =>
        fs.stat(path.join(os.tmpdir(), name)).then(
          (s) => s.size,
          () => 0,
        ),
      ),
    );
    expect(sizes).not.toContain(big.length);
  });

  it('removes the partial file of a request the client abandons mid-upload', async () => {
    const { client } = await signedInUser(studio);
    const boundary = 'studio-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    const url = new URL(ApiRoutes.avatar, studio.url);
    const request = http.request(url, {
      method: 'POST',
      headers: {
        origin: new URL(studio.deps.config.appUrl).origin,
        cookie: client.cookieHeader,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + 3 * 1024 * 1024),
      },
    });
    request.on('error', () => {});
    request.write(head);
    request.write(Buffer.alloc(1024 * 1024, 7));
    // The part is on disk while the upload runs …
    await expect.poll(async () => (await leftovers()).length, { timeout: 5000 }).toBeGreaterThan(0);
    request.destroy();
    // … and gone once the client has left.
    await expect.poll(leftovers, { timeout: 5000 }).toEqual([]);
  });

  it('judges the bytes: an SVG is refused whatever its name and declared type; JPEG, WebP and GIF pass', async () => {
    const { client } = await signedInUser(studio);
    for (const [name, type] of [
      ['avatar.svg', 'image/svg+xml'],
      ['avatar.png', 'image/png'],
      ['avatar.jpg', 'image/jpeg'],
    ]) {
      const res = await upload(client, form([{ bytes: SVG, name, type }]));
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(Messages.avatarNotImage);
    }
    const picture = sharp({ create: { width: 50, height: 50, channels: 3, background: '#aa3322' } });
    for (const bytes of [
      await picture.clone().jpeg().toBuffer(),
      await picture.clone().webp().toBuffer(),
      await picture.clone().gif().toBuffer(),
    ]) {
      const res = await upload(client, form([{ bytes, name: 'x.bin', type: 'application/octet-stream' }]));
      expect(res.status).toBe(200);
    }
  });

  it('refuses an image of more pixels than it decodes, from its header, with a clear message', async () => {
    const { client } = await signedInUser(studio);
    const bomb = pngHeaderClaiming(16000, 16000);
    const res = await upload(client, form([{ bytes: bomb }]));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(Messages.imageTooManyPixels);
  });

  it('limits uploads per user: past 30 a minute, 429 with Retry-After; other users are not affected', async () => {
    const { client } = await signedInUser(studio);
    const tiny = await png(8, 8);
    for (let i = 0; i < 30; i++) expect((await upload(client, form([{ bytes: tiny }]))).status).toBe(200);
    const refused = await upload(client, form([{ bytes: tiny }]));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await leftovers()).toEqual([]);
    const other = await signedInUser(studio);
    expect((await upload(other.client, form([{ bytes: tiny }]))).status).toBe(200);
  });
});

describe('the upload gate for audio and several files (as later routes declare them)', () => {
  let base: string;
  let server: http.Server;
  const spec: UploadSpec = {
    files: {
      audio: {
        kinds: AUDIO_KINDS,
        maxBytes: 1024 * 1024,
        required: true,
        maxDurationS: 5,
        messages: {
          type: Messages.audioTypeInvalid,
          tooLarge: Messages.audioTooLarge,
          missing: Messages.audioMissing,
          tooLong: 'too long',
        },
      },
      image: { kinds: IMAGE_KINDS, maxBytes: 1024 * 1024, messages: { type: Messages.imageTypeInvalid, tooLarge: Messages.imageTooLarge } },
    },
  };
  beforeAll(async () => {
    const gate = createUploadGate(studio.deps.config.dataDir);
    const app = new Koa();
    app.use(errorHandler);
    app.use(gate.accept(spec));
    app.use((ctx) => {
      const { fields, files } = uploadOf(ctx);
      ctx.body = {
        fields,
        files: Object.fromEntries(Object.entries(files).map(([k, f]) => [k, { kind: f?.kind, durationS: f?.durationS, width: f?.width }])),
      };
    });
    server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const post = async (body: FormData) => {
    const res = await fetch(base, { method: 'POST', body });
    return { status: res.status, body: (await res.json()) as any };
  };

  it('reads the duration of audio with ffprobe and applies the route limit', async () => {
    const body = form([{ field: 'audio', bytes: wav(2), name: 'voice.mp3', type: 'audio/mpeg' }]);
    body.set('text', 'hello');
    const ok = await post(body);
    expect(ok.status).toBe(200);
    expect(ok.body.fields).toEqual({ text: 'hello' });
    expect(ok.body.files.audio.kind).toBe('wav');
    expect(ok.body.files.audio.durationS).toBeCloseTo(2, 1);

    const long = await post(form([{ field: 'audio', bytes: wav(6), type: 'audio/wav' }]));
    expect(long.status).toBe(400);
    expect(long.body.error.message).toBe('too long');
  });

  it('answers each field’s own message: missing, wrong kind, unreadable audio, too large', async () => {
    const missing = await post(form([{ field: 'image', bytes: await png() }]));
    expect(missing.body.error.message).toBe(Messages.audioMissing);
    const picture = await post(form([{ field: 'audio', bytes: await png(), type: 'audio/mpeg' }]));
    expect(picture.body.error.message).toBe(Messages.audioTypeInvalid);
    // An ID3 tag and nothing playable behind it.
    const hollow = await post(
      form([{ field: 'audio', bytes: Buffer.concat([Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'), Buffer.alloc(2000)]) }]),
    );
    expect(hollow.status).toBe(400);
    expect(hollow.body.error.message).toBe(Messages.audioUnreadable);
    const svgImage = await post(
      form([
        { field: 'audio', bytes: wav(1) },
        { field: 'image', bytes: SVG },
      ]),
    );
    expect(svgImage.body.error.message).toBe(Messages.imageTypeInvalid);
    const tooBig = await post(
      form([
        { field: 'audio', bytes: wav(1) },
        { field: 'image', bytes: Buffer.alloc(1024 * 1024 + 10) },
      ]),
    );
    expect(tooBig.status).toBe(413);
    expect(await leftovers()).toEqual([]);
  });

  it('refuses a body that is not multipart with the missing-file message', async () => {
    const res = await fetch(base, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).error.message).toBe(Messages.audioMissing);
  });
});

describe('a body that does not arrive in time', () => {
  it('is a 408 once the deadline passes, its partial file removed and the connection closed', async () => {
    const gate = createUploadGate(studio.deps.config.dataDir, { deadlineMs: 500 });
    const app = new Koa();
    app.use(errorHandler);
    app.use(gate.accept({ files: { avatar: { kinds: IMAGE_KINDS, maxBytes: 5 * 1024 * 1024, messages: { type: 't', tooLarge: 'l' } } } }));
    app.use((ctx) => (ctx.body = { ok: true }));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const boundary = 'slow-boundary';
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
      const request = http.request(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, {
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(head.length + 3 * 1024 * 1024) },
      });
      request.on('error', () => {});
      const answered = new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve) =>
        request.on('response', (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
        }),
      );
      request.write(head);
      request.write(Buffer.alloc(256 * 1024, 7));
      // The client stalls here, as a slow-loris upload does; it never sends the rest.
      await expect.poll(async () => (await leftovers()).length, { timeout: 5000 }).toBeGreaterThan(0);
      const res = await Promise.race([answered, new Promise<null>((resolve) => setTimeout(() => resolve(null), 5000))]);
      request.destroy();
      expect(res).toMatchObject({ status: 408, headers: { connection: 'close' } });
      expect(JSON.parse(res!.body)).toEqual({ error: { code: 'request_timeout', message: Messages.uploadTimedOut } });
      await expect.poll(leftovers, { timeout: 5000 }).toEqual([]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('the upload gate with rules by purpose (upload-audio’s music)', () => {
  let base: string;
  let server: http.Server;
  const spec: UploadSpec = {
    files: {
      audio: { kinds: AUDIO_KINDS, maxBytes: 64 * 1024, required: true, messages: { type: 'voice type', tooLarge: 'voice too large' } },
    },
    purposes: {
      music: {
        audio: {
          kinds: ['wav'],
          maxBytes: 16 * 1024,
          maxDurationS: 0.3,
          required: true,
          messages: { type: 'music type', tooLarge: 'music too large', tooLong: 'music too long' },
        },
      },
    },
  };
  beforeAll(async () => {
    const gate = createUploadGate(studio.deps.config.dataDir);
    const app = new Koa();
    app.use(errorHandler);
    app.use(gate.accept(spec));
    app.use((ctx) => (ctx.body = { durationS: uploadOf(ctx).files.audio?.durationS }));
    server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  /** The purpose first, as the editors send it, then the file. */
  const post = async (purpose: string, bytes: Buffer) => {
    const body = new FormData();
    body.set('purpose', purpose);
    body.append('audio', new Blob([new Uint8Array(bytes)], { type: 'audio/wav' }), 'a.wav');
    const res = await fetch(base, { method: 'POST', body });
    const answer = (await res.json()) as { error?: { message: string } };
    return { status: res.status, message: answer.error?.message };
  };

  it('judges the file by its purpose’s rules, any other purpose by the route’s own, and speaks for the purpose while streaming', async () => {
    expect(await post('music', wav(0.2))).toEqual({ status: 200, message: undefined });
    expect(await post('music', wav(0.5))).toEqual({ status: 400, message: 'music too long' });
    expect(await post('music', await png())).toEqual({ status: 400, message: 'music type' });
    // Over music's size but under a voice's: refused once the form is read.
    expect(await post('music', wav(1.5))).toEqual({ status: 413, message: 'music too large' });
    expect(await post('lipsync', wav(1.5))).toEqual({ status: 200, message: undefined });
    // Over every rule: refused while streaming, in the words of the purpose that came first.
    expect(await post('music', wav(5))).toEqual({ status: 413, message: 'music too large' });
    expect(await post('lipsync', wav(5))).toEqual({ status: 413, message: 'voice too large' });
    expect(await leftovers()).toEqual([]);
  });
});
