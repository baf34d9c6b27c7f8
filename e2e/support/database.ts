/**
 * The e2e studio's own database (embedded PostgreSQL under `.data/e2e`), for what support staff
 * do outside the app: granting credits through the ledger function the app itself uses.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import pg from 'pg';

const DATA = new URL('../../.data/e2e/', import.meta.url);

async function connect(): Promise<pg.Client> {
  const pid = await fs.readFile(new URL('postgres/postmaster.pid', DATA), 'utf8');
  const port = Number(pid.split('\n')[3]);
  const password = await fs.readFile(new URL('postgres.secret', DATA), 'utf8');
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'studio' });
  await client.connect();
  return client;
}

/** A MANUAL_CREDIT grant to the account of `email`, once, through `add_credit_transaction`. */
export async function grantCredits(email: string, amount: number): Promise<void> {
  const client = await connect();
  try {
    const user = await client.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
    await client.query("SELECT add_credit_transaction($1, 'MANUAL_CREDIT', $2, 'Support grant', NULL, '{}'::jsonb, 0, $3)", [
      user.rows[0]!.id,
      amount,
      `e2e-grant-${randomUUID()}`,
    ]);
  } finally {
    await client.end();
  }
}

/** Takes `amount` credits from the account of `email`, as a generation would (a TASK_DEBIT through the ledger function). */
export async function spendCredits(email: string, amount: number): Promise<void> {
  const client = await connect();
  try {
    const user = await client.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
    await client.query("SELECT add_credit_transaction($1, 'TASK_DEBIT', $2, 'Earlier generations', NULL, '{}'::jsonb, 0, $3)", [
      user.rows[0]!.id,
      -amount,
      `e2e-spend-${randomUUID()}`,
    ]);
  } finally {
    await client.end();
  }
}

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
export const objectPath = (key: string) => new URL(`objects/${key}`, DATA).pathname;
