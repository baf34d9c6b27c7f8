/**
 * The e2e studio's own database (embedded PostgreSQL in its data folder), for what support staff
 * do outside the app: granting credits through the ledger function the app itself uses.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { test } from '@playwright/test';
import pg from 'pg';
import sharp from 'sharp';
import { dataDirOf } from '../playwright.config.ts';

/** The studio's own ffmpeg (`@ffmpeg-installer/ffmpeg`, as the media engine uses). */
const FFMPEG_PATH = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;

/** The data folder of the studio the running test talks to (its project's `baseURL`). */
const data = () => new URL(`../../${dataDirOf(Number(new URL(test.info().project.use.baseURL!).port))}/`, import.meta.url);

async function connect(): Promise<pg.Client> {
  const pid = await fs.readFile(new URL('postgres/postmaster.pid', data()), 'utf8');
  const port = Number(pid.split('\n')[3]);
  const password = await fs.readFile(new URL('postgres.secret', data()), 'utf8');
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'studio' });
  await client.connect();
  return client;
}

/** A ledger row for the account of `email`, once, through `add_credit_transaction` (the app's own ledger function). */
async function ledgerEntry(email: string, type: 'MANUAL_CREDIT' | 'TASK_DEBIT', amount: number, description: string): Promise<void> {
  const client = await connect();
  try {
    const user = await client.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
    await client.query("SELECT add_credit_transaction($1, $2, $3, $4, NULL, '{}'::jsonb, 0, $5)", [
      user.rows[0]!.id,
      type,
      amount,
      description,
      `e2e-${randomUUID()}`,
    ]);
  } finally {
    await client.end();
  }
}

/** A MANUAL_CREDIT grant, as support would give. */
export const grantCredits = (email: string, amount: number) => ledgerEntry(email, 'MANUAL_CREDIT', amount, 'Support grant');

/** Takes `amount` credits, as a generation would (a TASK_DEBIT). */
export const spendCredits = (email: string, amount: number) => ledgerEntry(email, 'TASK_DEBIT', -amount, 'Earlier generations');

/** Puts the account of `email` on a subscription tier, as a support change would. */
export async function setTier(email: string, tier: 'trial' | 'free' | 'basic' | 'pro' | 'unlimited'): Promise<void> {
  const client = await connect();
  try {
    await client.query('UPDATE profiles SET subscription_tier = $2 FROM users WHERE users.id = profiles.id AND users.email = $1', [
      email,
      tier,
    ]);
  } finally {
    await client.end();
  }
}

/** A video job's stored settings (its voices, its ad, its product shots and cards), as the job reads them. */
export async function jobSettings(jobId: string): Promise<Record<string, unknown>> {
  const client = await connect();
  try {
    const rows = await client.query<{ settings: Record<string, unknown> }>('SELECT settings FROM generated_videos WHERE id = $1', [jobId]);
    return rows.rows[0]!.settings;
  } finally {
    await client.end();
  }
}

/** The stored input image of each section of a video job, in section order (object store keys). */
export async function jobSectionImages(jobId: string): Promise<string[]> {
  const client = await connect();
  try {
    const rows = await client.query<{ image_key: string }>('SELECT image_key FROM video_sections WHERE job_id = $1 ORDER BY position', [
      jobId,
    ]);
    return rows.rows.map((r) => r.image_key);
  } finally {
    await client.end();
  }
}

/** Where the e2e studio keeps an object of its store (DATA_DIR/objects). */
export const objectPath = (key: string) => new URL(`objects/${key}`, data()).pathname;

/**
 * A finished video in the gallery of the account of `email`, stored as the app stores one (the MP4
 * and its poster frame in the object store, a `user_assets` row): a second of colour bars, so a spec
 * about the gallery needs no render job. Returns the asset's id.
 */
export async function addVideo(email: string, prompt: string): Promise<string> {
  const id = randomUUID();
  const width = 320;
  const height = 320;
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'e2e-video-'));
  try {
    const file = path.join(folder, 'clip.mp4');
    await promisify(execFile)(FFMPEG_PATH, [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `testsrc=size=${width}x${height}:rate=25`, '-t', '1'],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', file],
    ]);
    const video = await fs.readFile(file);
    const poster = await sharp({ create: { width, height, channels: 3, background: '#3f8f5a' } })
      .jpeg()
      .toBuffer();
    const client = await connect();
    try {
      const user = await client.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
      const userId = user.rows[0]!.id;
      const key = `assets/${userId}/${id}.mp4`;
      await fs.mkdir(path.dirname(objectPath(key)), { recursive: true });
      await fs.writeFile(objectPath(key), video);
      await fs.writeFile(objectPath(key.replace(/\.mp4$/, '-poster.jpg')), poster);
      const metadata = {
        prompt,
        model: null,
        provider: 'local',
        width,
        height,
        aspectRatio: '1:1',
        duration: 1,
        mode: 'video',
        selectedLoRAModels: [],
      };
      await client.query(
        `INSERT INTO user_assets (id, user_id, asset_type, storage_key, mime_type, public_url, thumbnail_url, file_size, metadata)
         VALUES ($1, $2, 'video', $3, 'video/mp4', $4, $5, $6, $7)`,
        [
          id,
          userId,
          key,
          `/media/assets/${id}.mp4`,
          `/media/thumbs/${id}.webp?w=480`,
          video.length + poster.length,
          JSON.stringify(metadata),
        ],
      );
    } finally {
      await client.end();
    }
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
  return id;
}
