import { ApiRoutes } from '@studio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, SESSION_COOKIE } from '../../services/sessions.ts';
import { SESSION_CHECK_MS } from '../../services/event-streams.ts';
import { insertAnimation, member, signIn, startTestStudio, type TestClient, type TestStudio } from '../../../test/harness.ts';

let studio: TestStudio;
beforeAll(async () => {
  studio = await startTestStudio();
});
afterAll(() => studio?.stop());

/** A job that stays in progress (nothing runs it), so its event stream stays open. */
const runningJob = (userId: string) =>
  insertAnimation(studio, userId, { status: 'IN_PROGRESS', deadlineAt: new Date(Date.now() + 30 * 60_000) });

interface OpenStream {
  /** Resolves true when the server ends the stream, false if it is still open after `ms`. */
  endsWithin(ms: number): Promise<boolean>;
  abort(): void;
}

async function openStream(client: TestClient, jobId: string): Promise<OpenStream> {
  const controller = new AbortController();
  const res = await fetch(new URL(`${ApiRoutes.jobStatus}/${jobId}/events`, client.baseUrl), {
    headers: { cookie: client.cookieHeader },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const ended = (async () => {
    try {
      for (;;) if ((await reader.read()).done) return true;
    } catch {
      return false;
    }
  })();
  return {
    endsWithin: (ms) => Promise.race([ended, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]),
    abort: () => controller.abort(),
  };
}

describe('job event streams: at most 10 open per user', () => {
  it('closes the oldest stream of a user who opens an 11th, and only theirs', async () => {
    const { user, client } = await member(studio);
    const other = await member(studio);
    const jobId = await runningJob(user.id);
    const othersStream = await openStream(other.client, await runningJob(other.user.id));
    const streams: OpenStream[] = [];
    try {
      for (let i = 0; i < 10; i++) streams.push(await openStream(client, jobId));
      expect(await streams[0]!.endsWithin(300)).toBe(false);
      streams.push(await openStream(client, jobId));
      expect(await streams[0]!.endsWithin(5_000)).toBe(true);
      for (const [i, stream] of streams.slice(1).entries()) expect(await stream.endsWithin(50), `stream ${i + 1}`).toBe(false);
      expect(await othersStream.endsWithin(50)).toBe(false);

      // A stream the browser closes gives its place back: the next one closes nobody's.
      streams[10]!.abort();
      await new Promise((resolve) => setTimeout(resolve, 200));
      streams.push(await openStream(client, jobId));
      expect(await streams[1]!.endsWithin(300)).toBe(false);
    } finally {
      for (const stream of [...streams, othersStream]) stream.abort();
    }
  });
});

describe('job event streams end with their session', () => {
  /** A session check runs every SESSION_CHECK_MS; a stream must end by the one after its session ends. */
  const WITHIN_MS = 2 * SESSION_CHECK_MS + 2_000;
  const sessionOf = (client: TestClient) => hashToken(new URLSearchParams(client.cookieHeader.replaceAll('; ', '&')).get(SESSION_COOKIE)!);

  it('closes the streams of a session that signed out or expired, and no one else’s', async () => {
    const [leaving, expiring, staying] = [await member(studio), await member(studio), await member(studio)];
    const leavingJob = await runningJob(leaving.user.id);
    const streams = [
      await openStream(leaving.client, leavingJob),
      await openStream(expiring.client, await runningJob(expiring.user.id)),
      await openStream(staying.client, await runningJob(staying.user.id)),
    ];
    // The same user in another browser keeps theirs.
    const otherBrowser = await signIn(studio, studio.client(), leaving.user);
    const otherStream = await openStream(otherBrowser, leavingJob);
    try {
      expect((await leaving.client.post(ApiRoutes.signout)).status).toBe(204);
      await studio.deps
        .db('sessions')
        .where({ id_hash: sessionOf(expiring.client) })
        .update({ expires_at: new Date(Date.now() - 1000) });
      const [left, expired] = await Promise.all([streams[0]!.endsWithin(WITHIN_MS), streams[1]!.endsWithin(WITHIN_MS)]);
      expect({ left, expired }).toEqual({ left: true, expired: true });
      expect(await streams[2]!.endsWithin(50)).toBe(false);
      expect(await otherStream.endsWithin(50)).toBe(false);
    } finally {
      for (const stream of [...streams, otherStream]) stream.abort();
    }
  });

  it('closes every stream of the user when the password is changed from another browser; the fresh session’s stream stays', async () => {
    const { user, client } = await member(studio);
    const jobId = await runningJob(user.id);
    const stream = await openStream(client, jobId);
    const elsewhere = await signIn(studio, studio.client(), user);
    const streams = [stream, await openStream(elsewhere, jobId)];
    try {
      const password = 'a brand new password for streams';
      const changed = await elsewhere.post(ApiRoutes.password, { currentPassword: user.password, password, confirmPassword: password });
      expect(changed.status).toBe(200);
      // The browser that changed it continues in a fresh session (every earlier one ended).
      streams.push(await openStream(elsewhere, jobId));
      const [other, changer] = await Promise.all([streams[0]!.endsWithin(WITHIN_MS), streams[1]!.endsWithin(WITHIN_MS)]);
      expect({ other, changer }).toEqual({ other: true, changer: true });
      expect(await streams[2]!.endsWithin(50)).toBe(false);
    } finally {
      for (const s of streams) s.abort();
    }
  });
});
