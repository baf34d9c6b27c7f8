import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '../../db/index.ts';
import { conflict } from '../../errors.ts';
import { Messages } from '@studio/contracts';

/** A request's state as the route sees it when it starts. */
export type RequestStart<A> = { kind: 'run'; attempt: number } | { kind: 'done'; answer: A };

/** Who sent a request id, and what it asked for (`fingerprintOf` its operation and inputs). */
export interface RequestClaim {
  userId: string;
  requestId: string;
  fingerprint: string;
}

/** The hash of bytes a request carries (an uploaded image), to put in its fingerprint. */
export const digestOf = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * What a request asks for, as one hash: its kind (route and operation) and its inputs, which must
 * be JSON (uploaded bytes go in as `digestOf`). Inputs parsed by one schema keep their key order.
 */
export const fingerprintOf = (kind: string, inputs: unknown) =>
  createHash('sha256')
    .update(JSON.stringify([kind, inputs]))
    .digest('hex');

/**
 * Claims a request id for this run. A new id, or one whose last attempt failed, runs (as attempt
 * 1, 2, …); a completed one answers what it answered before; one still running is a 409 (two tabs
 * sending the same request must not make and charge it twice). The same id with other inputs is a
 * 409 whatever its state: answering it would hand out the first request's work (or run new work
 * under the first one's charge).
 */
export async function startGenerationRequest<A>(db: Db, claim: RequestClaim): Promise<RequestStart<A>> {
  const { userId, requestId, fingerprint } = claim;
  const claimed = await db.raw<{ rows: { attempt: number }[] }>(
    `INSERT INTO generation_requests (user_id, request_id, status, fingerprint) VALUES (?, ?, 'running', ?)
     ON CONFLICT (user_id, request_id) DO UPDATE
       SET status = 'running', attempt = generation_requests.attempt + 1, fingerprint = EXCLUDED.fingerprint, updated_at = now()
       WHERE generation_requests.status = 'failed'
         AND (generation_requests.fingerprint IS NULL OR generation_requests.fingerprint = EXCLUDED.fingerprint)
     RETURNING attempt`,
    [userId, requestId, fingerprint],
  );
  if (claimed.rows[0]) return { kind: 'run', attempt: claimed.rows[0].attempt };
  const existing = await db('generation_requests')
    .where({ user_id: userId, request_id: requestId })
    .first<{ status: string; answer: unknown; fingerprint: string | null } | undefined>('status', 'answer', 'fingerprint');
  if (existing?.fingerprint && existing.fingerprint !== fingerprint) throw conflict(Messages.requestIdReused);
  if (existing?.status === 'completed') return { kind: 'done', answer: existing.answer as A };
  throw conflict(Messages.generationInProgress);
}

export async function finishGenerationRequest(
  db: Db,
  userId: string,
  requestId: string,
  outcome: { answer: unknown } | 'failed',
): Promise<void> {
  await db('generation_requests')
    .where({ user_id: userId, request_id: requestId })
    .update(
      outcome === 'failed'
        ? { status: 'failed', updated_at: db.fn.now() }
        : { status: 'completed', answer: JSON.stringify(outcome.answer), updated_at: db.fn.now() },
    );
}

/**
 * Runs charged work once per request id (the one mechanism every charged route with a `requestId`
 * uses): `run` gets a tag unique to this attempt, to key its ledger charge by, and its answer is
 * kept for the id's retries. Without a request id the work just runs, under a fresh tag.
 */
export async function answerOnce<A>(
  db: Db,
  claim: { userId: string; requestId: string | undefined; fingerprint: string },
  run: (attemptTag: string) => Promise<A>,
): Promise<A> {
  const { requestId } = claim;
  if (requestId === undefined) return run(randomUUID());
  const start = await startGenerationRequest<A>(db, { ...claim, requestId });
  if (start.kind === 'done') return start.answer;
  try {
    const answer = await run(`${requestId}:${start.attempt}`);
    await finishGenerationRequest(db, claim.userId, requestId, { answer });
    return answer;
  } catch (error) {
    await finishGenerationRequest(db, claim.userId, requestId, 'failed');
    throw error;
  }
}
