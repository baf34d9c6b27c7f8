/**
 * A local HTTP double of fal.ai's queue API (the parts `@fal-ai/client`'s `subscribe` uses):
 * POST /{endpoint} → { request_id, status_url, response_url }; GET …/requests/{id}/status →
 * IN_QUEUE, IN_PROGRESS, then COMPLETED; GET …/requests/{id} → { images: [{ url, width, height }] };
 * GET /files/{id}.png serves the image. The LoRA trainer answers { diffusers_lora_file: { url } }. Video endpoints (image-to-video, lip-sync) answer
 * { video: { url } } and GET /files/{id}.mp4 serves a real MP4 of the asked length. The prompt steers it: "status:422" answers 422 with a
 * validation body, "status:401" 401, "flaky429" answers 429 twice then works, "status:429" always
 * 429, "status:500" 500, "slow" never completes.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { runFfmpeg } from '../src/local/ffmpeg.ts';

/** A real MP4 (blue frames, a silent track) of `seconds` at 320×568. */
async function mp4(seconds: number): Promise<Buffer> {
  const dir = await fs.mkdtemp(join(os.tmpdir(), 'fal-double-'));
  try {
    const out = join(dir, 'clip.mp4');
    await runFfmpeg(
      [
        '-f',
        'lavfi',
        '-i',
        `color=c=blue:s=320x568:d=${seconds}`,
        '-f',
        'lavfi',
        '-i',
        'anullsrc=r=44100:cl=mono',
        '-shortest',
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-y',
        out,
      ],
      Buffer.alloc(0),
    );
    return await fs.readFile(out);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

interface Job {
  endpoint: string;
  input: Record<string, unknown>;
  polls: number;
  slow: boolean;
}

export interface FalDouble {
  url: string;
  calls: { method: string; path: string; auth?: string }[];
  /** Every submitted request's endpoint and input, in order. */
  submitted: { endpoint: string; input: Record<string, unknown> }[];
  close(): Promise<void>;
}

export async function startFalDouble(): Promise<FalDouble> {
  const jobs = new Map<string, Job>();
  const calls: FalDouble['calls'] = [];
  const submitted: FalDouble['submitted'] = [];
  let seq = 0;
  let flaky = 0;
  let base = '';
  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '/').split('?')[0]!;
      calls.push({ method: req.method!, path, auth: req.headers.authorization });
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const clip = path.match(/^\/files\/([^/]+)\.mp4$/);
      if (clip) {
        const job = jobs.get(clip[1]!);
        const duration = job?.input.duration;
        const seconds = (typeof duration === 'string' ? Number.parseFloat(duration) : 0) || 2;
        res.writeHead(200, { 'content-type': 'video/mp4' });
        return res.end(await mp4(seconds));
      }
      const file = path.match(/^\/files\/([^/]+)\.png$/);
      if (file) {
        const job = jobs.get(file[1]!);
        const size = (job?.input.image_size as { width?: number; height?: number } | undefined) ?? {};
        const png = await sharp({ create: { width: size.width ?? 64, height: size.height ?? 64, channels: 3, background: '#3366cc' } })
          .png()
          .toBuffer();
        res.writeHead(200, { 'content-type': 'image/png' });
        return res.end(png);
      }
      const m = path.match(/^\/(.+)\/requests\/([^/]+)(\/status|\/cancel)?$/);
      if (m) {
        const job = jobs.get(m[2]!);
        if (!job) return json(res, 404, { detail: 'Request not found' });
        if (m[3] === '/status') {
          job.polls++;
          const status = job.slow ? 'IN_PROGRESS' : job.polls === 1 ? 'IN_QUEUE' : job.polls === 2 ? 'IN_PROGRESS' : 'COMPLETED';
          return json(res, 200, {
            status,
            request_id: m[2],
            response_url: `${base}/${m[1]}/requests/${m[2]}`,
            queue_position: status === 'IN_QUEUE' ? 0 : undefined,
            logs: [],
          });
        }
        if (m[3] === '/cancel') return json(res, 202, { status: 'CANCELLATION_REQUESTED' });
        const size = (job.input.image_size as { width?: number; height?: number } | undefined) ?? {};
        const n = Number(job.input.num_images ?? 1);
        if (job.endpoint.includes('florence')) return json(res, 200, { results: 'A blue square on a plain background.' });
        if (job.endpoint.includes('lora-fast-training'))
          return json(res, 200, {
            diffusers_lora_file: { url: `${base}/files/${m[2]}.safetensors`, file_name: 'pytorch_lora_weights.safetensors' },
            config_file: { url: `${base}/files/${m[2]}.json` },
          });
        if (/image-to-video|lipsync/.test(job.endpoint))
          return json(res, 200, { video: { url: `${base}/files/${m[2]}.mp4`, content_type: 'video/mp4' } });
        return json(res, 200, {
          images: Array.from({ length: n }, () => ({
            url: `${base}/files/${m[2]}.png`,
            width: size.width ?? 64,
            height: size.height ?? 64,
            content_type: 'image/png',
          })),
          seed: 42,
          prompt: job.input.prompt,
        });
      }
      if (req.method === 'POST') {
        const endpoint = path.slice(1);
        const input = JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, unknown>;
        const prompt = typeof input.prompt === 'string' ? input.prompt : '';
        if (!req.headers.authorization?.startsWith('Key ')) return json(res, 401, { detail: 'No key' });
        const forced = prompt.match(/status:(\d{3})/);
        if (forced)
          return json(
            res,
            Number(forced[1]),
            forced[1] === '422'
              ? { detail: [{ loc: ['body', 'prompt'], msg: 'invalid prompt', type: 'value_error' }] }
              : { detail: 'error' },
          );
        if (prompt.includes('flaky429') && flaky++ % 3 < 2) return json(res, 429, { detail: 'Rate limited' });
        const id = `req-${++seq}`;
        jobs.set(id, { endpoint, input, polls: 0, slow: prompt.includes('slow') });
        submitted.push({ endpoint, input });
        const app = endpoint.split('/').slice(0, 2).join('/');
        return json(res, 200, {
          request_id: id,
          status_url: `${base}/${app}/requests/${id}/status`,
          response_url: `${base}/${app}/requests/${id}`,
          cancel_url: `${base}/${app}/requests/${id}/cancel`,
        });
      }
      json(res, 404, { detail: 'Not found' });
    })();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    calls,
    submitted,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
