/**
 * A local HTTP double of the ElevenLabs REST API (the parts the studio uses, in its wire format):
 * POST /v1/text-to-speech/{voice_id} → audio/mpeg; POST /v1/text-to-speech/{voice_id}/with-timestamps →
 * { audio_base64, alignment: { characters, character_start_times_seconds, character_end_times_seconds } }; GET /v1/voices → { voices: [...] }; GET
 * /v1/voices/{voice_id} → a voice or 404; POST /v1/voices/add (multipart) → { voice_id,
 * requires_verification }; POST /v1/music (JSON: prompt, music_length_ms) → audio/mpeg of that length. Every call needs `xi-api-key`. A voice name steers /v1/voices/add:
 * "status:401", "status:402", "status:422", "status:429" answer with that status.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tone } from './audio-fixtures.ts';

export const DOUBLE_KEY = 'test-elevenlabs-key';

interface DoubleVoice {
  voice_id: string;
  name: string;
  category: string;
  description: string;
  preview_url: string;
  labels: Record<string, string>;
  /** false for a voice copied from the shared library into the account. */
  is_owner?: boolean;
}

export interface ElevenLabsDouble {
  url: string;
  calls: { method: string; path: string; body?: unknown }[];
  /** Voices of the account, by id. */
  voices: Map<string, DoubleVoice>;
  close(): Promise<void>;
}

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

export async function startElevenLabsDouble(): Promise<ElevenLabsDouble> {
  const calls: ElevenLabsDouble['calls'] = [];
  const voices = new Map<string, DoubleVoice>([
    [
      'accountVoice000000001',
      {
        voice_id: 'accountVoice000000001',
        name: 'Studio Host',
        category: 'professional',
        description: 'A warm host voice',
        preview_url: 'https://storage.example/preview.mp3',
        labels: { accent: 'british', gender: 'male' },
      },
    ],
    // A premade voice that is also a preset (Adam): listed as a preset, not twice.
    [
      'pNInz6obpgDQGcFmaJgB',
      { voice_id: 'pNInz6obpgDQGcFmaJgB', name: 'Adam', category: 'premade', description: '', preview_url: '', labels: {} },
    ],
  ]);
  let added = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://double');
      const raw = Buffer.concat(chunks);
      const isJson = (req.headers['content-type'] ?? '').includes('json');
      calls.push({
        method: req.method ?? '',
        path: url.pathname,
        body: isJson ? (JSON.parse(raw.toString() || 'null') as unknown) : undefined,
      });
      if (req.headers['xi-api-key'] !== DOUBLE_KEY)
        return json(res, 401, { detail: { status: 'invalid_api_key', message: 'Invalid API key' } });

      const tts = /^\/v1\/text-to-speech\/([^/]+?)(\/with-timestamps)?$/.exec(url.pathname);
      if (req.method === 'POST' && tts) {
        const known = voices.has(tts[1]!) || ['21m00Tcm4TlvDq8ikWAM', 'VR6AewLTigWG4xSOukaG', 'oWAxZDx7w5VEj9dCyTzz'].includes(tts[1]!);
        if (!known) return json(res, 404, { detail: { status: 'voice_not_found', message: 'A voice with that id was not found.' } });
        const body = JSON.parse(raw.toString()) as { text?: string };
        if (!body.text) return json(res, 422, { detail: [{ loc: ['body', 'text'], msg: 'field required', type: 'value_error.missing' }] });
        const durationS = Math.min(10, 0.5 + body.text.length / 15);
        const audio = tone(durationS, 'mp3', 180);
        if (!tts[2]) {
          res.writeHead(200, { 'content-type': 'audio/mpeg' });
          return res.end(audio);
        }
        // Each character of the text with its start and end, spread over the audio after a short lead-in.
        const characters = [...body.text];
        const step = (durationS - 0.2) / characters.length;
        return json(res, 200, {
          audio_base64: audio.toString('base64'),
          alignment: {
            characters,
            character_start_times_seconds: characters.map((_, i) => Math.round((0.1 + i * step) * 1000) / 1000),
            character_end_times_seconds: characters.map((_, i) => Math.round((0.1 + (i + 1) * step) * 1000) / 1000),
          },
          normalized_alignment: null,
        });
      }
      if (req.method === 'POST' && url.pathname === '/v1/music') {
        const body = JSON.parse(raw.toString()) as { prompt?: string; music_length_ms?: number };
        if (!body.prompt)
          return json(res, 422, { detail: [{ loc: ['body', 'prompt'], msg: 'field required', type: 'value_error.missing' }] });
        const steer = /status:(\d{3})/.exec(body.prompt);
        if (steer) return json(res, Number(steer[1]), { detail: { status: 'refused', message: `refused with ${steer[1]}` } });
        res.writeHead(200, { 'content-type': 'audio/mpeg' });
        return res.end(tone((body.music_length_ms ?? 30_000) / 1000, 'mp3', 220));
      }
      if (req.method === 'GET' && url.pathname === '/v1/voices') return json(res, 200, { voices: [...voices.values()] });
      const one = /^\/v1\/voices\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && one) {
        const voice = voices.get(one[1]!);
        return voice ? json(res, 200, voice) : json(res, 404, { detail: { status: 'voice_not_found', message: 'Voice not found' } });
      }
      if (req.method === 'POST' && url.pathname === '/v1/voices/add') {
        const name = /name="name"\r\n\r\n([^\r]*)/.exec(raw.toString('latin1'))?.[1] ?? '';
        const steer = /^status:(\d{3})$/.exec(name);
        if (steer) return json(res, Number(steer[1]), { detail: { status: 'refused', message: `refused with ${steer[1]}` } });
        if (!raw.includes('name="files"')) return json(res, 400, { detail: { status: 'invalid_files', message: 'No files' } });
        const id = `addedVoice${String(++added).padStart(10, '0')}`;
        voices.set(id, { voice_id: id, name, category: 'cloned', description: '', preview_url: '', labels: {}, is_owner: true });
        return json(res, 200, { voice_id: id, requires_verification: false });
      }
      json(res, 404, { detail: 'Not Found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    voices,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
