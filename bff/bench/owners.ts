import { randomUUID } from 'node:crypto';
import type { Db } from '../src/db/index.ts';
import { hashToken, newToken, sessionLifetimeMs } from '../src/services/sessions.ts';

export interface Owner {
  userId: string;
  /** A live session's cookie value. */
  token: string;
  jobId: string;
}

/**
 * `count` users, each signed in and owning a 3-section video job: the first section done, the
 * other two rendering (`lipsync`). Every `finishedEvery`-th job has already completed (0: none).
 */
export async function seedOwnersWithJobs(db: Db, count: number, finishedEvery = 0): Promise<Owner[]> {
  const users = await db('users')
    .insert(
      Array.from({ length: count }, (_, i) => ({
        email: `owner${i}-${randomUUID()}@example.com`,
        password_hash: 'x',
        email_confirmed_at: new Date(),
      })),
    )
    .returning<{ id: string }[]>('id');
  const owners = users.map((u) => ({ userId: u.id, token: newToken(), jobId: randomUUID() }));
  await db.batchInsert(
    'sessions',
    owners.map((o) => ({
      id_hash: hashToken(o.token),
      user_id: o.userId,
      kind: 'user',
      expires_at: new Date(Date.now() + sessionLifetimeMs('user')),
    })),
    500,
  );
  await db.batchInsert(
    'generated_videos',
    owners.map((o, i) => ({
      id: o.jobId,
      user_id: o.userId,
      kind: 'multi_section',
      status: finishedEvery && i % finishedEvery === 0 ? 'COMPLETED' : 'IN_PROGRESS',
      model: 'seedance',
      aspect_ratio: '9:16',
      width: 720,
      height: 1280,
      settings: '{}',
      engine: 'dbos',
      deadline_at: new Date(Date.now() + 3_600_000),
    })),
    500,
  );
  await db.batchInsert(
    'video_sections',
    owners.flatMap((o) =>
      ['a', 'b', 'c'].map((id, position) => ({
        job_id: o.jobId,
        section_id: id,
        position,
        name: `Section ${position + 1}`,
        status: position === 0 ? 'COMPLETED' : 'RUNNING',
        step: position === 0 ? null : 'lipsync',
        image_key: `jobs/${o.jobId}/${id}/image.png`,
        target_duration: 5,
        video_key: position === 0 ? `jobs/${o.jobId}/${id}/clip.mp4` : null,
        credits: 2,
        charge_key: `bench:${o.jobId}:${id}`,
      })),
    ),
    1000,
  );
  await db.raw('ANALYZE generated_videos; ANALYZE video_sections');
  return owners;
}
