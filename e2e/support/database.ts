/**
 * The e2e studio's own database (embedded PostgreSQL in its data folder), for what support staff
 * do outside the app: granting credits through the ledger function the app itself uses.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { test } from '@playwright/test';
import pg from 'pg';
import { dataDirOf } from '../playwright.config.ts';

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
