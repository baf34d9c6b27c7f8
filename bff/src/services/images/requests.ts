import type { Db } from '../../db/index.ts';
import { conflict } from '../../errors.ts';
import { Messages } from '@studio/contracts';

/** A request's state as the generation route sees it when it starts. */
export type RequestStart<A> = { kind: 'run'; attempt: number } | { kind: 'done'; answer: A };

/**
 * Claims a generation request id for this run. A new id, or one whose last attempt failed, runs
 * (as attempt 1, 2, …); a completed one answers what it answered before; one still running is a
 * 409 (two tabs sending the same request must not make and charge it twice).
 */
export async function startGenerationRequest<A>(db: Db, userId: string, requestId: string): Promise<RequestStart<A>> {
  const claimed = await db.raw<{ rows: { attempt: number }[] }>(
    `INSERT INTO generation_requests (user_id, request_id, status) VALUES (?, ?, 'running')
     ON CONFLICT (user_id, request_id) DO UPDATE
       SET status = 'running', attempt = generation_requests.attempt + 1, updated_at = now()
       WHERE generation_requests.status = 'failed'
     RETURNING attempt`,
    [userId, requestId],
  );
  if (claimed.rows[0]) return { kind: 'run', attempt: claimed.rows[0].attempt };
  const existing = await db('generation_requests').where({ user_id: userId, request_id: requestId }).first('status', 'answer');
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
